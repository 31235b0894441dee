/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-rules-window.c: the rules, one page per rule set. The text lives in
 * the template, where translators find it. */
#include "config.h"

#include "arb-rules-window.h"

struct _ArbRulesWindow
{
  AdwWindow  parent_instance;

  GtkStack  *stack;
};

G_DEFINE_FINAL_TYPE (ArbRulesWindow, arb_rules_window, ADW_TYPE_WINDOW)

static void
arb_rules_window_class_init (ArbRulesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArbRulesWindow, stack);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
arb_rules_window_init (ArbRulesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

ArbRulesWindow *
arb_rules_window_new (void)
{
  return g_object_new (ARB_TYPE_RULES_WINDOW, NULL);
}

/* The page of a rule set: the one being played, when F1 cannot show the
 * manual. */
void
arb_rules_window_show_variant (ArbRulesWindow *self, ArbVariant variant)
{
  g_return_if_fail (ARB_IS_RULES_WINDOW (self));
  gtk_stack_set_visible_child_name (self->stack, arb_variant_id (variant));
}

const char *
arb_rules_window_get_shown (ArbRulesWindow *self)
{
  g_return_val_if_fail (ARB_IS_RULES_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}
