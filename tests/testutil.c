#include <math.h>
#include "testutil.h"

double tu_urand(uint64_t *s)
{
  /* splitmix64 */
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return (double)(z >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

const char *tu_kind_name(tu_kind k)
{
  static const char *names[] = {"random", "zero_diag", "dominant", "force_2x2",
                                "near_singular_partitions"};
  return k < TU_NKINDS ? names[k] : "?";
}

void tu_dfill(tu_kind k, int64_t n, uint64_t seed, double *dl, double *d, double *du,
              double *b)
{
  uint64_t s = seed * 7919 + (uint64_t)k * 104729 + (uint64_t)n;
  for (int64_t i = 0; i < n; i++) {
    double a = tu_urand(&s), c = tu_urand(&s), m = tu_urand(&s);
    switch (k) {
    case TU_RANDOM: dl[i] = a; du[i] = c; d[i] = m; break;
    case TU_ZERO_DIAG:
      dl[i] = a + copysign(0.25, a); du[i] = c + copysign(0.25, c); d[i] = 0; break;
    case TU_DOMINANT: dl[i] = a; du[i] = c; d[i] = 4 + m; break;
    case TU_FORCE_2X2:
      dl[i] = 2 + a; du[i] = 2 + c; d[i] = 1e-3 * m; break;
    case TU_NEAR_SING_PART:
      dl[i] = 1; du[i] = 1; d[i] = (i % 37 == 0) ? 1 : 1e-14 * m; break;
    default: break;
    }
    b[i] = tu_urand(&s);
  }
  if (n > 0) { dl[0] = 1e30; du[n - 1] = -1e30; }
}

void tu_sfill(tu_kind k, int64_t n, uint64_t seed, float *dl, float *d, float *du,
              float *b)
{
  uint64_t s = seed * 7919 + (uint64_t)k * 104729 + (uint64_t)n;
  for (int64_t i = 0; i < n; i++) {
    double a = tu_urand(&s), c = tu_urand(&s), m = tu_urand(&s);
    switch (k) {
    case TU_RANDOM: dl[i] = (float)a; du[i] = (float)c; d[i] = (float)m; break;
    case TU_ZERO_DIAG:
      dl[i] = (float)(a + copysign(0.25, a)); du[i] = (float)(c + copysign(0.25, c));
      d[i] = 0; break;
    case TU_DOMINANT: dl[i] = (float)a; du[i] = (float)c; d[i] = (float)(4 + m); break;
    case TU_FORCE_2X2:
      dl[i] = (float)(2 + a); du[i] = (float)(2 + c); d[i] = (float)(1e-3 * m); break;
    case TU_NEAR_SING_PART:
      dl[i] = 1; du[i] = 1; d[i] = (i % 37 == 0) ? 1.0f : (float)(1e-6 * m); break;
    default: break;
    }
    b[i] = (float)tu_urand(&s);
  }
  if (n > 0) { dl[0] = 1e30f; du[n - 1] = -1e30f; }
}
