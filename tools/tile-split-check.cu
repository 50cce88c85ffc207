/* gtsv-tile-split-check [systems]: on the host, a design for the on-chip batch kernel
   (src/batch/batch_tile.cu, issue 6) measured before any GPU time is spent on it: each
   lane splits its partition's interior at one inner row h and solves the two halves
   (part_solve, tile_core.h) as two independent chains (on the GPU: interleaved in one
   loop, about half the sweep's latency, the same shared memory), then eliminates row h
   locally:
       x_h = U - V x_left - W x_right,
       delta = d_h - a_h w1_last - c_h v2_first, U = (b_h - a_h u1_last - c_h u2_first) / delta,
       V = -a_h v1_last / delta, W = -c_h w2_first / delta
   (a SPIKE of two partitions inside the lane, i.e. one step of cyclic reduction without
   pivoting on the reduced system of M/2-row partitions). The halves keep their own u, v, w,
   so the cancellation test (kCancel, batch_tile.cu's top) sees every magnitude that
   cancels: x_h's |U| + |V x_left| + |W x_right|, the top rows' |u1| + |v1 x_left| +
   |w1 x_h|, the bottom rows' |u2| + |v2 x_h| + |w2 x_right|. delta itself can cancel,
   which no magnitude shows; "guard" adds a residual test of row h against the same
   magnitudes: |r_h| <= 8 u (|a_h| m_{h-1} + |d_h| m_h + |c_h| m_{h+1} + |b_h|).
   One SPIKE level (no shifted retries), the reduced system of the outer separators by
   the sequential pivoting (seq_dp), for both the plain method (part_solve per
   partition) and the split. Prints, per (precision, matrix, n, M): systems accepted by
   the cancellation test (and by the guard), and the residual ||Tx - b||_2 / ||b||_2 of
   the accepted ones against LAPACK's dgtsv / sgtsv: median, 99th percentile, largest;
   also the plain method with partitions of M/2 rows (the same rows split, the inner rows
   then in the reduced system and solved with pivoting).
   Random U(-1,1) systems and weak-diagonal ones (d = 0.1 U(-1,1)). SPLIT_TAU=t (environment):
   the split also refuses a delta below t times |d_h| + |a_h w1_last| + |c_h v2_first|.
   Results: bench/results/host-tile-split-2026-11-27.md (not worth a GPU kernel: the split
   accepts what M/2-row partitions accept, and its worst accepted residuals are 10-30x
   theirs; neither guard fixes that). A diagnostic, not installed. */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "batch/tile_core.h"
#include "oracle_cxx.h"
using namespace gtsv_tile;

struct Off { /* rows lo, lo + 1, ... of the system's arrays */
  int lo;
  __host__ __device__ int operator()(int k) const { return lo + k; }
};
struct Ident {
  __host__ __device__ int operator()(int k) const { return k; }
};

/* One partition's interior solved in place; split: at h = L / 2 (L >= 5). The state
   finish() needs. */
template <typename T> struct Part {
  int lo, L, h; /* h < 0: not split */
  Ends<T> e;    /* the interior's end values (combined where split) */
  T U, V, W, ah, dh, ch, bh;
  bool bad;
};

template <typename T>
static Part<T> solve_part(int lo, int L, bool left, bool right, bool split, T *A, T *D, T *C,
                          T *B)
{
  Part<T> p;
  p.lo = lo;
  p.L = L;
  p.h = split && L >= 5 ? L / 2 : -1;
  if (p.h < 0) {
    p.e = part_solve<true>(L, A, D, C, B, left, right, Off{lo});
    p.bad = p.e.bad;
    return p;
  }
  const int h = p.h, r = lo + h;
  p.ah = A[r]; p.dh = D[r]; p.ch = C[r]; p.bh = B[r];
  const Ends<T> e1 = part_solve<true>(h, A, D, C, B, left, true, Off{lo});
  const Ends<T> e2 = part_solve<true>(L - h - 1, A, D, C, B, true, right, Off{r + 1});
  const T delta = p.dh - p.ah * e1.wl - p.ch * e2.vf;
  p.U = (p.bh - p.ah * e1.xl - p.ch * e2.xf) / delta;
  p.V = -(p.ah * e1.vl) / delta;
  p.W = -(p.ch * e2.wf) / delta;
  p.bad = e1.bad || e2.bad || !(tabs(delta) > T(0)) || !(tabs(delta) <= finite_max<T>());
  /* delta's own cancellation (getenv SPLIT_TAU: refuse below tau times its terms) */
  {
    static const double tau = getenv("SPLIT_TAU") ? atof(getenv("SPLIT_TAU")) : 0.0;
    const double terms = fabs((double)p.dh) + fabs((double)p.ah * e1.wl) + fabs((double)p.ch * e2.vf);
    if (fabs((double)delta) < tau * terms) p.bad = true;
  }
  /* the interior's end values, x = u - v x_left - w x_right, through x_h */
  p.e.xf = e1.xf - e1.wf * p.U; p.e.vf = e1.vf - e1.wf * p.V; p.e.wf = -(e1.wf * p.W);
  p.e.xl = e2.xl - e2.vl * p.U; p.e.vl = -(e2.vl * p.V);      p.e.wl = e2.wl - e2.vl * p.W;
  p.e.bad = p.bad;
  return p;
}

/* x of the partition's rows from x_left, x_right, into B; the squares of the cancelling
   magnitudes into *s2 and of x into *x2 (unscaled: the test systems are of moderate
   size); guard: row h's residual test; returns false when it fails. */
template <typename T>
static bool finish(const Part<T> &p, const T *A, const T *D, T *B, T xl, T xr, double *s2,
                   double *x2)
{
  if (p.h < 0) {
    for (int k = 0; k < p.L; k++) {
      const int r = p.lo + k;
      const T u = B[r], v = A[r] * xl, w = D[r] * xr, x = u - v - w;
      const double m = (double)tabs(u) + tabs(v) + tabs(w);
      B[r] = x;
      *s2 += m * m;
      *x2 += (double)x * x;
    }
    return true;
  }
  const int h = p.h, rh = p.lo + h;
  const T xh = p.U - p.V * xl - p.W * xr;
  const double mh = (double)tabs(p.U) + tabs(p.V * xl) + tabs(p.W * xr);
  std::vector<double> m(p.L);
  m[h] = mh;
  for (int k = 0; k < h; k++) { /* top: x = u1 - v1 x_left - w1 x_h */
    const int r = p.lo + k;
    const T u = B[r], v = A[r] * xl, w = D[r] * xh, x = u - v - w;
    m[k] = (double)tabs(u) + tabs(v) + tabs(w);
    B[r] = x;
  }
  for (int k = h + 1; k < p.L; k++) { /* bottom: x = u2 - v2 x_h - w2 x_right */
    const int r = p.lo + k;
    const T u = B[r], v = A[r] * xh, w = D[r] * xr, x = u - v - w;
    m[k] = (double)tabs(u) + tabs(v) + tabs(w);
    B[r] = x;
  }
  B[rh] = xh;
  for (int k = 0; k < p.L; k++) {
    *s2 += m[k] * m[k];
    *x2 += (double)B[p.lo + k] * B[p.lo + k];
  }
  /* row h: a_h x_{h-1} + d_h x_h + c_h x_{h+1} = b_h, against the magnitudes */
  const double res = (double)p.bh - (double)p.ah * B[rh - 1] - (double)p.dh * xh -
                     (double)p.ch * B[rh + 1];
  const double uu = sizeof(T) == 8 ? 0x1p-53 : 0x1p-24;
  const double lim = 8 * uu * (fabs((double)p.ah) * m[h - 1] + fabs((double)p.dh) * mh +
                               fabs((double)p.ch) * m[h + 1] + fabs((double)p.bh));
  return fabs(res) <= lim;
}

/* One SPIKE level with separators at rows (j+1) M - 1; the reduced system by seq_dp.
   Returns 0 accepted, 1 refused by the cancellation test (or a bad block), 2 accepted by
   it but refused by the guard. */
template <typename T>
static int attempt(int n, int M, bool split, const T *a, const T *d, const T *c, const T *b,
                   T *x)
{
  std::vector<T> A(a, a + n), D(d, d + n), C(c, c + n), B(b, b + n);
  const int Pu = (n + M - 1) / M;
  std::vector<Part<T>> p(Pu);
  bool bad = false;
  for (int j = 0; j < Pu; j++) {
    const int lo = j * M, L = (j < Pu - 1 ? (j + 1) * M - 1 : n) - lo;
    p[j] = solve_part(lo, L, j > 0, j < Pu - 1, split, A.data(), D.data(), C.data(), B.data());
    bad |= p[j].bad;
  }
  if (bad) return 1;
  const int R = Pu - 1;
  std::vector<T> ra(R), rd(R), rc(R), rb(R);
  for (int j = 0; j < R; j++) {
    const int s = (j + 1) * M - 1;
    reduced_row(A[s], D[s], C[s], B[s], p[j].e.vl, p[j].e.wl, p[j].e.xl, p[j + 1].e.vf,
                p[j + 1].e.wf, p[j + 1].e.xf, &ra[j], &rd[j], &rc[j], &rb[j]);
  }
  if (R > 0 && seq_dp(R, ra.data(), rd.data(), rc.data(), rb.data(), Ident{}) >= 0) return 1;
  for (int j = 0; j < R; j++) B[(j + 1) * M - 1] = rb[j];
  double s2 = 0, x2 = 0;
  bool guard = true;
  for (int j = 0; j < Pu; j++) {
    const T xl = j > 0 ? B[j * M - 1] : T(0), xr = j < R ? B[(j + 1) * M - 1] : T(0);
    guard &= finish(p[j], A.data(), D.data(), B.data(), xl, xr, &s2, &x2);
    s2 += (double)xr * xr;
    x2 += (double)xr * xr;
  }
  for (int i = 0; i < n; i++) x[i] = B[i];
  if (!(s2 <= kCancel * kCancel * x2) || !(x2 <= 1e300)) return 1;
  return guard ? 0 : 2;
}

static double pct(std::vector<double> v, double q)
{
  if (v.empty()) return NAN;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, (size_t)(q * (double)v.size()))];
}

template <typename T> static void run(int n, int M, bool weak, int systems)
{
  g_rng = 0x9E3779B97F4A7C15ull ^ (uint64_t)(n * 131 + M * 7 + weak + sizeof(T));
  std::vector<T> a(n), d(n), c(n), b(n), x(n), xl(n);
  std::vector<double> r0, r1, r1g, rh;
  long acc0 = 0, acc1 = 0, guard1 = 0, total = 0, acch = 0;
  for (int s = 0; s < systems; s++) {
    const double rl = random_system(n, weak, a.data(), d.data(), c.data(), b.data(), xl.data());
    if (rl < 0) continue;
    total++;
    if (attempt(n, M, false, a.data(), d.data(), c.data(), b.data(), x.data()) == 0) {
      acc0++;
      r0.push_back(resid(n, a.data(), d.data(), c.data(), x.data(), b.data()) / rl);
    }
    if (attempt(n, M / 2, false, a.data(), d.data(), c.data(), b.data(), x.data()) == 0) {
      acch++;
      rh.push_back(resid(n, a.data(), d.data(), c.data(), x.data(), b.data()) / rl);
    }
    const int k = attempt(n, M, true, a.data(), d.data(), c.data(), b.data(), x.data());
    if (k != 1) {
      acc1++;
      r1.push_back(resid(n, a.data(), d.data(), c.data(), x.data(), b.data()) / rl);
    }
    if (k == 2) guard1++;
    else if (k == 0) r1g.push_back(r1.back());
  }
  printf("%s %-6s n %4d M %2d | plain: accepted %6.2f%%, resid/LAPACK median %.2f p99 %.1f max %.1f"
         " | split: accepted %6.2f%% (guard refused %ld), median %.2f p99 %.1f max %.1f;"
         " with the guard max %.1f | plain M/2: accepted %6.2f%%, median %.2f p99 %.1f max %.1f\n",
         sizeof(T) == 8 ? "double" : "float ", weak ? "weak" : "random", n, M,
         100.0 * acc0 / total, pct(r0, 0.5), pct(r0, 0.99), pct(r0, 1.0), 100.0 * acc1 / total,
         guard1, pct(r1, 0.5), pct(r1, 0.99), pct(r1, 1.0), pct(r1g, 1.0), 100.0 * acch / total,
         pct(rh, 0.5), pct(rh, 0.99), pct(rh, 1.0));
  fflush(stdout);
}

int main(int argc, char **argv)
{
  const int systems = argc > 1 ? atoi(argv[1]) : 2000;
  static const int shapes[][2] = {{64, 16}, {256, 16}, {512, 16}, {1024, 32}};
  for (int w = 0; w < 2; w++)
    for (const auto &s : shapes) {
      run<double>(s[0], s[1], w != 0, systems);
      run<float>(s[0], s[1], w != 0, systems);
    }
  return 0;
}
