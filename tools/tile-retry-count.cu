/* gtsv-tile-retry-count [rows]: on the host, how often the on-chip batch kernel
   (src/batch/batch_tile.cu) retries or falls back on the benchmark's random
   batches (bench/results/gpu-batch5-2026-11-24.md). A diagnostic, not installed:
   it mirrors spike_attempt per system with tile_core.h's steps and counts
   first-attempt failures, M/4 and M/2 retries and fallbacks. */
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cmath>
#include "batch/tile_core.h"
using namespace gtsv_tile;

static uint64_t g_rng;
static double urand()
{
  g_rng ^= g_rng << 13; g_rng ^= g_rng >> 7; g_rng ^= g_rng << 17;
  return (double)(g_rng >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}
struct SIdx { int base, lo, M; __host__ __device__ int operator()(int k) const { int r = lo + k; return base + r + r / M; } };
struct SepI { int M, h; __host__ __device__ int operator()(int j) const { int r = (j + 1) * M - 1 - h; return r + r / M; } };

/* batch_tile.cu's second spike_level (the two-level reduced solve), one partition
   after the other (the kernel runs the four on four lanes): the reduced system of R
   rows at sep(0..R-1) by SPIKE once more; false when a pivot block is bad or the
   cancellation test fails */
static int g_red2 = 0;         /* 1: reduced systems of >= 16 rows in two levels */
static long g_red2_tries = 0, g_red2_fails = 0;
template <typename T, typename SepF>
static bool red2_host(int R, T *A, T *D, T *C, T *B, SepF sep)
{
  struct RI { SepF sep; int off, stride; __host__ __device__ int operator()(int k) const { return sep(off + k * stride); } };
  const int Q = (R + 3) >> 2;
  Ends<T> e[4];
  int L[4];
  bool fail = false;
  for (int j = 0; j < 4; j++) {
    L[j] = j < 3 ? Q - 1 : R - 3 * Q;
    e[j] = part_solve(L[j], A, D, C, B, j > 0, j < 3, RI{sep, j * Q, 1});
    fail |= e[j].bad;
  }
  const RI sep2{sep, Q - 1, Q};
  for (int j = 0; j < 3; j++) {
    const int k = sep2(j);
    reduced_row(A[k], D[k], C[k], B[k], e[j].vl, e[j].wl, e[j].xl, e[j + 1].vf, e[j + 1].wf, e[j + 1].xf, &A[k], &D[k], &C[k], &B[k]);
  }
  if (fail || seq_dp(3, A, D, C, B, sep2) >= 0) return false;
  T m0 = 0, xl[4], xr[4];
  for (int j = 0; j < 4; j++) {
    xl[j] = j > 0 ? B[sep2(j - 1)] : T(0);
    xr[j] = j < 3 ? B[sep2(j)] : T(0);
    m0 = tmax(m0, part_ends(L[j], A, D, B, xl[j], xr[j], RI{sep, j * Q, 1}));
  }
  const T sc = pow2_inv(m0);
  T s2 = 0, x2 = 0;
  for (int j = 0; j < 4; j++) {
    part_finish(L[j], A, D, B, xl[j], xr[j], sc, &s2, &x2, RI{sep, j * Q, 1});
    s2 += (sc * xr[j]) * (sc * xr[j]); x2 += (sc * xr[j]) * (sc * xr[j]);
  }
  const T big = sizeof(T) == 8 ? T(1.7e308) : T(3.4e38);
  return s2 <= T(32.0 * 32.0) * x2 && x2 <= big;
}

/* returns 0 ok, 1 fail; writes ratio sqrt(s2/x2) and, when xo, x */
template <typename T>
static int attempt(int n, int M, int h, const T *a, const T *d, const T *c, const T *b, double *ratio, std::vector<T> *xo)
{
  const int S = M + 1, Pu = (n + M - 1) / M;
  std::vector<T> A(S * 64 + 64), D(A.size()), C(A.size()), B(A.size());
  for (int r = 0; r < n; r++) { int k = r + r / M; A[k] = a[r]; D[k] = d[r]; C[k] = c[r]; B[k] = b[r]; }
  std::vector<Ends<T>> e(Pu);
  std::vector<int> lo(Pu), L(Pu);
  bool fail = false;
  for (int p = 0; p < Pu; p++) {
    lo[p] = p == 0 ? 0 : p * M - h;
    L[p] = (p < Pu - 1 ? (p + 1) * M - 1 - h : n) - lo[p];
    SIdx idx{0, lo[p], M};
    e[p] = part_solve<true>(L[p], A.data(), D.data(), C.data(), B.data(), p > 0, p < Pu - 1, idx);
    fail |= e[p].bad;
  }
  SepI sep{M, h};
  for (int p = 0; p < Pu - 1; p++) {
    int k = sep(p);
    reduced_row(A[k], D[k], C[k], B[k], e[p].vl, e[p].wl, e[p].xl, e[p + 1].vf, e[p + 1].wf, e[p + 1].xf, &A[k], &D[k], &C[k], &B[k]);
  }
  if (fail) { *ratio = INFINITY; return 1; }
  bool solved = false;
  if (g_red2 && Pu - 1 >= 16) {
    std::vector<T> sv(4 * (Pu - 1));
    for (int p = 0; p < Pu - 1; p++) { int k = sep(p); sv[4 * p] = A[k]; sv[4 * p + 1] = D[k]; sv[4 * p + 2] = C[k]; sv[4 * p + 3] = B[k]; }
    g_red2_tries++;
    solved = red2_host(Pu - 1, A.data(), D.data(), C.data(), B.data(), sep);
    if (!solved) {
      g_red2_fails++;
      for (int p = 0; p < Pu - 1; p++) { int k = sep(p); A[k] = sv[4 * p]; D[k] = sv[4 * p + 1]; C[k] = sv[4 * p + 2]; B[k] = sv[4 * p + 3]; }
    }
  }
  if (!solved && seq_dp(Pu - 1, A.data(), D.data(), C.data(), B.data(), sep) >= 0) { *ratio = INFINITY; return 1; }
  T m0 = 0;
  std::vector<T> xl(Pu), xr(Pu);
  for (int p = 0; p < Pu; p++) {
    xl[p] = p > 0 ? B[sep(p - 1)] : T(0);
    xr[p] = p < Pu - 1 ? B[sep(p)] : T(0);
    m0 = tmax(m0, part_ends(L[p], A.data(), D.data(), B.data(), xl[p], xr[p], SIdx{0, lo[p], M}));
  }
  const T sc = pow2_inv(m0);
  T s2 = 0, x2 = 0;
  for (int p = 0; p < Pu; p++) {
    part_finish(L[p], A.data(), D.data(), B.data(), xl[p], xr[p], sc, &s2, &x2, SIdx{0, lo[p], M});
    s2 += (sc * xr[p]) * (sc * xr[p]); x2 += (sc * xr[p]) * (sc * xr[p]);
  }
  *ratio = std::sqrt((double)s2 / (double)x2);
  const T big = sizeof(T) == 8 ? T(1.7e308) : T(3.4e38);
  bool ok = s2 <= T(32.0 * 32.0) * x2 && x2 <= big;
  if (xo) { xo->resize(n); for (int r = 0; r < n; r++) (*xo)[r] = B[r + r / M]; }
  return ok ? 0 : 1;
}

template <typename T> static void run(int n, int batch, int M, int dom)
{
  g_rng = 0x9E3779B97F4A7C15ull ^ ((uint64_t)(n * 31 + batch + dom) * 0x2545F4914F6CDD1Dull);
  size_t N = (size_t)n * batch;
  std::vector<T> dl(N), d(N), du(N), b(N);
  for (size_t i = 0; i < N; i++) { dl[i] = (T)urand(); du[i] = (T)urand(); d[i] = (T)(dom ? 4.0 + urand() : urand()); b[i] = (T)urand(); }
  for (int k = 0; k < batch; k++) { dl[(size_t)k * n] = 0; du[(size_t)k * n + n - 1] = 0; }
  int P = 1; while (P * M < n) P <<= 1;
  int G = 32 / P;
  long fq = 0, f0 = 0, f1 = 0, f2 = 0, warps_retry = 0, warps_fb = 0;
  double hist[6] = {0}, berr = 0;
  g_red2_tries = g_red2_fails = 0;
  for (int w = 0; w * G < batch; w++) {
    bool wr = false, wf = false;
    for (int g = 0; g < G && w * G + g < batch; g++) {
      size_t o = (size_t)(w * G + g) * n;
      double ra;
      std::vector<T> xs;
      int fl = attempt<T>(n, M, 0, &dl[o], &d[o], &du[o], &b[o], &ra, &xs);
      if (!fl) { /* backward error of an accepted x, in units of eps ||T|| ||x|| */
        double rmax = 0, tn = 0, xn = 0;
        for (int i = 0; i < n; i++) {
          double r = (double)b[o + i] - (double)d[o + i] * xs[i];
          if (i > 0) r -= (double)dl[o + i] * xs[i - 1];
          if (i < n - 1) r -= (double)du[o + i] * xs[i + 1];
          rmax = std::fmax(rmax, std::fabs(r));
          tn = std::fmax(tn, std::fabs((double)dl[o + i]) + std::fabs((double)d[o + i]) + std::fabs((double)du[o + i]));
          xn = std::fmax(xn, std::fabs((double)xs[i]));
        }
        const double eps = sizeof(T) == 8 ? 1.1102230246251565e-16 : 5.9604645e-08;
        berr = std::fmax(berr, rmax / (tn * xn * eps));
      }
      int bin = ra < 4 ? 0 : ra < 8 ? 1 : ra < 16 ? 2 : ra < 32 ? 3 : ra < 340 ? 4 : 5; hist[bin]++;
      if (!fl) continue;
      f0++; wr = true;
      int q = attempt<T>(n, M, M / 4, &dl[o], &d[o], &du[o], &b[o], &ra, nullptr); fq += q;
      fl = attempt<T>(n, M, M / 2, &dl[o], &d[o], &du[o], &b[o], &ra, nullptr);
      if (!fl) continue;
      f1++;
      fl = attempt<T>(n, M, M / 4, &dl[o], &d[o], &du[o], &b[o], &ra, nullptr);
      if (!fl) continue;
      f2++; wf = true;
    }
    warps_retry += wr; warps_fb += wf;
  }
  long nw = (batch + G - 1) / G;
  printf("red2=%d: two-level failed %ld of %ld; worst accepted backward error %.2f eps; ", g_red2, g_red2_fails, g_red2_tries, berr);
  printf("fail(h=M/4 | fail0) %ld of %ld; ", fq, f0); printf("%s n=%4d batch=%6d M=%2d P=%2d G=%2d %s: fail0 %.3f%% fail1 %.3f%% fallback %.4f%% (%ld) | warps retry %.2f%% fallback %.3f%% | ratio<4 %.1f%% <8 %.1f%% <16 %.1f%% <32 %.1f%% <340 %.2f%% >=340 %.3f%%\n",
         sizeof(T) == 8 ? "d" : "s", n, batch, M, P, G, dom ? "dom" : "rnd", 100.0 * f0 / batch, 100.0 * f1 / batch, 100.0 * f2 / batch, f2,
         100.0 * warps_retry / nw, 100.0 * warps_fb / nw,
         100 * hist[0] / batch, 100 * hist[1] / batch, 100 * hist[2] / batch, 100 * hist[3] / batch, 100 * hist[4] / batch, 100 * hist[5] / batch);
}

int main(int argc, char **argv)
{
  int big = argc > 1 ? atoi(argv[1]) : 1 << 22;
  int ns[] = {64, 128, 256, 512, 1024};
  for (g_red2 = 0; g_red2 < 2; g_red2++)
    for (int n : ns) {
      int M = n <= 256 ? 16 : 32;
      run<double>(n, big / n, M, 0);
      if (n == 512) run<double>(512, 512, 16, 0);
      if (n >= 512) run<double>(n, big / n, M, 1);
      if (n >= 512) run<float>(n, big / n, M, 0);
    }
  g_red2 = 1;
  for (int n : {1536, 2048}) run<double>(n, big / n, 64, 0);
  return 0;
}
