/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-fuzz.h: what the libFuzzer targets share: their entry points, and
 * GLib's warnings made aborts that libFuzzer catches. */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <glib.h>

int LLVMFuzzerInitialize   (int            *argc,
                            char         ***argv);
int LLVMFuzzerTestOneInput (const uint8_t  *data,
                            size_t          size);

/* A GLib warning or critical is a bug the fuzzer has found. GLib would stop
 * a fatal one with SIGTRAP, which libFuzzer does not catch: it would die
 * without writing the input that did it. abort () is caught. */
static GLogWriterOutput
arb_fuzz_log_writer (GLogLevelFlags log_level, const GLogField *fields, gsize n_fields,
                     gpointer user_data)
{
  GLogWriterOutput output = g_log_writer_default (log_level, fields, n_fields, user_data);

  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
  return output;
}

/* Call from LLVMFuzzerInitialize (). */
static inline void
arb_fuzz_abort_on_warnings (void)
{
  g_log_set_writer_func (arb_fuzz_log_writer, NULL, NULL);
}
