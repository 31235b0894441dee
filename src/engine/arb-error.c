/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-error.c */
#include "config.h"

#include "arb-error.h"

G_DEFINE_QUARK (arb-error-quark, arb_error)
