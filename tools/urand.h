/* The host diagnostics' random numbers (tools/tile-*.cu): xorshift64, U(-1,1) doubles.
   g_rng is the state; each tool seeds it per case, so its runs are repeatable. */
#ifndef GTSV_TOOLS_URAND_H
#define GTSV_TOOLS_URAND_H

#include <cstdint>

static uint64_t g_rng;
static double urand()
{
  g_rng ^= g_rng << 13; g_rng ^= g_rng >> 7; g_rng ^= g_rng << 17;
  return (double)(g_rng >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

#endif
