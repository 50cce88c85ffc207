/* gtsv-tile-retry-count [rows [n ...]]: on the host, how often the on-chip batch kernel
   (src/batch/batch_tile.cu) retries or falls back on the benchmark's random
   batches (bench/results/gpu-batch5-2026-11-24.md), and how often its two-level
   reduced solve fails. A diagnostic, not installed: the kernel's decisions come
   from its host emulation (src/batch/tile_emul.h); it counts first-attempt
   failures, L/4 and L/2 retries (L rows a partition), fallbacks, and the worst backward error of an
   accepted first attempt. */
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cmath>
#include "batch/tile_emul.h"
#include "urand.h"
using namespace gtsv_tile;

/* max |b - T x| / (||T|| ||x|| eps), infinity norms */
template <typename T>
static double backward_error(int n, const T *dl, const T *d, const T *du, const T *b, const T *x)
{
  double rmax = 0, tn = 0, xn = 0;
  for (int i = 0; i < n; i++) {
    double r = (double)b[i] - (double)d[i] * x[i];
    if (i > 0) r -= (double)dl[i] * x[i - 1];
    if (i < n - 1) r -= (double)du[i] * x[i + 1];
    rmax = std::fmax(rmax, std::fabs(r));
    tn = std::fmax(tn, std::fabs((double)dl[i]) + std::fabs((double)d[i]) + std::fabs((double)du[i]));
    xn = std::fmax(xn, std::fabs((double)x[i]));
  }
  const double eps = sizeof(T) == 8 ? 1.1102230246251565e-16 : 5.9604645e-08;
  return rmax / (tn * xn * eps);
}

template <typename T> static void run(int n, int batch, int M, int dom, int red2)
{
  g_rng = 0x9E3779B97F4A7C15ull ^ ((uint64_t)(n * 31 + batch + dom) * 0x2545F4914F6CDD1Dull);
  size_t N = (size_t)n * batch;
  std::vector<T> dl(N), d(N), du(N), b(N), x(n);
  for (size_t i = 0; i < N; i++) { dl[i] = (T)urand(); du[i] = (T)urand(); d[i] = (T)(dom ? 4.0 + urand() : urand()); b[i] = (T)urand(); }
  for (int k = 0; k < batch; k++) { dl[(size_t)k * n] = 0; du[(size_t)k * n + n - 1] = 0; }
  const int P = tile_lanes(n, M), L = tile_rows(n, M); /* the kernel's lanes and rows a column */
  int G = 32 / P;
  EmulOpts o;
  o.red2 = red2;
  EmulStats st;
  long fq = 0, f0 = 0, f1 = 0, f2 = 0, warps_retry = 0, warps_fb = 0;
  double hist[6] = {0}, berr = 0;
  for (int w = 0; w * G < batch; w++) {
    bool wr = false, wf = false;
    for (int g = 0; g < G && w * G + g < batch; g++) {
      size_t s = (size_t)(w * G + g) * n;
      const T *a = &dl[s], *dd = &d[s], *c = &du[s], *bb = &b[s];
      bool ok = emul_attempt(n, L, 0, a, dd, c, bb, x.data(), o, &st);
      const double ra = st.ratio;
      if (ok) berr = std::fmax(berr, backward_error(n, a, dd, c, bb, x.data()));
      int bin = ra < 4 ? 0 : ra < 8 ? 1 : ra < 16 ? 2 : ra < 32 ? 3 : ra < 340 ? 4 : 5; hist[bin]++;
      if (ok) continue;
      f0++; wr = true;
      fq += !emul_attempt(n, L, tile_shift(L, 1), a, dd, c, bb, x.data(), o, &st); /* L/4 alone */
      if (emul_attempt(n, L, tile_shift(L, 0), a, dd, c, bb, x.data(), o, &st)) continue;
      f1++;
      if (emul_attempt(n, L, tile_shift(L, 1), a, dd, c, bb, x.data(), o, &st)) continue;
      f2++; wf = true;
    }
    warps_retry += wr; warps_fb += wf;
  }
  long nw = (batch + G - 1) / G;
  printf("red2=%d: two-level failed %ld of %ld; worst accepted backward error %.2f eps; ", red2, st.red2_fails, st.red2_tries, berr);
  printf("fail(h=L/4 | fail0) %ld of %ld; ", fq, f0); printf("%s n=%4d batch=%6d M=%2d L=%2d P=%2d G=%2d %s: fail0 %.3f%% fail1 %.3f%% fallback %.4f%% (%ld) | warps retry %.2f%% fallback %.3f%% | ratio<4 %.1f%% <8 %.1f%% <16 %.1f%% <32 %.1f%% <340 %.2f%% >=340 %.3f%%\n",
         sizeof(T) == 8 ? "d" : "s", n, batch, M, L, P, G, dom ? "dom" : "rnd", 100.0 * f0 / batch, 100.0 * f1 / batch, 100.0 * f2 / batch, f2,
         100.0 * warps_retry / nw, 100.0 * warps_fb / nw,
         100 * hist[0] / batch, 100 * hist[1] / batch, 100 * hist[2] / batch, 100 * hist[3] / batch, 100 * hist[4] / batch, 100 * hist[5] / batch);
}

int main(int argc, char **argv)
{
  int big = argc > 1 ? atoi(argv[1]) : 1 << 22;
  if (argc > 2) { /* gtsv-tile-retry-count rows n...: double random, choose_m's M */
    for (int i = 2; i < argc; i++) {
      const int n = atoi(argv[i]);
      run<double>(n, big / n, n <= 512 ? 16 : n <= 1024 ? 32 : 64, 0, 1);
    }
    return 0;
  }
  int ns[] = {64, 128, 256, 512, 1024};
  for (int red2 = 0; red2 < 2; red2++)
    for (int n : ns) {
      int M = n <= 512 ? 16 : 32; /* choose_m, double */
      run<double>(n, big / n, M, 0, red2);
      if (n == 512) run<double>(512, 512, 16, 0, red2);
      if (n >= 512) run<double>(n, big / n, M, 1, red2);
      if (n >= 512) run<float>(n, big / n, 32, 0, red2);
    }
  for (int n : {1536, 2048}) run<double>(n, big / n, 64, 0, 1);
  return 0;
}
