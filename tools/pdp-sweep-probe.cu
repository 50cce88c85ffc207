/* gtsv-pdp-sweep-probe [n]: issue 5's next design, its forward pivot sweep measured on the
   GPU before the design is built. Each thread owns C consecutive rows, read straight from
   global memory, and starts W rows early from a fresh state (bt = d at its first row, as
   if the matrix began there; tools/pdp-warmup.c: random matrices need W of about 128).
   It runs DP_SEQ's sweep (core/pivot.h: pivot test, 1x1 and 2x2 factors, the forward
   solve with the incoming coupling taken as 0) over the W rows (pivots only), then over
   its C rows writing g and y (16 B a row; a 2x2 block that starts on its last row is its
   own), and keeps its state at its first row and at its end. A second kernel counts the
   splices where a thread's start differs from its predecessor's end (another block phase,
   or bt by more than 2 units in the last place). No scans and no backward pass: the
   bytes of this pass are 32 B a row read (dl, d, du, b) and 16 B written, plus the
   warm-up's W/C x 24 B read again (from L2, mostly). Prints per (matrix, C, W): the
   median time of 10, the rate of those 48 B a row against a device-to-device copy of the
   same run, the mismatched splices, and a hash of g and y (a staged sweep must give the
   global one's bits at the same C and W; g and y are zeroed before each). Double; U(-1,1) and strictly dominant matrices.
   Variants: rows straight from global memory, staged through shared memory (loads, or
   cp.async double-buffered), outputs staged too, and a leaner row (sweep_lean).
   Results: bench/results/gpu-pdp-sweep-probe-h200-2026-11-28.md. A diagnostic, not
   installed. */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <cuda_runtime.h>
#include "cuda_ck.h"
#include "core/pivot.h"
#include "batch/cp_async.h"


constexpr int kThreads = 128;

/* Rows i..: one pivot block at a time; OUT: write g and y of the block's rows. */
template <int C, int W>
__global__ void __launch_bounds__(kThreads)
sweep(int64_t n, const double *__restrict__ dl, const double *__restrict__ d,
      const double *__restrict__ du, const double *__restrict__ b, double *__restrict__ g,
      double *__restrict__ y, double *st_in, int *off_in, double *st_out, int *off_out)
{
  const int64_t t = (int64_t)blockIdx.x * kThreads + threadIdx.x;
  const int64_t r0 = t * C;
  if (r0 >= n) return;
  const int64_t r1 = r0 + C < n ? r0 + C : n;
  int64_t i = r0 - W > 0 ? r0 - W : 0;
  double bt = __ldg(d + i);
  auto at = [&](const double *p, int64_t k) { return k < n ? __ldg(p + k) : 0.0; };
  while (i < r0) { /* warm-up: pivots only */
    const double c0 = at(du, i), a1 = at(dl, i + 1), b1 = at(d, i + 1), c1 = at(du, i + 1);
    const double a2 = at(dl, i + 2);
    if (gtsv_d_pivot_is_1x1(bt, c0, a1, b1, c1, a2)) {
      double p, gg;
      bt = gtsv_d_factor_1x1(bt, c0, a1, b1, &p, &gg);
      i += 1;
    } else {
      double dd, p0, p1, g0, g1;
      bt = gtsv_d_factor_2x2(bt, c0, a1, b1, c1, a2, at(d, i + 2), &dd, &p0, &p1, &g0, &g1);
      i += 2;
    }
  }
  off_in[t] = (int)(i - r0);
  st_in[t] = bt;
  double z = at(b, i); /* the coupling from above taken as 0 */
  while (i < r1) {
    const double c0 = at(du, i), a1 = at(dl, i + 1), b1 = at(d, i + 1), c1 = at(du, i + 1);
    const double a2 = at(dl, i + 2);
    if (gtsv_d_pivot_is_1x1(bt, c0, a1, b1, c1, a2)) {
      double p, gg, z1 = at(b, i + 1);
      bt = gtsv_d_factor_1x1(bt, c0, a1, b1, &p, &gg);
      const double y0 = gtsv_d_fsolve_1x1(p, z, a1, &z1);
      g[i] = gg;
      y[i] = y0;
      z = z1;
      i += 1;
    } else {
      double dd, p0, p1, g0, g1, y0, y1, z1 = at(b, i + 1), z2 = at(b, i + 2);
      bt = gtsv_d_factor_2x2(bt, c0, a1, b1, c1, a2, at(d, i + 2), &dd, &p0, &p1, &g0, &g1);
      gtsv_d_fsolve_2x2(p0, p1, c0, a1, b1, a2, z, z1, &y0, &y1, &z2);
      g[i] = g0;
      y[i] = y0;
      if (i + 1 < n) {
        g[i + 1] = g1;
        y[i + 1] = y1;
      }
      z = z2;
      i += 2;
    }
  }
  off_out[t] = (int)(i - r1);
  st_out[t] = bt;
}

/* The same sweep with the rows staged through shared memory (the thesis's data layout
   transformation): a warp's 32 lanes walk their streams (rows r0 - W .. r0 + C - 1) in
   stages of K rows; each stage the warp copies the 32 streams' next K + 2 rows of dl, d,
   du and b into its tile with coalesced loads (consecutive threads on consecutive rows of
   one stream), then each lane sweeps its rows from the tile (column stride K + 3, odd: no
   bank conflicts). g and y go straight to global memory as above. */
template <int K> __host__ __device__ constexpr int kCol() { return K + 3; }

/* Row r of dl, d, du and b into slot o of a tile's four arrays (A, A + TW, A + 2 TW,
   A + 3 TW): by cp.async (ASYNC) or load then store; 0 for a row outside 0..n-1. */
template <bool ASYNC, int TW>
__device__ __forceinline__ void copy_row(double *A, int o, int64_t r, int64_t n,
                                         const double *dl, const double *d, const double *du,
                                         const double *b)
{
  double *const D = A + TW, *const Cc = D + TW, *const B = Cc + TW;
  const bool in = r >= 0 && r < n;
  if (ASYNC && in) {
    gtsv_cp::cp_elt(A + o, dl + r);
    gtsv_cp::cp_elt(D + o, d + r);
    gtsv_cp::cp_elt(Cc + o, du + r);
    gtsv_cp::cp_elt(B + o, b + r);
  } else if (ASYNC) {
    A[o] = 0.0; D[o] = 0.0; Cc[o] = 0.0; B[o] = 0.0;
  } else {
    A[o] = in ? __ldg(dl + r) : 0.0;
    D[o] = in ? __ldg(d + r) : 0.0;
    Cc[o] = in ? __ldg(du + r) : 0.0;
    B[o] = in ? __ldg(b + r) : 0.0;
  }
}

/* Stage j of a warp's 32 streams into its tile at A (column c: rows (tw + c) C - W + j K ..
   + K + 1, the column's slots 0..K+1): consecutive lanes on consecutive rows of a column
   (a division by K + 2 an element), or FAST (K = 16) half-warps on two columns at a time,
   rows 0..15, then rows 16, 17 of every column (one 64-bit add an element). UNROLL: the
   general loop's unrolling (4 in sweep_staged, 2 in sweep_lean, as measured). */
template <int C, int W, int K, bool ASYNC, bool FAST, int UNROLL>
__device__ __forceinline__ void copy_stage(double *A, int j, int64_t tw, int lane, int64_t n,
                                           const double *dl, const double *d,
                                           const double *du, const double *b)
{
  constexpr int S = kCol<K>(), TW = 32 * S;
  if constexpr (FAST) {
    static_assert(K == 16, "FAST: K = 16");
    const int hl = lane & 15, hc = lane >> 4;
    const int64_t sb = tw * C - W + (int64_t)j * K; /* column 0's first row */
#pragma unroll 4
    for (int c = hc; c < 32; c += 2)
      copy_row<ASYNC, TW>(A, c * S + hl, sb + (int64_t)(c * C + hl), n, dl, d, du, b);
    copy_row<ASYNC, TW>(A, lane * S + 16, sb + (int64_t)(lane * C + 16), n, dl, d, du, b);
    copy_row<ASYNC, TW>(A, lane * S + 17, sb + (int64_t)(lane * C + 17), n, dl, d, du, b);
  } else {
#pragma unroll UNROLL
    for (int e = lane; e < 32 * (K + 2); e += 32) {
      const int c = e / (K + 2), k = e - c * (K + 2);
      copy_row<ASYNC, TW>(A, c * S + k, (tw + c) * C - W + (int64_t)j * K + k, n, dl, d, du,
                          b);
    }
  }
}
/* ASYNC: the stages copied by cp.async into two buffers, the next stage's copies in
   flight while the lanes sweep the current one (else loads, then shared stores). */
template <int C, int W, int K, bool ASYNC, bool OST>
__global__ void __launch_bounds__(kThreads)
sweep_staged(int64_t n, const double *__restrict__ dl, const double *__restrict__ d,
             const double *__restrict__ du, const double *__restrict__ b,
             double *__restrict__ g, double *__restrict__ y, double *st_in, int *off_in,
             double *st_out, int *off_out)
{
  static_assert((C + W) % K == 0, "whole stages");
  constexpr int S = kCol<K>(), TW = 32 * S; /* a warp's array tile */
  constexpr int NST = (C + W) / K;
  extern __shared__ double sm[];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  double *const buf0 = sm + (size_t)warp * ((ASYNC ? 8 : 4) + (OST ? 2 : 0)) * TW;
  double *const oG = buf0 + (ASYNC ? 8 : 4) * TW, *const oY = oG + TW; /* OST: outputs */
  __shared__ int sOff[kThreads]; /* OST: each lane's first output row - r0 (0 or 1) */
  if (OST) sOff[threadIdx.x] = 0;
  const int64_t tw = ((int64_t)blockIdx.x * kThreads + warp * 32); /* the warp's first thread */
  const int64_t t = tw + lane, r0 = t * C, r1 = r0 + C < n ? r0 + C : n;
  const int64_t s = r0 - W; /* the lane's stream start (rows < 0 do not exist) */
  int64_t i = s > 0 ? s : 0;
  double bt = 0, z = 0;
  bool started = false, in_set = r0 >= n, done = r0 >= n;
  /* stage j's rows into buffer q */
  auto stage = [&](int j, int q) {
    copy_stage<C, W, K, ASYNC, false, 4>(buf0 + q * 4 * TW, j, tw, lane, n, dl, d, du, b);
    if (ASYNC) gtsv_cp::cp_commit();
  };
  if (ASYNC) stage(0, 0);
  for (int j = 0; j < NST; j++) {
    const int64_t base = j * K; /* stream offset of this stage */
    const int q = ASYNC ? (j & 1) : 0;
    __syncwarp(); /* every lane is done with the buffer the next copies fill */
    if (ASYNC) {
      if (j + 1 < NST) {
        stage(j + 1, q ^ 1);
        gtsv_cp::cp_wait_but_last();
      } else {
        gtsv_cp::cp_wait();
      }
    } else {
      stage(j, 0);
    }
    __syncwarp();
    double *const tA = buf0 + q * 4 * TW, *const tD = tA + TW, *const tC = tD + TW,
                 *const tB = tC + TW;
    const int64_t end = s + base + K; /* blocks starting below end, this stage */
    const int col = lane * S;
    auto T = [&](const double *a, int64_t r) { return a[col + (int)(r - s - base)]; };
    /* g and y of row r: to global memory, or (OST) to the lane's output slots */
    auto put = [&](int64_t r, double gv, double yv) {
      if (OST) {
        oG[col + (int)(r - s - base)] = gv;
        oY[col + (int)(r - s - base)] = yv;
      } else {
        g[r] = gv;
        y[r] = yv;
      }
    };
    if (!started && i < end && !done) {
      bt = T(tD, i);
      started = true;
    }
    while (!done && i < end) {
      if (!in_set && i >= r0) {
        off_in[t] = (int)(i - r0);
        st_in[t] = bt;
        in_set = true;
        if (OST) sOff[threadIdx.x] = (int)(i - r0);
        z = T(tB, i); /* the coupling from above taken as 0 */
      }
      if (i >= r1) {
        done = true;
        break;
      }
      const double c0 = T(tC, i), a1 = T(tA, i + 1), b1 = T(tD, i + 1), c1 = T(tC, i + 1);
      const double a2 = T(tA, i + 2);
      const bool out = i >= r0;
      if (gtsv_d_pivot_is_1x1(bt, c0, a1, b1, c1, a2)) {
        double p, gg, z1 = T(tB, i + 1);
        bt = gtsv_d_factor_1x1(bt, c0, a1, b1, &p, &gg);
        if (out) {
          const double y0 = gtsv_d_fsolve_1x1(p, z, a1, &z1);
          put(i, gg, y0);
          z = z1;
        }
        i += 1;
      } else {
        double dd, p0, p1, g0, g1, y0, y1, z1 = T(tB, i + 1), z2 = T(tB, i + 2);
        bt = gtsv_d_factor_2x2(bt, c0, a1, b1, c1, a2, T(tD, i + 2), &dd, &p0, &p1, &g0, &g1);
        if (out) {
          gtsv_d_fsolve_2x2(p0, p1, c0, a1, b1, a2, z, z1, &y0, &y1, &z2);
          put(i, g0, y0);
          if (i + 1 < n) put(i + 1, g1, y1);
          z = z2;
        }
        i += 2;
      }
    }
    if (OST) { /* the stage's output rows, coalesced; a lane's row end (a 2x2 block's second
                  row) goes to slot 0 for the next stage */
      __syncwarp();
      for (int e = lane; e < 32 * K; e += 32) {
        const int c = e / K, k = e - c * K;
        const int64_t rc0 = (tw + c) * C, r = rc0 - W + base + k;
        if (r >= rc0 + sOff[warp * 32 + c] && r < rc0 + C && r < n) {
          g[r] = oG[c * S + k];
          y[r] = oY[c * S + k];
        }
      }
      __syncwarp();
      if (i == end + 1 && end >= r0 && end < n) { /* spilled: the block ran into row end */
        if (j + 1 < NST) {
          oG[col] = oG[col + K];
          oY[col] = oY[col + K];
        } else { /* row r1, after the lane's last stage */
          g[end] = oG[col + K];
          y[end] = oY[col + K];
        }
      }
    }
  }
  if (r0 < n) {
    if (!in_set) { /* a chunk of one row whose first row a 2x2 block above covered */
      off_in[t] = (int)(i - r0);
      st_in[t] = bt;
    }
    off_out[t] = (int)(i - r1);
    st_out[t] = bt;
  }
}

/* The same sweep, cp.async stages and staged outputs, in a leaner form ("lean"): one row
   an iteration (K a stage, no divergent trip counts), both pivot blocks' arithmetic formed
   and selected (no divergent branches; one reciprocal of bt or Delta), 32-bit offsets into
   the tile, the second row of a 2x2 block carried in registers to the next iteration (or
   stage). The same operations as DP_SEQ's on the chosen block: bitwise the other
   variants' g and y at the same C and W. */
template <int C, int W, int K, bool FAST>
__global__ void __launch_bounds__(kThreads)
sweep_lean(int64_t n, const double *__restrict__ dl, const double *__restrict__ d,
           const double *__restrict__ du, const double *__restrict__ b, double *__restrict__ g,
           double *__restrict__ y, double *st_in, int *off_in, double *st_out, int *off_out)
{
  static_assert((C + W) % K == 0, "whole stages");
  constexpr int S = kCol<K>(), TW = 32 * S, NST = (C + W) / K;
  extern __shared__ double sm[];
  __shared__ int sOff[kThreads];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  double *const buf0 = sm + (size_t)warp * 10 * TW;
  double *const oG = buf0 + 8 * TW, *const oY = oG + TW;
  const int64_t tw = ((int64_t)blockIdx.x * kThreads + warp * 32);
  const int64_t t = tw + lane, r0 = t * C, r1 = r0 + C < n ? r0 + C : n;
  const int64_t s = r0 - W;
  sOff[threadIdx.x] = 0;
  const int hl = lane & 15, hc = lane >> 4; /* FAST's stores: half-warps, two columns */
  auto stage = [&](int j, int q) {
    copy_stage<C, W, K, true, FAST, 2>(buf0 + q * 4 * TW, j, tw, lane, n, dl, d, du, b);
    gtsv_cp::cp_commit();
  };
  /* rows below 0 do not exist: the first lanes start at row 0 (stage offset k0) */
  const int kstart = s < 0 ? (int)(-s) : 0; /* stream offset of the first real row */
  double bt = 0, z = 0, pg = 0, py = 0;
  bool pend = false, zset = false;
  stage(0, 0);
  for (int j = 0; j < NST; j++) {
    const int q = j & 1;
    __syncwarp();
    if (j + 1 < NST) {
      stage(j + 1, q ^ 1);
      gtsv_cp::cp_wait_but_last();
    } else {
      gtsv_cp::cp_wait();
    }
    __syncwarp();
    const double *const pA = buf0 + q * 4 * TW + lane * S, *const pD = pA + TW,
                 *const pC = pD + TW, *const pB = pC + TW;
    double *const qG = oG + lane * S, *const qY = oY + lane * S;
    const int o0 = j * K; /* stream offset of the stage's first row */
#pragma unroll 4
    for (int k = 0; k < K; k++) {
      const int so = o0 + k;                    /* stream offset: row s + so */
      const bool live = so >= kstart && so < W + C && s + so < n;
      if (so == kstart && live) bt = pD[k]; /* a fresh start */
      const bool atr0 = so == W;            /* row r0 */
      if (atr0 && live) {
        off_in[t] = pend ? 1 : 0;
        st_in[t] = bt;
        sOff[threadIdx.x] = pend ? 1 : 0;
      }
      const bool out = so >= W;
      if (pend) { /* the second row of a 2x2 block */
        qG[k] = pg;
        qY[k] = py;
        pend = false;
        continue;
      }
      if (!live) continue;
      if (out && !zset) {
        z = pB[k];
        zset = true;
      }
      const double c0 = pC[k], a1 = pA[k + 1], b1 = pD[k + 1], c1 = pC[k + 1], a2 = pA[k + 2];
      const double b2 = pD[k + 2], z1 = pB[k + 1], z2 = pB[k + 2];
      const bool one = gtsv_d_pivot_is_1x1(bt, c0, a1, b1, c1, a2);
      const double den = one ? bt : bt * b1 - a1 * c0;
      const double r = 1.0 / den;
      /* 1x1 */
      const double g1x = c0 * r, y1x = z * r;
      /* 2x2 */
      const double g0 = -(c0 * c1) * r, g1 = (bt * c1) * r;
      const double y0 = (b1 * z - c0 * z1) * r, y1 = (bt * z1 - a1 * z) * r;
      const double btn = one ? b1 - a1 * g1x : b2 - a2 * g1;
      const double zn = one ? z1 - a1 * y1x : z2 - a2 * y1;
      qG[k] = one ? g1x : g0;
      qY[k] = one ? y1x : y0;
      pend = !one;
      pg = g1;
      py = y1;
      bt = btn;
      z = zn;
    }
    __syncwarp();
    if constexpr (FAST) { /* half-warps on two columns at a time */
      const int64_t sb = tw * C - W + o0;
#pragma unroll 4
      for (int c = hc; c < 32; c += 2) {
        const int64_t r = sb + (int64_t)(c * C + hl);
        const int k0 = W - o0 + sOff[warp * 32 + c]; /* the column's first output, stage offset */
        if (hl >= k0 && hl < W + C - o0 && r < n) {
          g[r] = oG[c * S + hl];
          y[r] = oY[c * S + hl];
        }
      }
    } else {
      for (int e = lane; e < 32 * K; e += 32) {
        const int c = e / K, k = e - c * K;
        const int64_t rc0 = (tw + c) * C, r = rc0 - W + o0 + k;
        if (r >= rc0 + sOff[warp * 32 + c] && r < rc0 + C && r < n) {
          g[r] = oG[c * S + k];
          y[r] = oY[c * S + k];
        }
      }
    }
  }
  if (r0 < n) {
    if (pend && r1 < n) { /* the lane's last block ran into row r1 */
      g[r1] = pg;
      y[r1] = py;
    }
    off_out[t] = pend ? 1 : 0;
    st_out[t] = bt;
  }
}

__global__ void splices(int64_t nt, const double *st_in, const int *off_in,
                        const double *st_out, const int *off_out, unsigned long long *bad)
{
  const int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (t >= nt) return;
  const double a = st_in[t], e = st_out[t - 1];
  const bool ok = off_in[t] == off_out[t - 1] &&
                  fabs(a - e) <= 2.0 * 2.220446049250313e-16 * fabs(e);
  if (!ok) atomicAdd(bad, 1ull);
}

struct Dev {
  double *dl, *d, *du, *b, *g, *y, *si, *so;
  int *oi, *oo;
  unsigned long long *bad;
};

/* K = 0: rows straight from global memory (sweep), else staged K rows at a time */
template <int C, int W, int K = 0, bool ASYNC = false, bool OST = false, bool LEAN = false,
          bool FAST = false>
void run(int64_t n, const Dev &v, const char *kind, double copy_gbs)
{
  const int64_t nt = (n + C - 1) / C;
  const unsigned grid = (unsigned)((nt + kThreads - 1) / kThreads);
  constexpr size_t smem =
      (size_t)kThreads / 32 * ((ASYNC ? 8 : 4) + (OST ? 2 : 0)) * 32 * kCol<K>() * sizeof(double);
  if constexpr (LEAN)
    CK(cudaFuncSetAttribute(sweep_lean<C, W, K, FAST>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                            (int)smem));
  else if constexpr (K > 0)
    CK(cudaFuncSetAttribute(sweep_staged<C, W, K, ASYNC, OST>,
                            cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  std::vector<float> ms;
  CK(cudaMemset(v.g, 0, (size_t)n * sizeof(double)));
  CK(cudaMemset(v.y, 0, (size_t)n * sizeof(double)));
  for (int rep = 0; rep < 11; rep++) {
    CK(cudaEventRecord(e0));
    if constexpr (LEAN)
      sweep_lean<C, W, K, FAST><<<grid, kThreads, smem>>>(n, v.dl, v.d, v.du, v.b, v.g, v.y,
                                                          v.si, v.oi, v.so, v.oo);
    else if constexpr (K > 0)
      sweep_staged<C, W, K, ASYNC, OST><<<grid, kThreads, smem>>>(n, v.dl, v.d, v.du, v.b, v.g, v.y,
                                                             v.si, v.oi, v.so, v.oo);
    else
      sweep<C, W><<<grid, kThreads>>>(n, v.dl, v.d, v.du, v.b, v.g, v.y, v.si, v.oi, v.so, v.oo);
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float m = 0;
    CK(cudaEventElapsedTime(&m, e0, e1));
    if (rep > 0) ms.push_back(m);
  }
  CK(cudaGetLastError());
  std::sort(ms.begin(), ms.end());
  const double t = ms[ms.size() / 2] * 1e-3;
  CK(cudaMemset(v.bad, 0, sizeof *v.bad));
  splices<<<(unsigned)((nt + 255) / 256), 256>>>(nt, v.si, v.oi, v.so, v.oo, v.bad);
  unsigned long long bad = 0;
  CK(cudaMemcpy(&bad, v.bad, sizeof bad, cudaMemcpyDeviceToHost));
  /* a hash of g and y: the staged sweep must give bitwise the global one's (same C, W) */
  std::vector<uint64_t> hv((size_t)n);
  uint64_t hash = 1469598103934665603ull;
  for (double *arr : {v.g, v.y}) {
    CK(cudaMemcpy(hv.data(), arr, (size_t)n * sizeof(double), cudaMemcpyDeviceToHost));
    for (uint64_t w : hv) hash = (hash ^ w) * 1099511628211ull;
  }
  const double gbs = 48.0 * (double)n / t * 1e-9;
  char lbl[32];
  if (LEAN) std::snprintf(lbl, sizeof lbl, "lean %d%s", K, FAST ? " fast" : "");
  else if (K) std::snprintf(lbl, sizeof lbl, "%s %d%s", ASYNC ? "cp.async" : "staged", K, OST ? " +out" : "");
  else std::snprintf(lbl, sizeof lbl, "global");
  std::printf("| %s | %lld | %d | %d | %s | %.4f | %.0f | %.1f%% | %llu of %lld | %016llx |\n",
              kind, (long long)n, C, W, lbl,
              t * 1e3, gbs, 100.0 * gbs / copy_gbs, bad, (long long)(nt - 1),
              (unsigned long long)hash);
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
}

int main(int argc, char **argv)
{
  const int64_t nmax = argc > 1 ? atoll(argv[1]) : (int64_t)1 << 25;
  Dev v;
  const size_t bytes = (size_t)nmax * sizeof(double);
  double **arr[] = {&v.dl, &v.d, &v.du, &v.b, &v.g, &v.y};
  for (double **p : arr) CK(cudaMalloc((void **)p, bytes));
  CK(cudaMalloc((void **)&v.si, bytes / 32 + 64));
  CK(cudaMalloc((void **)&v.so, bytes / 32 + 64));
  CK(cudaMalloc((void **)&v.oi, bytes / 64 + 64));
  CK(cudaMalloc((void **)&v.oo, bytes / 64 + 64));
  CK(cudaMalloc((void **)&v.bad, sizeof *v.bad));
  /* copy bandwidth: 2 x bytes moved by a device-to-device copy of the largest array */
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  std::vector<float> cms;
  for (int rep = 0; rep < 11; rep++) {
    CK(cudaEventRecord(e0));
    CK(cudaMemcpyAsync(v.g, v.d, bytes, cudaMemcpyDeviceToDevice));
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float m = 0;
    CK(cudaEventElapsedTime(&m, e0, e1));
    cms.push_back(m);
  }
  std::sort(cms.begin(), cms.end());
  const double copy_gbs = 2.0 * (double)bytes / (cms[5] * 1e-3) * 1e-9;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s, copy %.0f GB/s (read + write). Rate = 48 B a row (32 read, 16 written) / "
              "time.\n\n| matrix | n | C | W | rows | ms | GB/s | of copy | splices differing | hash of g, y |\n"
              "|---|---:|---:|---:|---|---:|---:|---:|---:|---|\n",
              prop.name, copy_gbs);
  std::vector<double> h(nmax);
  uint64_t s = 0x9E3779B97F4A7C15ull;
  auto ur = [&]() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return (double)(s >> 11) * (2.0 / 9007199254740992.0) - 1.0;
  };
  for (int dom = 0; dom < 2; dom++) {
    std::vector<double> a(nmax), c(nmax), dd(nmax);
    for (int64_t i = 0; i < nmax; i++) {
      a[i] = ur();
      c[i] = ur();
      dd[i] = ur();
      h[i] = ur();
      if (dom) dd[i] = (dd[i] < 0 ? -1 : 1) * (std::fabs(a[i]) + std::fabs(c[i]) + 1 + std::fabs(dd[i]));
    }
    a[0] = 0;
    CK(cudaMemcpy(v.dl, a.data(), bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(v.d, dd.data(), bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(v.du, c.data(), bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(v.b, h.data(), bytes, cudaMemcpyHostToDevice));
    const char *k = dom ? "dominant" : "random";
    for (int64_t n = (int64_t)1 << 23; n <= nmax; n <<= 2) {
      run<256, 128>(n, v, k, copy_gbs);
      run<64, 0, 16>(n, v, k, copy_gbs);
      run<256, 128, 16>(n, v, k, copy_gbs);
      run<512, 128, 16>(n, v, k, copy_gbs);
      run<64, 0, 16, true>(n, v, k, copy_gbs);
      run<256, 128, 16, true>(n, v, k, copy_gbs);
      run<512, 128, 16, true>(n, v, k, copy_gbs);
      run<64, 0, 16, true, true>(n, v, k, copy_gbs);
      run<64, 0, 8, true, true>(n, v, k, copy_gbs);
      run<256, 128, 8, true, true>(n, v, k, copy_gbs);
      run<256, 128, 16, true, true>(n, v, k, copy_gbs);
      run<512, 128, 8, true, true>(n, v, k, copy_gbs);
      run<512, 128, 16, true, true>(n, v, k, copy_gbs);
      run<1024, 128, 16, true, true>(n, v, k, copy_gbs);
      run<64, 0, 16, true, true, true>(n, v, k, copy_gbs);
      run<256, 128, 8, true, true, true>(n, v, k, copy_gbs);
      run<256, 128, 16, true, true, true>(n, v, k, copy_gbs);
      run<512, 128, 8, true, true, true>(n, v, k, copy_gbs);
      run<512, 128, 16, true, true, true>(n, v, k, copy_gbs);
      run<1024, 128, 16, true, true, true>(n, v, k, copy_gbs);
      run<64, 0, 16, true, true, true, true>(n, v, k, copy_gbs);
      run<256, 128, 16, true, true, true, true>(n, v, k, copy_gbs);
      run<512, 128, 16, true, true, true, true>(n, v, k, copy_gbs);
      run<1024, 128, 16, true, true, true, true>(n, v, k, copy_gbs);
    }
  }
  return 0;
}
