/*
 * The GPU PDP's forward pass by warm-up sweeps (issue 5; session 38's design, probed in
 * tools/pdp-sweep-probe.cu and bench/results/gpu-pdp-sweep-probe-h200-2026-11-28.md).
 *
 * Method. DP_SEQ's sweep (core/pivot.h) carries two numbers from one pivot block to the
 * next: bt, the updated diagonal, and z, the updated right-hand side. Both forget where
 * they started: run from a fresh start (bt = d, z = b at row s, as if the matrix began
 * there), they reach bitwise the values of the sweep from row 0 after a number of rows
 * (tools/pdp-warmup.c, bench/results/host-pdp-warmup-2026-11-28.md: on U(-1,1) matrices bt
 * bitwise within 96 rows, z more slowly: 4.1% of starts still differ bitwise after 128 rows,
 * none of 8191 after 192; strictly dominant matrices within 64). So thread t takes rows r0 = t C .. r0 + C - 1 and starts W rows
 * early (W = 192 in double, 128 in float): it sweeps the W rows of its predecessor
 * (pivots, z), records its state at r0 (the "entry": bt, z and whether r0 is the second
 * row of a 2x2 block), sweeps its C rows writing g, y and the start bits, and records its
 * state after them (the "exit").
 *
 * The check (check_kernel). Thread t's outputs are exactly the sequential sweep's when
 * its entry is bitwise its predecessor's exit and the predecessor's are: by induction
 * from thread 0, whose start (row 0) is exact. Where an entry differs, the thread's rows
 * are swept again from the predecessor's exit (repair(), rows from global memory, the
 * same arithmetic: block()); when the repaired exit is bitwise the first one, the
 * successors' checks against that exit stand. Otherwise (the repair changed the exit, more
 * than kMaxRepairs threads disagree, or a pivot block is zero or not finite) the fallback
 * flag is raised and the checked-splice forward kernel (pdp.cu), queued next, redoes the
 * column; it also reports a singular pivot. Without the flag it returns at once. So on
 * every matrix the answer is either that of one sequential sweep with DP_SEQ's pivot
 * choice and formulas (block(): its differences of products fused, so not DP_SEQ's host
 * arithmetic bit for bit) or the checked-splice kernel's, and matrices
 * whose sweep never forgets its start (thesis type 13, dorr, whose theta follows a
 * subdominant solution) take the latter.
 *
 * Layout (the probe's lean 16 fast form): warps that share nothing, in blocks of four
 * (forward) or eight (backward) where the grid spreads that thinly, one block an SM (its
 * shared memory), else of one (shape(); session 42: with one-warp blocks, which the block
 * scheduler may put two to a scheduler while another has none, double's solve took 9-18%
 * longer); the 32 threads' streams
 * (C + W rows each; C chosen at run time for the size and the device: default_rows()) are
 * staged K rows at a time (16, or 32 in float from 2^22 rows: shape()) into shared memory
 * by cp.async, two stages in flight (a stage whose rows are all inner one without bounds:
 * the checked copies were a third of the sweep's instructions), 32 columns of
 * K + 3 slots (dl, d, du, b; the column stride is odd: no bank conflicts); each lane sweeps
 * its column one row an iteration (both pivot blocks' values formed and selected, the
 * second row of a 2x2 block carried to the next iteration); g and y go into the du and b
 * slots of the row just swept and from there to global memory as coalesced stores. 38.9
 * KB of shared memory a warp in double at K = 16 (35.8 KB float at K = 32). The stage's
 * pieces of a column (K rows, 128 bytes at K = 16 in double) want to be long: at K = 8 the
 * solve was 20-40% slower. The carveout is left to the driver: all of the SM's memory as
 * shared memory (L1 at its smallest) made double 2^23 17% slower.
 *
 * The backward pass (bwd_kernel, bcheck_kernel; by default, pdp.cu; in double only
 * before session 41) the same way: x_i = y_i - g_i q forgets its start q about as fast
 * (U(-1,1): 3.6% of starts differ bitwise after 128 rows, 0.02% after 192), so thread t
 * sweeps its rows downwards from WB rows below them with q = 0, and its q at row r1 is checked bitwise against the x the thread below wrote
 * there; a disagreeing thread is swept again from that x until a block start whose x
 * comes out as stored. Where that is not enough the scan backward kernel (pdp.cu) redoes x
 * from y, g and the start bits, which this pass only reads.
 *
 * Bytes a row: read dl, d, du, b (4T) and again for the warm-up (W/C of that, from L2 in
 * part), write g, y (2T) and a start bit; the backward pass reads g, y (2T, and 2T WB/CB
 * again, CB its C) and writes x (T): 9T + 4T W/C + 2T WB/CB. In double (T = 8, W = WB =
 * 192) at 2^23 rows (C 512, CB 256) that is 72 + 12 + 12 = 96 bytes, E <= 40/96 = 42%; at
 * 2^25 (C 2016, CB 1024) 72 + 3 + 3 = 78 bytes, E <= 51%. (Session 40's header gave 37%
 * and 44% for C = CB = 512 and 1024: its warm-up terms were twice this formula's, 36 and
 * 18 bytes for 18 and 9.)
 *
 * Measured (H200, session 42, call 5, bench/results/gpu-pdp-spread-h200-2026-11-29.md):
 * double random 2^23 0.3186 ms (E 27.0%, 4.23x gtsv2 in the same run: 64% of the bound
 * above), 2^25 0.9548 (E 36.0%, 5.74x: 71%; C 2016 there, 78 bytes a row, E <= 51%);
 * float 2^23 0.2291 (2.20x), 2^25 0.6713 (2.97x). Call 3's ncu at 2^23: the forward sweep
 * (194 us of it) issues 123 instructions a stream row at 4.04 cycles each, waiting on the
 * row's dependent arithmetic, its reconvergence after the 2x2 blocks' second rows and
 * shared loads; the backward sweep (88 us) 53 a row, waiting on memory.
 *
 * Compiled without FMA contraction (CMakeLists.txt): the sweep and the repair must round
 * alike for the repair's exit to be compared bitwise; block() writes its fused
 * multiply-adds out.
 *
 * Determinism: every value is a function of the data (the repairs' early stops compare
 * with values the first sweeps wrote before the check kernels start; a repair that changes
 * a value another check reads raises the flag), so the answers are bitwise reproducible.
 */
#include <cuda_runtime.h>
#include "pdp/pdp_sweep.h"
#include "pdp/pdp_opts.h"
#include "batch/cp_async.h"
#include "core/pivot_cxx.h"
#include "cuda/resident.h"
#include "cuda/state.h"

namespace gtsv_pdp_sweep {
namespace {

/* A stage is K rows of each of a warp's 32 columns (K = 16 or 32, a template argument):
   a column has S = K + 3 slots (K + 2 rows and a pad: an odd stride, no bank conflicts),
   one array of the tile TW = 32 S slots. */
template <int K> constexpr int kS = K + 3;
template <int K> constexpr int kTW = 32 * kS<K>;
#ifndef GTSV_PDP_SWEEP_WD
#define GTSV_PDP_SWEEP_WD 192
#endif
template <typename T> constexpr int kW = sizeof(T) == 8 ? GTSV_PDP_SWEEP_WD : 128; /* warm-up rows */
/* rows a thread: from kCMin to kCMax (wave_rows()); float's forward stages of 32 rows
   from kBigFrom (shape()) */
constexpr int kCMin = 128, kCMax = 4096;
/* the backward sweep's wave: at most two warps a scheduler (eight an SM; shape()) */
constexpr int kBwdWarpsPerSm = 8;
constexpr int64_t kBigFrom = (int64_t)1 << 22, kHugeFrom = (int64_t)1 << 24;
constexpr unsigned kMaxRepairs = 256; /* and one thread in 8 */

/* A thread's state at its first row (entry) or after its last (exit): bt and z of the
   next block's first row (r + pend), and where pend the carried second row of the 2x2
   block that covers row r (pg, py); bad: a zero or non-finite pivot among its rows. */
template <typename T> struct Rec {
  T bt, z, pg, py;
  int pend, bad;
};

/* columns swept, forward threads repaired, (unused), backward threads repaired */
__device__ unsigned long long g_stats[4];

/* One pivot block at row i from its first row's state (bt, z): c0 = du[i], a1 = dl[i+1],
   b1 = d[i+1], c1 = du[i+1], a2 = dl[i+2], b2 = d[i+2], z1 = b[i+1], z2 = b[i+2]. Both
   blocks' values are formed and the chosen one selected (pivot.h's choice and formulas,
   factor and fsolve, 1x1 or 2x2, with fused multiply-adds). */
template <typename T> struct Blk {
  T den, g, y, g1, y1, bt, z;
  bool one;
};
template <typename T>
__device__ __forceinline__ Blk<T> block(T bt, T z, T c0, T a1, T b1, T c1, T a2, T b2, T z1,
                                        T z2)
{
  Blk<T> o;
  o.one = gtsv_piv::piv_1x1(bt, c0, a1, b1, c1, a2) != 0;
  /* each difference of products one fused multiply-add, written out (the file is compiled
     without contraction, so the sweep and the repair round alike). Session 40, call 5,
     same run, against the unfused form: double random 2^23 0.4163 against 0.4289 ms,
     2^25 1.2941 against 1.3238, float 2^23 0.3164 against 0.3275; residuals no larger */
  o.den = o.one ? bt : fma(bt, b1, -(a1 * c0));
  const T r = T(1) / o.den;
  const T g1x = c0 * r, y1x = z * r;
  const T g0 = -(c0 * c1) * r, g1 = (bt * c1) * r;
  const T y0 = fma(b1, z, -(c0 * z1)) * r, y1 = fma(bt, z1, -(a1 * z)) * r;
  o.bt = o.one ? fma(-a1, g1x, b1) : fma(-a2, g1, b2);
  o.z = o.one ? fma(-a1, y1x, z1) : fma(-a2, y1, z2);
  o.g = o.one ? g1x : g0;
  o.y = o.one ? y1x : y0;
  o.g1 = g1;
  o.y1 = y1;
  return o;
}


/* The start of stage j of nst (two buffers, stage j in buffer j & 1): once every lane is
   done with the other buffer, stage j + 1's copies into it are issued (stage(j + 1, buffer)),
   then this thread waits for stage j's; the warp then sees all of stage j. */
template <typename F>
__device__ __forceinline__ void begin_stage(int j, int nst, F &stage)
{
  __syncwarp();
  if (j + 1 < nst) {
    stage(j + 1, (j & 1) ^ 1);
    gtsv_cp::cp_wait_but_last();
  } else {
    gtsv_cp::cp_wait();
  }
  __syncwarp();
}

/* Row r of dl, d, du, b into slot o of a tile's four arrays (A, A + TW, ...), by
   cp.async; 0 outside the system and for dl[0], du[n-1] (not part of it). */
template <typename T, int TW>
__device__ __forceinline__ void copy_row(T *A, int o, int64_t r, int64_t n, const T *dl,
                                         const T *d, const T *du, const T *b)
{
  T *const D = A + TW, *const Cc = D + TW, *const B = Cc + TW;
  if (r >= 0 && r < n) {
    if (r > 0) gtsv_cp::cp_elt(A + o, dl + r);
    else A[o] = T(0);
    gtsv_cp::cp_elt(D + o, d + r);
    if (r < n - 1) gtsv_cp::cp_elt(Cc + o, du + r);
    else Cc[o] = T(0);
    gtsv_cp::cp_elt(B + o, b + r);
  } else {
    A[o] = T(0);
    D[o] = T(0);
    Cc[o] = T(0);
    B[o] = T(0);
  }
}

/* The sweep: warps of 32 columns, blockDim.x / 32 of them a block (each with its own
   stages: the warps of a block share nothing), thread t = blockIdx.x blockDim.x +
   threadIdx.x. Its stream is rows
   s = r0 - W .. r0 + C - 1 (stream offset so = row - s; rows below 0 do not exist: the
   first threads start at row 0, which is exact). Row k of a stage is done with its du and
   b slots once swept (later rows read slots above k): its g and y go there, and from there
   to global memory. */
constexpr int kMaxFwdWarps = 4, kMaxBwdWarps = 8; /* warps a block (Shape::w) */
template <typename T, int K>
__global__ void __launch_bounds__(32 * kMaxFwdWarps)
sweep_kernel(int64_t n, int C, const T *__restrict__ dl, const T *__restrict__ d,
             const T *__restrict__ du, const T *__restrict__ b, T *__restrict__ g,
             T *__restrict__ y, unsigned *__restrict__ bits, Rec<T> *__restrict__ ein,
             Rec<T> *__restrict__ eout)
{
  /* C: a multiple of 32 (whole bit words) and so of K (whole stages: W is one too) */
  constexpr int W = kW<T>, S = kS<K>, TW = kTW<K>, CP = 32 / K;
  static_assert(W % 32 == 0 && 32 % K == 0, "whole stages, whole columns a pass");
  const int NST = (C + W) / K;
  extern __shared__ __align__(16) unsigned char smem[];
  __shared__ int sOffs[kMaxFwdWarps][32]; /* 1 where a lane's row r0 is the second row of a 2x2 block */
  const int lane = threadIdx.x & 31, wb = threadIdx.x >> 5;
  const int64_t tw = (int64_t)blockIdx.x * blockDim.x + 32 * wb;
  if (tw * C >= n) return; /* a whole warp past the system (the last block's) */
  T *const buf0 = reinterpret_cast<T *>(smem) + (size_t)wb * 8 * kTW<K>;
  int *const sOff = sOffs[wb];
  const int64_t t = tw + lane, r0 = t * C, r1 = r0 + C < n ? r0 + C : n;
  const int64_t s = r0 - W;
  const bool mine = r0 < n;
  sOff[lane] = 0;
  const int hl = lane % K, hc = lane / K; /* CP columns at a time, K lanes each */
  /* stage j into buffer q: rows 0..K-1 of every column, CP columns a pass, then each
     lane rows K, K + 1 of its own */
  auto stage = [&](int j, int q) {
    T *const A = buf0 + q * 4 * TW;
    const int64_t sb = tw * C - W + (int64_t)j * K; /* column 0's first row */
    if (sb >= 1 && sb + 31 * (int64_t)C + K + 1 <= n - 2) {
      /* every row the warp copies is an inner one (the warp's common case): no bounds,
         offsets from the stage's first row (session 41's ncu: the checked copies were a
         third of the sweep's instructions) */
      const T *const a0 = dl + sb, *const d0 = d + sb, *const c0 = du + sb, *const b0 = b + sb;
      T *const s0 = A + hc * S + hl;
      int o = hc * C + hl;
#pragma unroll
      for (int i = 0; i < 32 / CP; i++, o += CP * C) {
        gtsv_cp::cp_elt(s0 + i * CP * S, a0 + o);
        gtsv_cp::cp_elt(s0 + i * CP * S + TW, d0 + o);
        gtsv_cp::cp_elt(s0 + i * CP * S + 2 * TW, c0 + o);
        gtsv_cp::cp_elt(s0 + i * CP * S + 3 * TW, b0 + o);
      }
      const int e = lane * C + K;
      T *const s1 = A + lane * S + K;
#pragma unroll
      for (int i = 0; i < 2; i++) {
        gtsv_cp::cp_elt(s1 + i, a0 + e + i);
        gtsv_cp::cp_elt(s1 + i + TW, d0 + e + i);
        gtsv_cp::cp_elt(s1 + i + 2 * TW, c0 + e + i);
        gtsv_cp::cp_elt(s1 + i + 3 * TW, b0 + e + i);
      }
    } else {
#pragma unroll 4
      for (int c = hc; c < 32; c += CP)
        copy_row<T, TW>(A, c * S + hl, sb + (int64_t)c * C + hl, n, dl, d, du, b);
      copy_row<T, TW>(A, lane * S + K, sb + (int64_t)lane * C + K, n, dl, d, du, b);
      copy_row<T, TW>(A, lane * S + K + 1, sb + (int64_t)lane * C + K + 1, n, dl, d, du, b);
    }
    gtsv_cp::cp_commit();
  };
  /* the stream offsets of the thread's rows that exist: kstart .. kend - 1 */
  const int kstart = s < 0 ? (int)(-s) : 0;
  const int kend = !mine ? 0 : n - s < W + C ? (int)(n - s) : W + C;
  T bt = T(0), z = T(0), pg = T(0), py = T(0);
  bool pend = false;
  unsigned bad = 0u, bw = 0u;
  stage(0, 0);
  for (int j = 0; j < NST; j++) {
    const int q = j & 1;
    begin_stage(j, NST, stage);
    T *const tile = buf0 + q * 4 * TW, *const oG = tile + 2 * TW, *const oY = tile + 3 * TW;
    const T *const pA = tile + lane * S, *const pD = pA + TW;
    T *const pC = oG + lane * S, *const pB = oY + lane * S;
    T *const qG = pC, *const qY = pB; /* g into du's slot, y into b's, once read */
    const int o0 = j * K;
    /* kstart and W are multiples of 32 (C, W and t C are), so of K: a fresh start and the
       entry record come at a stage's first row, before it is swept */
    if (o0 == kstart && kstart < kend) { /* a fresh start */
      bt = pD[0];
      z = pB[0];
    }
    if (o0 == W && W >= kstart && W < kend) {
      Rec<T> e;
      e.bt = bt;
      e.z = z;
      e.pg = pg;
      e.py = py;
      e.pend = pend ? 1 : 0;
      e.bad = 0;
      ein[t] = e;
      sOff[lane] = pend ? 1 : 0;
    }
    const bool out = o0 >= W;
    /* row k's eight shared operands (slots k .. k + 2) are in registers before row k - 1's
       branches: four carried from row k - 1's, four loaded while it is swept (no slot a
       row reads is written before: row k writes slot k), so that the pivot test does not
       wait on a shared load (session 41's ncu: a third of the main loop's stalls). At the
       stage's last row the loads ahead read slot K + 2, the column's pad: in bounds, never
       used. */
    T c0 = pC[0], a1 = pA[1], b1 = pD[1], c1 = pC[1], a2 = pA[2], b2 = pD[2], z1 = pB[1],
      z2 = pB[2];
#pragma unroll 4
    for (int k = 0; k < K; k++) {
      const T xc0 = c0, xa1 = a1, xb1 = b1, xc1 = c1, xa2 = a2, xb2 = b2, xz1 = z1, xz2 = z2;
      c0 = c1;
      a1 = a2;
      b1 = b2;
      c1 = pC[k + 2];
      a2 = pA[k + 3];
      b2 = pD[k + 3];
      z1 = z2;
      z2 = pB[k + 3];
      const int so = o0 + k;
      const bool live = so >= kstart && so < kend;
      if (out && live) { /* row so - W of the thread's: a block start unless pend */
        const int p = so - W;
        bw |= (pend ? 0u : 1u) << (p & 31);
        if ((p & 31) == 31) {
          bits[(r0 >> 5) + (p >> 5)] = bw;
          bw = 0u;
        }
      }
      if (pend) { /* the second row of a 2x2 block */
        qG[k] = pg;
        qY[k] = py;
        pend = false;
        continue;
      }
      if (!live) continue;
      const Blk<T> o = block<T>(bt, z, xc0, xa1, xb1, xc1, xa2, xb2, xz1, xz2);
      qG[k] = o.g;
      qY[k] = o.y;
      if (out) bad |= (unsigned)gtsv_piv::bad_piv(o.den);
      pend = !o.one;
      pg = o.g1;
      py = o.y1;
      bt = o.bt;
      z = o.z;
    }
    __syncwarp();
    { /* the stage's rows r0 + sOff .. r1 - 1, coalesced, CP columns a pass */
      const int64_t sb = tw * C - W + o0;
      if (o0 > W && sb + 31 * (int64_t)C + K <= n) {
        /* past a thread's first output stage (so past sOff) with every row in the
           system: every row is stored, offsets from the stage's first row */
        T *const g0 = g + sb, *const y0 = y + sb;
        const T *const sg = oG + hc * S + hl, *const sy = oY + hc * S + hl;
        int o = hc * C + hl;
#pragma unroll
        for (int i = 0; i < 32 / CP; i++, o += CP * C) {
          g0[o] = sg[i * CP * S];
          y0[o] = sy[i * CP * S];
        }
      } else {
#pragma unroll 4
        for (int c = hc; c < 32; c += CP) {
          const int64_t r = sb + (int64_t)c * C + hl;
          const int k0 = W - o0 + sOff[c]; /* the column's first output, stage offset */
          if (hl >= k0 && hl < W + C - o0 && r < n) {
            g[r] = oG[c * S + hl];
            y[r] = oY[c * S + hl];
          }
        }
      }
    }
  }
  if (mine) {
    if (pend && r1 < n) { /* the thread's last block ran into row r1 */
      g[r1] = pg;
      y[r1] = py;
    }
    if ((r1 - r0) & 31) bits[(r0 >> 5) + ((r1 - r0) >> 5)] = bw;
    Rec<T> e;
    e.bt = bt;
    e.z = z;
    e.pg = pg;
    e.py = py;
    e.pend = pend ? 1 : 0;
    e.bad = bad != 0u;
    eout[t] = e;
  }
}

/* Rows r0..r1-1 swept again from the exit p of the thread above, block() as the sweep,
   rows from global memory in windows of RW rows (the next window's loads issued before the
   current one is swept): g, y and the start-bit words of the rows. It stops at the first
   block end e > r0 where the thread's first sweep (what it stored: g, y and its start
   bits) ended the same block with the same g and y: the state after e is a function of
   those (bt = b1 - a1 g, z = z1 - a1 y of the block's last row), so from there on the first
   sweep's rows are the repair's; the bit word of e keeps the first sweep's bits after e.
   Returns true when it so stopped, else (it reached r1, also writing row r1 where the last
   block runs into it) *ex = its exit. */
constexpr int RW = 8;
template <typename T>
__device__ bool repair(int64_t n, int64_t r0, int64_t r1, const Rec<T> &p, const T *dl,
                       const T *d, const T *du, const T *b, T *g, T *y, unsigned *bits,
                       Rec<T> *ex)
{
  /* rows i .. i + RW + 1 of dl, d, du, b (0 outside the system, dl[0], du[n-1]) */
  auto load = [&](T (&w)[4][RW + 2], int64_t i) {
#pragma unroll
    for (int k = 0; k < RW + 2; k++) {
      const int64_t r = i + k;
      w[0][k] = r > 0 && r < n ? dl[r] : T(0);
      w[1][k] = r < n ? d[r] : T(0);
      w[2][k] = r < n - 1 ? du[r] : T(0);
      w[3][k] = r < n ? b[r] : T(0);
    }
  };
  T cur[4][RW + 2], nxt[4][RW + 2];
  T bt = p.bt, z = p.z, pg = p.pg, py = p.py;
  bool pend = p.pend != 0;
  unsigned bad = 0u, bw = 0u, oldw = 0u, oldp = 0u; /* first sweep's words: this, previous */
  load(cur, r0);
  for (int64_t i0 = r0; i0 < r1; i0 += RW) {
    load(nxt, i0 + RW);
#pragma unroll
    for (int k = 0; k < RW; k++) {
      const int64_t i = i0 + k;
      if (i >= r1) break;
      const int pb = (int)((i - r0) & 31);
      if (pb == 0) {
        oldp = oldw;
        oldw = bits[i >> 5];
      }
      /* the first sweep's start bit of row j (j in this word or the one before, or j = i + 1) */
      auto old_bit = [&](int64_t j) -> unsigned {
        const int64_t wj = (j - r0) >> 5, wi = (i - r0) >> 5;
        const unsigned w = wj == wi ? oldw : wj < wi ? oldp : bits[j >> 5];
        return (w >> (j & 31)) & 1u;
      };
      bw |= (pend ? 0u : 1u) << pb;
      bool same_end = false;
      if (pend) { /* a 2x2 block's second row (row r0: the thread above's block) */
        same_end = i > r0 && old_bit(i - 1) == 1u && old_bit(i) == 0u && same_bits(g[i], pg) &&
                   same_bits(y[i], py);
        g[i] = pg;
        y[i] = py;
        pend = false;
      } else {
        const Blk<T> o = block<T>(bt, z, cur[2][k], cur[0][k + 1], cur[1][k + 1],
                                  cur[2][k + 1], cur[0][k + 2], cur[1][k + 2], cur[3][k + 1],
                                  cur[3][k + 2]);
        same_end = o.one && i > r0 && i + 1 < r1 && old_bit(i) == 1u && old_bit(i + 1) == 1u &&
                   same_bits(g[i], o.g) && same_bits(y[i], o.y);
        g[i] = o.g;
        y[i] = o.y;
        bad |= (unsigned)gtsv_piv::bad_piv(o.den);
        pend = !o.one;
        pg = o.g1;
        py = o.y1;
        bt = o.bt;
        z = o.z;
      }
      if (same_end && bad == 0u) { /* the first sweep's rows from i + 1 on stand */
        const unsigned keep = pb == 31 ? 0u : ~0u << (pb + 1);
        bits[i >> 5] = (bw & ~keep) | (oldw & keep);
        return true;
      }
      if (pb == 31 || i == r1 - 1) {
        bits[i >> 5] = bw;
        bw = 0u;
      }
    }
#pragma unroll
    for (int a = 0; a < 4; a++)
#pragma unroll
      for (int k = 0; k < RW + 2; k++) cur[a][k] = nxt[a][k];
  }
  if (pend && r1 < n) {
    g[r1] = pg;
    y[r1] = py;
  }
  ex->bt = bt;
  ex->z = z;
  ex->pg = pg;
  ex->py = py;
  ex->pend = pend ? 1 : 0;
  ex->bad = bad != 0u;
  return false;
}

/* One thread a sweep thread t: the fallback flag where t's rows hold a bad pivot; where
   t's entry is not bitwise the exit of t - 1, the repair (at most kMaxRepairs of them) and
   the flag unless its exit comes out as before. */
template <typename T>
__global__ void __launch_bounds__(128)
check_kernel(int64_t n, int C, int64_t nl, const T *__restrict__ dl, const T *__restrict__ d,
             const T *__restrict__ du, const T *__restrict__ b, T *g, T *y, unsigned *bits,
             const Rec<T> *__restrict__ ein, const Rec<T> *__restrict__ eout, unsigned *flags)
{
  const int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (t == 0) atomicAdd(&g_stats[0], 1ull);
  if (t >= nl) return;
  const Rec<T> e = eout[t];
  if (e.bad) {
    atomicOr(&flags[0], 1u);
    return;
  }
  if (t == 0) return;
  const Rec<T> p = eout[t - 1], in = ein[t];
  if (p.bad) return; /* thread t - 1 raises the flag */
  if (in.pend == p.pend && same_bits(in.bt, p.bt) && same_bits(in.z, p.z)) return;
  if (atomicAdd(&flags[1], 1u) >= kMaxRepairs + (unsigned)(nl / 8)) {
    atomicOr(&flags[0], 1u);
    return;
  }
  atomicAdd(&g_stats[1], 1ull);
  const int64_t r0 = t * C, r1 = r0 + C < n ? r0 + C : n;
  Rec<T> q;
  const bool kept =
      repair<T>(n, r0, r1, p, dl, d, du, b, g, y, bits, &q) ||
      (!q.bad && q.pend == e.pend && same_bits(q.bt, e.bt) && same_bits(q.z, e.z) &&
       (!e.pend || (same_bits(q.pg, e.pg) && same_bits(q.py, e.py))));
  if (!kept) atomicOr(&flags[0], 1u);
}

/* The backward pass the same way: x_i = y_i - g_i q, q = x of the nearest block start
   below (pivot.h), a recurrence that forgets its start as the forward one does (on U(-1,1)
   matrices 3.6% of starts still differ bitwise after 128 rows, 0.02% after 192; dominant
   ones within 64; tools/pdp-warmup.c, its second table). Thread t takes
   rows r0..r1-1 and starts WB rows below r1 with q = 0 (exact at row n - 1, where g = 0);
   its rows are read downwards, staged as in sweep_kernel (y, g: two arrays), its x staged
   and stored coalesced into B (through the y slot it was formed from). Its q on leaving row r1
   (the x of the first block start at or below r1, as it found it) is recorded for
   bcheck_kernel. */
template <typename T, int K>
__global__ void __launch_bounds__(32 * kMaxBwdWarps)
bwd_kernel(int64_t n, int C, const T *__restrict__ yv, const T *__restrict__ gv,
           const unsigned *__restrict__ bits, T *__restrict__ x, T *__restrict__ qrec)
{
  constexpr int WB = kW<T>, S = kS<K>, TW = kTW<K>, CP = 32 / K;
  static_assert(WB % 32 == 0 && 32 % K == 0, "whole stages, whole columns a pass");
  const int NST = (C + WB) / K; /* C: a multiple of 32 */
  extern __shared__ __align__(16) unsigned char smem[];
  const int lane = threadIdx.x & 31, wb = threadIdx.x >> 5;
  const int64_t tw = (int64_t)blockIdx.x * blockDim.x + 32 * wb;
  if (tw * C >= n) return; /* a whole warp past the system (the last block's) */
  T *const buf0 = reinterpret_cast<T *>(smem) + (size_t)wb * 4 * kTW<K>;
  const int64_t t = tw + lane, r0 = t * C;
  const int64_t top = r0 + C + WB - 1; /* the stream's row at offset 0; row = top - so */
  const bool mine = r0 < n;
  const int hl = lane % K, hc = lane / K;
  /* stage j into buffer q: slots 0..K-1 of every column (rows downwards), CP columns a
     pass */
  auto stage = [&](int j, int q) {
    T *const Y = buf0 + q * 2 * TW, *const G = Y + TW;
    const int64_t sb = tw * C + C + WB - 1 - (int64_t)j * K; /* column 0's first row */
    if (sb - (K - 1) >= 0 && sb + 31 * (int64_t)C < n) {
      /* every row exists (the warp's common case): offsets from column 0's first row */
      const T *const y0 = yv + sb, *const g0 = gv + sb;
      T *const s0 = Y + hc * S + hl;
      int o = hc * C - hl;
#pragma unroll
      for (int i = 0; i < 32 / CP; i++, o += CP * C) {
        gtsv_cp::cp_elt(s0 + i * CP * S, y0 + o);
        gtsv_cp::cp_elt(s0 + i * CP * S + TW, g0 + o);
      }
    } else {
#pragma unroll 4
      for (int c = hc; c < 32; c += CP) {
        const int64_t r = sb + (int64_t)c * C - hl;
        const int o = c * S + hl;
        if (r >= 0 && r < n) {
          gtsv_cp::cp_elt(Y + o, yv + r);
          gtsv_cp::cp_elt(G + o, gv + r);
        } else {
          Y[o] = T(0);
          G[o] = T(0);
        }
      }
    }
    gtsv_cp::cp_commit();
  };
  /* the first stream offset whose row exists */
  const int kstart = top >= n ? (int)(top - (n - 1)) : 0;
  T q = T(0);
  unsigned w = 0u;
  stage(0, 0);
  for (int j = 0; j < NST; j++) {
    const int qb = j & 1;
    begin_stage(j, NST, stage);
    T *const oX = buf0 + qb * 2 * TW; /* x into y's slot, once read */
    T *const pY = oX + lane * S, *const qX = pY;
    const T *const pG = pY + TW;
    const int o0 = j * K;
    if (o0 == WB && mine) qrec[t] = q; /* leaving row r1: q as this thread found it (WB is a
                                          multiple of K: at a stage's first row) */
    /* top is 31 modulo 32 (r0, C and WB are multiples of 32): a start-bit word begins
       (downwards) at offsets that are multiples of 32, the first row of a stage */
    if (o0 % 32 == 0 && mine && o0 >= kstart) w = bits[(top - o0) >> 5];
#pragma unroll 4
    for (int k = 0; k < K; k++) {
      const int so = o0 + k; /* so < C + WB: row >= r0 */
      const int64_t row = top - so;
      if (!mine || so < kstart) continue;
      if (so == kstart) w = bits[row >> 5];
      const T xv = pY[k] - pG[k] * q;
      if ((w >> (row & 31)) & 1u) q = xv;
      qX[k] = xv;
    }
    __syncwarp();
    { /* the stage's rows r1 - 1 .. r0 of each column, coalesced (downwards) */
      const int64_t sb = tw * C + C + WB - 1 - o0;
      if (o0 >= WB && sb + 31 * (int64_t)C < n) {
        /* every row of the stage is the thread's own and exists */
        T *const x0 = x + sb;
        const T *const sx = oX + hc * S + hl;
        int o = hc * C - hl;
#pragma unroll
        for (int i = 0; i < 32 / CP; i++, o += CP * C) x0[o] = sx[i * CP * S];
      } else {
#pragma unroll 4
        for (int c = hc; c < 32; c += CP) {
          const int64_t r = sb + (int64_t)c * C - hl, c0 = (tw + c) * C;
          if (r >= c0 && r < c0 + C && r < n) x[r] = oX[c * S + hl];
        }
      }
    }
  }
}

/* One thread a backward thread t but the last: where t's recorded q is not bitwise the x
   (thread t + 1's, in B) of the first block start at or below r1, t's rows are solved
   again from that x, downwards, until a block start whose x comes out as stored (then the
   rows above it stand); at most kMaxRepairs + nl / 8 of them. The flag where a repair
   reaches r0 without so meeting the stored rows (its x at the top may then differ from
   what thread t - 1 compared with), or too many disagree. */
template <typename T>
__global__ void __launch_bounds__(128)
bcheck_kernel(int64_t n, int C, int64_t nl, const T *__restrict__ yv, const T *__restrict__ gv,
              const unsigned *__restrict__ bits, T *x, const T *__restrict__ qrec,
              unsigned *flags)
{
  const int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (t + 1 >= nl) return;
  const int64_t r0 = t * C, r1 = r0 + C;
  auto bit = [&](int64_t r) { return (bits[r >> 5] >> (r & 31)) & 1u; };
  const int64_t s = r1 + 1 < n && !bit(r1) ? r1 + 1 : r1;
  T q = x[s];
  if (same_bits(q, qrec[t])) return;
  if (atomicAdd(&flags[1], 1u) >= kMaxRepairs + (unsigned)(nl / 8)) {
    atomicOr(&flags[0], 1u);
    return;
  }
  atomicAdd(&g_stats[3], 1ull);
  for (int64_t i = r1 - 1; i >= r0; i--) {
    const T xv = yv[i] - gv[i] * q;
    if (bit(i)) {
      if (same_bits(xv, x[i])) return; /* from here up the rows stand */
      q = xv;
    }
    x[i] = xv;
  }
  atomicOr(&flags[0], 1u);
}

/* shared memory of a sweep's warp: two stages of four arrays (forward), of two (backward) */
template <typename T, int K> constexpr size_t smem_bytes() { return 8 * (size_t)kTW<K> * sizeof(T); }
template <typename T, int K> constexpr size_t bsmem_bytes() { return 4 * (size_t)kTW<K> * sizeof(T); }

/* A sweep's shape: rows a thread (C, a multiple of 32 from kCMin to kCMax), rows a
   stage (K, 16 or 32) and warps a block (w). */
struct Shape {
  int c, k, w;
};

/* The resident one-warp blocks of a sweep kernel (gtsv_cuda::resident_blocks: -1 where the
   runtime cannot say; the launch then reports the error), its dynamic shared memory limit
   set to its largest block's: as many warps as fit a block (optin bytes at most), `most`
   at most, of smem bytes each. */
template <auto kernel> int sweep_resident(size_t smem, int most, int optin)
{
  const size_t f = optin > 0 ? (size_t)optin / smem : 0, w = f < (size_t)most ? f : (size_t)most;
  return gtsv_cuda::resident_blocks<kernel>(32, (int)smem, false, (int)(w * smem));
}

template <typename T, int K>
gtsv_status launch(cudaStream_t stream, int64_t n, int C, int w, const T *dl, const T *d,
                   const T *du, const T *z, T *y, T *g, unsigned *bits, void *rec,
                   unsigned *flags)
{
  const int64_t nl = (n + C - 1) / C, blocks = ((nl + 31) / 32 + w - 1) / w;
  Rec<T> *const ein = static_cast<Rec<T> *>(rec), *const eout = ein + nl;
  sweep_kernel<T, K><<<(unsigned)blocks, 32 * w, w * smem_bytes<T, K>(), stream>>>(
      n, C, dl, d, du, z, g, y, bits, ein, eout);
  GTSV_CUDA_TRY(cudaGetLastError());
  check_kernel<T><<<(unsigned)((nl + 127) / 128), 128, 0, stream>>>(
      n, C, nl, dl, d, du, z, g, y, bits, ein, eout, flags);
  GTSV_CUDA_TRY(cudaGetLastError());
  return GTSV_STATUS_SUCCESS;
}

template <typename T, int K>
gtsv_status launch_bwd(cudaStream_t stream, int64_t n, int C, int w, const T *y, const T *g,
                       const unsigned *bits, T *x, void *rec, unsigned *flags)
{
  const int64_t nl = (n + C - 1) / C, blocks = ((nl + 31) / 32 + w - 1) / w;
  T *const qrec = reinterpret_cast<T *>(static_cast<Rec<T> *>(rec) + 2 * nl);
  bwd_kernel<T, K><<<(unsigned)blocks, 32 * w, w * bsmem_bytes<T, K>(), stream>>>(
      n, C, y, g, bits, x, qrec);
  GTSV_CUDA_TRY(cudaGetLastError());
  bcheck_kernel<T><<<(unsigned)((nl + 127) / 128), 128, 0, stream>>>(n, C, nl, y, g, bits, x,
                                                                    qrec, flags + 2);
  GTSV_CUDA_TRY(cudaGetLastError());
  return GTSV_STATUS_SUCCESS;
}

/* The rows a thread (a multiple of 32 from kCMin to kCMax) that spread a sweep of n rows
   over at most warps warps: ceil(n / (32 warps)) rounded up; where that is more than kCMax,
   over as many equal rounds of warps as it takes. */
int wave_rows(int64_t n, int64_t warps)
{
  const int64_t per = 32 * warps;
  const int64_t rounds = (n + per * kCMax - 1) / (per * kCMax);
  const int64_t c = (n + per * rounds - 1) / (per * rounds);
  const int64_t c32 = (c + 31) / 32 * 32;
  return (int)(c32 < kCMin ? kCMin : c32 > kCMax ? kCMax : c32);
}

/* The default rows a thread of a sweep of n rows whose stream starts w rows early, on
   sms SMs that hold resident of its one-warp blocks at once (0 or less where unknown:
   C = 512 from kBigFrom rows, 1024 from kHugeFrom). The sweeps are bound by latency (session
   39's ncu): a warp's time is its stream's rows, C + w, and a scheduler that holds two
   warps makes each take about kShare times as long as one alone.
   - Forward: one warp a scheduler (C1 from four warps an SM) or one wave of the resident
     warps (C2), whichever costs less: (C + w) waves, times kShare where the wave holds
     more than four warps an SM.
   - Backward (fwd false): a wave of at most kBwdWarpsPerSm warps an SM.
   Session 41 (H200, 132 SMs; bench/results/gpu-pdp-wave-h200-2026-11-28.md), ms a solve,
   random: the one-wave C against one warp a scheduler, forward, double (5 resident warps an
   SM) 2^22 224 0.2845 against 256 0.2783, 2^23 416 0.4168 against 512 0.4034, 2^24 800
   0.6640 against 1024 0.6718, 2^25 1600 1.1773 against 2048 1.2149; float (K 32, 6 an SM)
   2^22 192 0.1905 against 256 0.1992, 2^23 352 0.2978 against 512 0.3107, 2^24 672 0.4972
   against 1024 0.5440; a kShare of 1.2 picks the faster at each. Backward, double (11
   resident an SM): eight warps an SM (C 128, 256, 512, 1024 at 2^22..2^25) against the one
   wave (C 128, 192, 384, 736): 2^23 0.4188 (C 416/256) against 0.4245 (416/192), 2^24
   0.6640 against 0.6745, 2^25 1.1773 against 1.1880; call 1: C 512 at 2^23 0.4493 with
   the forward C 416. Grids of more warps than the device holds at once lose a whole wave:
   double 2^23 C 384 0.5906, 2^25 C 1536 1.6479 (call 1). Session 42 (call 1,
   bench/results/gpu-pdp-ahead-h200-2026-11-29.md): with a row's operands loaded a row
   ahead a lone warp waits less, and sharing a scheduler costs more: double 2^23 C 512
   0.3547 / 0.3497 against 416 0.3776, 2^25 C 2048 1.0899 against 1600 1.1325 / 1.1314.
   Call 2, the default C against the other candidate: double 2^22 256 0.2464 against 224
   0.2549, 2^24 1024 0.6046 against 800 0.6282, 2^25 2016 1.0583 against 1600 1.1387; float
   2^22 256 0.1827 against 192 0.1963, 2^23 512 0.2644 against 352 0.2900, 2^24 672 0.4226
   against 1024 0.4293, 2^25 1344 0.7686 against 2016 0.8120. A kShare of 1.4 picks the
   faster of each pair (1.3 all but float 2^23). Since call 3 a grid of at most four warps
   an SM runs in blocks of four warps (shape()), which favours one warp a scheduler more:
   call 4 (bench/results/gpu-pdp-spread-h200-2026-11-29.md), C1 (blocks of four) against
   the one wave: double 2^22 256 0.2178 against 224 0.3012, 2^23 512 0.3098 against 416
   0.4534, 2^24 1024 0.5290 against 800 0.7220, 2^25 2016 0.9313 against 1600 1.2798;
   float 2^22 256 0.1680 against 192 0.1961, 2^23 512 0.2296 against 352 0.2840, 2^24 1024
   0.3699 against 672 0.4222, 2^25 2016 0.6696 against 1344 0.7379. A kShare of 1.6 picks
   C1 at each (1.4 took the one wave for float 2^24 and 2^25). */
constexpr int kShare10 = 16; /* kShare = 1.6, in tenths (integer costs: no ties by rounding) */
int default_rows(int64_t n, int w, bool fwd, int sms, int resident)
{
  if (sms <= 0 || resident <= 0) return n >= kHugeFrom ? 1024 : n >= kBigFrom ? 512 : kCMin;
  if (!fwd) return wave_rows(n, resident < kBwdWarpsPerSm * sms ? resident : kBwdWarpsPerSm * sms);
  auto cost10 = [&](int c) { /* ten times the cost */
    const int64_t warps = ((n + c - 1) / c + 31) / 32;
    const int64_t waves = (warps + resident - 1) / resident;
    const int64_t wave = (warps + waves - 1) / waves;
    return (int64_t)(c + w) * waves * (wave > 4 * (int64_t)sms ? kShare10 : 10);
  };
  const int c1 = wave_rows(n, resident < 4 * sms ? resident : 4 * sms);
  const int c2 = wave_rows(n, resident);
  return cost10(c1) < cost10(c2) ? c1 : c2; /* a tie: the one wave (float 2^22: 192 rows) */
}

/* The shape of the forward (fwd) or backward sweep of n rows of T. By default C =
   default_rows() and K = 16 rows a stage, 32 in float from kBigFrom rows. Session 40
   (H200, calls 2-4, bench/results/gpu-pdp-shape-h200-2026-11-28.md), random, ms a solve:
   float 2^23 0.3284 (K 32) against 0.3582 (K 16); double with K 32 (71.7 KB of stage a warp)
   0.6794 against 0.4315 at 2^23; K 8 (64-byte pieces; call 1) 20-40% slower everywhere.
   Session 41 (call 1): float 2^25 C 1344 K 32 (one wave) 0.9693 against C 736 K 16 (one
   wave) 1.1042 and C 1024 K 16 1.0630; call 4, float's backward sweep, 2^23 / 2^24 / 2^25:
   K 32 0.2989 / 0.4330 / 0.7905 against K 16 0.3168 / 0.4688 / 0.8582. Otherwise
   gtsv__pdp_sweep_shape's (pdp_opts.h) where it names a C that is a multiple of 32 from
   kCMin to kCMax or a K of 16 or 32, GTSV_PDP_SWEEP_FC / _FK (forward), _BC / _BK
   (backward) where set, for the A/B runs of the benchmark. */
template <typename T> Shape shape(int64_t n, bool fwd)
{
  static const int e[6] = {env_int("GTSV_PDP_SWEEP_FC", -1), env_int("GTSV_PDP_SWEEP_FK", -1),
                           env_int("GTSV_PDP_SWEEP_BC", -1), env_int("GTSV_PDP_SWEEP_BK", -1),
                           env_int("GTSV_PDP_SWEEP_FW", -1), env_int("GTSV_PDP_SWEEP_BW", -1)};
  const int o = fwd ? 0 : 2;
  const int c = e[o] >= 0 ? e[o] : gtsv__pdp_sweep_shape[o];
  const int k = e[o + 1] >= 0 ? e[o + 1] : gtsv__pdp_sweep_shape[o + 1];
  Shape sh = {0, 16, 1};
  if (sizeof(T) == sizeof(float) && n >= kBigFrom) sh.k = 32;
  if (k == 16 || k == 32) sh.k = k;
  int dev = 0, sms = 0, optin = 0;
  if (cudaGetDevice(&dev) != cudaSuccess ||
      cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess ||
      cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) != cudaSuccess) {
    (void)cudaGetLastError();
    sms = optin = 0;
  }
  int resident;
  if (fwd)
    resident = sh.k == 16 ? sweep_resident<sweep_kernel<T, 16>>(smem_bytes<T, 16>(), kMaxFwdWarps, optin)
                          : sweep_resident<sweep_kernel<T, 32>>(smem_bytes<T, 32>(), kMaxFwdWarps, optin);
  else
    resident = sh.k == 16 ? sweep_resident<bwd_kernel<T, 16>>(bsmem_bytes<T, 16>(), kMaxBwdWarps, optin)
                          : sweep_resident<bwd_kernel<T, 32>>(bsmem_bytes<T, 32>(), kMaxBwdWarps, optin);
  sh.c = c >= kCMin && c <= kCMax && c % 32 == 0 ? c : default_rows(n, kW<T>, fwd, sms, resident);
  /* warps a block: where the grid's warps spread at most `per` an SM (forward 4: one a
     scheduler; backward kBwdWarpsPerSm), blocks of `per` warps (fewer where a block's
     shared memory cannot hold them), so that the block scheduler cannot put more on one
     SM: at the default shapes from 2^22 rows (K 16 double, 32 float) such a block takes
     143-156 KB, one an SM at most; else 1 */
  const size_t wsmem = fwd ? (sh.k == 16 ? smem_bytes<T, 16>() : smem_bytes<T, 32>())
                           : (sh.k == 16 ? bsmem_bytes<T, 16>() : bsmem_bytes<T, 32>());
  const int per = fwd ? 4 : kBwdWarpsPerSm, most = fwd ? kMaxFwdWarps : kMaxBwdWarps;
  const int64_t warps = ((n + sh.c - 1) / sh.c + 31) / 32;
  const int ew = e[fwd ? 4 : 5] >= 0 ? e[fwd ? 4 : 5] : gtsv__pdp_sweep_shape[fwd ? 4 : 5];
  int w = ew >= 1 ? ew : sms > 0 && warps <= (int64_t)per * sms ? per : 1;
  if (w > most) w = most;
  while (w > 1 && (size_t)w * wsmem > (size_t)optin) w /= 2;
  sh.w = w;
  return sh;
}

} // namespace

size_t record_bytes(int64_t n, size_t elt)
{
  const size_t nl = (size_t)((n + kCMin - 1) / kCMin);
  return 2 * nl * (elt == sizeof(double) ? sizeof(Rec<double>) : sizeof(Rec<float>)) + nl * elt;
}

template <typename T>
gtsv_status forward(cudaStream_t stream, int64_t n, const T *dl, const T *d, const T *du,
                    const T *z, T *y, T *g, unsigned *bits, void *rec, unsigned *flags)
{
  const Shape sh = shape<T>(n, true);
  return sh.k == 32 ? launch<T, 32>(stream, n, sh.c, sh.w, dl, d, du, z, y, g, bits, rec, flags)
                    : launch<T, 16>(stream, n, sh.c, sh.w, dl, d, du, z, y, g, bits, rec, flags);
}
template gtsv_status forward<float>(cudaStream_t, int64_t, const float *, const float *,
                                    const float *, const float *, float *, float *,
                                    unsigned *, void *, unsigned *);
template gtsv_status forward<double>(cudaStream_t, int64_t, const double *, const double *,
                                     const double *, const double *, double *, double *,
                                     unsigned *, void *, unsigned *);

template <typename T> void shapes(int64_t n, int out[6])
{
  const Shape f = shape<T>(n, true), b = shape<T>(n, false);
  out[0] = f.c;
  out[1] = f.k;
  out[2] = b.c;
  out[3] = b.k;
  out[4] = f.w;
  out[5] = b.w;
}
template void shapes<float>(int64_t, int[6]);
template void shapes<double>(int64_t, int[6]);

template <typename T>
gtsv_status backward(cudaStream_t stream, int64_t n, const T *y, const T *g,
                     const unsigned *bits, T *x, void *rec, unsigned *flags)
{
  const Shape sh = shape<T>(n, false);
  return sh.k == 32 ? launch_bwd<T, 32>(stream, n, sh.c, sh.w, y, g, bits, x, rec, flags)
                    : launch_bwd<T, 16>(stream, n, sh.c, sh.w, y, g, bits, x, rec, flags);
}
template gtsv_status backward<float>(cudaStream_t, int64_t, const float *, const float *,
                                     const unsigned *, float *, void *, unsigned *);
template gtsv_status backward<double>(cudaStream_t, int64_t, const double *, const double *,
                                      const unsigned *, double *, void *, unsigned *);

gtsv_status stats(unsigned long long out[4])
{
  const unsigned long long zero[4] = {0, 0, 0, 0};
  GTSV_CUDA_TRY(cudaDeviceSynchronize());
  GTSV_CUDA_TRY(cudaMemcpyFromSymbol(out, g_stats, sizeof zero));
  GTSV_CUDA_TRY(cudaMemcpyToSymbol(g_stats, zero, sizeof zero));
  return GTSV_STATUS_SUCCESS;
}

} // namespace gtsv_pdp_sweep
