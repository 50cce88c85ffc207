/*
 * Batched diagonal pivoting on the GPU: one thread per system (thesis 3.2).
 *
 * Method. Each thread runs the sequential diagonal pivoting of the host DP_SEQ
 * (src/host/dp_seq_gen.c) on its own system, with the same arithmetic
 * (core/pivot.h), hence the same pivots and the same accuracy:
 *   forward sweep, fused with the L and B solves: the thread carries the updated
 *     diagonal bt and the updated right-hand side zt of its current row i, and per
 *     pivot block writes y (solution of L B y = b), g (the M^T coefficient) and a
 *     flag "a 2x2 block starts here";
 *   backward sweep: x[i] = y[i] - g[i] x[i + 1 + first2x2(i)], from row n-1 up.
 *
 * Two kernels, by layout.
 *
 * Rows contiguous (strided batches, one matrix with many columns: batch_dp_kernel).
 * Data layout transformation, on chip. A warp's 32 systems
 * are 32 far-apart rows: a thread-per-system load would touch 32 lines per access.
 * Instead the warp stages its 32 systems' rows in a shared-memory ring of R rows
 * (sIn[array][row % R][system]) with loads in which consecutive lanes read
 * consecutive rows of one system (coalesced), then each thread sweeps its own
 * column. Outputs y, g go to a per-lane ring (sY, sG) and leave in rows that every
 * lane has finished, so that a store instruction of the warp writes one row of 32
 * systems: 32 consecutive elements of the interleaved workspace. The backward
 * sweep is not divergent (every lane handles row r at the same step); its x goes
 * back through shared memory, transposed again, to coalesced strided stores.
 *
 * Systems contiguous (the interleaved layout, row r of system s at r*batch + s:
 * batch_dp_inter; also any single system, which one lane solves). A row of the
 * warp's 32 systems is 32 consecutive elements, so each lane loads its own rows
 * straight into registers, K rows ahead of its sweep (a ring of registers, indexed
 * at compile time; K = 8 or 16, InterCfg), and no shared memory is used. The lanes
 * advance in lockstep, one row per step: a lane whose step is the second row of a
 * 2x2 block only stores the y, g it formed with the first, so every load and store
 * of the warp is one row of 32 systems and no lane drifts from the others (the
 * register ring is the whole tile: dynamic tiling with a tile of one row). The
 * backward sweep is the same as the other kernel's, with y, g read K rows ahead
 * and x stored directly. H200, double random, 2^24 rows: 0.336 ms for n = 64..256
 * (its 72 B a row at 93% of the copy bandwidth), against 0.44-0.63 ms by the
 * on-chip kernel (bench/results/gpu-batch-inter-2026-11-24.md).
 *
 * Dynamic tiling (batch_dp_kernel). 1x1 and 2x2 pivots advance the lanes by different amounts. The
 * warp re-synchronises after each tile: every lane sweeps as far as the staged
 * rows allow (a block at row i needs rows i..i+2), then the warp takes the lowest
 * lane row m (__reduce_min_sync), flushes the rows below m, and refills the ring
 * with rows [previous top, m + R). The lanes are then at most 2 rows apart, and
 * the footprint of a warp is bounded by the ring; no cache is relied on.
 * Example with R = 8: lanes at rows 0; ring holds rows 0..7; lane A takes 1x1
 * pivots to row 6 (needs rows 6..8: stop), lane B 2x2 pivots to row 6, lane C
 * ends with a 2x2 at 4..5 and stops at row 6 as well, or a 1x1 at 5 and row 6:
 * m = min = 5 or 6; rows 0..m-1 are flushed; rows 8..m+7 are loaded into the
 * slots of rows 0..m-1.
 *
 * Bytes per row (one right-hand side, T = 8 bytes for double, 4 for float):
 *   forward:  read dl, d, du, b (4T), write y, g (2T) + 1 flag bit
 *   backward: read y, g (2T) + 1 flag bit, write x (T)
 *   = 9T + 1/4 B: 72.25 B/row double, 36.25 B/row float (the floor is 5T: 40, 20).
 * The workspace is per warp slot, and the grid is persistent (one slot per
 * resident warp, each warp loops over groups of 32 systems), so the workspace is
 * as small as the machine's resident warps times 32 n (2T + 1/8) bytes. When that
 * fits in L2 (small n: about 34 MB for n = 64 double on an H200) a slot's lines are
 * rewritten by the next group before they are evicted, and DRAM sees close to 5T
 * per row; larger n streams the workspace through DRAM.
 *
 * Singularity: a bad pivot block (zero, Inf or NaN) at row r of system s stops
 * that thread, reports key s * key_sys + r with an atomicMin (lowest system, then
 * lowest row, wins), and that system's x is not written. Other lanes go on.
 *
 * One matrix with many right-hand sides is the same kernel with m_sys = 0: every
 * lane factors the same matrix (no divergence) and solves its own column.
 */
#include <atomic>
#include <stdlib.h>
#include <cuda_runtime.h>
#include "batch/batch.h"
#include "core/pivot_cxx.h"
#include "spike/spike.h"
#include "cuda/state.h"
#include "cuda/pdl.h"

int gtsv__batch_inter_dp = -1;
int gtsv__batch_inter_ahead = 0;
int gtsv__batch_nrhs_seq = -1;
int gtsv__batch_single_tile = 1;

namespace {
using namespace gtsv_piv;

constexpr int kWarps = 4; /* warps per block */

/* Ring rows per warp: about 25 KB of shared memory per warp in both precisions,
   so 8 warps fit on an SM. R divides 32 (a backward chunk lies in one flag word)
   and is a power of two (slot = row & (R-1)). */
template <typename T> struct Ring;
template <> struct Ring<float> { static constexpr int R = 32; };
template <> struct Ring<double> { static constexpr int R = 16; };

template <typename T> __host__ __device__ constexpr int smem_per_warp()
{
  return (4 * Ring<T>::R * 33 + 2 * Ring<T>::R * 32) * (int)sizeof(T);
}

enum { A_DL = 0, A_D = 1, A_DU = 2, A_B = 3 };

/* A gated kernel (desc.gate: the GPU SPIKE's fallback) is a programmatic dependent
   launch (batch_solve): it waits for the kernel before it (gtsv_pdl::pdl_wait,
   cuda/pdl.h), whose writes (the gate among them) are then visible. */

/*
 * Solve the systems of desc (rows contiguous). ws: nslots = gridDim.x * kWarps slots
 * of lay.slot bytes; warp w uses slot w for groups w, w + nslots, ...; w_ws =
 * min(32, nsys) systems per workspace row.
 */
template <typename T>
__global__ void __launch_bounds__(kWarps * 32)
batch_dp_kernel(gtsv_batch_desc desc, const T *__restrict__ dl, const T *__restrict__ dd,
                const T *__restrict__ du, T *x, char *ws, gtsv_batch_layout lay,
                int w_ws, unsigned long long *info)
{
  constexpr int R = Ring<T>::R;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const int lane = threadIdx.x & 31, wib = threadIdx.x >> 5;
  T *sb = reinterpret_cast<T *>(smem_raw) + (size_t)wib * (smem_per_warp<T>() / sizeof(T));
  T(*sIn)[R][33] = reinterpret_cast<T(*)[R][33]>(sb);            /* [array][slot][sys] */
  T(*sY)[32] = reinterpret_cast<T(*)[32]>(sb + 4 * R * 33);       /* [slot][lane] */
  T(*sG)[32] = reinterpret_cast<T(*)[32]>(sb + 4 * R * 33 + R * 32);

  const int n = (int)desc.n;
  const int64_t slot = (int64_t)blockIdx.x * kWarps + wib;
  const int64_t nslots = (int64_t)gridDim.x * kWarps;
  const int64_t ngroups = (desc.nsys + 31) / 32;
  const int64_t W = w_ws;
  char *mine = ws + slot * lay.slot;
  T *wy = reinterpret_cast<T *>(mine + lay.y);
  T *wg = reinterpret_cast<T *>(mine + lay.g);
  uint32_t *wf = reinterpret_cast<uint32_t *>(mine + lay.f);

  if (desc.gate) gtsv_pdl::pdl_wait();
  if (desc.gate && *desc.gate == 0u) return; /* conditional fallback not needed */
  for (int64_t grp = slot; grp < ngroups; grp += nslots) {
    const int64_t s0 = grp * 32;
    const int nact = (int)min((int64_t)32, desc.nsys - s0);
    const bool active = lane < nact;
    const int64_t s = s0 + lane;

    /* ---- forward sweep: factor and solve L B y = b ---- */
    int i = active ? 0 : n; /* next pivot block of this lane; n = finished */
    bool bad = false, failed = false;
    T bt = 0, zt = 0;
    uint32_t fw = 0; /* flag bits of word i >> 5 */
    int lo = 0, hi = 0; /* ring holds rows [lo, hi); rows < lo are flushed */
    for (;;) {
      const int top = min(lo + R, n);
      const int cnt = top - hi;
      /* rows [hi, top) of nact systems; lanes walk along a system's rows */
      for (int e = lane; e < nact * cnt; e += 32) {
        const int j = e / cnt, r = hi + (e - j * cnt);
        const int64_t mo = (s0 + j) * desc.m_sys + r, bo = (s0 + j) * desc.b_sys + r;
        sIn[A_DL][r & (R - 1)][j] = __ldcs(dl + mo);
        sIn[A_D][r & (R - 1)][j] = __ldcs(dd + mo);
        sIn[A_DU][r & (R - 1)][j] = __ldcs(du + mo);
        sIn[A_B][r & (R - 1)][j] = x[bo];
      }
      __syncwarp(); /* the staged rows are read by other lanes */
      if (hi == 0 && active) {
        bt = sIn[A_D][0][lane];
        zt = sIn[A_B][0][lane];
      }
      hi = top;

      /* sweep while rows i..i+2 are staged (rows >= n count as zero) */
      while (i < n && (i + 2 < hi || hi == n)) {
        const bool h1 = i + 1 < n, h2 = i + 2 < n;
        const int k0 = i & (R - 1), k1 = (i + 1) & (R - 1), k2 = (i + 2) & (R - 1);
        const T c0 = h1 ? sIn[A_DU][k0][lane] : T(0);
        const T a1 = h1 ? sIn[A_DL][k1][lane] : T(0);
        const T b1 = h1 ? sIn[A_D][k1][lane] : T(0);
        T z1 = h1 ? sIn[A_B][k1][lane] : T(0);
        const T c1 = h2 ? sIn[A_DU][k1][lane] : T(0);
        const T a2 = h2 ? sIn[A_DL][k2][lane] : T(0);
        int next;
        if (piv_1x1(bt, c0, a1, b1, c1, a2)) {
          if (bad_piv(bt)) { bad = true; break; }
          T p, g;
          const T nbt = fac_1x1(bt, c0, a1, b1, &p, &g);
          sY[k0][lane] = fsol_1x1(p, zt, a1, &z1);
          sG[k0][lane] = g;
          bt = nbt;
          zt = z1;
          next = i + 1;
        } else {
          const T b2 = h2 ? sIn[A_D][k2][lane] : T(0);
          T z2 = h2 ? sIn[A_B][k2][lane] : T(0);
          T delta, p0, p1, g0, g1, y0, y1;
          const T nbt = fac_2x2(bt, c0, a1, b1, c1, a2, b2, &delta, &p0, &p1, &g0, &g1);
          /* a 2x2 block at the last row happens only for a non-finite bt, and
             then delta is NaN: reported here, nothing written past row n-1 */
          if (bad_piv(delta) || !h1) { bad = true; break; }
          fsol_2x2(p0, p1, c0, a1, b1, a2, zt, z1, &y0, &y1, &z2);
          sY[k0][lane] = y0;
          sG[k0][lane] = g0;
          sY[k1][lane] = y1;
          sG[k1][lane] = g1;
          fw |= 1u << (i & 31);
          bt = nbt;
          zt = z2;
          next = i + 2;
        }
        if ((next >> 5) != (i >> 5) || next >= n) { /* flag word complete */
          wf[(int64_t)(i >> 5) * W + lane] = fw;
          /* a final 2x2 block across a word boundary: the last word holds only
             its second row (no flag) and is written here, never read unset */
          if (next >= n && ((n - 1) >> 5) != (i >> 5))
            wf[(int64_t)((n - 1) >> 5) * W + lane] = 0u;
          fw = 0;
        }
        i = next;
      }
      if (bad) {
        gtsv__report_singular(info, (unsigned long long)(s * desc.key_sys + i));
        i = n;
        bad = false;
        failed = true;
      }
      __syncwarp(); /* every lane is done with the ring before it is refilled */
      const int m = (int)__reduce_min_sync(0xffffffffu, (unsigned)i);
      /* rows [lo, m) are final in every lane: one row of the warp per store */
      if (active)
        for (int r = lo; r < m; r++) {
          wy[(int64_t)r * W + lane] = sY[r & (R - 1)][lane];
          wg[(int64_t)r * W + lane] = sG[r & (R - 1)][lane];
        }
      lo = m;
      if (m >= n) break;
    }
    const unsigned badmask = __ballot_sync(0xffffffffu, failed);
    const bool ok = active && !((badmask >> lane) & 1u);

    /* ---- backward sweep: x = M^-T y, R rows per chunk, top chunk first ---- */
    T x1 = 0, x2 = 0; /* x[r+1], x[r+2] */
    for (int c = (n - 1) / R; c >= 0; c--) {
      const int r0 = c * R;
      const uint32_t fword = ok ? __ldcg(wf + (int64_t)(r0 >> 5) * W + lane) : 0u;
#pragma unroll
      for (int k = R - 1; k >= 0; k--) {
        const int r = r0 + k;
        if (r < n) {
          T xr = 0;
          if (ok) {
            const T y = __ldcg(wy + (int64_t)r * W + lane);
            const T g = __ldcg(wg + (int64_t)r * W + lane);
            const bool first = (fword >> (r & 31)) & 1u;
            /* the host skips row n-2 of a final 2x2 block: g = 0, no x[n] */
            xr = first ? (r + 2 < n ? y - g * x2 : y) : (r + 1 < n ? y - g * x1 : y);
          }
          x2 = x1;
          x1 = xr;
          sIn[0][k][lane] = xr;
        }
      }
      const int cnt = min(R, n - r0);
      __syncwarp(); /* x of other lanes' systems */
      for (int e = lane; e < nact * cnt; e += 32) {
        const int j = e / cnt, k = e - j * cnt;
        if (!((badmask >> j) & 1u)) __stcs(x + (s0 + j) * desc.b_sys + r0 + k, sIn[0][k][j]);
      }
      __syncwarp(); /* before the next chunk overwrites the staging rows */
    }
    __syncwarp(); /* the next group refills the ring */
  }
}

/* Rows a lane of batch_dp_inter holds in registers, K: the loads of row i + K are
   issued when row i is done, K - 2 steps before the sweep needs them. K = 8 where
   the systems fill the machine (4 blocks per SM: at most 128 registers), K = 16
   where they do not (2 blocks per SM), so that each lane's loads run further ahead
   of its steps: see plan_of(). */
template <int K> struct InterCfg;
template <> struct InterCfg<8> { static constexpr int min_blocks = 4; };
template <> struct InterCfg<16> { static constexpr int min_blocks = 2; };

/*
 * Solve the systems of desc (systems contiguous, m_row = b_row; or a single system),
 * one lane per system, the lanes of a warp in lockstep (see the top of the file). dl
 * at each system's first row is loaded and never used. Workspace and
 * persistent grid as batch_dp_kernel's; the same arithmetic (core/pivot.h), so the
 * same pivots, solutions and singular rows as DP_SEQ.
 */
template <typename T, int K>
__global__ void __launch_bounds__(kWarps * 32, InterCfg<K>::min_blocks)
batch_dp_inter(gtsv_batch_desc desc, const T *__restrict__ dl, const T *__restrict__ dd,
               const T *__restrict__ du, T *x, char *ws, gtsv_batch_layout lay, int w_ws,
               unsigned long long *info)
{
  const int lane = threadIdx.x & 31, wib = threadIdx.x >> 5;
  const int n = (int)desc.n;
  const int64_t slot = (int64_t)blockIdx.x * kWarps + wib;
  const int64_t nslots = (int64_t)gridDim.x * kWarps;
  const int64_t ngroups = (desc.nsys + 31) / 32;
  const int W = w_ws;
  const bool wlane = lane < W; /* has a workspace column */
  char *mine = ws + slot * lay.slot;
  T *wy = reinterpret_cast<T *>(mine + lay.y) + lane;
  T *wg = reinterpret_cast<T *>(mine + lay.g) + lane;
  uint32_t *wf = reinterpret_cast<uint32_t *>(mine + lay.f) + lane;

  if (desc.gate) gtsv_pdl::pdl_wait();
  if (desc.gate && *desc.gate == 0u) return; /* conditional fallback not needed */
  for (int64_t grp = slot; grp < ngroups; grp += nslots) {
    const int64_t s = grp * 32 + lane;
    const bool active = s < desc.nsys;
    /* a lane without a system sweeps zeros: never reported, never stored */
    const int64_t row = desc.m_row; /* = desc.b_row (plan_of) */
    const T *pa = dl + s * desc.m_sys, *pd = dd + s * desc.m_sys, *pc = du + s * desc.m_sys;
    T *pb = x + s * desc.b_sys;

    /* ---- forward sweep, row i at step i: rows i, i+1, i+2 in ring slots ---- */
    T ra[K], rd[K], rc[K], rz[K]; /* dl, d, du (0 at row n-1), b; 0 past row n-1 */
    auto load = [&](int k, int r) {
      const bool in = active && r < n;
      const int64_t o = (int64_t)r * row;
      ra[k] = in ? __ldcs(pa + o) : T(0);
      rd[k] = in ? __ldcs(pd + o) : T(0);
      rc[k] = in && r + 1 < n ? __ldcs(pc + o) : T(0);
      rz[k] = in ? pb[o] : T(0);
    };
#pragma unroll
    for (int k = 0; k < K; k++) load(k, k);
    T bt = rd[0], zt = rz[0]; /* updated diagonal and right-hand side of row i */
    T py = 0, pg = 0;         /* y, g of the second row of the 2x2 block at i - 1 */
    bool pend = false, failed = !active;
    uint32_t fw = 0; /* flag bits of word i >> 5 */
    for (int i0 = 0; i0 < n; i0 += K) {
#pragma unroll
      for (int u = 0; u < K; u++) {
        const int i = i0 + u;
        if (i < n) { /* warp-uniform */
          const int u1 = (u + 1) % K, u2 = (u + 2) % K;
          T ys, gs;
          if (pend) {
            ys = py;
            gs = pg;
            pend = false;
          } else {
            const bool h1 = i + 1 < n;
            const T c0 = rc[u], a1 = ra[u1], b1 = rd[u1], c1 = rc[u1], a2 = ra[u2];
            T z1 = rz[u1];
            const T rcp = rcp_early(bt);
            if (!h1 || piv_1x1(bt, c0, a1, b1, c1, a2)) {
              if (bad_piv(bt) && !failed) {
                gtsv__report_singular(info, (unsigned long long)(s * desc.key_sys + i));
                failed = true;
              }
              T g;
              const T nbt = fac_1x1_r(rcp, c0, a1, b1, &g);
              ys = fsol_1x1(rcp, zt, a1, &z1);
              gs = g;
              bt = nbt;
              zt = z1;
            } else {
              const T b2 = rd[u2];
              T z2 = rz[u2];
              T delta, p0, p1, g0, g1, y0, y1;
              const T nbt = fac_2x2(bt, c0, a1, b1, c1, a2, b2, &delta, &p0, &p1, &g0, &g1);
              if (bad_piv(delta) && !failed) {
                gtsv__report_singular(info, (unsigned long long)(s * desc.key_sys + i));
                failed = true;
              }
              fsol_2x2(p0, p1, c0, a1, b1, a2, zt, z1, &y0, &y1, &z2);
              ys = y0;
              gs = g0;
              py = y1;
              pg = g1;
              pend = true;
              fw |= 1u << (i & 31);
              bt = nbt;
              zt = z2;
            }
          }
          if (wlane) {
            wy[(int64_t)i * W] = ys;
            wg[(int64_t)i * W] = gs;
            if ((i & 31) == 31 || i == n - 1) wf[(int64_t)(i >> 5) * W] = fw;
          }
          if ((i & 31) == 31) fw = 0;
        }
        load(u, i + K); /* row i is done with */
      }
    }

    /* ---- backward sweep: x = M^-T y, row r at step n-1-r ---- */
    const bool ok = active && !failed;
    T ry[K], rg[K];
    auto wload = [&](int k, int r) {
      const bool in = wlane && r >= 0;
      ry[k] = in ? __ldcg(wy + (int64_t)r * W) : T(0);
      rg[k] = in ? __ldcg(wg + (int64_t)r * W) : T(0);
    };
#pragma unroll
    for (int k = 0; k < K; k++) wload(k, n - 1 - k);
    uint32_t fcur = 0, fnext = wlane ? __ldcg(wf + (int64_t)((n - 1) >> 5) * W) : 0u;
    T x1 = 0, x2 = 0; /* x[r+1], x[r+2] */
    for (int j0 = 0; j0 < n; j0 += K) {
#pragma unroll
      for (int u = 0; u < K; u++) {
        const int r = n - 1 - (j0 + u);
        if (r >= 0) { /* warp-uniform */
          if ((r & 31) == 31 || r == n - 1) { /* a new flag word; fetch the one below */
            fcur = fnext;
            if (wlane && r >= 32) fnext = __ldcg(wf + (int64_t)((r >> 5) - 1) * W);
          }
          const bool first = (fcur >> (r & 31)) & 1u;
          const T y = ry[u], g = rg[u];
          /* the host skips row n-2 of a final 2x2 block: g = 0, no x[n] */
          const T xr = first ? (r + 2 < n ? y - g * x2 : y) : (r + 1 < n ? y - g * x1 : y);
          x2 = x1;
          x1 = xr;
          if (ok) __stcs(pb + (int64_t)r * row, xr);
        }
        wload(u, r - K);
      }
    }
  }
}

/* Blocks per SM of a kernel: KIND 0 batch_dp_kernel, 8 or 16 batch_dp_inter with
   that K (no shared memory); asked once per device (same answer every time). */
template <typename T, int KIND> int blocks_per_sm(int dev)
{
  static std::atomic<int> cache[64];
  const int smem = KIND ? 0 : kWarps * smem_per_warp<T>();
  const void *fn = KIND == 8    ? (const void *)batch_dp_inter<T, 8>
                   : KIND == 16 ? (const void *)batch_dp_inter<T, 16>
                                : (const void *)batch_dp_kernel<T>;
  int v = dev >= 0 && dev < 64 ? cache[dev].load(std::memory_order_relaxed) : 0;
  if (v > 0) return v;
  cudaError_t e = cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  if (e == cudaSuccess)
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&v, fn, kWarps * 32, smem);
  if (e != cudaSuccess || v < 1) {
    (void)cudaGetLastError();
    return -1;
  }
  if (dev >= 0 && dev < 64) cache[dev].store(v, std::memory_order_relaxed);
  return v;
}

/* Launch shape of a solve: persistent grid, warps with a group, workspace. */
struct Plan {
  int64_t grid, slots;
  int w_ws;
  gtsv_batch_layout lay;
  int ahead; /* 0: batch_dp_kernel; 8 or 16: batch_dp_inter with that K */
};

template <typename T> gtsv_status plan_of(const gtsv_batch_desc *desc, Plan *pl)
{
  int dev = 0, sms = 0, bps;
  /* systems contiguous; or a single system, which one lane solves as well in either
     kernel, and batch_dp_inter's loads run ahead of it (where the ring kernel waits
     for every refill of its 16 rows: H200, n = 1024, 0.465 ms against 0.501) */
  const bool inter = desc->m_row != 1 || desc->b_row != 1 || desc->nsys == 1;
  if (inter && desc->m_row != desc->b_row) return GTSV_STATUS_NOT_SUPPORTED;
  GTSV_CUDA_TRY(cudaGetDevice(&dev));
  GTSV_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  const int64_t ngroups = (desc->nsys + 31) / 32;
  pl->ahead = 0;
  if (inter) {
    /* K = 16 while every group has a warp of its own at K = 16's occupancy (the
       lanes' steps then wait on their loads: few warps per SM), else K = 8 */
    const int b16 = blocks_per_sm<T, 16>(dev);
    if (b16 < 1) return GTSV_STATUS_DEVICE_ERROR;
    pl->ahead = gtsv__batch_inter_ahead == 8 || gtsv__batch_inter_ahead == 16
                    ? gtsv__batch_inter_ahead
                    : ngroups <= (int64_t)sms * b16 * kWarps ? 16 : 8;
  }
  bps = pl->ahead == 16 ? blocks_per_sm<T, 16>(dev)
        : pl->ahead == 8 ? blocks_per_sm<T, 8>(dev)
                         : blocks_per_sm<T, 0>(dev);
  if (bps < 1) return GTSV_STATUS_DEVICE_ERROR;
  pl->grid = (ngroups + kWarps - 1) / kWarps;
  if (pl->grid > (int64_t)sms * bps) pl->grid = (int64_t)sms * bps; /* persistent */
  /* warps whose slot index is >= ngroups have no group and touch no workspace */
  pl->slots = pl->grid * kWarps < ngroups ? pl->grid * kWarps : ngroups;
  pl->w_ws = (int)(desc->nsys < 32 ? desc->nsys : 32);
  pl->lay = gtsv__batch_layout(desc->n, pl->w_ws, sizeof(T));
  return GTSV_STATUS_SUCCESS;
}

/* ws: NULL = the handle's workspace. */
template <typename T>
gtsv_status batch_solve(gtsv_handle h, const gtsv_batch_desc *desc, const T *dl,
                        const T *d, const T *du, T *x, void *ws)
{
  const int smem = kWarps * smem_per_warp<T>();
  Plan pl;
  if (desc->n > GTSV_BATCH_MAX_N) return GTSV_STATUS_NOT_SUPPORTED;
  if (desc->n < 1 || desc->nsys < 1) return GTSV_STATUS_SUCCESS;
  gtsv_status s = plan_of<T>(desc, &pl);
  if (s != GTSV_STATUS_SUCCESS) return s;
  if (!ws) {
    s = gtsv__cuda_workspace(h, (size_t)pl.slots * pl.lay.slot, &ws);
    if (s != GTSV_STATUS_SUCCESS) return s;
  }
  cudaStream_t st = gtsv__cuda_stream(h);
  /* a gated fallback (GPU SPIKE) is a programmatic dependent launch: its blocks are
     resident when the kernel before it (which triggers only after its own wait)
     ends, and wait for it at their start */
  const bool pdl = desc->gate != NULL;
  const dim3 grid((unsigned)pl.grid), block(kWarps * 32);
  char *w = (char *)ws;
  if (pl.ahead == 16) {
    GTSV_CUDA_TRY(gtsv_pdl::launch_pdl(pdl, batch_dp_inter<T, 16>, grid, block, 0, st, *desc, dl,
                                       d, du, x, w, pl.lay, pl.w_ws, gtsv__cuda_info(h)));
  } else if (pl.ahead == 8) {
    GTSV_CUDA_TRY(gtsv_pdl::launch_pdl(pdl, batch_dp_inter<T, 8>, grid, block, 0, st, *desc, dl,
                                       d, du, x, w, pl.lay, pl.w_ws, gtsv__cuda_info(h)));
  } else {
    GTSV_CUDA_TRY(gtsv_pdl::launch_pdl(pdl, batch_dp_kernel<T>, grid, block, (size_t)smem, st,
                                       *desc, dl, d, du, x, w, pl.lay, pl.w_ws,
                                       gtsv__cuda_info(h)));
  }
  return GTSV_STATUS_SUCCESS;
}

/* The on-chip kernel (batch_tile.cu) where it takes the shape, except for
   GTSV_ALGO_DP_SEQ, which asks for the sequential pivots of every system, and the
   interleaved layout beyond n = kTileInterMaxN, where this file's kernel is faster
   on the H200. */
constexpr int64_t kTileInterMaxN = 1024;
bool use_tile(gtsv_handle h, const gtsv_batch_desc *desc)
{
  if (h->algo == GTSV_ALGO_DP_SEQ || !gtsv__batch_tile_takes(desc)) return false;
  const bool inter = desc->m_row != 1 || desc->b_row != 1;
  return !inter || desc->n <= kTileInterMaxN || gtsv__batch_tile_m != 0;
}
/* The interleaved layout one thread per system (batch_dp_inter) rather than by the
   on-chip kernel or the packed path (gtsv__batch_inter_dp forces either). Each lane
   runs n dependent steps, about 0.6 us a row on an H200 when its warp has the SM
   nearly to itself, so the kernel pays off once the systems fill the machine and it
   runs at the bandwidth of its 9T bytes a row: n <= 1024 and at least 16384 systems
   in double, 32768 in float, whose on-chip kernel moves its rows twice as fast.
   H200, ms, thread per system against the on-chip kernel (bench/results/
   gpu-batch-inter-2026-11-24.md): double 64 x 8192 0.045 / 0.032, 64 x 32768
   0.051 / 0.077, 256 x 8192 0.164 / 0.103, 256 x 16384 0.172 / 0.176, 1024 x 8192
   0.666 / 0.460, 1024 x 16384 0.682 / 0.882; float 256 x 16384 0.149 / 0.108,
   512 x 16384 0.302 / 0.224, 1024 x 16384 0.607 / 0.470, 512 x 32768 0.332 /
   0.404, 1024 x 32768 0.662 / 0.904; beyond n = 1024, double 2048 x 8192 1.33
   against 1.01 packed. */
template <typename T> bool use_inter_dp(const gtsv_batch_desc *desc)
{
  if (gtsv__batch_inter_dp >= 0) return gtsv__batch_inter_dp != 0;
  return desc->n <= 1024 && desc->nsys >= (sizeof(T) == sizeof(double) ? 16384 : 32768);
}
/* The other GPU batch paths this file dispatches to, by precision. */
template <typename T> struct Paths;
template <> struct Paths<float> {
  static constexpr auto tile = gtsv__s_batch_tile;
  static constexpr auto spike = gtsv__s_spike_cuda_batch;
  static constexpr auto packed = gtsv__s_batch_packed;
  static constexpr auto factored = gtsv__s_batch_nrhs_factored;
};
template <> struct Paths<double> {
  static constexpr auto tile = gtsv__d_batch_tile;
  static constexpr auto spike = gtsv__d_spike_cuda_batch;
  static constexpr auto packed = gtsv__d_batch_packed;
  static constexpr auto factored = gtsv__d_batch_nrhs_factored;
};

/* Strided batches of systems too long for the on-chip kernel: the GPU SPIKE over
   all of them as one block-diagonal system (src/spike; the rows of the gaps,
   stride > n, are identity rows it reads and never writes), whose partitions keep
   every SM busy however few the systems are; the thread-per-system kernel here
   would run one thread per system through n dependent steps (H200, 4096 systems
   of 4096 rows: 5.2 ms against 0.89, bench/results/gpu-batch-long-2026-11-22.md).
   Not where the gaps would be most of the rows (stride > 2n; one system has none). */
bool use_spike(gtsv_handle h, const gtsv_batch_desc *desc)
{
  return h->algo != GTSV_ALGO_DP_SEQ && desc->m_row == 1 && desc->b_row == 1 &&
         desc->m_sys == desc->b_sys && desc->m_sys >= desc->n &&
         (desc->m_sys <= 2 * desc->n || desc->nsys == 1) && !use_tile(h, desc);
}

/* Long systems that neither the on-chip kernel nor the SPIKE in place takes: the
   interleaved layout beyond kTileInterMaxN, strided batches with stride > 2n.
   They are packed into a contiguous strided copy for the on-chip kernel (n <= 2048)
   or the GPU SPIKE (batch_pack.cu): H200, double 4096 x 4096 interleaved,
   thread-per-system 5.7 ms. */
bool use_packed(gtsv_handle h, const gtsv_batch_desc *desc)
{
  return h->algo != GTSV_ALGO_DP_SEQ && gtsv__batch_pack && !use_tile(h, desc) &&
         !use_spike(h, desc);
}

/* The packed solve, or (its buffers not allocatable) the thread-per-system kernel. */
template <typename T>
gtsv_status long_solve(gtsv_handle h, const gtsv_batch_desc *desc, int64_t info_div,
                       const T *dl, const T *d, const T *du, T *x)
{
  gtsv_status s = Paths<T>::packed(h, desc, dl, d, du, x);
  if (s != GTSV_STATUS_ALLOC_FAILED) return s;
  s = gtsv__cuda_begin(h, info_div);
  if (s != GTSV_STATUS_SUCCESS) return s;
  return batch_solve<T>(h, desc, dl, d, du, x, NULL);
}

/* The on-chip kernel as the whole solve: one launch that keeps the info keys itself
   (cuda/state.h, the epoch protocol), no reset before it. An empty batch launches
   nothing, and where the solve fails before its launch the keys are reset as for any
   other solve, so that gtsv_get_info reports none. */
template <typename T>
gtsv_status tile_self(gtsv_handle h, const gtsv_batch_desc *desc, int64_t info_div,
                      const T *dl, const T *d, const T *du, T *x)
{
  /* GTSV_INFO_RESET=1 (measurements): the reset before the kernel, as before */
  static const bool reset = getenv("GTSV_INFO_RESET") && *getenv("GTSV_INFO_RESET") == '1';
  const bool launches = desc->n >= 1 && desc->nsys >= 1;
  gtsv_status s = reset || !launches ? gtsv__cuda_begin(h, info_div)
                                     : gtsv__cuda_begin_self(h, info_div);
  if (s != GTSV_STATUS_SUCCESS) return s;
  s = Paths<T>::tile(h, desc, dl, d, du, x);
  if (s != GTSV_STATUS_SUCCESS) (void)gtsv__cuda_begin(h, info_div);
  return s;
}

template <typename T>
gtsv_status strided(gtsv_handle h, int64_t n, const T *dl, const T *d, const T *du, T *x,
                    int64_t batch, int64_t stride)
{
  gtsv_batch_desc desc = {n, batch, stride, 1, stride, 1, stride, NULL, NULL, 0, 0};
  if (h->algo == GTSV_ALGO_PDP || h->algo == GTSV_ALGO_ARCR)
    return GTSV_STATUS_NOT_SUPPORTED; /* as the host batch */
  if (n > GTSV_BATCH_MAX_N) return GTSV_STATUS_NOT_SUPPORTED;
  if (use_spike(h, &desc)) return Paths<T>::spike(h, n, dl, d, du, x, batch, stride);
  if (use_tile(h, &desc)) return tile_self<T>(h, &desc, stride, dl, d, du, x);
  gtsv_status s = gtsv__cuda_begin(h, stride);
  if (s != GTSV_STATUS_SUCCESS) return s;
  if (use_packed(h, &desc)) return long_solve<T>(h, &desc, stride, dl, d, du, x);
  return batch_solve<T>(h, &desc, dl, d, du, x, NULL);
}

template <typename T>
gtsv_status interleaved(gtsv_handle h, int64_t n, const T *dl, const T *d, const T *du,
                        T *x, int64_t batch)
{
  gtsv_batch_desc desc = {n, batch, 1, batch, 1, batch, n, NULL, NULL, 0, 0};
  if (batch == 1) desc = {n, 1, n, 1, n, 1, n, NULL, NULL, 0, 0}; /* one contiguous system */
  if (h->algo == GTSV_ALGO_PDP || h->algo == GTSV_ALGO_ARCR)
    return GTSV_STATUS_NOT_SUPPORTED;
  if (n > GTSV_BATCH_MAX_N) return GTSV_STATUS_NOT_SUPPORTED;
  const bool spike = use_spike(h, &desc);
  const bool inter_dp = !spike && batch > 1 && use_inter_dp<T>(&desc);
  if (!spike && !inter_dp && use_tile(h, &desc)) return tile_self<T>(h, &desc, n, dl, d, du, x);
  gtsv_status s = gtsv__cuda_begin(h, n);
  if (s != GTSV_STATUS_SUCCESS) return s;
  if (spike) return Paths<T>::spike(h, n, dl, d, du, x, 1, n);
  if (inter_dp) return batch_solve<T>(h, &desc, dl, d, du, x, NULL);
  if (use_packed(h, &desc)) return long_solve<T>(h, &desc, n, dl, d, du, x);
  return batch_solve<T>(h, &desc, dl, d, du, x, NULL);
}

/* One matrix of n rows with nrhs columns of leading dimension ldb as systems of the batch
   kernels: key_sys = 0, so every column is system 0 and a key is the row. */
gtsv_batch_desc one_matrix(int64_t n, int64_t nrhs, int64_t ldb)
{
  return {n, nrhs, 0, 1, ldb, 1, 0, NULL, NULL, 0, 0};
}

/* Short matrices (n <= GTSV_BATCH_SEQ_MAX_N) by the on-chip kernel with every column in
   one lane (desc.seq): up to kSeqMaxCols columns, and for n <= 16 up to kSeqMaxColsShort;
   more columns go to the factored path (batch_nrhs.cu: nrhs_fused where it is the
   default). Each lane loads its own copy of the matrix and runs the whole sweep alone,
   where nrhs_fused's warp shares one copy. H100, us a call in a CUDA graph, on chip /
   nrhs_fused (bench/results/gpu-nrhs-fused-h100-2026-11-27.md, call 4, double): n = 8
   with 4 columns 4.6 / 6.2, 16 columns 7.2 / 6.2; n = 16: 5.4 / 7.4, 8.4 / 7.6; n = 32
   with 16 columns 10.0 / 11.0, 32 columns 13.8 / 11.2; n = 64: 14.9 / 18.5, 18.8 / 18.8,
   1024 columns 19.0 / 19.3 (float alike). The counts between 4 and 16, and between 16 and
   32, were not measured and stay on chip, as before. (Session 29, against the two
   kernels: gpu-short-h100-2026-11-27.md, call 2.) */
constexpr int64_t kSeqMaxCols = 31, kSeqMaxColsShort = 15;

template <typename T>
gtsv_status nrhs_solve(gtsv_handle h, int64_t n, int64_t nrhs, const T *dl, const T *d,
                       const T *du, T *B, int64_t ldb)
{
  /* DP_SEQ's pivots and
     answer (GTSV_ALGO_DP_SEQ, and AUTO where it keeps them: src/cuda/solve.cu), so not
     the on-chip kernel's SPIKE inside a warp (gtsv__?_batch_cols: on 2026-11-22 it left
     a random n = 512 system with 26 times LAPACK's residual in the LAPACK drop-in's
     offload test, and in session 29 up to 22 times this path's largest residual on
     many columns: bench/results/gpu-short-h100-2026-11-27.md). A short matrix
     (desc.seq) goes to the on-chip kernel with P = 1 instead: each column's lane runs
     DP_SEQ's sequential pivoting in shared memory (its pivots, x and singular row), in
     one launch that keeps the info keys itself (no reset before it), where this file's
     kernels step through global memory and the workspace. */
  gtsv_batch_desc desc = one_matrix(n, nrhs, ldb);
  const int seq = gtsv__batch_nrhs_seq;
  if (n <= GTSV_BATCH_SEQ_MAX_N && seq != 0 &&
      (seq == 1 || nrhs <= (n <= 16 ? kSeqMaxColsShort : kSeqMaxCols))) {
    desc.seq = 1;
    return tile_self<T>(h, &desc, n, dl, d, du, B);
  }
  gtsv_status s = gtsv__cuda_begin(h, n);
  if (s != GTSV_STATUS_SUCCESS) return s;
  if (nrhs >= 2 && n <= GTSV_BATCH_NRHS_MAX_N && gtsv__batch_nrhs_factored)
    return Paths<T>::factored(h, n, nrhs, dl, d, du, B, ldb); /* batch_nrhs.cu */
  return batch_solve<T>(h, &desc, dl, d, du, B, NULL);
}

/* One matrix, nrhs columns, on chip: each column a system with m_sys = 0 (the on-chip
   kernel answers NOT_SUPPORTED beyond its n, and tile_self then resets the keys). */
template <typename T>
gtsv_status cols_solve(gtsv_handle h, int64_t n, int64_t nrhs, const T *dl, const T *d,
                       const T *du, T *B, int64_t ldb)
{
  const gtsv_batch_desc desc = one_matrix(n, nrhs, ldb);
  return tile_self<T>(h, &desc, n, dl, d, du, B);
}

} /* namespace */

extern "C" gtsv_batch_layout gtsv__batch_layout(int64_t n, int64_t w, size_t elt)
{
  gtsv_batch_layout L;
  const size_t un = n > 0 ? (size_t)n : 0, uw = w > 0 ? (size_t)w : 0;
  /* 256-byte alignment keeps every row of every slot on whole sectors */
  const auto al = gtsv__al256;
  L.y = 0;
  L.g = al(L.y + un * uw * elt);
  L.f = al(L.g + un * uw * elt);
  L.slot = al(L.f + (un + 31) / 32 * uw * sizeof(uint32_t));
  return L;
}

extern "C" gtsv_status gtsv__s_batch_solve(gtsv_handle h, const gtsv_batch_desc *desc,
                                           const float *dl, const float *d,
                                           const float *du, float *x)
{
  return batch_solve<float>(h, desc, dl, d, du, x, NULL);
}
extern "C" gtsv_status gtsv__d_batch_solve(gtsv_handle h, const gtsv_batch_desc *desc,
                                           const double *dl, const double *d,
                                           const double *du, double *x)
{
  return batch_solve<double>(h, desc, dl, d, du, x, NULL);
}

extern "C" gtsv_status gtsv__batch_ws_bytes(const gtsv_batch_desc *desc, size_t elt,
                                            size_t *bytes)
{
  Plan pl;
  gtsv_status s = elt == sizeof(float) ? plan_of<float>(desc, &pl) : plan_of<double>(desc, &pl);
  if (s == GTSV_STATUS_SUCCESS) *bytes = (size_t)pl.slots * pl.lay.slot;
  return s;
}
extern "C" gtsv_status gtsv__s_batch_solve_in(gtsv_handle h, const gtsv_batch_desc *desc,
                                              const float *dl, const float *d,
                                              const float *du, float *x, void *ws)
{
  return ws ? batch_solve<float>(h, desc, dl, d, du, x, ws) : GTSV_STATUS_INVALID_VALUE;
}
extern "C" gtsv_status gtsv__d_batch_solve_in(gtsv_handle h, const gtsv_batch_desc *desc,
                                              const double *dl, const double *d,
                                              const double *du, double *x, void *ws)
{
  return ws ? batch_solve<double>(h, desc, dl, d, du, x, ws) : GTSV_STATUS_INVALID_VALUE;
}

extern "C" gtsv_status gtsv__s_batch_strided(gtsv_handle h, int64_t n, const float *dl,
                                             const float *d, const float *du, float *x,
                                             int64_t batch, int64_t stride)
{
  return strided<float>(h, n, dl, d, du, x, batch, stride);
}
extern "C" gtsv_status gtsv__d_batch_strided(gtsv_handle h, int64_t n, const double *dl,
                                             const double *d, const double *du, double *x,
                                             int64_t batch, int64_t stride)
{
  return strided<double>(h, n, dl, d, du, x, batch, stride);
}

extern "C" gtsv_status gtsv__s_batch_nrhs(gtsv_handle h, int64_t n, int64_t nrhs,
                                          const float *dl, const float *d, const float *du,
                                          float *B, int64_t ldb)
{
  return nrhs_solve<float>(h, n, nrhs, dl, d, du, B, ldb);
}
extern "C" gtsv_status gtsv__d_batch_nrhs(gtsv_handle h, int64_t n, int64_t nrhs,
                                          const double *dl, const double *d,
                                          const double *du, double *B, int64_t ldb)
{
  return nrhs_solve<double>(h, n, nrhs, dl, d, du, B, ldb);
}

/* The interleaved device entry points (declared in cuda/cuda.h). */
extern "C" gtsv_status gtsv__s_cuda_gtsv_interleaved_batch(gtsv_handle h, int64_t n,
                                                           const float *dl, const float *d,
                                                           const float *du, float *x,
                                                           int64_t batch)
{
  return interleaved<float>(h, n, dl, d, du, x, batch);
}
extern "C" gtsv_status gtsv__d_cuda_gtsv_interleaved_batch(gtsv_handle h, int64_t n,
                                                           const double *dl,
                                                           const double *d,
                                                           const double *du, double *x,
                                                           int64_t batch)
{
  return interleaved<double>(h, n, dl, d, du, x, batch);
}
extern "C" gtsv_status gtsv__s_batch_cols(gtsv_handle h, int64_t n, int64_t nrhs,
                                          const float *dl, const float *d, const float *du,
                                          float *B, int64_t ldb)
{
  return cols_solve<float>(h, n, nrhs, dl, d, du, B, ldb);
}
extern "C" gtsv_status gtsv__d_batch_cols(gtsv_handle h, int64_t n, int64_t nrhs,
                                          const double *dl, const double *d,
                                          const double *du, double *B, int64_t ldb)
{
  return cols_solve<double>(h, n, nrhs, dl, d, du, B, ldb);
}
