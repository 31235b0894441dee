/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-accessible.c: see arb-accessible.h. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "arb-accessible.h"

/* GTK 4.8 names a button with a mnemonic twice, "_New Game New Game": its
 * label property, underscore and all, then the label it is labelled by.
 * The label alone is the name. An icon button has no label at all and is
 * called after its class, "GtkImage": its tooltip is its name, and is then
 * not read a second time as its description. */
static void
name_button (GtkWidget *widget)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);
  gboolean icon_only = GTK_IS_MENU_BUTTON (widget)
                       ? gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)) != NULL
                       : GTK_IS_BUTTON (widget) && GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (widget)));

  if (GTK_IS_BUTTON (widget) && gtk_button_get_use_underline (GTK_BUTTON (widget))
      && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
  else if (icon_only && tooltip != NULL)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  /* GTK 4.8 puts the menu button's own button, named the same, inside it.
   * The inner one takes the focus and has the action: it keeps the name,
   * the outer one, a mere box, says nothing. */
  if (icon_only && GTK_IS_MENU_BUTTON (widget) && tooltip != NULL
      && gtk_widget_get_first_child (widget) != NULL)
    {
      GtkAccessible *inner = GTK_ACCESSIBLE (gtk_widget_get_first_child (widget));

      /* Not followed by what it holds, an icon said as "": "Main Menu ". */
      gtk_accessible_reset_relation (inner, GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      gtk_accessible_update_property (inner, GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
      gtk_accessible_reset_property (inner, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
    }
}

/* GTK 4.8 calls an object that has no name after its class: a container
 * ("ArbTable", "GtkOverlay") or a scroll bar would be read as "ArbTable".
 * They say nothing a player needs: an empty name, and a screen reader
 * says only the role, or skips them. */
static void
unname_container (GtkWidget *widget)
{
  /* The arrows and icons of libadwaita's rows decorate them: the row says
   * what it is. */
  if (GTK_IS_IMAGE (widget) && gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_ROW) != NULL)
    {
      arb_accessible_set_hidden (widget, TRUE);
      return;
    }
  GtkAccessibleRole role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget));

  /* A scrolled pane is named after what it holds, in its .ui. */
  if (GTK_IS_SCROLLED_WINDOW (widget))
    return;
  if (role == GTK_ACCESSIBLE_ROLE_GENERIC || role == GTK_ACCESSIBLE_ROLE_WIDGET
      || role == GTK_ACCESSIBLE_ROLE_SCROLLBAR)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
}

/* What names a list of a group: its title, else its description, else
 * the title of its first row (a group of one expander row). */
static const char *
title_of_group (AdwPreferencesGroup *group, GtkWidget *list)
{
  const char *title = adw_preferences_group_get_title (group);
  GtkWidget *first = gtk_widget_get_first_child (list);

  if (title == NULL || *title == '\0')
    title = adw_preferences_group_get_description (group);
  if ((title == NULL || *title == '\0') && ADW_IS_PREFERENCES_ROW (first))
    title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (first));
  return title;
}

/* The row or group whose title names widget, a part libadwaita 1.2 builds
 * and leaves unnamed, which GTK 4.8 would call after its class: the lists
 * of a combo row, shown and popped up ("GtkListView"), the switch and the
 * nested list of an expander row, the list of a group ("GtkListBox"), the
 * scrolled pane of a status page or of a page of preferences. */
static const char *
title_of_owner (GtkWidget *widget)
{
  GtkWidget *owner;

  if (GTK_IS_LIST_VIEW (widget) && (owner = gtk_widget_get_ancestor (widget, ADW_TYPE_COMBO_ROW)) != NULL)
    return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (owner));
  if ((GTK_IS_SWITCH (widget) || GTK_IS_LIST_BOX (widget))
      && (owner = gtk_widget_get_ancestor (widget, ADW_TYPE_EXPANDER_ROW)) != NULL)
    return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (owner));
  if (GTK_IS_LIST_BOX (widget) && (owner = gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_GROUP)) != NULL)
    return title_of_group (ADW_PREFERENCES_GROUP (owner), widget);
  if (GTK_IS_SCROLLED_WINDOW (widget) && ADW_IS_STATUS_PAGE (gtk_widget_get_parent (widget)))
    return adw_status_page_get_title (ADW_STATUS_PAGE (gtk_widget_get_parent (widget)));
  if (GTK_IS_SCROLLED_WINDOW (widget) && (owner = gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_PAGE)) != NULL)
    {
      const char *title = adw_preferences_page_get_title (ADW_PREFERENCES_PAGE (owner));
      GtkRoot *root = gtk_widget_get_root (widget);

      /* A dialog of one page has its title on the window. */
      return title != NULL && *title != '\0' ? title : GTK_IS_WINDOW (root) ? gtk_window_get_title (GTK_WINDOW (root)) : NULL;
    }
  return NULL;
}

static void
name_row_part (GtkWidget *widget)
{
  const char *title = title_of_owner (widget);

  if (title != NULL && *title != '\0')
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
}

/* A status page whose title changes (the cover's "Pass to Ann") names its
 * pane again. */
static void
follow_status_page (GtkWidget *widget)
{
  GtkWidget *page = gtk_widget_get_parent (widget);

  if (GTK_IS_SCROLLED_WINDOW (widget) && ADW_IS_STATUS_PAGE (page))
    g_signal_connect_object (page, "notify::title", G_CALLBACK (name_row_part), widget, G_CONNECT_SWAPPED);
}

/* Names every button under root (root too) as a screen reader should say
 * it, and the parts of libadwaita's rows after their rows, and leaves the
 * containers unnamed: for what a widget builds once, from its init. The
 * buttons built later name themselves when they are made. */
void
arb_accessible_name_buttons (GtkWidget *root)
{
  name_button (root);
  name_row_part (root);
  follow_status_page (root);
  unname_container (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    arb_accessible_name_buttons (child);
}

/* Leaves out the labels under root that say nothing (the empty cells of a
 * grid), which GTK 4.8 would call "GtkLabel": for what is filled once. */
void
arb_accessible_hide_empty_labels (GtkWidget *root)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), "") == 0)
    arb_accessible_set_hidden (root, TRUE);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    arb_accessible_hide_empty_labels (child);
}

static gboolean
on_query_repeating_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                            gpointer user_data)
{
  const char *text = g_object_get_data (G_OBJECT (widget), "arb-repeating-tooltip");

  if (text == NULL || *text == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* Gives widget a tooltip that repeats what it says (the whole of a label
 * that may be cut short). Not its tooltip text: GTK 4.8 makes that the
 * description, read a second time, and tells a screen reader of every
 * change, for every widget redrawn after every step (about 300 a game).
 * The tooltip is asked for when it shows. */
void
arb_accessible_set_repeating_tooltip (GtkWidget *widget, const char *text)
{
  if (g_object_get_data (G_OBJECT (widget), "arb-repeating-tooltip") == NULL)
    g_signal_connect (widget, "query-tooltip", G_CALLBACK (on_query_repeating_tooltip), NULL);
  g_object_set_data_full (G_OBJECT (widget), "arb-repeating-tooltip", g_strdup (text != NULL ? text : ""), g_free);
  gtk_widget_set_has_tooltip (widget, text != NULL && *text != '\0');
}

/* Leaves a widget out of the accessibility tree, or puts it back. */
void
arb_accessible_set_hidden (GtkWidget *widget, gboolean hidden)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

static void
hide_pages (GtkStack *stack)
{
  GtkWidget *shown = gtk_stack_get_visible_child (stack);

  for (GtkWidget *page = gtk_widget_get_first_child (GTK_WIDGET (stack)); page != NULL;
       page = gtk_widget_get_next_sibling (page))
    {
      GtkStackPage *stack_page = gtk_stack_get_page (stack, page);

      arb_accessible_set_hidden (page, page != shown);
      /* A page without a title would be read "GtkStackPage". */
      if (gtk_stack_page_get_title (stack_page) == NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (stack_page), GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
    }
}

/* GTK 4.8 keeps the pages of a stack that are not shown in the tree, where
 * a screen reader finds their buttons: only the page shown stays. */
void
arb_accessible_follow_stack (GtkStack *stack)
{
  GtkSelectionModel *pages = gtk_stack_get_pages (stack);

  hide_pages (stack);
  g_signal_connect (stack, "notify::visible-child", G_CALLBACK (hide_pages), NULL);
  /* Pages added later are left out too; the stack keeps its list of pages
   * only while someone holds it. */
  g_signal_connect_swapped (pages, "items-changed", G_CALLBACK (hide_pages), stack);
  g_object_set_data_full (G_OBJECT (stack), "arb-accessible-pages", pages, g_object_unref);
}

#ifndef ARB_HAVE_ANNOUNCE
/* The widget whose description last carried news, to be given back its
 * own (none) once the focus moves on. */
static GtkWidget *described;

static void
forget_described (void)
{
  if (described != NULL)
    {
      gtk_accessible_reset_property (GTK_ACCESSIBLE (described), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      g_object_remove_weak_pointer (G_OBJECT (described), (gpointer *) &described);
      described = NULL;
    }
}

static void
on_focus_moved (GtkRoot *root, GParamSpec *pspec, gpointer user_data)
{
  if (described != NULL && gtk_root_get_focus (root) != described)
    forget_described ();
}
#endif

/* Says text now, from widget's window. GTK 4.14 has a call for it; before,
 * a screen reader says what becomes the description of the widget it
 * follows, the focused one, as Orca's developers advise: the text goes
 * there until the focus moves on. */
void
arb_accessible_announce (GtkWidget *widget, const char *text)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus == NULL)
    focus = widget;
#ifdef ARB_HAVE_ANNOUNCE
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_accessible_announce (GTK_ACCESSIBLE (focus), text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  if (root != NULL && g_object_get_data (G_OBJECT (root), "arb-announce-watch") == NULL)
    {
      g_signal_connect (root, "notify::focus-widget", G_CALLBACK (on_focus_moved), NULL);
      g_object_set_data (G_OBJECT (root), "arb-announce-watch", GINT_TO_POINTER (1));
    }
  if (focus != described)
    {
      forget_described ();
      described = focus;
      g_object_add_weak_pointer (G_OBJECT (described), (gpointer *) &described);
    }
  else
    /* The same words again (S pressed twice) are said again only if the
     * description changes in between. */
    gtk_accessible_reset_property (GTK_ACCESSIBLE (described), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  gtk_accessible_update_property (GTK_ACCESSIBLE (described), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
#endif
}

static void
name_combo_row (AdwComboRow *row)
{
  const char *what = g_object_get_data (G_OBJECT (row), "arb-accessible-what");
  GObject *item = adw_combo_row_get_selected_item (row);
  g_autofree char *name = NULL;

  if (!GTK_IS_STRING_OBJECT (item))
    return;
  /* Translators: what a choice sets, and the value chosen, for a screen reader: "Rule set: Standard (2018)". */
  name = g_strdup_printf (_("%s: %s"), what, gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

/* A combo row says what it sets and its value, "Seat 2, played by:
 * Computer (medium)", kept up to date: libadwaita 1.2 names it by its
 * title alone, the same for every seat. */
void
arb_accessible_name_combo_row (AdwComboRow *row, const char *what)
{
  g_object_set_data_full (G_OBJECT (row), "arb-accessible-what", g_strdup (what), g_free);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  if (g_object_get_data (G_OBJECT (row), "arb-accessible-named") == NULL)
    {
      g_signal_connect (row, "notify::selected-item", G_CALLBACK (name_combo_row), NULL);
      g_object_set_data (G_OBJECT (row), "arb-accessible-named", GINT_TO_POINTER (1));
    }
  name_combo_row (row);
}

/* Follows every stack under root (arb_accessible_follow_stack), for a
 * dialog whose stacks are its own. */
void
arb_accessible_follow_stacks (GtkWidget *root)
{
  if (GTK_IS_STACK (root))
    arb_accessible_follow_stack (GTK_STACK (root));
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    arb_accessible_follow_stacks (child);
}
