/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-test-driver.h: for the GTK test programs, in sanitizer builds only.
 *
 * GTK loads Mesa's driver (swrast_dri.so, llvmpipe under Xvfb) while it
 * looks for an OpenGL context, and Mesa may unload it again while the
 * program runs or from its atexit handler. LeakSanitizer then finds the
 * driver's caches held only by the unloaded module's globals: "128 bytes in
 * <unknown module>", which no suppression can name (seen on fresh Debian 12
 * machines, 3 runs of 3). Loading the driver once more with RTLD_NODELETE
 * keeps it mapped, so what its globals hold stays reachable and whatever it
 * really leaks is named and matched by tests/lsan-window.supp. The game's
 * own code is checked in full either way. */
#pragma once

#if defined(__SANITIZE_ADDRESS__) && defined(TEST_GL_DRIVER)
#include <dlfcn.h>
#endif

static inline void
arb_test_pin_gl_driver (void)
{
#if defined(__SANITIZE_ADDRESS__) && defined(TEST_GL_DRIVER)
  /* Elsewhere (another driver, another system) there is nothing to pin. */
  (void) dlopen (TEST_GL_DRIVER, RTLD_NOW | RTLD_NODELETE);
#endif
}
