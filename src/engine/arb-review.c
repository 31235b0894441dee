/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-review.c: a review of a game, decision by decision.
 *
 * Each step is analysed from the view of the seat that took it, built from
 * the steps before it, as the computer players see the game: the review
 * can no more peek at a hidden card than they can. Hard chooses from that
 * view with a fixed number of playouts; then, on many deals of the unseen
 * cards consistent with the view, the move made and hard's move are both
 * played out to the end with the quick playout policy, the same deal and
 * the same random numbers for both, and the difference of the seat's final
 * margin (its points less the best of the others') is averaged. The
 * playouts of the move made also give the seat's expected final margin
 * after it, the course of the game that the window draws.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "arb-ai-private.h"
#include "arb-error.h"
#include "arb-review.h"

/* Samples between two looks at the GCancellable. */
#define CANCEL_CHECK 32

/* The source tag of arb_review_run_async()'s tasks (a function's address
 * is no object pointer in ISO C). */
static char review_task_tag;

struct _ArbReview
{
  GObject          parent_instance;
  ArbReviewParams  params;
  ArbReviewEntry  *entries;
  guint            n_entries;
};

G_DEFINE_FINAL_TYPE (ArbReview, arb_review, G_TYPE_OBJECT)

static const char * const mark_ids[] = { "none", "inaccuracy", "mistake", "blunder" };
static const char * const mark_names[] = {
  /* Translators: how the review of a game marks a move */
  N_("Good"), N_("Inaccuracy"), N_("Mistake"), N_("Blunder"),
};

G_STATIC_ASSERT (G_N_ELEMENTS (mark_ids) == ARB_REVIEW_N_MARKS);
G_STATIC_ASSERT (G_N_ELEMENTS (mark_names) == ARB_REVIEW_N_MARKS);

static void
arb_review_finalize (GObject *object)
{
  ArbReview *self = ARB_REVIEW (object);

  g_free (self->entries);
  G_OBJECT_CLASS (arb_review_parent_class)->finalize (object);
}

static void
arb_review_class_init (ArbReviewClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arb_review_finalize;
}

static void
arb_review_init (ArbReview *self)
{
}

void
arb_review_params_init (ArbReviewParams *params, guint64 seed)
{
  params->seed = seed;
  params->samples = ARB_REVIEW_DEFAULT_SAMPLES;
  params->hard_playouts = ARB_REVIEW_DEFAULT_HARD_PLAYOUTS;
  params->level = ARB_AI_HARD;
}

const char *
arb_review_mark_id (ArbReviewMark mark)
{
  g_return_val_if_fail (mark < ARB_REVIEW_N_MARKS, NULL);
  return mark_ids[mark];
}

gboolean
arb_review_mark_from_id (const char *id, ArbReviewMark *mark)
{
  for (guint m = 0; m < ARB_REVIEW_N_MARKS; m++)
    if (g_strcmp0 (id, mark_ids[m]) == 0)
      {
        *mark = (ArbReviewMark) m;
        return TRUE;
      }
  return FALSE;
}

const char *
arb_review_mark_name (ArbReviewMark mark)
{
  g_return_val_if_fail (mark < ARB_REVIEW_N_MARKS, NULL);
  return _(mark_names[mark]);
}

/* Points lost as a player says them: "about 5 points", "less than a
 * point". The standard error stays out: the marks already allow for it. */
char *
arb_review_describe_loss (gint32 loss)
{
  int points = (int) ((loss + 50) / 100);

  if (points < 1)
    return g_strdup (_("less than a point"));
  return g_strdup_printf (ngettext ("about %d point", "about %d points", points), points);
}

/* The marks in one line, with what they need. */
const char *
arb_review_marks_legend (void)
{
  /* The legend's numbers are the marks' thresholds. */
  G_STATIC_ASSERT (ARB_REVIEW_INACCURACY_CENTI == 100 && ARB_REVIEW_MISTAKE_CENTI == 300
                   && ARB_REVIEW_BLUNDER_CENTI == 500);
  return _("Inaccuracy: at least about 1 point lost; mistake: 3 or more; blunder: 5 or more.");
}

/* A mark needs the loss to clear its threshold by two standard errors: a
 * move is called a blunder only when the playouts are sure of it. */
ArbReviewMark
arb_review_mark_for (gint32 loss, guint32 error)
{
  gint64 sure = (gint64) loss - 2 * (gint64) error;

  if (sure >= ARB_REVIEW_BLUNDER_CENTI)
    return ARB_REVIEW_MARK_BLUNDER;
  if (sure >= ARB_REVIEW_MISTAKE_CENTI)
    return ARB_REVIEW_MARK_MISTAKE;
  if (sure >= ARB_REVIEW_INACCURACY_CENTI)
    return ARB_REVIEW_MARK_INACCURACY;
  return ARB_REVIEW_MARK_NONE;
}

/* The same action: a draw from the same source (whatever card it gave), or
 * the same card to the same cell. */
gboolean
arb_review_same_move (const ArbMove *a, const ArbMove *b)
{
  if (a->kind != b->kind)
    return FALSE;
  if (a->kind == ARB_MOVE_DRAW)
    return a->source == b->source;
  return a->card == b->card && a->x == b->x && a->y == b->y;
}

/* The analysis */

/* The seat's points less the best of the others' (Q's in solo). */
static double
final_margin (const ArbState *state, guint seat)
{
  ArbScoreSheet sheet;

  arb_state_score (state, &sheet);
  return arb_score_sheet_margin (&sheet, seat);
}

static double
play_out (ArbState *state, guint seat, guint64 *rng)
{
  arb_ai_play_out (state, rng);
  return final_margin (state, seat);
}

/* Independent random numbers for every step, from the seed and the step's
 * place alone: never from anything hidden. */
static guint64
step_seed (guint64 seed, guint index)
{
  guint64 s = seed ^ ((guint64) (index + 1) * G_GUINT64_CONSTANT (0xD1B54A32D192ED03));
  arb_rng_next (&s);
  return arb_rng_next (&s);
}

static gint32
to_centi (double points)
{
  double centi = round (points * 100.0);
  return (gint32) CLAMP (centi, -ARB_REVIEW_MAX_CENTI, ARB_REVIEW_MAX_CENTI);
}

gboolean
arb_review_analyse (const ArbProjection *view, const ArbMove *move, const ArbReviewParams *params,
                    guint index, GCancellable *cancellable, ArbReviewEntry *entry,
                    GError **error)
{
  g_autoptr (GError) rules_error = NULL;
  guint64 rng = step_seed (params->seed, index);
  ArbAiParams judge;
  ArbMove made = *move;
  double sum = 0.0, squares = 0.0, made_sum = 0.0;
  gboolean same;
  guint n = 0;

  g_return_val_if_fail (view != NULL && move != NULL && params != NULL && entry != NULL, FALSE);
  g_return_val_if_fail (params->samples > 0 && params->hard_playouts > 0, FALSE);

  if (view->state.phase == ARB_PHASE_OVER || view->state.current != view->viewer)
    {
      g_set_error_literal (error, ARB_ERROR, ARB_ERROR_WRONG_PHASE,
                           _("Only a move of the player whose turn it is can be reviewed"));
      return FALSE;
    }
  /* The card a draw gives is not part of the decision. */
  if (made.kind == ARB_MOVE_DRAW)
    made.card = ARB_CARD_NONE;
  if (!arb_state_check (&view->state, &made, &rules_error))
    {
      g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_POSITION,
                   _("The move to review is not legal: %s"), rules_error->message);
      return FALSE;
    }

  arb_ai_params_init (&judge, params->level, arb_rng_next (&rng));
  judge.playouts = params->hard_playouts;
  memset (entry, 0, sizeof *entry);
  if (!arb_ai_choose_with_view (view, &judge, cancellable, &entry->best, NULL, error))
    return FALSE;
  if (entry->best.kind == ARB_MOVE_DRAW)
    entry->best.card = ARB_CARD_NONE;
  /* The move made is played out on every deal, for the seat's expected
   * margin; hard's too when it differs, for the loss. */
  same = arb_review_same_move (&entry->best, &made);
  for (n = 0; n < params->samples; n++)
    {
      ArbState deal, a, b;
      guint64 shared, rng_a, rng_b;
      double made_margin;

      if (n % CANCEL_CHECK == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      arb_projection_determinize (view, &rng, &deal);
      shared = arb_rng_next (&rng);
      a = deal;
      b = deal;
      rng_a = rng_b = shared;
      if (!arb_state_apply (&a, &made, NULL, NULL)
          || (!same && !arb_state_apply (&b, &entry->best, NULL, NULL)))
        {
          g_set_error_literal (error, ARB_ERROR, ARB_ERROR_INVALID_POSITION,
                               _("A move to review cannot be played on a deal of the unseen cards"));
          return FALSE;
        }
      made_margin = play_out (&a, view->viewer, &rng_a);
      made_sum += made_margin;
      if (same)
        continue;
      double diff = play_out (&b, view->viewer, &rng_b) - made_margin;
      sum += diff;
      squares += diff * diff;
    }
  entry->expected = to_centi (made_sum / n);
  entry->has_expected = TRUE;
  if (same)
    {
      entry->mark = ARB_REVIEW_MARK_NONE;
      return TRUE;
    }

  double mean = sum / n;
  double variance = n > 1 ? MAX (0.0, (squares - n * mean * mean) / (n - 1)) : 0.0;
  entry->loss = to_centi (mean);
  entry->error = (guint32) to_centi (sqrt (variance / n));
  entry->mark = arb_review_mark_for (entry->loss, entry->error);
  return TRUE;
}

/* A whole game */

/* What a review needs of a game, copied so that a worker thread can read
 * it while the game goes on. */
typedef struct {
  ArbState        start;
  GArray         *steps;
  ArbReviewParams params;
} Job;

static void
job_free (Job *job)
{
  g_array_unref (job->steps);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Job, job_free)

static Job *
job_new (ArbGame *game, const ArbReviewParams *params)
{
  Job *job = g_new0 (Job, 1);
  guint n = arb_game_get_n_steps (game);

  job->start = *arb_game_get_start_state (game);
  job->params = *params;
  job->steps = g_array_sized_new (FALSE, FALSE, sizeof (ArbStep), n);
  for (guint i = 0; i < n; i++)
    g_array_append_val (job->steps, *arb_game_get_step (game, i));
  return job;
}

static ArbReview *
job_run (const Job *job, GCancellable *cancellable, ArbReviewProgressFunc progress,
         gpointer progress_data, GError **error)
{
  g_autofree ArbProjection *view = g_new (ArbProjection, 1);
  g_autofree ArbState *state = g_new (ArbState, 1);
  g_autofree ArbReviewEntry *entries = g_new0 (ArbReviewEntry, MAX (job->steps->len, 1));
  g_autoptr (GError) local_error = NULL;
  ArbKnowledge knowledge;
  guint n = job->steps->len;

  *state = job->start;
  arb_knowledge_init (&knowledge);

  for (guint i = 0; i < n; i++)
    {
      const ArbStep *step = &g_array_index (job->steps, ArbStep, i);

      if (step->player >= state->n_players || step->player != state->current)
        {
          g_set_error (error, ARB_ERROR, ARB_ERROR_INVALID_POSITION,
                       _("Step %u is not a move of the player whose turn it is"), i + 1);
          return NULL;
        }
      /* What everybody knows from the steps so far; the view adds the
       * seat's own hand and hides everything else. */
      if (!arb_projection_init (view, state, step->player, &knowledge, error))
        return NULL;
      if (!arb_review_analyse (view, &step->move, &job->params, i, cancellable, &entries[i],
                               &local_error))
        {
          if (local_error == NULL)
            g_set_error (&local_error, ARB_ERROR, ARB_ERROR_INVALID_POSITION,
                         _("Step %u cannot be reviewed"), i + 1);
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      if (!arb_state_apply (state, &step->move, NULL, error))
        return NULL;
      arb_knowledge_add_step (&knowledge, step);
      if (progress != NULL)
        progress (i + 1, n, progress_data);
    }
  return arb_review_new (&job->params, entries, n);
}

ArbReview *
arb_review_run (ArbGame *game, const ArbReviewParams *params, GCancellable *cancellable,
                ArbReviewProgressFunc progress, gpointer progress_data, GError **error)
{
  g_autoptr (Job) job = NULL;

  g_return_val_if_fail (ARB_IS_GAME (game), NULL);
  g_return_val_if_fail (params != NULL && params->samples > 0 && params->hard_playouts > 0, NULL);
  job = job_new (game, params);
  return job_run (job, cancellable, progress, progress_data, error);
}

/* In a worker thread */

typedef struct {
  GTask                *task;
  ArbReviewProgressFunc func;
  gpointer              data;
  guint                 done;
  guint                 total;
} Progress;

static void
progress_free (gpointer data)
{
  Progress *progress = data;

  g_object_unref (progress->task);
  g_free (progress);
}

/* In the caller's main context. Once the result is delivered the caller
 * hears no more: progress_data may be gone. */
static gboolean
progress_dispatch (gpointer data)
{
  Progress *progress = data;

  if (!g_task_get_completed (progress->task))
    progress->func (progress->done, progress->total, progress->data);
  return G_SOURCE_REMOVE;
}

typedef struct {
  Job                  *job;
  ArbReviewProgressFunc progress;
  gpointer              progress_data;
} RunData;

static void
run_data_free (gpointer data)
{
  RunData *run = data;

  job_free (run->job);
  g_free (run);
}

/* Called in the worker thread: passes the news on to the caller's context. */
static void
progress_forward (guint done, guint total, gpointer data)
{
  GTask *task = data;
  RunData *run = g_task_get_task_data (task);
  Progress *progress = g_new0 (Progress, 1);

  progress->task = g_object_ref (task);
  progress->func = run->progress;
  progress->data = run->progress_data;
  progress->done = done;
  progress->total = total;
  g_main_context_invoke_full (g_task_get_context (task), G_PRIORITY_DEFAULT,
                              progress_dispatch, progress, progress_free);
}

static void
run_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  RunData *run = task_data;
  GError *error = NULL;
  ArbReview *review = job_run (run->job, cancellable,
                               run->progress != NULL ? progress_forward : NULL, task, &error);

  if (review != NULL)
    g_task_return_pointer (task, review, g_object_unref);
  else
    g_task_return_error (task, error);
}

void
arb_review_run_async (ArbGame *game, const ArbReviewParams *params, GCancellable *cancellable,
                      ArbReviewProgressFunc progress, gpointer progress_data,
                      GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  RunData *run;

  g_return_if_fail (ARB_IS_GAME (game));
  g_return_if_fail (params != NULL && params->samples > 0 && params->hard_playouts > 0);

  task = g_task_new (NULL, cancellable, callback, user_data);
  run = g_new0 (RunData, 1);
  run->job = job_new (game, params);
  run->progress = progress;
  run->progress_data = progress_data;
  g_task_set_name (task, "arb_review_run_async");
  g_task_set_source_tag (task, &review_task_tag);
  g_task_set_task_data (task, run, run_data_free);
  g_task_run_in_thread (task, run_thread);
}

ArbReview *
arb_review_run_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == &review_task_tag, NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* The review itself */

ArbReview *
arb_review_new (const ArbReviewParams *params, const ArbReviewEntry *entries, guint n_entries)
{
  ArbReview *self;

  g_return_val_if_fail (params != NULL, NULL);
  g_return_val_if_fail (entries != NULL || n_entries == 0, NULL);

  self = g_object_new (ARB_TYPE_REVIEW, NULL);
  self->params = *params;
  self->n_entries = n_entries;
  self->entries = g_memdup2 (entries, n_entries * sizeof *entries);
  return self;
}

void
arb_review_get_params (ArbReview *self, ArbReviewParams *params)
{
  g_return_if_fail (ARB_IS_REVIEW (self));
  *params = self->params;
}

guint
arb_review_get_n_steps (ArbReview *self)
{
  g_return_val_if_fail (ARB_IS_REVIEW (self), 0);
  return self->n_entries;
}

const ArbReviewEntry *
arb_review_get_entry (ArbReview *self, guint step)
{
  g_return_val_if_fail (ARB_IS_REVIEW (self), NULL);
  g_return_val_if_fail (step < self->n_entries, NULL);
  return &self->entries[step];
}
