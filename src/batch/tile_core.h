/* The per-lane steps of the on-chip batch kernel (batch_tile.cu), as __host__
   __device__ functions over plain arrays, so that the method can also be run and
   checked on the host. All arithmetic of a pivot block comes from core/pivot.h
   (through core/pivot_cxx.h). C++ (CUDA) only.

   Storage. Four arrays A (sub-diagonal), D (diagonal), C (super-diagonal) and B
   (right-hand side) hold the rows of a system; row r lives at index idx(r) of each.
   The steps overwrite them in place (see each function); the caller keeps the
   original data elsewhere (global memory) for a fallback. */
#ifndef GTSV_BATCH_TILE_CORE_H
#define GTSV_BATCH_TILE_CORE_H

#include <math.h>
#include <stdint.h>
#include <string.h>
#include "core/pivot_cxx.h"

namespace gtsv_tile {
using namespace gtsv_piv;

/* The on-chip kernel's (batch_tile.cu) constants, here so that its host emulation
   (tile_emul.h) uses the same ones. */
/* cancellation limit (see batch_tile.cu's top); GTSV_TILE_KCANCEL overrides it only in
   host diagnostics (tools/tile-cancel-check.cu), never in the library */
#ifndef GTSV_TILE_KCANCEL
#define GTSV_TILE_KCANCEL 32.0
#endif
constexpr double kCancel = GTSV_TILE_KCANCEL;
/* A reduced system this long is solved in two levels. H200, double random, 2^24
   rows (bench/results/gpu-batch-red2-2026-11-24.md), two levels against one: R = 15
   (n = 256, M = 16) 7% slower, (n = 512, M = 32) equal; R = 23 (n = 768) 4.5%
   faster, R = 31 (n = 1024) 8%, and 512 x 512 (R = 31) 12%. */
constexpr int kRed2MinRows = 16;

/* A reduced system this long is first solved by parallel cyclic reduction without
   pivoting, its answer kept where its residual is small (pcr_accept); else the
   pivoting solves above. kPcrTol, by the method's residual against LAPACK's on the
   same systems (tools/tile-pcr-check.cu, 20000 systems each, n = 256..1024, M = 16
   and 32, double and float): at 4, random U(-1,1) systems accept 93-98% of their
   reduced systems and the method's residual / LAPACK's has the median of the
   pivoting reduced solves' within 2% (1.7-1.9) and the same tails (p99.9 28-38);
   weak-diagonal ones (d = 0.1 U(-1,1)) accept 41-71%, median within 10% (2.6-3.5
   against 2.5-3.2). At 16, 97.7-99% of random ones passed, but the weak-diagonal
   median rose 31% and n = 256's worst went from 75x LAPACK to 166x: accuracy first.
   H200: 4 costs 1-3% of the batches' time against 16
   (bench/results/gpu-batch-pcr-2026-11-25.md). */
constexpr int kPcrMinRows = 4;
constexpr double kPcrTol = 4.0;

/* Systems of at most this many rows that fail their first attempt go straight to the
   sequential fallback (DP_SEQ's pivots and x, a lane a system), without the retries with
   shifted separators (batch_tile.cu group_solve; nor do they take the speculative
   kernel, whose point is those retries; tile_emul.h emul_solve the same). A retry
   reloads the system and runs a whole attempt again, its last interior up to 1.5 L rows,
   while the warp's other lanes idle: at double random 64 x 262144 1.19% of the systems
   fail the first attempt (9% of the warps) and the retries took 13.7% of the warps'
   cycles, the sequential fallback in their place 12.9% (counters,
   bench/results/gpu-batch-vote-h200-2026-11-28.md). H200, same run, strided 64 x 262144
   (bench/results/gpu-final-h200-a6d7e9a-2026-11-28.md): double random 0.2752 against
   0.2932 ms, float random 0.1806-0.1815 against 0.1803-0.1812, dominant equal; at 128 (a
   128-row sequential chain) double random 128 x 131072 was 7% slower and float 9%
   (bench/results/gpu-batch-seq128-h200-2026-11-28.md). */
#ifndef GTSV_TILE_SEQ_RETRY_MAXN
#define GTSV_TILE_SEQ_RETRY_MAXN 64
#endif
constexpr int kSeqRetryMaxN = GTSV_TILE_SEQ_RETRY_MAXN;

/* Lanes of one system in the on-chip kernel whose tile columns hold M rows: the least
   power of two P with P M >= n. */
__host__ __device__ inline int tile_lanes(int n, int M)
{
  int P = 1;
  while (P * M < n) P <<= 1;
  return P;
}
/* Rows of a partition there (the system's rows balanced over its lanes): ceil(n / P),
   so M / 2 < L <= M where P > 1 (P M / 2 < n), and the last partition's rows,
   n - (Pu - 1) L with Pu = ceil(n / L) <= P partitions, at least 1; n where P = 1
   (one partition). Before, every partition but the last had M rows, and n just above
   P M / 2 left nearly half the lanes idle with sweeps of M - 1 rows (n = 600, M = 32:
   19 lanes of 32 rows; balanced, 32 lanes of 19; the same at n = 512, 1024). */
__host__ __device__ inline int tile_rows(int n, int M)
{
  const int P = tile_lanes(n, M);
  return P == 1 ? n : (n + P - 1) / P;
}
/* How far retry t (0, 1) moves the separators up, for partitions of L rows: L/2, then
   L/4 (both >= 1 and different: L > M/2 >= 4). */
__host__ __device__ inline int tile_shift(int L, int t) { return t == 0 ? L / 2 : L / 4; }

template <typename T> __host__ __device__ __forceinline__ T tabs(T v)
{
#ifdef __CUDA_ARCH__
  return fabs(v); /* an operand modifier; the host's form differs only in a zero's sign */
#else
  return v < 0 ? -v : v;
#endif
}
template <typename T> __host__ __device__ __forceinline__ T tmax(T a, T b) { return a > b ? a : b; }

/* State of a forward sweep between pivot blocks: bt, zt (and vt for part_solve) are
   the updated diagonal, right-hand side (and left spike) of row i. */
template <typename T> struct Sweep {
  T bt, zt, vt;
  int i;
};

/* One pivot block of seq_dp's forward sweep at row s.i. H1, H2: rows i+1, i+2 are
   in the system (compile-time, so that the main loop has no bounds selects; an
   absent row reads as 0, as before, and the arithmetic is the same). Returns
   false on a bad pivot block (s.i is then its row). */
template <bool H1, bool H2, typename T, typename Idx>
__host__ __device__ __forceinline__ bool seq_step(Sweep<T> &s, T *A, T *D, T *C, T *B, Idx idx)
{
  const int i = s.i;
  const int k0 = idx(i), k1 = H1 ? idx(i + 1) : k0, k2 = H2 ? idx(i + 2) : k0;
  const T c0 = H1 ? C[k0] : T(0), a1 = H1 ? A[k1] : T(0), b1 = H1 ? D[k1] : T(0);
  const T c1 = H2 ? C[k1] : T(0), a2 = H2 ? A[k2] : T(0);
  T z1 = H1 ? B[k1] : T(0);
  const T rcp = rcp_early(s.bt); /* before the pivot test: see core/pivot_cxx.h */
  /* the last row is always 1x1, as on the host */
  if (!H1 || piv_1x1(s.bt, c0, a1, b1, c1, a2)) {
    if (bad_piv(s.bt)) return false;
    T g;
    const T p = rcp, nbt = fac_1x1_r(rcp, c0, a1, b1, &g);
    B[k0] = fsol_1x1(p, s.zt, a1, &z1);
    D[k0] = g;
    C[k0] = T(0);
    s.bt = nbt;
    s.zt = z1;
    s.i = i + 1;
  } else {
    const T b2 = H2 ? D[k2] : T(0);
    T z2 = H2 ? B[k2] : T(0), delta, p0, p1, g0, g1, y0, y1;
    const T nbt = fac_2x2(s.bt, c0, a1, b1, c1, a2, b2, &delta, &p0, &p1, &g0, &g1);
    if (bad_piv(delta)) return false;
    fsol_2x2(p0, p1, c0, a1, b1, a2, s.zt, z1, &y0, &y1, &z2);
    B[k0] = y0;
    B[k1] = y1;
    D[k0] = g0;
    D[k1] = g1;
    C[k0] = T(1);
    C[k1] = T(0);
    s.bt = nbt;
    s.zt = z2;
    s.i = i + 2;
  }
  return true;
}

/* Sequential diagonal pivoting (the host DP_SEQ, src/host/dp_seq_gen.c, pivot for
   pivot) of the n rows at idx(0..n-1), in place: on exit B holds x, D the factor's
   g, C the flag "a 2x2 block starts here" (1 or 0); A is kept. Returns -1, or the
   row of the first bad pivot block (then B is partly overwritten). */
template <typename T, typename Idx>
__host__ __device__ __forceinline__ int seq_dp(int n, T *A, T *D, T *C, T *B, Idx idx)
{
  Sweep<T> s;
  s.bt = D[idx(0)];
  s.zt = B[idx(0)];
  s.vt = T(0);
  s.i = 0;
  /* rows i+1 and i+2 exist while i < n-2; then at most two steps at the end */
  while (s.i < n - 2)
    if (!seq_step<true, true>(s, A, D, C, B, idx)) return s.i;
  if (s.i == n - 2 && !seq_step<true, false>(s, A, D, C, B, idx)) return s.i;
  if (s.i == n - 1 && !seq_step<false, false>(s, A, D, C, B, idx)) return s.i;
  /* backward: x[i] = y[i] - g[i] x[i + 1 + first2x2(i)]; x beyond row n-1 is 0
     (a final 2x2 block has g = 0 at its first row there) */
  T x1 = 0, x2 = 0;
  for (int r = n - 1; r >= 0; r--) {
    const int k = idx(r);
    const T xr = B[k] - D[k] * (C[k] != T(0) ? x2 : x1);
    B[k] = xr;
    x2 = x1;
    x1 = xr;
  }
  return -1;
}

/* End values of a partition's three solutions (first and last interior row). */
template <typename T> struct Ends {
  T xf, xl; /* u = T_p^-1 b_p */
  T vf, vl; /* v = T_p^-1 (a_first e_1): the left spike */
  T wf, wl; /* w = T_p^-1 (c_last e_L): the right spike */
  bool bad; /* a pivot block of T_p is singular or not finite */
};

/* Rows of an interior where a 2x2 block starts, one bit a row: interiors of up to
   64 rows (WIDE = false) or 128 (WIDE: two words, picked by a select, so that
   nothing is indexed at run time and both stay in registers). */
template <bool WIDE> struct Starts;
template <> struct Starts<false> {
  uint64_t w = 0;
  __host__ __device__ void set(int r) { w |= (uint64_t)1 << r; }
  /* set bit r where b (0 <= r < 64), without a branch */
  __host__ __device__ void put(int r, bool b) { w |= (uint64_t)b << r; }
  __host__ __device__ bool get(int r) const { return (w >> r) & 1u; }
};
template <> struct Starts<true> {
  uint64_t lo = 0, hi = 0;
  __host__ __device__ void set(int r)
  {
    if (r < 64) lo |= (uint64_t)1 << r;
    else hi |= (uint64_t)1 << (r - 64);
  }
  __host__ __device__ void put(int r, bool b)
  {
    lo |= (uint64_t)(b && r < 64) << (r & 63);
    hi |= (uint64_t)(b && r >= 64) << (r & 63);
  }
  __host__ __device__ bool get(int r) const
  {
    return ((r < 64 ? lo >> r : hi >> (r - 64)) & 1u) != 0u;
  }
};

/* The state of part_solve's forward sweep. */
template <typename T, bool WIDE> struct PartSweep : Sweep<T> {
  Starts<WIDE> f2;           /* the rows where a 2x2 block starts */
  T lp0, lp1, lc0, la1, lb1; /* the last pivot block, for w's forward solve */
  bool last2;
};

/* One pivot block of part_solve's forward sweep (u and v) at row s.i; H1, H2 as
   in seq_step. Returns false on a bad pivot block. */
template <bool H1, bool H2, typename T, bool WIDE, typename Idx>
__host__ __device__ __forceinline__ bool part_step(PartSweep<T, WIDE> &s, T *A, T *D, const T *C,
                                                   T *B, Idx idx)
{
  const int i = s.i;
  const int k0 = idx(i), k1 = H1 ? idx(i + 1) : k0, k2 = H2 ? idx(i + 2) : k0;
  const T c0 = H1 ? C[k0] : T(0), a1 = H1 ? A[k1] : T(0), b1 = H1 ? D[k1] : T(0);
  const T c1 = H2 ? C[k1] : T(0), a2 = H2 ? A[k2] : T(0);
  T z1 = H1 ? B[k1] : T(0);
  const T rcp = rcp_early(s.bt);
  if (!H1 || piv_1x1(s.bt, c0, a1, b1, c1, a2)) {
    if (bad_piv(s.bt)) return false;
    T g, v1 = 0;
    const T p = rcp, nbt = fac_1x1_r(rcp, c0, a1, b1, &g);
    B[k0] = fsol_1x1(p, s.zt, a1, &z1);
    A[k0] = fsol_1x1(p, s.vt, a1, &v1); /* A[k0] is not read again */
    D[k0] = g;
    s.lp0 = p;
    s.last2 = false;
    s.bt = nbt;
    s.zt = z1;
    s.vt = v1;
    s.i = i + 1;
  } else {
    const T b2 = H2 ? D[k2] : T(0);
    T z2 = H2 ? B[k2] : T(0), v2 = 0, delta, p0, p1, g0, g1, y0, y1;
    const T nbt = fac_2x2(s.bt, c0, a1, b1, c1, a2, b2, &delta, &p0, &p1, &g0, &g1);
    if (bad_piv(delta)) return false;
    fsol_2x2(p0, p1, c0, a1, b1, a2, s.zt, z1, &y0, &y1, &z2);
    B[k0] = y0;
    B[k1] = y1;
    fsol_2x2(p0, p1, c0, a1, b1, a2, s.vt, T(0), &y0, &y1, &v2);
    A[k0] = y0;
    A[k1] = y1;
    D[k0] = g0;
    D[k1] = g1;
    s.f2.set(i);
    s.lp0 = p0; s.lp1 = p1; s.lc0 = c0; s.la1 = a1; s.lb1 = b1;
    s.last2 = true;
    s.bt = nbt;
    s.zt = z2;
    s.vt = v2;
    s.i = i + 2;
  }
  return true;
}

/* part_solve's forward sweep (its ROWS; GTSV_TILE_ROWS the default): 1 by rows with the
   stores where a block ends (part_rows<false>), 2 by rows with the stores delayed a row
   (part_rows<true>; the on-chip kernels take 2 for 32- and 64-row columns and 1 for
   16-row ones: batch_tile.cu, tile_row_form), 0 by pivot blocks (part_step: the reference
   of tests/check_tile_core.cu, and for measurements). All three give the same bits.
   Form 1 against form 0, H200,
   double random strided, 2^24 rows, rows against blocks, same run
   (bench/results/gpu-batch-rows-h200-2026-11-28.md, call 2): n = 64 0.287 against 0.299
   ms, 256 0.278 against 0.295, 1024 0.323 against 0.364, 2048 0.476 against 0.540; float
   random 9-12% faster; strictly dominant systems too short for the attempt without
   pivoting (double n <= 256, float n <= 512: all their blocks 1x1, so the block steps
   never diverge) 0.2-2.9% slower, the longer dominant ones 0.1-0.7% faster, the
   one-wave 512 x 512 batches 0-1.8% faster a solve in a CUDA graph. A warp vote that
   skipped the selects on rows where no lane ends a 2x2 block was slower for both kinds
   (same call). */
#ifndef GTSV_TILE_ROWS
#define GTSV_TILE_ROWS 1
#endif

/* The state of part_rows between rows: the current block's first row (bt, zt, vt, in
   PartSweep), whether row i is the second row of a 2x2 block that row i-1 started
   (pend), and what row i-1's step loaded: that block's Delta (dl), c[i-1], and row i's
   a, b, z; also c[i] and a[i+1], loaded ahead; and row i-1's values as its step formed
   them (py, pv, pg: final unless row i-1 started a 2x2 block), stored by row i's step. */
template <typename T> struct RowState {
  T dl, pc0, pa1, pb1, pz1;
  T c0, a1;
  T py, pv, pg;
  int kp; /* idx(i - 1) */
  bool pend;
  unsigned bad;
};

/* Row i of part_rows. H1, H2: rows i+1, i+2 are in the interior (as in part_step).
   Row i is a 1x1 block, the first row of a 2x2 block (by the pivot test, where it is
   not pend), or the second row of the 2x2 block row i-1 started (pend). Every lane
   runs the same arithmetic whatever its rows are: one reciprocal, of the pivot that
   ends at row i (bt for a 1x1 block, Delta for a 2x2 one; nothing ends at a first row,
   whose reciprocal is not used), and the block's values at row i (and at row i-1 for a
   2x2 block) by selects; a first row only keeps what the next row needs. Stores:
   DELAY = false, row i's values where row i ends a block and row i-1's where row i
   ends a 2x2 block (under those conditions); DELAY = true, row i-1's values only, final
   once row i has run (a 2x2 block's first row where pend, else what row i-1 formed):
   one store an array a row at every lane, no branch. The arithmetic is part_step's
   (pivot.h: factor_1x1_rcp and fsolve_1x1, factor_2x2 and fsolve_2x2 formed at the
   block's second row with 1/Delta by rcp_early, the same value as 1/Delta), term for
   term. */
template <bool H1, bool H2, bool DELAY, typename T, bool WIDE, typename Idx>
__host__ __device__ __forceinline__ void part_row(PartSweep<T, WIDE> &s, RowState<T> &r, T *A,
                                                  T *D, const T *C, T *B, int i, Idx idx)
{
  const int k0 = idx(i), k1 = H1 ? idx(i + 1) : k0, k2 = H2 ? idx(i + 2) : k0;
  const T c0 = r.c0, a1 = r.a1, b1 = H1 ? D[k1] : T(0), z1 = H1 ? B[k1] : T(0);
  const T c1 = H2 ? C[k1] : T(0), a2 = H2 ? A[k2] : T(0);
  const bool pend = r.pend;
  const T den = pend ? r.dl : s.bt;
  const T p = rcp_early(den);
  const bool one = !H1 || piv_1x1(s.bt, c0, a1, b1, c1, a2);
  const bool start2 = !pend && !one;
  /* the block's values at row i: a 1x1 block (g = c0 p, y = zt p), or the second row
     of the 2x2 block (g1 = (bt c1) p0, y1 = (bt z1 - a1 z0) p0, whose c1 is row i's
     c0 and whose a1, z1 are r.pa1, r.pz1) */
  const T g = (pend ? s.bt * c0 : c0) * p;
  const T y = (pend ? s.bt * r.pz1 - r.pa1 * s.zt : s.zt) * p;
  const T v = (pend ? s.bt * T(0) - r.pa1 * s.vt : s.vt) * p;
  const T nbt = b1 - a1 * g; /* row i+1: b1 - a1 g, or the 2x2 block's b2 - a2 g1 */
  T zn = z1, vn = T(0);
  zn -= a1 * y;
  vn -= a1 * v;
  if (DELAY) {
    /* row i-1, final now: the 2x2 block's first row where pend (formed here, unused
       otherwise), else what its own step formed */
    const T g0 = -(r.pc0 * c0) * p;
    const T y0 = (r.pb1 * s.zt - r.pc0 * r.pz1) * p;
    const T v0 = (r.pb1 * s.vt - r.pc0 * T(0)) * p;
    B[r.kp] = pend ? y0 : r.py;
    A[r.kp] = pend ? v0 : r.pv; /* A[idx(i - 1)] is not read again */
    D[r.kp] = pend ? g0 : r.pg;
    s.f2.put(i > 0 ? i - 1 : 0, pend); /* pend is false at row 0 */
    r.bad |= start2 ? 0u : (unsigned)bad_piv(den);
  } else {
    if (pend) { /* the 2x2 block's first row, i-1 */
      const T g0 = -(r.pc0 * c0) * p;
      const T y0 = (r.pb1 * s.zt - r.pc0 * r.pz1) * p;
      const T v0 = (r.pb1 * s.vt - r.pc0 * T(0)) * p;
      B[r.kp] = y0;
      A[r.kp] = v0;
      D[r.kp] = g0;
      s.f2.set(i - 1);
    }
    if (!start2) {
      B[k0] = y;
      A[k0] = v; /* A[k0] is not read again */
      D[k0] = g;
      r.bad |= (unsigned)bad_piv(den);
    }
  }
  if (!H1) { /* the last row: its block, for w's forward solve */
    s.lp0 = p;
    s.last2 = pend;
    s.lp1 = s.bt;
    s.lc0 = r.pc0;
    s.la1 = r.pa1;
    s.lb1 = r.pb1;
  }
  /* what row i+1 needs: as the second row of a block starting here, Delta and this
     row's values (kept whatever the block; read only there); else its updated row */
  r.dl = delta_2x2(s.bt, c0, a1, b1);
  r.pc0 = c0;
  r.pa1 = a1;
  r.pb1 = b1;
  r.pz1 = z1;
  r.c0 = c1;
  r.a1 = a2;
  if (DELAY) {
    r.py = y;
    r.pv = v;
    r.pg = g;
  }
  r.kp = k0;
  r.pend = start2;
  if (!start2) {
    s.bt = nbt;
    s.zt = zn;
    s.vt = vn;
  }
}

/* part_solve's forward sweep one row an iteration (part_row): the same pivots and
   values as the block steps (tests/check_tile_core.cu, row_sweep_matches_block_sweep,
   bitwise on the host), with no divergence between lanes whose blocks differ and the
   same rows' addresses at every lane. Fills s as part_step's loop does; returns false
   where a pivot block is singular or not finite (the rows are then not meaningful). */
template <bool DELAY, typename T, bool WIDE, typename Idx>
__host__ __device__ __forceinline__ bool part_rows(int L, PartSweep<T, WIDE> &s, T *A, T *D,
                                                   const T *C, T *B, Idx idx)
{
  RowState<T> r;
  r.dl = r.pc0 = r.pa1 = r.pb1 = r.pz1 = T(0);
  r.py = r.pv = r.pg = T(0); /* stored at row 0 by its step, and replaced by row 1's */
  r.c0 = L > 1 ? C[idx(0)] : T(0);
  r.a1 = L > 1 ? A[idx(1)] : T(0);
  r.kp = idx(0);
  r.pend = false;
  r.bad = 0u;
  int i = 0;
  if (DELAY) {
#ifdef __CUDA_ARCH__
#pragma unroll 2
#endif
    for (; i < L - 2; i++) part_row<true, true, true>(s, r, A, D, C, B, i, idx);
  } else {
    for (; i < L - 2; i++) part_row<true, true, false>(s, r, A, D, C, B, i, idx);
  }
  if (i == L - 2) part_row<true, false, DELAY>(s, r, A, D, C, B, i++, idx);
  part_row<false, false, DELAY>(s, r, A, D, C, B, i, idx);
  if (DELAY) { /* the last row (a 1x1 block or a 2x2 block's second row: final) */
    B[r.kp] = r.py;
    A[r.kp] = r.pv;
    D[r.kp] = r.pg;
  }
  return r.bad == 0u;
}

/*
 * Interior of one SPIKE partition: its rows 0..L-1 at idx(0..L-1) of the arrays
 * (1 <= L <= 64; <= 128 with WIDE), coupled to the separator above through
 * a_first = A[idx(0)] (left) and to the one below through c_last = C[idx(L-1)]
 * (right). Solves
 * T_p [u v w] = [b, a_first e_1, c_last e_L] with diagonal pivoting (one
 * factorisation, fused with the forward solves of u and v; w's forward solve is
 * non-zero only in the last pivot block). On exit B = u, A = v, D = w (row by
 * row); nothing of C is written. Returns the end values.
 */
template <bool WIDE = false, int ROWS = GTSV_TILE_ROWS, typename T, typename Idx>
__host__ __device__ __forceinline__ Ends<T> part_solve(int L, T *A, T *D, const T *C, T *B,
                                                       bool left, bool right, Idx idx)
{
  Ends<T> o;
  o.bad = false;
  PartSweep<T, WIDE> s;
  s.bt = D[idx(0)];
  s.zt = B[idx(0)];
  s.vt = left ? A[idx(0)] : T(0);
  s.i = 0;
  s.lp0 = s.lp1 = s.lc0 = s.la1 = s.lb1 = T(0);
  s.last2 = false;
  const T cl = right ? C[idx(L - 1)] : T(0);
  /* rows i+1 and i+2 exist while i < L-2; then at most two steps at the end */
  bool ok = true;
  if (ROWS != 0) {
    ok = part_rows<ROWS == 2>(L, s, A, D, C, B, idx);
  } else {
    while (ok && s.i < L - 2) ok = part_step<true, true>(s, A, D, C, B, idx);
    if (ok && s.i == L - 2) ok = part_step<true, false>(s, A, D, C, B, idx);
    if (ok && s.i == L - 1) ok = part_step<false, false>(s, A, D, C, B, idx);
  }
  if (!ok) {
    o.bad = true;
    o.xf = o.xl = o.vf = o.vl = o.wf = o.wl = T(0);
    return o;
  }
  /* w's forward solve: right-hand side c_last e_L, zero before the last block */
  T yw0 = 0, yw1 = 0, dummy = 0;
  if (s.last2) fsol_2x2(s.lp0, s.lp1, s.lc0, s.la1, s.lb1, T(0), T(0), cl, &yw0, &yw1, &dummy);
  else yw1 = fsol_1x1(s.lp0, cl, T(0), &dummy);
  /* backward sweeps of u, v, w together; w's right-hand side is yw1 at row L-1,
     yw0 at L-2 after a final 2x2 block, else 0 (the last two rows peeled off) */
  T u1 = 0, u2 = 0, v1 = 0, v2 = 0, w1 = 0, w2 = 0;
  const Starts<WIDE> f2 = s.f2;
  auto back = [&](int r, T yw) {
    const int k = idx(r);
    const bool f = f2.get(r);
    const T g = D[k];
    const T u = B[k] - g * (f ? u2 : u1);
    const T v = A[k] - g * (f ? v2 : v1);
    const T w = yw - g * (f ? w2 : w1);
    B[k] = u;
    A[k] = v;
    D[k] = w;
    u2 = u1; u1 = u;
    v2 = v1; v1 = v;
    w2 = w1; w1 = w;
  };
  back(L - 1, yw1);
  if (L >= 2) back(L - 2, s.last2 ? yw0 : T(0));
  for (int r = L - 3; r >= 0; r--) back(r, T(0));
  const int kf = idx(0), kl = idx(L - 1);
  o.xf = B[kf]; o.vf = A[kf]; o.wf = D[kf];
  o.xl = B[kl]; o.vl = A[kl]; o.wl = D[kl];
  return o;
}

/*
 * part_solve without pivoting (every pivot block 1x1: Gaussian elimination in the
 * rows' order), for systems that are strictly diagonally dominant by rows. Their
 * interiors are too, and on such a matrix elimination without pivoting is backward
 * stable with pivots that stay away from zero (|pivot_i| > |c_i|, by induction on
 * the rows), so the pivot test is not needed; a zero or non-finite pivot is still
 * caught (the caller's attempt then fails). Same storage on exit as part_solve:
 * B = u, A = v, D = w, row by row; C is not written. The loop runs L - 1 steps
 * whatever the matrix, so its loads do not wait for a pivot decision.
 */
template <typename T, typename Idx>
__host__ __device__ __forceinline__ Ends<T> part_solve_np(int L, T *A, T *D, const T *C, T *B,
                                                          bool left, bool right, Idx idx)
{
  Ends<T> o;
  int k0 = idx(0);
  T bt = D[k0], zt = B[k0], vt = left ? A[k0] : T(0), p = T(0);
  const T cl = right ? C[idx(L - 1)] : T(0);
  bool bad = false;
  for (int i = 0; i + 1 < L; i++) {
    const int k1 = idx(i + 1);
    const T c0 = C[k0], a1 = A[k1], b1 = D[k1];
    T z1 = B[k1], v1 = 0, g;
    bad |= bad_piv(bt) != 0;
    p = rcp_early(bt);
    const T nbt = fac_1x1_r(p, c0, a1, b1, &g);
    B[k0] = fsol_1x1(p, zt, a1, &z1);
    A[k0] = fsol_1x1(p, vt, a1, &v1);
    D[k0] = g;
    bt = nbt;
    zt = z1;
    vt = v1;
    k0 = k1;
  }
  /* the last row: a 1x1 block with nothing below (g = 0) */
  bad |= bad_piv(bt) != 0;
  p = rcp_early(bt);
  T dummy = 0;
  B[k0] = fsol_1x1(p, zt, T(0), &dummy);
  A[k0] = fsol_1x1(p, vt, T(0), &dummy);
  const T yw = fsol_1x1(p, cl, T(0), &dummy); /* w's forward solve: c_last e_L */
  D[k0] = T(0);
  o.bad = bad;
  /* backward: x_r = y_r - g_r x_{r+1} for u, v and w (w's y is yw at row L-1, 0 above) */
  T u1 = 0, v1 = 0, w1 = 0;
  for (int r = L - 1; r >= 0; r--) {
    const int k = idx(r);
    const T g = D[k];
    const T u = B[k] - g * u1, v = A[k] - g * v1, w = (r == L - 1 ? yw : T(0)) - g * w1;
    B[k] = u;
    A[k] = v;
    D[k] = w;
    u1 = u;
    v1 = v;
    w1 = w;
  }
  const int kf = idx(0), kl = idx(L - 1);
  o.xf = B[kf]; o.vf = A[kf]; o.wf = D[kf];
  o.xl = B[kl]; o.vl = A[kl]; o.wl = D[kl];
  return o;
}

/* The largest finite value of T: |v| <= finite_max<T>() is false for Inf and NaN. */
template <typename T> __host__ __device__ __forceinline__ constexpr T finite_max()
{
  return sizeof(T) == 8 ? T(1.7976931348623157e308) : T(3.4028234663852886e38);
}

/* The cancellation test of an attempt (batch_tile.cu's top), from the scaled sums over
   the system of the magnitudes that cancel (s2) and of x (x2): s2 <= kCancel^2 x2, and
   false where x is not finite (x2 Inf or NaN). */
template <typename T> __host__ __device__ __forceinline__ bool cancel_pass(T s2, T x2)
{
  const T big = sizeof(T) == 8 ? T(1.7e308) : T(3.4e38);
  return s2 <= T(kCancel * kCancel) * x2 && x2 <= big;
}

/* Strict diagonal dominance of a row (a, d, c: the couplings outside a system read
   as 0 by the caller), with d finite; false on a NaN anywhere. */
template <typename T> __host__ __device__ __forceinline__ bool dominant_row(T a, T d, T c)
{
  return tabs(d) > tabs(a) + tabs(c) && tabs(d) <= finite_max<T>();
}

/* The acceptance of a reduced system's answer x from parallel cyclic reduction
   (no pivoting, so no stability of its own): its residual res = r - T_red x, over
   the reduced rows, against the separators' original rows,
       ||res||_2 <= kPcrTol u tn ||x||_2,
   u the unit roundoff and tn the largest |a| + |d| + |c| of the separator rows in
   the original matrix (at most ||T||_inf, so the test is stricter than a bound in
   ||T||). The reduced rows are the separator rows with the segments' solutions
   substituted, so res is the final x's residual at the separators up to the
   roundings that the cancellation test judges. Arguments are scaled sums: sr =
   sum (s_x s_t res)^2, sx = sum (s_x x)^2, ts = s_t tn with s_x, s_t powers of two
   near 1 / max |x| and 1 / tn (pow2_inv), so that no square overflows or
   underflows. False on a NaN or an Inf anywhere. */
template <typename T>
__host__ __device__ __forceinline__ bool pcr_accept(T sr, T sx, T ts)
{
  const T lim = T(kPcrTol) * (sizeof(T) == 8 ? T(0x1p-53) : T(0x1p-24)) * ts;
  return sr <= lim * lim * sx && sx <= finite_max<T>();
}

/* One step of parallel cyclic reduction: row (a, b, c, r) of a tridiagonal system
   eliminates its couplings to the rows k above (am, cm, rm; im = 1 / its diagonal)
   and k below (ap, cp, rp; ip), and then couples to the rows 2k away. A neighbour
   outside the system is (0, 1, 0, 0): am = cm = rm = 0, im = 1. On a strictly
   diagonally dominant system every step keeps it so (|b| - |a| - |c| does not
   shrink), which is what makes the method safe there without pivoting. */
template <typename T>
__host__ __device__ __forceinline__ void pcr_step(T &a, T &b, T &c, T &r, T am, T cm, T rm, T im,
                                                  T ap, T cp, T rp, T ip)
{
  const T al = -(a * im), ga = -(c * ip);
  const T nb = b + al * cm + ga * ap;
  r = r + al * rm + ga * rp;
  a = al * am;
  c = ga * cp;
  b = nb;
}

/* Row of the reduced (separator) system for the separator s below partition p:
       a_s x[s-1] + b_s x[s] + c_s x[s+1] = r_s,
   x[s-1] = u_p,last - v_p,last x_left - w_p,last x_s    (partition p, above)
   x[s+1] = u_q,first - v_q,first x_s - w_q,first x_next  (partition q = p+1, below)
   gives  (-a_s v_p,l) x_left + (b_s - a_s w_p,l - c_s v_q,f) x_s + (-c_s w_q,f) x_next
          = r_s - a_s u_p,l - c_s u_q,f. */
template <typename T>
__host__ __device__ __forceinline__ void reduced_row(T as, T bs, T cs, T rs, T pvl, T pwl,
                                                     T pxl, T qvf, T qwf, T qxf, T *ra, T *rb,
                                                     T *rc, T *rr)
{
  *ra = -(as * pvl);
  *rb = bs - as * pwl - cs * qvf;
  *rc = -(cs * qwf);
  *rr = rs - as * pxl - cs * qxf;
}

/* Largest magnitude at the partition's end rows (rows 0 and L-1, at idx) and at
   its separators once x_left and x_right are known: the scale of part_finish's
   sums. */
template <typename T, typename Idx>
__host__ __device__ __forceinline__ T part_ends(int L, const T *A, const T *D, const T *B,
                                                T xl, T xr, Idx idx)
{
  const int kf = idx(0), kl = idx(L - 1);
  const T nf = tabs(B[kf]) + tabs(A[kf] * xl) + tabs(D[kf] * xr);
  const T ne = tabs(B[kl]) + tabs(A[kl] * xl) + tabs(D[kl] * xr);
  return tmax(tmax(nf, ne), tmax(tabs(xl), tabs(xr)));
}

/* 2^-e for the exponent e of m (from its bits: no library call), e clamped so that
   the result is finite and normal: squares of values near m, times it, neither
   overflow nor underflow. m = 0, Inf or NaN give a clamped power of two too. */
__host__ __device__ __forceinline__ double pow2_inv(double m)
{
  uint64_t u;
  memcpy(&u, &m, sizeof u);
  int e = (int)((u >> 52) & 0x7ff); /* biased exponent */
  e = e < 24 ? 24 : (e > 2022 ? 2022 : e);
  u = (uint64_t)(2046 - e) << 52;
  memcpy(&m, &u, sizeof m);
  return m;
}
__host__ __device__ __forceinline__ float pow2_inv(float m)
{
  uint32_t u;
  memcpy(&u, &m, sizeof u);
  int e = (int)((u >> 23) & 0xff);
  e = e < 4 ? 4 : (e > 250 ? 250 : e);
  u = (uint32_t)(254 - e) << 23;
  memcpy(&m, &u, sizeof m);
  return m;
}

/* Whether m (>= 0, or NaN) is of moderate size: 0, or within 2^-300..2^300 (double),
   2^-30..2^30 (float). Where every magnitude that sets the scale of a sum of squares is,
   the sum needs no scale (sc = 1): the squares of values up to 2^211 (2^28) times
   larger or smaller neither overflow nor underflow, and a power of two scales the
   sums that a test compares alike, so the test's answer is the one a scale from their
   largest gives. A NaN is not moderate. */
template <typename T> __host__ __device__ __forceinline__ bool moderate(T m)
{
  const T lo = sizeof(T) == 8 ? T(0x1p-300) : T(0x1p-30);
  const T hi = sizeof(T) == 8 ? T(0x1p300) : T(0x1p30);
  return m == T(0) || (m >= lo && m <= hi);
}

/* Partition rows 0..L-1 (at idx) from the separators: x = u - v x_left -
   w x_right, into B. Adds to *s2 the sum over the rows of (sc (|u| + |v x_left| +
   |w x_right|))^2, the magnitude that cancels in the row (the rounding of u, v, w
   is amplified by it into the residual), and to *x2 the sum of (sc x)^2. */
template <typename T, typename Idx>
__host__ __device__ __forceinline__ void part_finish(int L, const T *A, const T *D, T *B,
                                                     T xl, T xr, T sc, T *s2, T *x2,
                                                     Idx idx)
{
  T sm = 0, sx = 0;
  for (int r = 0; r < L; r++) {
    const int k = idx(r);
    const T u = B[k], v = A[k] * xl, w = D[k] * xr;
    const T x = u - v - w, m = sc * (tabs(u) + tabs(v) + tabs(w)), xs = sc * x;
    B[k] = x;
    sm += m * m;
    sx += xs * xs;
  }
  *s2 += sm;
  *x2 += sx;
}

} /* namespace gtsv_tile */

#endif /* GTSV_BATCH_TILE_CORE_H */
