/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-card-widget.c: one card, drawn with cairo.
 *
 * No image of the published game is used: a card is its species' colour, its
 * value written large, the species' name, and a shape of its own so that
 * species are told apart without seeing colour.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "arb-card-widget.h"

struct _ArbCardWidget
{
  GtkWidget          parent_instance;

  ArbCard            card;
  ArbCardWidgetBlank blank;
  int                width;
  gboolean           lit;
  GdkTexture        *face; /* what it last drew, kept alive in the cache */
};

G_DEFINE_FINAL_TYPE (ArbCardWidget, arb_card_widget, GTK_TYPE_WIDGET)

typedef struct {
  guint8   r, g, b;
  gboolean light; /* dark ink reads better on it */
} SpeciesColour;

/* In ArbSpecies order. */
static const SpeciesColour species_colours[ARB_N_SPECIES] = {
  { 0x35, 0x84, 0xe4, FALSE }, /* blue spruce: blue */
  { 0xf6, 0xd3, 0x2d, TRUE },  /* cassia: yellow */
  { 0xf6, 0x8f, 0xc4, TRUE },  /* cherry blossom: pink */
  { 0x9a, 0x99, 0x96, TRUE },  /* dogwood: gray */
  { 0x81, 0x3d, 0x9c, FALSE }, /* jacaranda: purple */
  { 0xff, 0x78, 0x00, TRUE },  /* maple: orange */
  { 0x86, 0x5e, 0x3c, FALSE }, /* oak: brown */
  { 0xc0, 0x1c, 0x28, FALSE }, /* royal poinciana: red */
  { 0x8f, 0xf0, 0xa4, TRUE },  /* tulip poplar: light green */
  { 0x26, 0x6a, 0x36, FALSE }, /* willow: dark green */
};

static void
rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* A regular polygon, or a star when inner > 0, around (cx, cy). */
static void
polygon (cairo_t *cr, double cx, double cy, double r, int n, double turn, double inner)
{
  int points = inner > 0 ? 2 * n : n;
  for (int i = 0; i < points; i++)
    {
      double radius = (inner > 0 && i % 2) ? r * inner : r;
      double a = turn + 2 * G_PI * i / points - G_PI / 2;
      if (i == 0)
        cairo_move_to (cr, cx + radius * cos (a), cy + radius * sin (a));
      else
        cairo_line_to (cr, cx + radius * cos (a), cy + radius * sin (a));
    }
  cairo_close_path (cr);
}

/* Each species has its own shape, so that colour is never the only clue. */
static void
species_shape (cairo_t *cr, ArbSpecies species, double cx, double cy, double r)
{
  switch (species)
    {
    case ARB_SPECIES_BLUE_SPRUCE:     polygon (cr, cx, cy, r, 3, 0, 0); break;
    case ARB_SPECIES_CASSIA:          cairo_new_sub_path (cr); cairo_arc (cr, cx, cy, r * 0.85, 0, 2 * G_PI); break;
    case ARB_SPECIES_CHERRY_BLOSSOM:  polygon (cr, cx, cy, r, 5, 0, 0.45); break;
    case ARB_SPECIES_DOGWOOD:
      cairo_rectangle (cr, cx - r * 0.3, cy - r * 0.9, r * 0.6, r * 1.8);
      cairo_rectangle (cr, cx - r * 0.9, cy - r * 0.3, r * 1.8, r * 0.6);
      break;
    case ARB_SPECIES_JACARANDA:       polygon (cr, cx, cy, r, 4, 0, 0); break;
    case ARB_SPECIES_MAPLE:           polygon (cr, cx, cy, r * 0.9, 6, G_PI / 6, 0); break;
    case ARB_SPECIES_OAK:             cairo_rectangle (cr, cx - r * 0.7, cy - r * 0.7, r * 1.4, r * 1.4); break;
    case ARB_SPECIES_ROYAL_POINCIANA: polygon (cr, cx, cy, r, 6, 0, 0.55); break;
    case ARB_SPECIES_TULIP_POPLAR:    polygon (cr, cx, cy, r, 3, G_PI, 0); break;
    case ARB_SPECIES_WILLOW:          polygon (cr, cx, cy, r * 0.9, 5, 0, 0); break;
    case ARB_N_SPECIES:
    default:
      g_assert_not_reached ();
    }
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
}

/* The smallest font a species name shrinks to before it is ellipsized,
 * the font it starts from and the width it has on a card w wide. */
#define MIN_NAME_SIZE 6.0
#define NAME_SIZE(w) MAX ((w) * 0.13, 8.0)
#define NAME_WIDTH(w) ((w) * 0.94)

/* Whether a name lies in two lines at most, each as wide as the card
 * allows, broken between words only (never “Flamboya-nt”). */
static gboolean
name_fits (PangoLayout *layout, const char *text, double max_width)
{
  if (pango_layout_get_line_count (layout) > 2)
    return FALSE;
  for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
    {
      PangoLayoutLine *line = l->data;
      PangoRectangle extents;

      pango_layout_line_get_extents (line, NULL, &extents);
      if (extents.width > max_width * PANGO_SCALE
          || (line->start_index > 0 && text[line->start_index - 1] != ' '))
        return FALSE;
    }
  return TRUE;
}

/* Shrinks the font of a layout holding a name until the name fits; FALSE
 * when it does not fit even in the smallest size. */
static gboolean
fit_name (PangoLayout *layout, PangoFontDescription *font, const char *text, double size, double max_width)
{
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  for (; size > MIN_NAME_SIZE && !name_fits (layout, text, max_width); size -= 0.5)
    {
      pango_font_description_set_absolute_size (font, (size - 0.5) * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
    }
  return name_fits (layout, text, max_width);
}

/* Draws text centred on y, its last line above bottom: a name in two
 * lines on a small card rises rather than falls off the card's edge. */
static void
draw_text (cairo_t *cr, const char *text, double size,
           gboolean bold, double x, double y, double max_width, gboolean centre, double bottom)
{
  /* Long names (“Royal Poinciana”, “Tulipier de Virginie”) take two lines,
   * in a smaller font on small cards. */
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_new ();
  int w, h;

  pango_font_description_set_family (font, "Cantarell, sans-serif");
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
  if (centre)
    {
      fit_name (layout, font, text, size, max_width);
      pango_layout_set_height (layout, -2);
    }
  /* The last resort, for a name too long even in the smallest font. */
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, centre ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x, MIN (y - h / 2.0, bottom - h));
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* The card style of the Preferences: names under the symbols, or not. */
static gboolean show_names = TRUE;

static void
draw_face (ArbCard card, cairo_t *cr, double w, double h)
{
  ArbSpecies species = arb_card_species (card);
  const SpeciesColour *c = &species_colours[species];
  double ink = c->light ? 0.12 : 1.0;
  double r = w * 0.08;
  g_autofree char *value = g_strdup_printf ("%u", arb_card_value (card));

  rounded_rect (cr, 1, 1, w - 2, h - 2, r);
  cairo_set_source_rgb (cr, c->r / 255.0, c->g / 255.0, c->b / 255.0);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  /* A pale disc behind the shape keeps it visible on every colour. */
  cairo_set_source_rgba (cr, 1, 1, 1, c->light ? 0.45 : 0.22);
  cairo_arc (cr, w / 2, h * 0.52, w * 0.3, 0, 2 * G_PI);
  cairo_fill (cr);
  species_shape (cr, species, w / 2, h * 0.52, w * 0.22);
  cairo_set_source_rgb (cr, ink, ink, ink);
  cairo_fill (cr);

  cairo_set_source_rgb (cr, ink, ink, ink);
  draw_text (cr, value, w * 0.34, TRUE, w * 0.09, h * 0.16, w * 0.5, FALSE, h);
  if (w >= 40 && show_names)
    draw_text (cr, arb_species_name (species), NAME_SIZE (w),
               FALSE, w * 0.03, h * 0.86, NAME_WIDTH (w), TRUE, h - 3);
}

/* The width of a card of the hand or of a pile for the height of the
 * window widget is in, a eleventh of it (72 pixels at 800) from smallest
 * to largest: a low window leaves the arboretum its room, a tall one
 * does not leave its room empty. */
int
arb_card_widget_room_width (GtkWidget *widget, int smallest, int largest)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = native != NULL ? gtk_native_get_surface (native) : NULL;
  int height = surface != NULL ? gdk_surface_get_height (surface) : 0;

  return CLAMP (height / 11, smallest, largest);
}

/* How much larger the desktop asks text to be (GNOME's text scaling
 * factor, which reaches GTK as gtk-xft-dpi), from 1 to 2: the cards a
 * person reads grow with it, as their value and name are drawn in
 * proportion to them. */
double
arb_card_widget_text_scale (GtkWidget *widget)
{
  int dpi = 0;

  g_object_get (gtk_widget_get_settings (widget), "gtk-xft-dpi", &dpi, NULL);
  return dpi > 0 ? CLAMP (dpi / (96.0 * 1024), 1.0, 2.0) : 1.0;
}

/* Whether the name of a species fits on a card this wide, in two lines
 * broken between words and without an ellipsis: for the tests. */
gboolean
arb_card_widget_name_fits (ArbSpecies species, int width)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Cantarell, sans-serif");
  const char *name = arb_species_name (species);
  gboolean fits;

  pango_font_description_set_absolute_size (font, NAME_SIZE (width) * PANGO_SCALE);
  pango_layout_set_text (layout, name, -1);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, (int) (NAME_WIDTH (width) * PANGO_SCALE));
  fits = fit_name (layout, font, name, NAME_SIZE (width), NAME_WIDTH (width));
  pango_font_description_free (font);
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return fits;
}

static void
draw_blank (ArbCardWidget *self, cairo_t *cr, double w, double h)
{
  double r = w * 0.08;

  if (self->blank == ARB_CARD_WIDGET_BACK)
    {
      rounded_rect (cr, 1, 1, w - 2, h - 2, r);
      /* A dark neutral (GNOME's Dark 3), far from every species: the
       * green it had was Willow's. */
      cairo_set_source_rgb (cr, 0x3d / 255.0, 0x38 / 255.0, 0x46 / 255.0);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.7);
      cairo_set_line_width (cr, 2);
      rounded_rect (cr, w * 0.12, w * 0.12, w * 0.76, h - w * 0.24, r);
      cairo_stroke (cr);
      polygon (cr, w / 2, h / 2, w * 0.22, 3, 0, 0);
      cairo_fill (cr);
      return;
    }
  GdkRGBA fg;
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
  double dash[] = { 4, 3 };
  cairo_set_dash (cr, dash, 2, 0);
  rounded_rect (cr, 2, 2, w - 4, h - 4, r);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.4);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
}

/* Faces are drawn once per card, size and scale and shared as textures: an
 * arboretum of 80 cards then costs the renderer 80 texture draws, not 80
 * cairo drawings uploaded anew every frame.
 *
 * The cache holds no reference: a face lives as long as a card widget shows
 * it, so that the sizes no longer on screen (after a zoom, or once an
 * arboretum has made its cards smaller to fit) and the cards gone into the
 * discard piles leave the memory, the renderer's copy with them. */
static GHashTable *face_cache;

static void
face_texture_finalized (gpointer key, GObject *where_the_texture_was)
{
  g_hash_table_remove (face_cache, key);
}

static GdkTexture *
face_texture_new (ArbCard card, int w, int h, int scale)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w * scale, h * scale);
  cairo_t *cr = cairo_create (surface);
  g_autoptr (GBytes) bytes = NULL;
  GdkTexture *texture;

  cairo_scale (cr, scale, scale);
  draw_face (card, cr, w, h);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * (gsize) (h * scale));
  texture = gdk_memory_texture_new (w * scale, h * scale, GDK_MEMORY_DEFAULT, bytes,
                                    (gsize) cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  return texture;
}

static void
queue_draw_cards (GtkWidget *widget)
{
  if (ARB_IS_CARD_WIDGET (widget))
    gtk_widget_queue_draw (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    queue_draw_cards (child);
}

/* Whether the faces show the species' names (the card style): every card
 * of every window is drawn again. A face already drawn that leaves the
 * cache may later remove a new one of the same key: that costs a drawing,
 * nothing else. */
void
arb_card_widget_set_show_names (gboolean show)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* owned by GTK */

  if (show_names == !!show)
    return;
  show_names = !!show;
  if (face_cache != NULL)
    g_hash_table_remove_all (face_cache);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) window = g_list_model_get_item (toplevels, i);
      queue_draw_cards (window);
    }
}

/* A new reference to the face of CARD at that size. */
static GdkTexture *
face_texture (ArbCard card, int w, int h, int scale)
{
  guint key = card | (guint) w << 8 | (guint) h << 18 | (guint) scale << 28;
  GdkTexture *texture;

  if (face_cache == NULL)
    face_cache = g_hash_table_new (NULL, NULL);
  texture = g_hash_table_lookup (face_cache, GUINT_TO_POINTER (key));
  if (texture != NULL)
    return g_object_ref (texture);
  texture = face_texture_new (card, w, h, scale);
  g_hash_table_insert (face_cache, GUINT_TO_POINTER (key), texture);
  g_object_weak_ref (G_OBJECT (texture), face_texture_finalized, GUINT_TO_POINTER (key));
  return texture;
}

/* A ring inside the card's edge, over its face. Drawn as an inset shadow,
 * which looks the same as a border here: the GL renderer already draws
 * those for the header bar, where a border (or a CSS outline) would take
 * a program of its own. */
static void
snapshot_ring (GtkSnapshot *snapshot, double w, double h, const GdkRGBA *colour, float width)
{
  GskRoundedRect outline;

  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, (float) w, (float) h),
                                   (float) (w * 0.08));
  gtk_snapshot_append_inset_shadow (snapshot, &outline, colour, 0, 0, width, 0);
}

static void
arb_card_widget_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  ArbCardWidget *self = ARB_CARD_WIDGET (widget);
  int w = gtk_widget_get_width (widget);
  int h = gtk_widget_get_height (widget);

  if (w <= 0 || h <= 0)
    return;
  if (arb_card_is_valid (self->card))
    {
      g_autoptr (GdkTexture) face = face_texture (self->card, w, h, gtk_widget_get_scale_factor (widget));

      g_set_object (&self->face, face);
      gtk_snapshot_append_texture (snapshot, face, &GRAPHENE_RECT_INIT (0, 0, (float) w, (float) h));
    }
  else
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, (float) w, (float) h));
      draw_blank (self, cr, w, h);
      cairo_destroy (cr);
    }
  /* A ghost, the card Hard would have played in a reviewed replay, is
   * ringed in its style's colour (style.css). */
  if (gtk_widget_has_css_class (widget, "ghost"))
    {
      GdkRGBA ring;

      gtk_style_context_get_color (gtk_widget_get_style_context (widget), &ring);
      snapshot_ring (snapshot, w, h, &ring, 2);
    }
  if (self->lit)
    snapshot_ring (snapshot, w, h, &(GdkRGBA) { 1.0f, 0.85f, 0.0f, 1.0f }, 4);
}

static void
arb_card_widget_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  ArbCardWidget *self = ARB_CARD_WIDGET (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = self->width;
  else
    *minimum = *natural = (int) (self->width * ARB_CARD_RATIO);
}

static void
update_accessible (ArbCardWidget *self)
{
  g_autofree char *name = NULL;

  if (arb_card_is_valid (self->card))
    name = arb_card_to_string (self->card);
  else
    name = g_strdup (self->blank == ARB_CARD_WIDGET_BACK ? _("Face-down card") : _("No card"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

static void
arb_card_widget_dispose (GObject *object)
{
  ArbCardWidget *self = ARB_CARD_WIDGET (object);

  g_clear_object (&self->face);
  G_OBJECT_CLASS (arb_card_widget_parent_class)->dispose (object);
}

static void
arb_card_widget_class_init (ArbCardWidgetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arb_card_widget_dispose;

  widget_class->snapshot = arb_card_widget_snapshot;
  widget_class->measure = arb_card_widget_measure;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/arb-card-widget.ui");
  gtk_widget_class_set_css_name (widget_class, "arbcard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
arb_card_widget_init (ArbCardWidget *self)
{
  self->card = ARB_CARD_NONE;
  self->width = 80;
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
arb_card_widget_new (ArbCard card, int width)
{
  ArbCardWidget *self = g_object_new (ARB_TYPE_CARD_WIDGET, NULL);
  self->width = width;
  arb_card_widget_set_card (self, card);
  return GTK_WIDGET (self);
}

void
arb_card_widget_set_card (ArbCardWidget *self, ArbCard card)
{
  g_return_if_fail (ARB_IS_CARD_WIDGET (self));
  self->card = card;
  /* The old face may go, unless another widget shows it. */
  g_clear_object (&self->face);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

ArbCard
arb_card_widget_get_card (ArbCardWidget *self)
{
  g_return_val_if_fail (ARB_IS_CARD_WIDGET (self), ARB_CARD_NONE);
  return self->card;
}

void
arb_card_widget_set_blank (ArbCardWidget *self, ArbCardWidgetBlank blank)
{
  g_return_if_fail (ARB_IS_CARD_WIDGET (self));
  self->blank = blank;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
arb_card_widget_set_width (ArbCardWidget *self, int width)
{
  g_return_if_fail (ARB_IS_CARD_WIDGET (self));
  self->width = width;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
arb_card_widget_set_lit (ArbCardWidget *self, gboolean lit)
{
  g_return_if_fail (ARB_IS_CARD_WIDGET (self));
  self->lit = lit;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
arb_card_widget_get_lit (ArbCardWidget *self)
{
  g_return_val_if_fail (ARB_IS_CARD_WIDGET (self), FALSE);
  return self->lit;
}
