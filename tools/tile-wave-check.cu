/* gtsv-tile-wave-check [n [systems]]: on the host, how often an attempt of the on-chip
   batch kernel (src/batch/batch_tile.cu, emulated by src/batch/tile_emul.h) fails on
   random double systems (U(-1,1), as the benchmark's), for partitions of L = 16 rows (32
   partitions at n = 512, the kernel's) and of L = 8 (64 partitions: two warps a system),
   with the separators moved up h rows; and how often two or three attempts fail
   together. Each attempt twice: with the kernel's reduced solve (checked cyclic
   reduction, then the two-level and sequential pivoting solves where it is refused),
   and with checked cyclic reduction alone (a refusal fails the attempt). A diagnostic
   for the one-wave batch (issue 6: a batch of hundreds of systems costs its slowest
   system, so every attempt it may need must be fast), not installed. */
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cmath>
#include "batch/tile_emul.h"
#include "urand.h"
using namespace gtsv_tile;
typedef double T;

/* 0 passed, 1 failed the cancellation test (or a pivot), 2 cyclic reduction refused */
static int attempt_pcr_only(int n, int M, int h, const T *a, const T *d, const T *c, const T *b)
{
  EmulTile<T> t(n, M, h, a, d, c, b);
  const int R = t.Pu - 1;
  T *pA = t.A.data(), *pD = t.D.data(), *pC = t.C.data(), *pB = t.B.data();
  const EmulSep sep = t.sep;
  bool refused = false;
  auto reduced = [&]() {
    std::vector<T> tn(R);
    for (int j = 0; j < R; j++) {
      const int r = (j + 1) * M - 1 - h;
      tn[j] = tabs(a[r]) + tabs(d[r]) + tabs(c[r]);
    }
    if (emul_pcr_checked(R, pA, pD, pC, pB, sep, tn.data(), false)) return false;
    refused = true;
    return true;
  };
  double ratio;
  const bool ok = emul_level<false>(pA, pD, pC, pB, t.Pu, t.L.data(), t.idx.data(), sep, reduced,
                                    false, &ratio);
  return ok ? 0 : refused ? 2 : 1;
}

int main(int argc, char **argv)
{
  const int n = argc > 1 ? atoi(argv[1]) : 512, sys = argc > 2 ? atoi(argv[2]) : 40000;
  static const struct { int L, h; } at[] = {{16, 0}, {16, 8}, {16, 4}, {8, 0}, {8, 4}, {8, 2}};
  const int na = 6;
  g_rng = 777;
  std::vector<T> a(n), d(n), c(n), b(n), x(n);
  long fk[6] = {0}, fp[6] = {0}, rp[6] = {0}, jk[6][6] = {{0}}, jp[6][6] = {{0}};
  long k3[2] = {0, 0}, p3[2] = {0, 0};
  EmulOpts o;
  EmulStats st;
  for (int k = 0; k < sys; k++) {
    for (int i = 0; i < n; i++) {
      a[i] = urand(); c[i] = urand(); d[i] = urand(); b[i] = urand();
    }
    a[0] = 0;
    c[n - 1] = 0;
    bool f[6], g[6];
    for (int j = 0; j < na; j++) {
      f[j] = !emul_attempt(n, at[j].L, at[j].h, a.data(), d.data(), c.data(), b.data(), x.data(),
                           o, &st);
      const int q = attempt_pcr_only(n, at[j].L, at[j].h, a.data(), d.data(), c.data(), b.data());
      g[j] = q != 0;
      fk[j] += f[j];
      fp[j] += g[j];
      rp[j] += q == 2;
    }
    for (int i = 0; i < na; i++)
      for (int j = 0; j < na; j++) {
        jk[i][j] += f[i] && f[j];
        jp[i][j] += g[i] && g[j];
      }
    for (int s = 0; s < 2; s++) {
      k3[s] += f[3 * s] && f[3 * s + 1] && f[3 * s + 2];
      p3[s] += g[3 * s] && g[3 * s + 1] && g[3 * s + 2];
    }
  }
  printf("n = %d, %d random double systems; attempts failed, in %% (L rows a partition, "
         "separators up h rows)\n", n, sys);
  printf("   L   h   kernel's reduced solve   cyclic reduction alone (of it refused)\n");
  for (int j = 0; j < na; j++)
    printf("  %2d  %2d   %8.3f                 %8.3f (%.3f)\n", at[j].L, at[j].h,
           100.0 * fk[j] / sys, 100.0 * fp[j] / sys, 100.0 * rp[j] / sys);
  printf("pairs failed together, counts (kernel's reduced solve | cyclic reduction alone):\n");
  for (int i = 0; i < na; i++)
    for (int j = i + 1; j < na; j++)
      printf("  %2d/%d & %2d/%d: %5ld | %5ld\n", at[i].L, at[i].h, at[j].L, at[j].h, jk[i][j],
             jp[i][j]);
  printf("all three of L = 16 (h = 0, 8, 4): %ld | %ld; of L = 8 (h = 0, 4, 2): %ld | %ld\n",
         k3[0], p3[0], k3[1], p3[1]);
  return 0;
}
