/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-cli-score.c: arboretum-cli score [--json] FILE
 *
 * Scores a position given as JSON, from a file or from standard input.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <glib/gi18n.h>

#include "arb-cli.h"
#include "arb-cli-position.h"
#include "arb-cli-report.h"
#include "arb-cli-save.h"
#include "arb-save.h"

/* A position is a few kilobytes; a file far larger than any game can make
 * is refused before it fills the memory. */
/* A 4-player position takes about 6 KB: json-glib takes some 100 times a
 * file's size to read it, so this keeps the worst refusal small and quick. */
#define MAX_POSITION_SIZE (256 * 1024)
/* A save game is read as far as the loader's own limit, so that score
 * reaches the verdict of validate, show and review on every file. */
#define MAX_INPUT_SIZE MAX (MAX_POSITION_SIZE, ARB_SAVE_MAX_SIZE)

/* Reads at most one byte more than MAX_INPUT_SIZE, so that the caller
 * can refuse what is too large even from a pipe or a device. */
static gboolean
read_stream (FILE *stream, const char *name, char **data, gsize *length, GError **error)
{
  g_autoptr (GString) text = g_string_new (NULL);
  char buffer[65536];
  size_t n;

  while (text->len <= MAX_INPUT_SIZE && (n = fread (buffer, 1, sizeof buffer, stream)) > 0)
    g_string_append_len (text, buffer, (gssize) n);
  if (ferror (stream))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO, _("Could not read %s"), name);
      return FALSE;
    }
  *length = text->len;
  *data = g_string_free (g_steal_pointer (&text), FALSE);
  return TRUE;
}

static gboolean
read_input (const char *file, char **data, gsize *length, GError **error)
{
  FILE *stream;
  gboolean ok;
  int saved_errno;

  if (g_str_equal (file, "-"))
    return read_stream (stdin, _("the standard input"), data, length, error);
  stream = fopen (file, "rb");
  if (stream == NULL)
    {
      saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not open %s: %s"), file, g_strerror (saved_errno));
      return FALSE;
    }
  ok = read_stream (stream, file, data, length, error);
  fclose (stream);
  return ok;
}

int
arb_cli_score (int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the scored position as JSON"), NULL },
    G_OPTION_ENTRY_NULL
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE"));
  g_autoptr (GError) error = NULL;
  g_auto (ArbCliPosition) position = { 0 };
  g_autofree char *data = NULL;
  g_autofree char *output = NULL;
  ArbScoreSheet sheet;
  gsize length;
  int status;

  g_option_context_set_summary (context,
    _("Scores a position given as JSON (“-” reads it from the standard input).\n"
      "Exit status: 0 when scored, 2 when the position is refused, 1 when the file\n"
      "cannot be read."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if ((status = arb_cli_parse_options (context, &argc, &argv)) != ARB_CLI_EXIT_OK)
    return status;
  if (argc != 2)
    {
      arb_cli_printerr (_("Give one position file, or “-” for the standard input"));
      return ARB_CLI_EXIT_INVALID;
    }

  if (!read_input (argv[1], &data, &length, &error))
    {
      arb_cli_printerr ("%s", error->message);
      return ARB_CLI_EXIT_FAILURE;
    }
  /* A save, even too large, gets the loader's verdict (and its message). */
  if (arb_save_looks_like_save (data, length))
    return arb_cli_save_score (argv[1], data, length, json);
  if (length > MAX_POSITION_SIZE)
    {
      arb_cli_printerr (_("%s: too large to be a position (more than %u KiB)"), argv[1],
                        MAX_POSITION_SIZE / 1024);
      return ARB_CLI_EXIT_INVALID;
    }
  if (!arb_cli_position_load_data (&position, data, length, &error))
    {
      arb_cli_printerr (_("Invalid position in %s: %s"), argv[1], error->message);
      return ARB_CLI_EXIT_INVALID;
    }

  arb_cli_position_score (&position, &sheet);
  output = json ? arb_cli_position_to_string (&position, &sheet)
                : arb_cli_report_format (&position, &sheet);
  if (json)
    g_print ("%s\n", output);
  else
    arb_cli_print_text (output);
  return ARB_CLI_EXIT_OK;
}
