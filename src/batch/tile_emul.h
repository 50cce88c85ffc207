/* Host emulation of the on-chip batch kernel's decisions for one system
   (batch_tile.cu: tile_kernel, spike_attempt_np, spike_attempt, spike_level), with
   tile_core.h's steps: the same dominance test and attempt without pivoting, the
   same partitions, separators, two-level reduced solve, cancellation test, retries
   with shifted separators and sequential fallback. The kernel runs a
   level's parts on lanes and sums its cancellation terms by warp shuffles; here
   they run one after the other and sum in order, so a sum may differ in its last
   bits and a system right at the test's limit may be decided the other way. For
   tests (tests/check_tile_core.cu: the method against LAPACK in CI, where no GPU
   is) and tools (tools/tile-retry-count.cu). C++ (CUDA) host code only. */
#ifndef GTSV_BATCH_TILE_EMUL_H
#define GTSV_BATCH_TILE_EMUL_H

#include <math.h>
#include <vector>
#include "batch/tile_core.h"

namespace gtsv_tile {

/* Options: red2 as gtsv__batch_tile_red2 (0: one level; 1: two levels from
   kRed2MinRows rows; 2: two levels always judged failed); fail_first: the first
   attempt is judged failed (tests: every system takes the retries). */
struct EmulOpts {
  int red2 = 1;
  bool fail_first = false;
  bool np = true;       /* gtsv__batch_tile_np 1: strictly dominant systems without
                           pivoting first (reduced systems of kRed2MinRows rows or more) */
  bool np_fail = false; /* gtsv__batch_tile_np 2: that attempt judged failed */
  int pcr = 1;          /* gtsv__batch_tile_pcr (1: reduced systems of kPcrMinRows rows
                           or more by checked cyclic reduction first; 0: not; 2: that
                           solve always judged failed) */
  int pcr_refine = 0;   /* host experiments only (tools/tile-pcr-check.cu; the kernel has
                           none): steps of iterative refinement, each by cyclic reduction
                           again, of an answer pcr_accept refused, before giving it up (one
                           such step in the kernel lost 2-4% on the H200 but at double 512:
                           bench/results/gpu-batch-wide-h200-2026-11-28.md) */
};
/* Counters over the systems solved. ratio: sqrt(s2 / x2) of the last attempt. */
struct EmulStats {
  long attempts = 0, retries = 0, fallbacks = 0, red2_tries = 0, red2_fails = 0;
  long np_attempts = 0, np_fails = 0; /* the attempts without pivoting, and those failed */
  long pcr_tries = 0, pcr_fails = 0;   /* the checked cyclic reductions, and those refused */
  double ratio = 0;
};

/* In the helpers below M is the rows of a tile column, the kernel's L (tile_core.h
   tile_rows: emul_solve takes the kernel's M and forms it); columns here hold M + 1
   slots, as many as the kernel's arithmetic needs (its columns may be longer).
   Row r of the system -> tile offset (columns of M + 1). */
struct EmulRow {
  int M;
  __host__ __device__ int operator()(int r) const { return r + r / M; }
};
/* Row r -> r (rows in order, no columns). */
struct EmulIdent {
  __host__ __device__ int operator()(int r) const { return r; }
};
/* Row k of a part whose first row is lo, in the rows' order. */
struct EmulPart {
  int lo, M;
  __host__ __device__ int operator()(int k) const { const int r = lo + k; return r + r / M; }
};
/* Separator j: row (j+1) M - 1 - h. */
struct EmulSep {
  int M, h;
  __host__ __device__ int operator()(int j) const
  {
    const int r = (j + 1) * M - 1 - h;
    return r + r / M;
  }
};
/* Row k of a part of the reduced system: sep(off + k stride). */
struct EmulRed {
  EmulSep sep;
  int off, stride;
  __host__ __device__ int operator()(int k) const { return sep(off + k * stride); }
};

/* A system (a, d, c, b: its n rows) in tile columns of M + 1, as the kernel loads
   it, with the partitions of an attempt whose separators are moved up h rows
   (spike_attempt's layout; Pu = ceil(n / M) >= 2 partitions). */
template <typename T> struct EmulTile {
  int Pu;
  std::vector<T> A, D, C, B;
  std::vector<int> L;
  std::vector<EmulPart> idx;
  EmulSep sep;
  EmulRow row;
  EmulTile(int n, int M, int h, const T *a, const T *d, const T *c, const T *b)
      : Pu((n + M - 1) / M), A((size_t)Pu * (M + 1)), D(A.size()), C(A.size()), B(A.size()),
        L(Pu), idx(Pu), sep{M, h}, row{M}
  {
    for (int r = 0; r < n; r++) {
      const int k = row(r);
      A[k] = a[r]; D[k] = d[r]; C[k] = c[r]; B[k] = b[r];
    }
    for (int p = 0; p < Pu; p++) {
      const int lo = p == 0 ? 0 : p * M - h;
      L[p] = (p < Pu - 1 ? (p + 1) * M - 1 - h : n) - lo;
      idx[p] = EmulPart{lo, M};
    }
  }
};

/* spike_level on the host: nparts parts (part j: L[j] rows at idx[j], separators
   sep(0..nparts-2)); reduced() solves the reduced system and returns true when it
   failed. Returns whether the rows hold x; *ratio: sqrt(s2 / x2). */
template <bool WIDE, typename T, typename PIdx, typename SIdx, typename Reduced, bool NP = false>
bool emul_level(T *A, T *D, T *C, T *B, int nparts, const int *L, const PIdx *idx, SIdx sep,
                Reduced reduced, bool force_fail, double *ratio)
{
  std::vector<Ends<T>> e(nparts);
  bool fail = false;
  for (int j = 0; j < nparts; j++) {
    e[j] = NP ? part_solve_np(L[j], A, D, C, B, j > 0, j < nparts - 1, idx[j])
              : part_solve<WIDE>(L[j], A, D, C, B, j > 0, j < nparts - 1, idx[j]);
    fail |= e[j].bad;
  }
  for (int j = 0; j + 1 < nparts; j++) {
    const int k = sep(j);
    reduced_row(A[k], D[k], C[k], B[k], e[j].vl, e[j].wl, e[j].xl, e[j + 1].vf, e[j + 1].wf,
                e[j + 1].xf, &A[k], &D[k], &C[k], &B[k]);
  }
  *ratio = INFINITY;
  if (fail || reduced()) return false;
  std::vector<T> xl(nparts), xr(nparts);
  T m0 = 0;
  bool mod = true; /* the kernel's vote (spike_level) */
  for (int j = 0; j < nparts; j++) {
    xl[j] = j > 0 ? B[sep(j - 1)] : T(0);
    xr[j] = j + 1 < nparts ? B[sep(j)] : T(0);
    const T me = part_ends(L[j], A, D, B, xl[j], xr[j], idx[j]);
    m0 = tmax(m0, me);
    mod = mod && moderate(me);
  }
  const T sc = mod ? T(1) : pow2_inv(m0);
  T s2 = 0, x2 = 0;
  for (int j = 0; j < nparts; j++) {
    part_finish(L[j], A, D, B, xl[j], xr[j], sc, &s2, &x2, idx[j]);
    s2 += (sc * xr[j]) * (sc * xr[j]);
    x2 += (sc * xr[j]) * (sc * xr[j]);
  }
  *ratio = sqrt((double)s2 / (double)x2);
  return cancel_pass(s2, x2) && !force_fail;
}

/* One attempt (spike_attempt) on the system (a, d, c, b: its n rows) with
   separators moved up h rows; M rows a column (the kernel's L), Pu = ceil(n / M) >= 2
   partitions. On success x holds the answer. */
template <typename T>
bool emul_attempt(int n, int M, int h, const T *a, const T *d, const T *c, const T *b, T *x,
                  const EmulOpts &o, EmulStats *st)
{
  EmulTile<T> t(n, M, h, a, d, c, b);
  const int Pu = t.Pu, R = Pu - 1;
  const std::vector<int> &L = t.L;
  const std::vector<EmulPart> &idx = t.idx;
  const EmulSep sep = t.sep;
  const EmulRow row = t.row;
  T *pA = t.A.data(), *pD = t.D.data(), *pC = t.C.data(), *pB = t.B.data();
  auto seq = [&]() { return seq_dp(R, pA, pD, pC, pB, sep) >= 0; };
  auto reduced = [&]() {
    if (o.pcr != 0 && R >= kPcrMinRows) {
      std::vector<T> tn(R);
      for (int j = 0; j < R; j++) {
        const int r = (j + 1) * M - 1 - h;
        tn[j] = tabs(a[r]) + tabs(d[r]) + tabs(c[r]);
      }
      st->pcr_tries++;
      if (emul_pcr_checked(R, pA, pD, pC, pB, sep, tn.data(), o.pcr == 2, o.pcr_refine))
        return false;
      st->pcr_fails++;
    }
    if (!(o.red2 != 0 && R >= kRed2MinRows)) return seq();
    std::vector<T> keep(4 * (size_t)R);
    for (int p = 0; p < R; p++) {
      const int k = sep(p);
      keep[4 * p] = pA[k];
      keep[4 * p + 1] = pD[k];
      keep[4 * p + 2] = pC[k];
      keep[4 * p + 3] = pB[k];
    }
    const int Q = (R + 3) >> 2;
    const int L2[4] = {Q - 1, Q - 1, Q - 1, R - 3 * Q};
    const EmulRed idx2[4] = {{sep, 0, 1}, {sep, Q, 1}, {sep, 2 * Q, 1}, {sep, 3 * Q, 1}};
    const EmulRed sep2{sep, Q - 1, Q};
    auto seq3 = [&]() { return seq_dp(3, pA, pD, pC, pB, sep2) >= 0; };
    double r2;
    st->red2_tries++;
    if (emul_level<false>(pA, pD, pC, pB, 4, L2, idx2, sep2, seq3, o.red2 == 2, &r2))
      return false;
    st->red2_fails++;
    for (int p = 0; p < R; p++) {
      const int k = sep(p);
      pA[k] = keep[4 * p];
      pD[k] = keep[4 * p + 1];
      pC[k] = keep[4 * p + 2];
      pB[k] = keep[4 * p + 3];
    }
    return seq();
  };
  st->attempts++;
  const bool force = o.fail_first && h == 0;
  const bool ok = h > 0 && M + M / 2 > 64
                      ? emul_level<true>(pA, pD, pC, pB, Pu, L.data(), idx.data(), sep, reduced,
                                         force, &st->ratio)
                      : emul_level<false>(pA, pD, pC, pB, Pu, L.data(), idx.data(), sep,
                                          reduced, force, &st->ratio);
  if (ok)
    for (int r = 0; r < n; r++) x[r] = pB[row(r)];
  return ok;
}

/* pcr_reduced on the host: the R rows at sep(0..R-1), every step applied to all rows
   from the values before it, as the lanes do. Returns true when an x is not
   finite. */
template <typename T, typename SIdx> bool emul_pcr(int R, T *A, T *D, T *C, T *B, SIdx sep)
{
  std::vector<T> a(R), b(R), c(R), r(R), ib(R);
  for (int p = 0; p < R; p++) {
    const int k = sep(p);
    a[p] = A[k]; b[p] = D[k]; c[p] = C[k]; r[p] = B[k];
  }
  for (int k = 1; k < R; k <<= 1) {
    for (int p = 0; p < R; p++) ib[p] = T(1) / b[p];
    const std::vector<T> a0 = a, c0 = c, r0 = r;
    for (int p = 0; p < R; p++) {
      const bool up = p >= k, dn = p + k < R;
      pcr_step(a[p], b[p], c[p], r[p], up ? a0[p - k] : T(0), up ? c0[p - k] : T(0),
               up ? r0[p - k] : T(0), up ? ib[p - k] : T(1), dn ? a0[p + k] : T(0),
               dn ? c0[p + k] : T(0), dn ? r0[p + k] : T(0), dn ? ib[p + k] : T(1));
    }
  }
  bool bad = false;
  for (int p = 0; p < R; p++) {
    const T x = r[p] / b[p];
    B[sep(p)] = x;
    bad |= !(tabs(x) <= finite_max<T>());
  }
  return bad;
}

/* pcr_checked (batch_tile.cu) on the host: the R reduced rows at sep(0..R-1) by
   emul_pcr, its answer written over them only where pcr_accept takes it (tn[j]:
   |a| + |d| + |c| of separator j's original row). Returns whether it was taken;
   if not, the reduced rows are as before. force_fail: judged failed (tests). */
template <typename T, typename SIdx>
bool emul_pcr_checked(int R, T *A, T *D, T *C, T *B, SIdx sep, const T *tn, bool force_fail,
                      int refine = 0)
{
  std::vector<T> a(R), b(R), c(R), r(R);
  for (int p = 0; p < R; p++) {
    const int k = sep(p);
    a[p] = A[k]; b[p] = D[k]; c[p] = C[k]; r[p] = B[k];
  }
  /* emul_pcr works in place: on copies, x over the copy of r */
  std::vector<T> ca(a), cb(b), cc(c), x(r);
  bool nf = emul_pcr(R, ca.data(), cb.data(), cc.data(), x.data(), EmulIdent());
  for (int it = 0;; it++) {
    T xmax = 0, tmx = 0;
    bool mod = true; /* the kernel's vote (pcr_checked) */
    for (int p = 0; p < R; p++) {
      xmax = tmax(xmax, tabs(x[p]));
      tmx = tmax(tmx, tn[p]);
      mod = mod && moderate(tabs(x[p]));
    }
    const T sxs = mod ? T(1) : pow2_inv(xmax), sts = pow2_inv(tmx);
    T sr = 0, sx = 0;
    std::vector<T> dx(R); /* the residual r - T x, unscaled */
    for (int p = 0; p < R; p++) {
      const T xm = p > 0 ? x[p - 1] : T(0), xp = p + 1 < R ? x[p + 1] : T(0);
      dx[p] = r[p] - a[p] * xm - b[p] * x[p] - c[p] * xp;
      const T res = dx[p] * sxs * sts;
      const T xs = x[p] * sxs;
      sr += res * res;
      sx += xs * xs;
    }
    if (!nf && !force_fail && pcr_accept(sr, sx, tmx * sts)) break;
    if (nf || force_fail || it >= refine) return false;
    /* a refinement step (experiments): x += T^-1 (r - T x), by cyclic reduction */
    std::vector<T> ra(a), rb(b), rc(c);
    nf = emul_pcr(R, ra.data(), rb.data(), rc.data(), dx.data(), EmulIdent());
    for (int p = 0; p < R; p++) x[p] += dx[p];
  }
  for (int p = 0; p < R; p++) B[sep(p)] = x[p];
  return true;
}

/* Whether every row is strictly diagonally dominant (the kernel's column_dominant
   over the system's columns). */
template <typename T> bool emul_dominant(int n, const T *a, const T *d, const T *c)
{
  for (int r = 0; r < n; r++)
    if (!dominant_row(r == 0 ? T(0) : a[r], d[r], r == n - 1 ? T(0) : c[r])) return false;
  return true;
}

/* The attempt without pivoting (spike_attempt_np) on a strictly dominant system:
   separators at h = 0, part_solve_np, the reduced system by emul_pcr, the same
   cancellation test. On success x holds the answer. */
template <typename T>
bool emul_attempt_np(int n, int M, const T *a, const T *d, const T *c, const T *b, T *x,
                     const EmulOpts &o, EmulStats *st)
{
  EmulTile<T> t(n, M, 0, a, d, c, b);
  T *pA = t.A.data(), *pD = t.D.data(), *pC = t.C.data(), *pB = t.B.data();
  auto reduced = [&]() { return emul_pcr(t.Pu - 1, pA, pD, pC, pB, t.sep); };
  st->np_attempts++;
  const bool ok = emul_level<false, T, EmulPart, EmulSep, decltype(reduced), true>(
      pA, pD, pC, pB, t.Pu, t.L.data(), t.idx.data(), t.sep, reduced, o.np_fail, &st->ratio);
  if (ok)
    for (int r = 0; r < n; r++) x[r] = pB[t.row(r)];
  else
    st->np_fails++;
  return ok;
}

/* The kernel's whole decision for one system of n rows in tile columns of M rows (its
   partitions of L = tile_rows(n, M) rows, Pu = ceil(n / L) of them): one partition: the
   sequential pivoting; else, for a strictly dominant system with a reduced system of
   kRed2MinRows rows or more (and red2 on: the kernel variant that has it), the attempt
   without pivoting; then the attempt, the retries (L/2, then L/4; none where n <=
   kSeqRetryMaxN) and the sequential pivoting. x: the answer, or b where the system is
   singular. Returns -1 or the singular row (as DP_SEQ). */
template <typename T>
int emul_solve(int n, int M, const T *a, const T *d, const T *c, const T *b, T *x,
               const EmulOpts &o, EmulStats *st)
{
  const int L = tile_rows(n, M), Pu = (n + L - 1) / L;
  if (Pu >= 2) {
    if (o.np && o.red2 != 0 && Pu - 1 >= kRed2MinRows && emul_dominant(n, a, d, c) &&
        emul_attempt_np(n, L, a, d, c, b, x, o, st))
      return -1;
    if (emul_attempt(n, L, 0, a, d, c, b, x, o, st)) return -1;
    EmulOpts ro = o; /* the retries' reduced systems in one level (batch_tile.cu) */
    ro.red2 = 0;
    for (int t = 0; t < 2 && n > kSeqRetryMaxN; t++) { /* else straight to the fallback */
      st->retries++;
      if (emul_attempt(n, L, tile_shift(L, t), a, d, c, b, x, ro, st)) return -1;
    }
    st->fallbacks++;
  }
  std::vector<T> A(a, a + n), D(d, d + n), C(c, c + n), B(b, b + n);
  const int bad = seq_dp(n, A.data(), D.data(), C.data(), B.data(), EmulIdent());
  for (int r = 0; r < n; r++) x[r] = bad >= 0 ? b[r] : B[r];
  return bad;
}

} /* namespace gtsv_tile */

#endif /* GTSV_BATCH_TILE_EMUL_H */
