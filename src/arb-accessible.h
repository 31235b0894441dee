/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-accessible.h: what GTK 4.8 leaves for us to tell a screen reader:
 * names without their mnemonics, icon buttons named once, the parts of
 * libadwaita's rows named after their rows, containers not named after
 * their class, the pages of a stack that are not shown left out, and news
 * spoken. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void arb_accessible_name_buttons  (GtkWidget *root);
void arb_accessible_hide_empty_labels (GtkWidget *root);
void arb_accessible_follow_stack  (GtkStack  *stack);
void arb_accessible_follow_stacks (GtkWidget *root);
void arb_accessible_set_repeating_tooltip (GtkWidget  *widget,
                                           const char *text);
void arb_accessible_set_hidden    (GtkWidget *widget,
                                   gboolean   hidden);
void arb_accessible_announce      (GtkWidget *widget,
                                   const char *text);
void arb_accessible_name_combo_row (AdwComboRow *row,
                                    const char  *what);

G_END_DECLS
