/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-player.c */
#include "config.h"

#include "arb-enums.h"
#include "arb-player.h"

struct _ArbPlayer
{
  GObject       parent_instance;
  char         *name;
  ArbPlayerKind kind;
  char         *level;
};

G_DEFINE_FINAL_TYPE (ArbPlayer, arb_player, G_TYPE_OBJECT)

enum { PROP_0, PROP_NAME, PROP_KIND, PROP_LEVEL, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
arb_player_finalize (GObject *object)
{
  ArbPlayer *self = ARB_PLAYER (object);
  g_free (self->name);
  g_free (self->level);
  G_OBJECT_CLASS (arb_player_parent_class)->finalize (object);
}

static void
arb_player_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  ArbPlayer *self = ARB_PLAYER (object);
  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_LEVEL:
      g_value_set_string (value, self->level);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_player_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  ArbPlayer *self = ARB_PLAYER (object);
  switch (prop_id)
    {
    case PROP_NAME:
      g_free (self->name);
      self->name = g_value_dup_string (value);
      break;
    case PROP_KIND:
      self->kind = g_value_get_enum (value);
      break;
    case PROP_LEVEL:
      g_free (self->level);
      self->level = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arb_player_class_init (ArbPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = arb_player_finalize;
  object_class->get_property = arb_player_get_property;
  object_class->set_property = arb_player_set_property;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, ARB_TYPE_PLAYER_KIND, ARB_PLAYER_PERSON,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The computer's level id ("random", ...); NULL for a person. */
  properties[PROP_LEVEL] =
    g_param_spec_string ("level", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arb_player_init (ArbPlayer *self)
{
  (void) self;
}

ArbPlayer *
arb_player_new (const char *name, ArbPlayerKind kind, const char *level)
{
  return g_object_new (ARB_TYPE_PLAYER, "name", name, "kind", kind, "level", level, NULL);
}

const char *
arb_player_get_name (ArbPlayer *self)
{
  g_return_val_if_fail (ARB_IS_PLAYER (self), NULL);
  return self->name;
}

ArbPlayerKind
arb_player_get_kind (ArbPlayer *self)
{
  g_return_val_if_fail (ARB_IS_PLAYER (self), ARB_PLAYER_PERSON);
  return self->kind;
}

const char *
arb_player_get_level (ArbPlayer *self)
{
  g_return_val_if_fail (ARB_IS_PLAYER (self), NULL);
  return self->level;
}
