/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-engine.h: the whole rules engine in one include. */
#pragma once

#include "arb-ai.h"
#include "arb-arboretum.h"
#include "arb-card.h"
#include "arb-card-set.h"
#include "arb-enums.h"
#include "arb-error.h"
#include "arb-game.h"
#include "arb-game-text.h"
#include "arb-move.h"
#include "arb-pile.h"
#include "arb-player.h"
#include "arb-projection.h"
#include "arb-replay.h"
#include "arb-review.h"
#include "arb-rights.h"
#include "arb-rules.h"
#include "arb-scoring.h"
#include "arb-state.h"
#include "arb-table-events.h"
#include "arb-viewpoint.h"
