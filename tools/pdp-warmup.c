/* gtsv-pdp-warmup [rows]: on the host, how many rows DP_SEQ's sweep (core/pivot.h: the
   updated diagonal bt and the pivot blocks) needs to forget where it started. A design
   for the GPU PDP (issue 5) measured before any GPU time is spent on it: a thread that
   starts its chunk of rows W rows early, from a fresh start (bt = d at row r - W, as if
   the matrix began there), reaches row r in the state of the sequential sweep when the
   recurrence has forgotten its start; its chunk can then be spliced to its predecessor's
   without the product states of the current kernel (src/pdp/pdp.cu). Every 64th row r of
   one matrix of 2^22 rows (default), random U(-1,1) (dl, d, du) and strictly dominant
   (|d| = |dl| + |du| + 1 + |U|): the fraction of r where the warm-up's state differs from
   the sequential one, beyond 2 units in the last place of bt (or in the block phase:
   r inside a 2x2 block in one and not the other), and "grossly" (beyond 1e12 units or in
   the phase). Results: bench/results/host-pdp-warmup-2026-11-28.md. A diagnostic, not
   installed. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/pivot.h"

static uint64_t g_s = 0x9E3779B97F4A7C15ull;
static double urand(void) /* U(-1, 1), xorshift64 */
{
  g_s ^= g_s << 13;
  g_s ^= g_s >> 7;
  g_s ^= g_s << 17;
  return (double)(g_s >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

/* One pivot block of the sweep at row i with updated diagonal *bt: returns the next
   block's first row, *bt its updated diagonal. Entries beyond n are 0. */
static int64_t step(int64_t n, const double *a, const double *b, const double *c, int64_t i,
                    double *bt)
{
  const double c0 = c[i], a1 = i + 1 < n ? a[i + 1] : 0, b1 = i + 1 < n ? b[i + 1] : 0;
  const double c1 = i + 1 < n ? c[i + 1] : 0, a2 = i + 2 < n ? a[i + 2] : 0;
  const double b2 = i + 2 < n ? b[i + 2] : 0;
  double p0, p1, g0, g1, dl;
  if (gtsv_d_pivot_is_1x1(*bt, c0, a1, b1, c1, a2)) {
    *bt = gtsv_d_factor_1x1(*bt, c0, a1, b1, &p0, &g0);
    return i + 1;
  }
  *bt = gtsv_d_factor_2x2(*bt, c0, a1, b1, c1, a2, b2, &dl, &p0, &p1, &g0, &g1);
  return i + 2;
}

static void run(int64_t n, int dom)
{
  double *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
  double *c = malloc((size_t)n * sizeof *c);
  const int64_t every = 64, np = n / every;
  int *toff = malloc((size_t)np * sizeof *toff);
  double *tbt = malloc((size_t)np * sizeof *tbt);
  static const int ws[] = {8, 16, 32, 48, 64, 80, 96, 128};
  if (!a || !b || !c || !toff || !tbt) exit(1);
  for (int64_t i = 0; i < n; i++) {
    a[i] = urand();
    b[i] = urand();
    c[i] = urand();
    if (dom) b[i] = (b[i] < 0 ? -1 : 1) * (fabs(a[i]) + fabs(c[i]) + 1 + fabs(b[i]));
  }
  a[0] = 0;
  c[n - 1] = 0;
  /* the sequential sweep's state at rows k every: the first block start >= r (offset 0
     or 1) and its bt */
  int64_t i = 0, k = 1;
  double t = b[0];
  while (i < n - 2 && k < np) {
    i = step(n, a, b, c, i, &t);
    if (i >= k * every) {
      toff[k] = (int)(i - k * every);
      tbt[k] = t;
      k++;
    }
  }
  const int64_t nk = k;
  for (size_t w = 0; w < sizeof ws / sizeof *ws; w++) {
    const int W = ws[w];
    long bad = 0, gross = 0, tried = 0;
    for (k = 2; k < nk; k++) {
      const int64_t r = k * every;
      double bt = b[r - W];
      int64_t j = r - W;
      while (j < r) j = step(n, a, b, c, j, &bt);
      const double e = fabs(bt - tbt[k]) / (fabs(tbt[k]) * 2.220446049250313e-16 + 1e-300);
      tried++;
      bad += (j - r) != toff[k] || e > 2;
      gross += (j - r) != toff[k] || e > 1e12;
    }
    printf("| %s | %3d | %.3g | %.3g | %ld |\n", dom ? "dominant" : "random", W,
           (double)bad / tried, (double)gross / tried, tried);
  }
  free(a); free(b); free(c); free(toff); free(tbt);
}

/* Session 39's second table (the sweeps of src/pdp/pdp_sweep.cu compare bitwise): the
   same matrices with a right-hand side U(-1,1), every 512th row r. Forward: the fraction of
   r where a sweep started W rows early (bt = d, z = b there) differs bitwise from the
   sequential one at r in (block phase, bt), and in (phase, bt, z). Backward (x_i = y_i -
   g_i q from the sequential y, g): the fraction where x_r, started W rows below r with
   q = 0, differs bitwise from the sequential x_r. */
static void run_bitwise(int64_t n, int dom)
{
  double *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
  double *c = malloc((size_t)n * sizeof *c), *h = malloc((size_t)n * sizeof *h);
  double *G = malloc((size_t)n * sizeof *G), *Y = malloc((size_t)n * sizeof *Y);
  double *X = malloc((size_t)n * sizeof *X);
  char *st = malloc((size_t)n);
  const int64_t every = 512, np = n / every;
  int *toff = malloc((size_t)np * sizeof *toff);
  double *tbt = malloc((size_t)np * sizeof *tbt), *tz = malloc((size_t)np * sizeof *tz);
  static const int ws[] = {64, 96, 128, 160, 192, 256};
  if (!a || !b || !c || !h || !G || !Y || !X || !st || !toff || !tbt || !tz) exit(1);
  for (int64_t i = 0; i < n; i++) {
    a[i] = urand();
    b[i] = urand();
    c[i] = urand();
    h[i] = urand();
    if (dom) b[i] = (b[i] < 0 ? -1 : 1) * (fabs(a[i]) + fabs(c[i]) + 1 + fabs(b[i]));
  }
  a[0] = 0;
  c[n - 1] = 0;
  /* one block of the sweep with z at row I (advanced); g, y and start flags where OUT */
#define BLOCK(I, BT, Z, OUT)                                                                \
  do {                                                                                     \
    const int64_t i_ = (I);                                                                \
    const double c0 = c[i_], a1 = i_ + 1 < n ? a[i_ + 1] : 0, b1 = i_ + 1 < n ? b[i_ + 1] : 0; \
    const double c1 = i_ + 1 < n ? c[i_ + 1] : 0, a2 = i_ + 2 < n ? a[i_ + 2] : 0;          \
    const double b2 = i_ + 2 < n ? b[i_ + 2] : 0;                                          \
    double z1 = i_ + 1 < n ? h[i_ + 1] : 0, z2 = i_ + 2 < n ? h[i_ + 2] : 0;                \
    double p0, p1, g0, g1, dl, y0, y1;                                                     \
    if (gtsv_d_pivot_is_1x1((BT), c0, a1, b1, c1, a2)) {                                    \
      (BT) = gtsv_d_factor_1x1((BT), c0, a1, b1, &p0, &g0);                                 \
      y0 = gtsv_d_fsolve_1x1(p0, (Z), a1, &z1);                                            \
      if (OUT) { G[i_] = g0; Y[i_] = y0; st[i_] = 1; }                                     \
      (Z) = z1;                                                                            \
      (I) = i_ + 1;                                                                        \
    } else {                                                                               \
      (BT) = gtsv_d_factor_2x2((BT), c0, a1, b1, c1, a2, b2, &dl, &p0, &p1, &g0, &g1);       \
      gtsv_d_fsolve_2x2(p0, p1, c0, a1, b1, a2, (Z), z1, &y0, &y1, &z2);                   \
      if (OUT) {                                                                           \
        G[i_] = g0; Y[i_] = y0; st[i_] = 1;                                                \
        if (i_ + 1 < n) { G[i_ + 1] = g1; Y[i_ + 1] = y1; st[i_ + 1] = 0; }               \
      }                                                                                    \
      (Z) = z2;                                                                            \
      (I) = i_ + 2;                                                                        \
    }                                                                                      \
  } while (0)
  int64_t i = 0, k = 1;
  double t = b[0], z = h[0];
  while (i < n) {
    BLOCK(i, t, z, 1);
    if (k < np && i >= k * every) {
      toff[k] = (int)(i - k * every);
      tbt[k] = t;
      tz[k] = z;
      k++;
    }
  }
  double q = 0;
  for (i = n - 1; i >= 0; i--) {
    const double x = Y[i] - G[i] * q;
    X[i] = x;
    if (st[i]) q = x;
  }
  const int64_t nk = k;
  for (size_t w = 0; w < sizeof ws / sizeof *ws; w++) {
    const int W = ws[w];
    long badb = 0, badz = 0, badx = 0, tried = 0;
    for (k = 1; k < nk; k++) {
      const int64_t r = k * every;
      if (r - W < 0 || r + W + 2 >= n) continue;
      double bt = b[r - W], zz = h[r - W];
      int64_t j = r - W;
      while (j < r) BLOCK(j, bt, zz, 0);
      const int ph = (j - r) != toff[k];
      badb += ph || bt != tbt[k];
      badz += ph || bt != tbt[k] || zz != tz[k];
      double qq = 0, xr = 0;
      for (int64_t m = r + W - 1; m >= r; m--) {
        const double x = Y[m] - G[m] * qq;
        if (st[m]) qq = x;
        xr = x;
      }
      badx += xr != X[r];
      tried++;
    }
    printf("| %s | %3d | %.4f | %.4f | %.4f | %ld |\n", dom ? "dominant" : "random", W,
           (double)badb / tried, (double)badz / tried, (double)badx / tried, tried);
  }
#undef BLOCK
  free(a); free(b); free(c); free(h); free(G); free(Y); free(X); free(st);
  free(toff); free(tbt); free(tz);
}

int main(int argc, char **argv)
{
  const int64_t n = argc > 1 ? atoll(argv[1]) : (int64_t)1 << 22;
  if (n < 1024) return 1;
  printf("| matrix | W | differs (> 2 ulp or phase) | grossly | starts |\n|---|---:|---:|---:|---:|\n");
  run(n, 0);
  run(n, 1);
  printf("\n| matrix | W | forward (phase, bt) differ bitwise | forward (phase, bt, z) | "
         "backward x | starts |\n|---|---:|---:|---:|---:|---:|\n");
  run_bitwise(n, 0);
  run_bitwise(n, 1);
  return 0;
}
