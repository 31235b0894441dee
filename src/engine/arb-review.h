/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-review.h: a review of a game, decision by decision.
 *
 * For every step (draw, play, discard) of every seat, the review asks hard
 * what it would have done from that seat's knowledge alone (the seat's
 * ArbProjection, built from the steps before it: never a hidden card), then
 * estimates how many points of final margin the move made lost against
 * hard's: it deals the cards the seat cannot see at random, consistently
 * with what it knows, plays both moves out to the end of the game with the
 * search's quick playout policy on the same deals and the same random
 * numbers (common random numbers), and averages the difference over many
 * deals, with its standard error. Each step is then marked an inaccuracy,
 * a mistake or a blunder by the thresholds of docs/ai.md.
 *
 * A review depends only on the steps, the seed and the sample counts: the
 * same game and parameters give the same review on any machine. An
 * ArbReview is immutable once made, so threads may share it.
 */
#pragma once

#include <gio/gio.h>

#include "arb-ai.h"
#include "arb-projection.h"
#include "arb-game.h"

G_BEGIN_DECLS

typedef enum {
  ARB_REVIEW_MARK_NONE,
  ARB_REVIEW_MARK_INACCURACY,
  ARB_REVIEW_MARK_MISTAKE,
  ARB_REVIEW_MARK_BLUNDER,
} ArbReviewMark;

#define ARB_REVIEW_N_MARKS 4

/* What the marks need, in hundredths of a point of final margin, of the
 * loss less twice its standard error (docs/ai.md, "Game review"). */
#define ARB_REVIEW_INACCURACY_CENTI 100
#define ARB_REVIEW_MISTAKE_CENTI    300
#define ARB_REVIEW_BLUNDER_CENTI    500

/* Losses and standard errors are kept in hundredths of a point, as the save
 * game writes them; no review comes near these. */
#define ARB_REVIEW_MAX_CENTI 99999
#define ARB_REVIEW_MAX_SAMPLES 1000000
#define ARB_REVIEW_MAX_HARD_PLAYOUTS 1000000

#define ARB_REVIEW_DEFAULT_SAMPLES 1000
#define ARB_REVIEW_DEFAULT_HARD_PLAYOUTS 2000

typedef struct {
  guint64 seed;
  guint   samples;        /* deals on which both moves are played out */
  guint   hard_playouts;  /* the computer's search: a fixed number of playouts */
  ArbAiLevel level;       /* the computer whose choices the moves are weighed
                           * against: hard (the default) or expert */
} ArbReviewParams;

/* The review of one step. */
typedef struct {
  ArbMove       best;      /* hard's choice; a draw's card is ARB_CARD_NONE */
  gint32        loss;      /* expected points of final margin the move made lost
                            * against hard's choice, in hundredths (negative:
                            * it did better in the playouts) */
  guint32       error;     /* the standard error of loss, in hundredths */
  ArbReviewMark mark;
  gint32        expected;  /* the seat's expected final margin after the move
                            * made (its points less the best of the others'),
                            * in hundredths: the course of the game */
  gboolean      has_expected; /* FALSE in a review saved without it */
} ArbReviewEntry;

typedef void (*ArbReviewProgressFunc) (guint    done,
                                       guint    total,
                                       gpointer user_data);

#define ARB_TYPE_REVIEW (arb_review_get_type ())
G_DECLARE_FINAL_TYPE (ArbReview, arb_review, ARB, REVIEW, GObject)

void                  arb_review_params_init    (ArbReviewParams       *params,
                                                 guint64                seed);

const char           *arb_review_mark_id        (ArbReviewMark          mark);
gboolean              arb_review_mark_from_id   (const char            *id,
                                                 ArbReviewMark         *mark);
const char           *arb_review_mark_name      (ArbReviewMark          mark);
char                 *arb_review_describe_loss  (gint32                 loss);
const char           *arb_review_marks_legend   (void);
ArbReviewMark         arb_review_mark_for       (gint32                 loss,
                                                 guint32                error);
gboolean              arb_review_same_move      (const ArbMove         *a,
                                                 const ArbMove         *b);

/* One decision: move was made by the view's seat, whose turn it is. index
 * (the step's place in the game) picks the random numbers, so that every
 * step of a game is analysed independently of the others. */
gboolean              arb_review_analyse        (const ArbProjection       *view,
                                                 const ArbMove         *move,
                                                 const ArbReviewParams *params,
                                                 guint                  index,
                                                 GCancellable          *cancellable,
                                                 ArbReviewEntry        *entry,
                                                 GError               **error);

/* Why best (the computer's choice) was better than made, from what the
 * view's seat knew, in a few plain words to follow "the computer's
 * choice …": "keeps the right to score Oak: you hold Oak 8". NULL when
 * they are the same move. */
char                 *arb_review_explain        (const ArbProjection       *view,
                                                 const ArbMove         *made,
                                                 const ArbMove         *best);

/* Every step of the game so far, finished or not. Blocks: call it from a
 * worker thread, or use the asynchronous form. progress (may be NULL) runs
 * in the calling thread after each step. */
ArbReview            *arb_review_run            (ArbGame               *game,
                                                 const ArbReviewParams *params,
                                                 GCancellable          *cancellable,
                                                 ArbReviewProgressFunc  progress,
                                                 gpointer               progress_data,
                                                 GError               **error);

/* The same in a worker thread, on a copy of the game's steps taken now:
 * the game may go on meanwhile. progress runs in the thread-default main
 * context of the caller, never after callback; progress_data must live
 * until callback runs. */
void                  arb_review_run_async      (ArbGame               *game,
                                                 const ArbReviewParams *params,
                                                 GCancellable          *cancellable,
                                                 ArbReviewProgressFunc  progress,
                                                 gpointer               progress_data,
                                                 GAsyncReadyCallback    callback,
                                                 gpointer               user_data);
ArbReview            *arb_review_run_finish     (GAsyncResult          *result,
                                                 GError               **error);

/* A review read back (the save game): entries[i] is the review of step i. */
ArbReview            *arb_review_new            (const ArbReviewParams *params,
                                                 const ArbReviewEntry  *entries,
                                                 guint                  n_entries);

void                  arb_review_get_params     (ArbReview             *self,
                                                 ArbReviewParams       *params);
/* The steps reviewed: the first n of the game. */
guint                 arb_review_get_n_steps    (ArbReview             *self);
const ArbReviewEntry *arb_review_get_entry      (ArbReview             *self,
                                                 guint                  step);

G_END_DECLS
