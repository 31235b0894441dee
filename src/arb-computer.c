/* arb-computer.c: runs a computer player in a worker thread.
 *
 * The search works on its own copy of the position, so the window stays
 * responsive and can cancel a computer that is no longer wanted (a new game).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "arb-computer.h"

typedef struct {
  ArbState   state;
  ArbAiLevel level;
  guint32    seed;
  ArbMove    move;
} ChooseData;

static void
choose_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ChooseData *data = task_data;
  g_autoptr (GRand) rand = g_rand_new_with_seed (data->seed);

  if (!arb_ai_choose (&data->state, data->level, rand, &data->move))
    {
      g_task_return_new_error (task, ARB_ERROR, ARB_ERROR_GAME_OVER,
                               _("The computer has no move to make"));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/* Chooses the move of the player whose turn it is in state; a level the
 * engine does not know plays at random. */
void
arb_computer_choose_async (const ArbState *state, const char *level, guint32 seed,
                           GCancellable *cancellable, GAsyncReadyCallback callback,
                           gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ChooseData *data = g_new0 (ChooseData, 1);

  data->state = *state;
  data->seed = seed;
  if (!arb_ai_level_from_id (level, &data->level))
    data->level = ARB_AI_RANDOM;
  g_task_set_task_data (task, data, g_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, choose_thread);
}

gboolean
arb_computer_choose_finish (GAsyncResult *result, ArbMove *move, GError **error)
{
  GTask *task = G_TASK (result);

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  if (!g_task_propagate_boolean (task, error))
    return FALSE;
  *move = ((ChooseData *) g_task_get_task_data (task))->move;
  return TRUE;
}
