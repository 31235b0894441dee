/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-test-files.h: what the tests that write files share: removing the
 * folder a test made, with everything in it. */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>

static inline void
arb_test_remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      arb_test_remove_tree (child);
    }
  g_remove (path);
}
