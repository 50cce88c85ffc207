/*
 * Batched diagonal pivoting with the systems on chip: one pass over global memory
 * (read dl, d, du, b; write x: 5T bytes per row, 40 B double, 20 B float).
 *
 * Method. A warp owns G = 32/P systems of n <= 32 M rows (M = 8..64 a power of two,
 * P the least power of two with P M >= n). It copies them, with asynchronous element
 * copies (cp.async, no registers held), into a shared-memory tile of 32 lane columns
 * of M+1 rows per array (the odd row stride keeps the lanes on distinct banks). The
 * system's rows are balanced over its lanes, L = ceil(n/P) <= M rows a column
 * (tile_core.h tile_rows; M/2 < L where P > 1): row r of the warp's system g is in
 * column g P + r / L, row r % L (Rows). Lane g P + p then owns partition p of system
 * g, rows p L .. p L + L-1, and:
 *   P = 1 (short systems, n <= M): the lane runs the sequential diagonal pivoting
 *     of the host DP_SEQ on its system, in place (gtsv_tile::seq_dp): the same
 *     pivots, the same x, the same singular row;
 *   P > 1: SPIKE with separators (thesis 3.1, as in src/spike). The last row of
 *     each partition but the last is a separator; the other rows (the interior)
 *     are solved by the lane with diagonal pivoting for three right-hand sides,
 *     u = T_p^-1 b_p and the spikes v (left coupling) and w (right coupling)
 *     (gtsv_tile::part_solve; its forward sweep one row an iteration, part_rows, so
 *     that lanes whose pivot blocks differ do not diverge). Eliminating the interiors
 *     leaves a tridiagonal system in the Pu-1 separators (Pu = ceil(n/L) partitions),
 *     written over the separator rows of the tile (gtsv_tile::reduced_row) and solved
 *     by the system's first lane with the same sequential pivoting; then every lane forms
 *     x = u - v x_left - w x_right (gtsv_tile::part_finish).
 *     A reduced system of kRed2MinRows = 16 rows or more (17 partitions or more)
 *     is first tried by SPIKE once more (spike_attempt, spike_level): four lanes
 *     solve four runs of its rows as interiors, the first lane the 3 separators
 *     between them, under the same cancellation test; if that fails, its rows
 *     (kept in the registers of the lanes that formed them) are written back and solved
 *     sequentially as above. At P = 32 this replaces a chain of 31 sequential
 *     pivot rows by one of 7 + 3; the host count (tools/tile-retry-count.cu, 2^23
 *     random rows per n, the threshold then 12 rows) saw 43 of 34077 two-level
 *     solves fail at n = 256, at most 1 elsewhere, and the worst accepted backward
 *     error 37 against 34 eps ||T|| ||x|| with the sequential reduced solve.
 *     Before either, a reduced system of kPcrMinRows = 4 rows or more is solved by
 *     parallel cyclic reduction without pivoting across the system's lanes
 *     (pcr_checked: log2 R steps), and that answer is kept only where the reduced
 *     residual is at most kPcrTol = 4 u ||T_sep|| ||x||_2 (tile_core.h, pcr_accept);
 *     else nothing was written and the pivoting solves above run. On random matrices
 *     93-98% of the reduced systems pass (tools/tile-pcr-check.cu); H200, double
 *     random strided, E 57.0 against 53.2% at n = 256, 55.5 against 45.6% at 512,
 *     44.7 against 40.4% at 1024 (bench/results/gpu-batch-pcr-2026-11-25.md).
 * Finally the warp stores x with coalesced stores. Nothing but dl, d, du, b and x
 * touches global memory: no workspace. The decisions for one system are emulated
 * on the host with the same steps (tile_emul.h); tests/check_tile_core.cu runs that
 * against LAPACK in CI, where there is no GPU.
 *
 * Worked example, M = 4, n = 8, P = 2, L = 4: partition 0 = rows 0..3 with separator 3,
 * interior 0..2; partition 1 = rows 4..7, interior 4..7 (the last partition has no
 * separator). Row 3, a3 x2 + b3 x3 + c3 x4 = r3, with x2 = u0[2] - w0[2] x3 and
 * x4 = u1[0] - v1[0] x3, becomes the 1x1 reduced system
 * (b3 - a3 w0[2] - c3 v1[0]) x3 = r3 - a3 u0[2] - c3 u1[0].
 * Balance: n = 600, M = 32: P = 32, L = 19, 32 partitions (31 of 19 rows, the last of
 * 11); columns of M rows would fill 19 lanes (18 of 32 rows, one of 24) and leave 13
 * idle, with sweeps of 31 rows instead of 18. H100, double random 600 x 27962: 0.444
 * against 0.544 ms, 600 x 512 27.4 against 51.8 us a solve in a graph; the power-of-two
 * shapes take the same partitions as before (bench/results/gpu-batch-balance-2026-11-27.md).
 * The GPU SPIKE's base (a solve inside another method) keeps columns of M rows: see
 * launch_mkr.
 *
 * Robustness. SPIKE can lose accuracy where a partition's interior is (nearly)
 * singular: its spikes are large and cancel in x = u - v x_left - w x_right. The
 * rounding of u, v, w enters the residual amplified by the magnitude that cancels,
 * m_r = |u_r| + |v_r x_left| + |w_r x_right| in row r, while the tests accept a
 * residual of a few tens of eps ||T|| ||x||_2 (tests/testutil.h). An attempt on a
 * system fails when a pivot block of an interior or of the reduced system is
 * singular or not finite, when x is not finite, or when
 *     ||m||_2 > kCancel ||x||_2      (over the system; m = |x| at separators)
 * (kCancel = 32; host runs of tile_core.h against LAPACK, double U(-1,1), n = 64..1024,
 * M = 8..32, 5000-40000 systems per size: no system below it missed the tests'
 * bound, the worst used 0.14 of it; the first failing system had ||m|| / ||x|| =
 * 340; 1-3% of the systems exceed 32). The sums are scaled by a power of two
 * from the ends of the partitions, so that the squares neither overflow nor
 * underflow. A failed system is reloaded from global memory and tried again with
 * the separators moved up L/2 rows, then L/4 (every interior a different set of
 * rows; the same host runs left 0.01-0.12% failing after the first retry and none
 * after the second), its other lanes idle meanwhile (M = 64: a shifted last
 * interior has up to 95 rows, so those sweeps keep their 2x2 starts in two words;
 * before, M = 64 had no retry, and double random 2048 x 8192 sent 0.9% of the
 * systems, 2048 rows each, to one lane's sequential pivoting). A system that fails
 * them all is reloaded and solved by the sequential pivoting, the failed systems of
 * a warp side by side, a lane each: the answer and a reported singular row are
 * exactly DP_SEQ's, and no other system is affected. Systems of n <= 64 take no retries:
 * a failed one goes straight to that fallback (tile_core.h, kSeqRetryMaxN, which says
 * why). A strided batch of n > 64 whose grid fits
 * one wave runs the first attempt and both retries at once, in three warps a block
 * (tile_spec_kernel, below: the same answers, without the retries' latency); there a
 * strictly dominant system alone in its block (P = 32) is first solved by two warps
 * without pivoting in 64 partitions (block_np, below: other partitions, so its x is not
 * bitwise the one-warp kernel's).
 *
 * Strictly diagonally dominant systems (|d| > |dl| + |du| on every row, as in ADI
 * and implicit diffusion), where the reduced system has kRed2MinRows rows or more,
 * first take an attempt without pivoting (spike_attempt_np): elimination without
 * pivoting in the interiors (part_solve_np) and parallel cyclic reduction of the
 * reduced system across the lanes (pcr_reduced: log2 R steps instead of a chain of
 * R/4 + 3 pivot steps and more). Both are backward stable on such matrices: the
 * interiors' pivots satisfy |pivot| > |du|, the reduced system is a Schur complement
 * of a dominant matrix, hence dominant, and each cyclic reduction step keeps it so.
 * The cancellation test above still judges the attempt, and a system that fails it
 * is reloaded and takes the pivoting attempts. The dominance test reads each lane's
 * first row, and the rest only where a system may still pass (a random system
 * fails at its first rows). H200, double dominant, against the tree before it:
 * 512 x 32768 0.244 against 0.306 ms, 1024 x 16384 0.281 against 0.335, 512 x 512
 * 10.5 against 13.1 us a solve in a CUDA graph; random systems 0.8% (n = 512) and
 * 1.8% (1024) slower, most likely the larger kernel's code generation (the test
 * itself reads one row per lane of a random system; not profiled)
 * (bench/results/gpu-batch-np-2026-11-24.md).
 *
 * Layouts. Rows contiguous (strided batch; one matrix with many right-hand sides,
 * m_sys = 0): a warp loads and stores one system at a time, consecutive lanes on
 * consecutive rows. Systems contiguous (interleaved batch): consecutive lanes on
 * consecutive systems of one row; where a warp has fewer than 8 systems (n > 4 M),
 * blocks of 4 warps load and store their 4 G systems together (4 G elements per
 * row contiguous: whole 32-byte sectors), up to n = 1024.
 *
 * Occupancy (smem per warp = 32 columns x (4 M + 1) x T, tile_col, and 1 KB more per
 * block): double M = 16: 16.3 KB (13 one-warp blocks per SM; 12 with the 17 KB of the
 * layout before it), M = 32: 32.3 KB (6), M = 64: 64.3 KB (3); float half of that.
 * Each warp is a block, so warps start and finish independently and the loads of
 * some overlap the sequential compute of others. (Three more warps per block to
 * issue the copy where the grid is small saved 2 us in the GPU SPIKE's base, but
 * the launch bounds they need cost the M = 32 and 64 kernels registers and 2-3.5%:
 * bench/results/gpu-final-4aae511-2026-11-25.md. Double M = 16 then fit 12 one-warp
 * blocks an SM, each block also holding 1 KB for the system; one persistent block of
 * 13 warps looping over the groups was 10-18% slower: gpu-batch-persist-2026-11-25.md.)
 */
#include <atomic>
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>
#include "batch/batch.h"
#include "batch/tile_core.h"
#include "batch/cp_async.h"
#include "cuda/state.h"
#include "cuda/pdl.h"

/* Phase clocks of the speculative kernel (a diagnostic: build with
   -DGTSV_TILE_CLOCKS=1; never in the library as shipped). Lane 0 of each of a block's
   first three warps stamps clock64() at: 0 start, 1 tile loaded, 2 interiors solved
   (part_solve), 3 reduced system solved, 4 cancellation test done (end of its first
   spike_level), 5 after the block barrier, 6 x stored, 7 after checked cyclic
   reduction; tile_spec_kernel prints, for the first 64 blocks b with b % 64 == 0,
   each warp's phases in cycles (GTSV_TILE_CLOCKS=2: only blocks of strictly dominant
   systems, =1 the others). */
#ifdef GTSV_TILE_CLOCKS
static __device__ long long gtsv_tile_clk[4096][3][8];
static __device__ int gtsv_tile_clk_prints;
#define TILE_CLK(k)                                                                     \
  do {                                                                                  \
    if ((threadIdx.x & 31) == 0 && threadIdx.x < 96 && blockIdx.x < 4096)               \
      gtsv_tile_clk[blockIdx.x][threadIdx.x >> 5][k] = clock64();                       \
  } while (0)
#else
#define TILE_CLK(k) \
  do {              \
  } while (0)
#endif

/* Timing diagnostics (build with -DGTSV_TILE_DIAG=1; never in the library as shipped:
   the answers are then wrong where a knob bites). Env GTSV_TILE_DIAG, bits: 1 the
   systems that fail their first attempt are stored as that attempt left them (no
   retries, no sequential fallback), 2 every finite answer of checked cyclic reduction is
   accepted, 4 the systems that fail their first attempt go straight to the sequential
   fallback (no retries with shifted separators). What the random batches' retries and
   refused reductions cost. (Session 37's counters of retries and cycles, added here for
   one call, stopped with illegal addresses at most shapes and were taken out again:
   bench/results/gpu-batch-vote-h200-2026-11-28.md.) */
#ifdef GTSV_TILE_DIAG
static __device__ int gtsv_tile_diag;
#define TILE_DIAG(bit) ((gtsv_tile_diag & (bit)) != 0)
#else
#define TILE_DIAG(bit) false
#endif

/* One translation unit a precision: batch_tile_float.cu and batch_tile_double.cu
   include this file with GTSV_TILE_DOUBLE 0 or 1, so that the two compile in parallel
   (every kernel is instantiated for FullRows and Rows; one unit took about 7 minutes
   on 2 cores). The double unit also holds the options and gtsv__batch_tile_takes. */
#if !defined(GTSV_TILE_DOUBLE)
#error "compile batch_tile_float.cu or batch_tile_double.cu, which include this file"
#endif

#if GTSV_TILE_DOUBLE
int gtsv__batch_tile_m = 0;
int gtsv__batch_tile_red2 = 1;
int gtsv__batch_tile_np = 1;
int gtsv__batch_tile_pcr = 1;
int gtsv__batch_tile_block = 1;
int gtsv__batch_tile_spec = 1;
int gtsv__batch_tile_bnp = 1;
int gtsv__batch_tile_pdl = 1;
int gtsv__batch_tile_defer = 1;
#endif

namespace {
using namespace gtsv_tile;
using namespace gtsv_cp;
using namespace gtsv_pdl;

/* kCancel and kRed2MinRows: tile_core.h (shared with the host emulation) */

/* The tile's layout: 32 columns (128 in tile_block_kernel), one a partition (a lane).
   Column c holds the partition's M slots of dl, then its M of d, of du and of b, and a
   pad slot: array a (0 dl, 1 d, 2 du, 3 b), slot s at c tile_col + a M + s; a warp's
   arrays are tA = its tile, tD = tA + M, tC = tA + 2 M, tB = tA + 3 M, each indexed
   c tile_col + s. The column stride 4 M + 1 is 1 modulo 16, so lanes at one slot of
   their own columns, or at consecutive rows, fall on distinct 8-byte bank pairs, as
   with the four arrays of 32 columns of M + 1 slots before; it pads a column once
   where those padded it four times, so that double M = 16 (16.3 KB a warp, and the
   1 KB a block the driver keeps) fits 13 one-warp blocks an SM, not 12 (228 KB). */
template <int M> __host__ __device__ constexpr int tile_col() { return 4 * M + 1; }
template <typename T, int M> __host__ __device__ constexpr int tile_smem()
{
  return 32 * tile_col<M>() * (int)sizeof(T);
}

/* The form of the interiors' row sweep (tile_core.h part_rows) in tiles of M-row
   columns: 2 (stores delayed a row, none under a condition; unrolled by 2) for M >= 32, 1
   (stores where a block ends) for shorter columns. H200, each against the library before
   (form 1 everywhere) in the same run: form 2 at every M (with the paired butterflies
   below) made double random strided 1024 x 16384 15.5% faster, 2048 x 8192 21.7%, float
   512..2048 13-25%, but the M = 16 kernels 2.2-4.4% slower (double n = 64..512, random
   and dominant alike; float n = 64 5.6%; bench/results/gpu-batch-v2-h200-2026-11-28.md);
   form 2 for M >= 32 only: the same gains, and double n = 64..512 0-3% faster
   (gpu-final-h200-4f81ece-2026-11-28.md). */
template <int M> __host__ __device__ constexpr int tile_row_form() { return M >= 32 ? 2 : 1; }

/* Where a system's rows lie in its tile columns (formed once, on the host, and passed
   to the kernels: the device functions below take either type as RW): P lanes of
   L = tile_rows(n, M) rows (tile_core.h: the rows balanced over the lanes), row r at
   column r / L, slot r % L (columns of tile_col<M>() apart; slots L .. M-1 unused);
   Pu = ceil(n / L) <= P columns in use. operator(): row r -> tile offset from the
   system's first column.
   FullRows: L = M (ceil(n / P) = M, as at n = P M; also P = 1: one column), known at
   compile time: a shift and a constant multiply, as before the rows were balanced. With
   Rows there, H100, double random, 128 x 131072 took 2.6% longer and 64 x 262144 1.6%;
   with FullRows, H200, 0.5-1.3% longer at n = 64..256, equal at 512
   (bench/results/gpu-batch-balance-2026-11-27.md). Also the GPU SPIKE's base, with
   the last column shorter (launch_mkr). Rows: M/2 < L < M, a multiply-high for r / L. */
template <int M> struct FullRows {
  static constexpr int L = M;
  int Pu;
  __host__ __device__ int operator()(int r) const { return r + (r / M) * (tile_col<M>() - M); }
};
template <int M> struct Rows {
  int L, Pu;
  unsigned mg; /* ceil(2^32 / L): r / L = (r mg) >> 32 for 0 <= r < 2^32 / L, L >= 2 */
  __host__ __device__ Rows(int n, int P)
      : L(P == 1 ? M : (n + P - 1) / P), Pu((n + L - 1) / L), mg(0xffffffffu / (unsigned)L + 1u)
  {
  }
  __host__ __device__ int col(int r) const
  {
    return (int)(((unsigned long long)(unsigned)r * mg) >> 32);
  }
  __host__ __device__ int operator()(int r) const
  {
    const int c = col(r);
    return c * tile_col<M>() + (r - c * L);
  }
};
struct Ident {
  __host__ __device__ int operator()(int r) const { return r; }
};

/* Copy the n contiguous rows of one system (from pl, pd, pu, pb) into its tile
   columns (from A, D, C, B): row r at rw(r). */
template <typename T, int M, typename RW>
__device__ __forceinline__ void cp_rows(int n, RW rw, T *A, T *D, T *C, T *B, const T *pl,
                                        const T *pd, const T *pu, const T *pb, int lane)
{
  for (int r = lane; r < n; r += 32) {
    const int k = rw(r);
    cp_elt(A + k, pl + r);
    cp_elt(D + k, pd + r);
    cp_elt(C + k, pu + r);
    cp_elt(B + k, pb + r);
  }
}

/* Copy system s (warp's slot g) into the tile; rows contiguous (m_row = b_row = 1:
   the kernel takes this layout only then, see tile_solve). */
template <typename T, int M, typename RW>
__device__ __forceinline__ void load_sys(const gtsv_batch_desc &ds, int64_t s, RW rw, T *A,
                                         T *D, T *C, T *B, const T *dl, const T *dd, const T *du,
                                         const T *x, int lane)
{
  const int64_t ms = ds.m_sys;
  cp_rows<T, M>((int)ds.n, rw, A, D, C, B, dl + s * ms, dd + s * ms, du + s * ms,
                x + s * ds.b_sys, lane);
}

/* Copy the nact systems from s0 (rows contiguous) into the warp's tile, system g at
   column g P: load_sys for each, with the systems' addresses advanced by a stride
   instead of formed from s0 + g for each (ncu, 64 x 262144 double: about 150
   instructions a system, most of them 64-bit address arithmetic). */
template <typename T, int M, typename RW>
__device__ __forceinline__ void load_group(const gtsv_batch_desc &ds, int64_t s0, int nact,
                                           int P, RW rw, T *tA, T *tD, T *tC, T *tB, const T *dl,
                                           const T *dd, const T *du, const T *x, int lane)
{
  const int n = (int)ds.n, cs = P * tile_col<M>();
  const int64_t ms = ds.m_sys, bs = ds.b_sys;
  const T *pl = dl + s0 * ms, *pd = dd + s0 * ms, *pu = du + s0 * ms, *pb = x + s0 * bs;
  for (int g = 0, c = 0; g < nact; g++, c += cs, pl += ms, pd += ms, pu += ms, pb += bs)
    cp_rows<T, M>(n, rw, tA + c, tD + c, tC + c, tB + c, pl, pd, pu, pb, lane);
}

/* The rows of the nact systems from s0 (rows contiguous) into L2, the warp's lanes
   taking the 128-byte lines in turn (tile_kernel's prefetch ahead, GTSV_TILE_PF). */
template <typename T>
__device__ __forceinline__ void l2_group(const gtsv_batch_desc &ds, int64_t s0, int nact,
                                         const T *dl, const T *dd, const T *du, const T *x,
                                         int lane)
{
  const int64_t bytes = ds.n * (int64_t)sizeof(T);
  const int nl = (int)((bytes + 127) / 128) + 1; /* lines a system's row span can touch */
  const unsigned mg = 0xffffffffu / (unsigned)nl + 1u; /* e / nl = (e mg) >> 32 (as Rows) */
  for (int e = lane; e < nact * nl; e += 32) {
    const int g = (int)(((unsigned long long)(unsigned)e * mg) >> 32), l = e - g * nl;
    const auto one = [&](const T *base, int64_t st) {
      const uintptr_t a0 = (uintptr_t)(base + (s0 + g) * st);
      const uintptr_t a = (a0 & ~(uintptr_t)127) + (uintptr_t)l * 128u;
      if (a < a0 + (uintptr_t)bytes) l2_prefetch((const void *)a);
    };
    one(dl, ds.m_sys);
    one(dd, ds.m_sys);
    one(du, ds.m_sys);
    one(x, ds.b_sys);
  }
}

/* Copy again, into their tile columns, the systems whose first lane is set in fm
   (P lanes per system), either layout; returns when the copies have landed. */
template <typename T, int M, bool INTER, typename RW>
__device__ __forceinline__ void reload(const gtsv_batch_desc &ds, int64_t s0, unsigned fm, int P,
                                       RW rw, T *tA, T *tD, T *tC, T *tB, const T *dl, const T *dd,
                                       const T *du, const T *x, int lane)
{
  constexpr int S = tile_col<M>();
  const int n = (int)ds.n;
  __syncwarp(); /* every lane is done with the columns */
  while (fm) {
    const int l0 = __ffs(fm) - 1, c = l0 * S;
    const int64_t s = s0 + l0 / P;
    fm &= fm - 1u;
    if (!INTER) {
      load_sys<T, M>(ds, s, rw, tA + c, tD + c, tC + c, tB + c, dl, dd, du, x, lane);
    } else {
      for (int r = lane; r < n; r += 32) {
        const int k = c + rw(r);
        cp_elt(tA + k, dl + s + (int64_t)r * ds.m_row);
        cp_elt(tD + k, dd + s + (int64_t)r * ds.m_row);
        cp_elt(tC + k, du + s + (int64_t)r * ds.m_row);
        cp_elt(tB + k, x + s + (int64_t)r * ds.b_row);
      }
    }
  }
  cp_wait();
  __syncwarp();
}

/* The largest (tmax) and the sum of v over a system's P lanes (a butterfly of log2 P
   shuffle steps); group_sum2: two sums, their steps interleaved so that the two chains
   of shuffles overlap (each value's operations in the same order as alone; a group_max2
   did the same for the scales' maxima until session 37's votes, tile_core.h moderate,
   took those butterflies out where the magnitudes are moderate). ncu, H200, double
   random 256 x 65536: the shuffle steps of these reductions held 13% of the one-warp
   kernel's stall samples. Measured and dropped: the maxima by redux.sync on the values'
   bits (two for double), with these steps and pcr_lanes' unrolled over P: with the
   delayed row stores everywhere, double n = 64..256 and float 64, 256 were 9-16% slower
   than before (random and dominant; gpu-batch-red-h200-2026-11-28.md), against 2.2-5.6%
   without them (the next run, gpu-batch-v2-h200-2026-11-28.md). */
template <typename T> __device__ __forceinline__ T group_max(T v, int P)
{
  for (int o = 1; o < P; o <<= 1) v = tmax(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}
template <typename T> __device__ __forceinline__ T group_sum(T v, int P)
{
  for (int o = 1; o < P; o <<= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
template <typename T> __device__ __forceinline__ void group_sum2(T &a, T &b, int P)
{
  for (int o = 1; o < P; o <<= 1) {
    const T ta = __shfl_xor_sync(0xffffffffu, a, o), tb = __shfl_xor_sync(0xffffffffu, b, o);
    a += ta;
    b += tb;
  }
}

/* Whether RW is FullRows. */
template <typename RW> struct IsFull {
  static constexpr bool value = false;
};
template <int M> struct IsFull<FullRows<M>> {
  static constexpr bool value = true;
};

/* Row k of a partition -> tile offset. SH = false: the partition is the column at
   `base` (its slots 0..L-1); SH = true (separators moved up, see spike_attempt): it
   straddles two columns: FULL (L = M), row lo + k of the system at base, by a shift;
   else its rows k < brk at base + k, the others at b1 + k. */
template <int M, bool SH, bool FULL> struct PartIdx {
  int base, lo, brk, b1;
  __host__ __device__ int operator()(int k) const
  {
    if (!SH) return base + k;
    if (FULL) {
      const int r = lo + k;
      return base + r + (r / M) * (tile_col<M>() - M);
    }
    return (k < brk ? base : b1) + k;
  }
};
/* Partition p's rows from its first interior row lo (rows of L a column, the system's
   first column at sys, 0 <= lo - p L + L < 2 L: in column p - 1 or p) as a PartIdx. */
template <int M, bool SH, bool FULL>
__host__ __device__ __forceinline__ PartIdx<M, SH, FULL> part_idx(int sys, int p, int lo, int L)
{
  constexpr int S = tile_col<M>();
  if (!SH) return PartIdx<M, SH, FULL>{sys + p * S, lo, 0, 0};
  if (FULL) return PartIdx<M, SH, FULL>{sys, lo, 0, 0};
  const int c0 = lo < p * L ? p - 1 : p, s0 = lo - c0 * L; /* first column and slot */
  return PartIdx<M, SH, FULL>{sys + c0 * S + s0, lo, L - s0, sys + (c0 + 1) * S - (L - s0)};
}
/* Separator j (row (j+1) L - 1 - h, 0 <= h < L, of the system at offset base, L rows a
   column) -> tile offset: column j, slot L - 1 - h. */
template <int M> struct SepIdx {
  int base, h, L;
  __host__ __device__ int operator()(int j) const
  {
    return base + j * tile_col<M>() + (L - 1 - h);
  }
};

/* Row k of a part of the reduced system, k -> sep(off + k stride), as a tile offset:
   stride 1, a run of consecutive reduced rows; stride Q, every Q-th one. */
template <int M> struct RedIdx {
  SepIdx<M> sep;
  int off, stride;
  __host__ __device__ int operator()(int k) const { return sep(off + k * stride); }
};

/*
 * One level of SPIKE inside a warp, for every system of the warp at once (P lanes a
 * system, lane p of system g is lane g P + p). The system's rows are cut into
 * nparts parts by nparts - 1 separators; part j is solved by the system's lane
 * j q (part = this lane has one; it is part j, of L rows at idx(0..L-1), its
 * separators sep(j - 1) above and sep(j) below). Steps: part_solve; the reduced
 * row of each separator (gtsv_tile::reduced_row) over the separator's row;
 * reduced(go, tn), the reduced system's solve (called by every lane; go: the lane's
 * system takes part and its parts were regular; tn: |a| + |d| + |c| of the original
 * row of the lane's separator, 0 where it has none; returns true at a lane whose
 * system's reduced solve failed); part_finish; the cancellation test of the top of
 * the file (a singular or non-finite pivot block fails it too; force_fail: tests).
 * on: the lane's system takes part (uniform over its P lanes). Returns, at every
 * lane, whether its system's rows now hold x.
 */
template <bool WIDE, typename T, typename PIdx, typename SIdx, typename Reduced, bool NP = false,
          int ROWS = 1>
__device__ __forceinline__ bool spike_level(T *tA, T *tD, T *tC, T *tB, int lane, int P, int q,
                                            bool on, bool part, int j, int nparts, int L,
                                            PIdx idx, SIdx sep, Reduced reduced,
                                            bool force_fail)
{
  const int g = lane / P, p = lane & (P - 1);
  const unsigned gmask = P == 32 ? 0xffffffffu : ((1u << P) - 1u) << (g * P);
  const bool act = on && part;
  const bool first = j == 0, last = j == nparts - 1;

  Ends<T> e;
  e.bad = false;
  e.xf = e.xl = e.vf = e.vl = e.wf = e.wl = T(0);
  if (act) {
    if (NP) e = part_solve_np(L, tA, tD, tC, tB, !first, !last, idx);
    else e = part_solve<WIDE, ROWS>(L, tA, tD, tC, tB, !first, !last, idx);
  }
  if (q == 1) TILE_CLK(2); /* the first level only */
  const T qvf = __shfl_down_sync(0xffffffffu, e.vf, q);
  const T qwf = __shfl_down_sync(0xffffffffu, e.wf, q);
  const T qxf = __shfl_down_sync(0xffffffffu, e.xf, q);
  T tn = 0; /* |a| + |d| + |c| of the separator's original row (pcr_checked) */
  if (act && !last) {
    const int k = sep(j);
    tn = tabs(tA[k]) + tabs(tD[k]) + tabs(tC[k]);
    reduced_row(tA[k], tD[k], tC[k], tB[k], e.vl, e.wl, e.xl, qvf, qwf, qxf, &tA[k], &tD[k],
                &tC[k], &tB[k]);
  }
  bool fail = (__ballot_sync(0xffffffffu, act && e.bad) & gmask) != 0u;
  __syncwarp(); /* the reduced rows of the other lanes */
  fail |= (__ballot_sync(0xffffffffu, reduced(on && !fail, tn)) & gmask) != 0u;
  if (q == 1) TILE_CLK(3); /* the first level only */
  __syncwarp(); /* the separators' x */
  const bool fin = act && !fail;
  const T xl = fin && !first ? tB[sep(j - 1)] : T(0);
  const T xr = fin && !last ? tB[sep(j)] : T(0);
  T s2 = 0, x2 = 0;
  /* the sums' scale: 1 where the ends of every lane of the warp are moderate (a vote),
     else from their largest over the system (a butterfly of log2 P shuffles) */
  const T me = fin ? part_ends(L, tA, tD, tB, xl, xr, idx) : T(0);
  const T sc = __all_sync(0xffffffffu, moderate(me)) ? T(1) : pow2_inv(group_max(me, P));
  if (fin) {
    part_finish(L, tA, tD, tB, xl, xr, sc, &s2, &x2, idx);
    s2 += (sc * xr) * (sc * xr); /* the separator below: |x| cancels nothing */
    x2 += (sc * xr) * (sc * xr);
  }
  group_sum2(s2, x2, P);
  /* decided at the first lane (the lanes' sums may differ in the last bits); a
     non-finite x makes x2 Inf or NaN */
  const bool ok = !fail && cancel_pass(s2, x2) && !force_fail;
  if (q == 1) TILE_CLK(4); /* the first level only */
  __syncwarp(); /* every lane is done with the rows: the caller may write them again */
  const unsigned bad = __ballot_sync(0xffffffffu, on && p == 0 && !ok);
  return ((bad >> (g * P)) & 1u) == 0u;
}

/* The ceil(log2 R) steps of parallel cyclic reduction across a system's P lanes
   (pcr_step, tile_core.h): lane p holds row p of R (lanes p >= R an identity row)
   in (a, b, c, r); the rows 1, 2, 4, ... away come by shuffles, a neighbour outside
   the system as (0, 1, 0, 0). Afterwards every row is decoupled: x_p = r / b.
   Called by every lane with the same R. */
template <typename T>
__device__ __forceinline__ void pcr_lanes(T &a, T &b, T &c, T &r, int p, int P, int R)
{
  for (int k = 1; k < R; k <<= 1) { /* R is the same at every lane */
    const T ib = T(1) / b;
    T am = __shfl_up_sync(0xffffffffu, a, k, P), cm = __shfl_up_sync(0xffffffffu, c, k, P);
    T rm = __shfl_up_sync(0xffffffffu, r, k, P), im = __shfl_up_sync(0xffffffffu, ib, k, P);
    T ap = __shfl_down_sync(0xffffffffu, a, k, P), cp = __shfl_down_sync(0xffffffffu, c, k, P);
    T rp = __shfl_down_sync(0xffffffffu, r, k, P), ip = __shfl_down_sync(0xffffffffu, ib, k, P);
    if (p < k) am = cm = rm = T(0), im = T(1);
    if (p + k >= R) ap = cp = rp = T(0), ip = T(1);
    if (p < R) pcr_step(a, b, c, r, am, cm, rm, im, ap, cp, rp, ip);
  }
}

/*
 * The reduced system (R rows at sep(0..R-1)) by parallel cyclic reduction without
 * pivoting, checked: lane p holds row p (lanes p >= R an identity row) and runs the
 * steps (pcr_lanes) on copies, so the rows in the tile stay as they are; then
 * each lane forms its row's residual r - T_red x from its neighbours' x, and the
 * system's first lane judges the scaled sums by pcr_accept (tile_core.h) against
 * tn, the largest |a| + |d| + |c| of the separators' original rows. Where it
 * accepts, x goes over the rows' right-hand sides as the pivoting solves would put
 * it; where it does not, nothing is written, and the caller solves the same rows by
 * pivoting. Cyclic reduction is not stable on these systems in general, but the
 * test accepts only an answer that is (normwise backward error of the reduced
 * system); on random matrices 93-98% of them pass (tools/tile-pcr-check.cu), and a
 * chain of log2 R steps replaces one of about R (or R/4 + 3) pivot steps.
 * Called by every lane (go: its system takes part, uniform over the system's
 * lanes); returns, at every lane, go && its system was refused. force_fail: judged
 * refused (tests).
 */
template <typename T, typename SIdx>
__device__ __forceinline__ bool pcr_checked(const T *tA, const T *tD, const T *tC, T *tB,
                                            SIdx sep, int lane, int p, int P, int R, bool go,
                                            T tn, bool force_fail)
{
  const int g = lane / P;
  const bool mine = go && p < R;
  T a0 = 0, b0 = 1, c0 = 0, r0 = 0;
  if (mine) {
    const int k = sep(p);
    a0 = tA[k]; b0 = tD[k]; c0 = tC[k]; r0 = tB[k];
  }
  /* the largest |a| + |d| + |c| of the separators' original rows, before the steps (it
     does not depend on them) */
  const T tmx = group_max(mine ? tn : T(0), P);
  T a = a0, b = b0, c = c0, r = r0;
  pcr_lanes(a, b, c, r, p, P, R);
  const T x = mine ? r / b : T(0);
  T xm = __shfl_up_sync(0xffffffffu, x, 1, P), xp = __shfl_down_sync(0xffffffffu, x, 1, P);
  if (p == 0) xm = T(0);
  if (p + 1 >= R) xp = T(0);
  const bool nf = (__ballot_sync(0xffffffffu, mine && !(tabs(x) <= finite_max<T>())) >>
                   (g * P) & (P == 32 ? 0xffffffffu : (1u << P) - 1u)) != 0u;
  /* x's scale: 1 where every lane's |x| is moderate (a vote), else from the largest */
  const T sxs =
      __all_sync(0xffffffffu, moderate(tabs(x))) ? T(1) : pow2_inv(group_max(tabs(x), P));
  const T sts = pow2_inv(tmx);
  const T res = mine ? (r0 - a0 * xm - b0 * x - c0 * xp) * sxs * sts : T(0);
  const T xs = x * sxs;
  T sr = res * res, sx = xs * xs;
  group_sum2(sr, sx, P);
  /* decided at the first lane (the lanes' sums may differ in the last bits) */
  const bool ok = !nf && !force_fail && (pcr_accept(sr, sx, tmx * sts) || TILE_DIAG(2));
  const bool refused = ((__ballot_sync(0xffffffffu, go && p == 0 && !ok) >> (g * P)) & 1u) != 0u;
  if (mine && !refused) tB[sep(p)] = x;
  return go && refused;
}

/*
 * One SPIKE attempt on the systems whose first lane is set in smask, their rows in
 * the tile (overwritten; L = tile_rows(n, M) rows a column, Pu = ceil(n / L) columns
 * in use). Separators are rows (j+1) L - 1 - h, j = 0..Pu-2 (h = 0: the last row of
 * each tile column; 0 < h < L: moved up h rows, so every interior is a different set
 * of rows, the last one h rows longer). Returns the first lanes of
 * the systems that fail (see the top of the file); the others hold x in the tile.
 *
 * The reduced system (R = Pu - 1 rows at sep(0..R-1)), from kPcrMinRows rows (pcr
 * != 0), is first solved by checked cyclic reduction (pcr_checked; pcr = 2, tests:
 * always refused); where that is refused (or not tried), it is solved sequentially
 * by the system's first lane (seq_dp), or, from kRed2MinRows rows (RED2, red2 != 0), first
 * by spike_level once more: four lanes (every P/4-th) take rows jQ .. jQ+Q-2 (Q =
 * floor((R+3)/4); the last rows 3Q .. R-1) as parts, the first lane the 3
 * separators jQ+Q-1 by seq_dp. If that level fails its test, the reduced rows,
 * kept in registers of the lanes that formed them, are written back and solved
 * sequentially. red2 = 2 (tests): that level always judged failed.
 */
template <typename T, int M, bool SH, bool RED2, typename RW>
__device__ __forceinline__ unsigned spike_attempt(T *tA, T *tD, T *tC, T *tB, int lane, int P,
                                                  RW rw, int n, int h, unsigned smask, int red2,
                                                  int pcr)
{
  constexpr int S = tile_col<M>();
  const int g = lane / P, p = lane & (P - 1);
  const int Lc = rw.L;  /* rows a column */
  const int Pu = rw.Pu; /* partitions in use */
  const int R = Pu - 1; /* rows of the reduced system (warp-uniform) */
  const bool on = (smask >> (g * P)) & 1u;
  const int hs = SH ? h : 0;
  const int lo = p == 0 ? 0 : p * Lc - hs;
  const int L = (p < Pu - 1 ? (p + 1) * Lc - 1 - hs : n) - lo;
  const auto idx = part_idx<M, SH, IsFull<RW>::value>(g * P * S, p, lo, Lc);
  const SepIdx<M> sep{g * P * S, hs, Lc};

  auto seq = [&](bool go) { return go && p == 0 && seq_dp(R, tA, tD, tC, tB, sep) >= 0; };
  auto reduced = [&](bool go, T tn) {
    if (pcr != 0 && R >= kPcrMinRows) { /* checked cyclic reduction first */
      go = pcr_checked(tA, tD, tC, tB, sep, lane, p, P, R, go, tn, pcr == 2);
      TILE_CLK(7);
      if (__ballot_sync(0xffffffffu, go) == 0u) return false; /* every system took it */
    }
    if (!(RED2 && red2 != 0 && R >= kRed2MinRows)) return seq(go);
    T ka = 0, kd = 0, kc = 0, kb = 0; /* a copy of the lane's reduced row (it wrote it) */
    if (go && p < R) {
      const int k = sep(p);
      ka = tA[k]; kd = tD[k]; kc = tC[k]; kb = tB[k];
    }
    const int q4 = P >> 2, j = p / q4, Q = (R + 3) >> 2;
    const RedIdx<M> sep2{sep, Q - 1, Q};
    auto seq3 = [&](bool go2, T) {
      return go2 && p == 0 && seq_dp(3, tA, tD, tC, tB, sep2) >= 0;
    };
    const bool ok2 = spike_level<false, T>(tA, tD, tC, tB, lane, P, q4, go,
                                           (p & (q4 - 1)) == 0, j, 4,
                                           j < 3 ? Q - 1 : R - 3 * Q,
                                           RedIdx<M>{sep, j * Q, 1}, sep2, seq3, red2 == 2);
    if (ok2) return false;
    if (go && p < R) { /* back to the reduced rows, for the sequential solve */
      const int k = sep(p);
      tA[k] = ka; tD[k] = kd; tC[k] = kc; tB[k] = kb;
    }
    __syncwarp();
    return seq(go);
  };
  /* the longest interior: L - 1 <= M - 1 rows, and h < L more for the last of a shifted
     attempt */
  const bool ok =
      spike_level<(SH && M + M / 2 > 64), T, decltype(idx), SepIdx<M>, decltype(reduced), false,
                  tile_row_form<M>()>(tA, tD, tC, tB, lane, P, 1, on, p < Pu, p, Pu, L, idx, sep,
                                      reduced, false);
  return __ballot_sync(0xffffffffu, on && p == 0 && !ok);
}

/*
 * The reduced system of a no-pivoting attempt (spike_attempt_np), R rows at
 * sep(0..R-1), by parallel cyclic reduction across the system's P lanes: lane p
 * holds row p (lanes p >= R an identity row), and ceil(log2 R) steps of pcr_step
 * (tile_core.h) with the rows 1, 2, 4, ... away, by shuffles, decouple every row:
 * x_p = r_p / b_p, written over the row's right-hand side. A chain of log2 R
 * steps of a few operations, where the pivoting attempt's reduced solve is a chain
 * of R (or about R/4 + 3) pivot steps. Called by every lane (go: its system takes
 * part, uniform over the system's lanes); returns true at a lane whose x is not
 * finite (its system's attempt then fails).
 */
template <typename T, typename SIdx>
__device__ __forceinline__ bool pcr_reduced(T *tA, T *tD, T *tC, T *tB, SIdx sep, int p, int P,
                                            int R, bool go)
{
  const bool mine = go && p < R;
  T a = 0, b = 1, c = 0, r = 0;
  if (mine) {
    const int k = sep(p);
    a = tA[k]; b = tD[k]; c = tC[k]; r = tB[k];
  }
  pcr_lanes(a, b, c, r, p, P, R);
  const T x = r / b;
  if (mine) tB[sep(p)] = x;
  return mine && !(tabs(x) <= finite_max<T>());
}

/*
 * The attempt without pivoting, for the systems whose first lane is set in smask,
 * all strictly diagonally dominant by rows (see the kernel): the separators of
 * spike_attempt (h = 0), interiors by part_solve_np, the reduced system (strictly
 * dominant too: a Schur complement of one) by pcr_reduced, then part_finish and
 * the same cancellation test as every attempt (force_fail: judged failed, for
 * tests). Returns the first lanes of the systems that fail it (the kernel then
 * takes them through the pivoting attempts from their original rows).
 */
template <typename T, int M, typename RW>
__device__ __forceinline__ unsigned spike_attempt_np(T *tA, T *tD, T *tC, T *tB, int lane, int P,
                                                     RW rw, int n, unsigned smask, bool force_fail)
{
  constexpr int S = tile_col<M>();
  const int g = lane / P, p = lane & (P - 1);
  const int Lc = rw.L, Pu = rw.Pu, R = Pu - 1; /* rows a column, partitions in use */
  const bool on = (smask >> (g * P)) & 1u;
  const int lo = p * Lc;
  const int L = (p < Pu - 1 ? (p + 1) * Lc - 1 : n) - lo;
  const auto idx = part_idx<M, false, false>(g * P * S, p, lo, Lc);
  const SepIdx<M> sep{g * P * S, 0, Lc};
  auto reduced = [&](bool go, T) { return pcr_reduced(tA, tD, tC, tB, sep, p, P, R, go); };
  const bool ok = spike_level<false, T, decltype(idx), SepIdx<M>, decltype(reduced), true>(
      tA, tD, tC, tB, lane, P, 1, on, p < Pu, p, Pu, L, idx, sep, reduced, force_fail);
  return __ballot_sync(0xffffffffu, on && p == 0 && !ok);
}

/* Whether the rows of the lane's tile column (rows p L .. p L + L-1 of its system,
   L rows a column, those below n) are strictly diagonally dominant, the system's dl at
   its first row and du at its last read as 0 (they couple to nothing). */
template <typename T, int M>
__device__ __forceinline__ bool column_dominant(const T *tA, const T *tD, const T *tC, int lane,
                                                int p, int n, int L)
{
  constexpr int S = tile_col<M>();
  bool dom = true;
  const int r0 = p * L;
#pragma unroll 4
  for (int t = 0; t < L; t++) {
    const int r = r0 + t, k = lane * S + t;
    if (r < n)
      dom &= dominant_row(r == 0 ? T(0) : tA[k], tD[k], r == n - 1 ? T(0) : tC[k]);
  }
  return dom;
}

/* The first lanes of the warp's systems (of the nact in use) that are strictly
   dominant on every row: each lane's first row, then, where a system may still
   pass, the rest of its column (a random system fails at its first rows). Every
   lane calls it and gets the same mask. */
template <typename T, int M, typename RW>
__device__ __forceinline__ unsigned dominant_systems(const T *tA, const T *tD, const T *tC,
                                                     int lane, int P, RW rw, int n, int nact)
{
  const int g = lane / P, p = lane & (P - 1);
  const unsigned gm = P == 32 ? 0xffffffffu : ((1u << P) - 1u) << (g * P);
  const int L = rw.L; /* rows a column */
  const int r0 = p * L, k0 = lane * tile_col<M>();
  bool dom = r0 >= n || dominant_row(r0 == 0 ? T(0) : tA[k0], tD[k0],
                                     r0 == n - 1 ? T(0) : tC[k0]);
  unsigned nd = __ballot_sync(0xffffffffu, !dom); /* at every lane: not inside a && */
  unsigned dm = __ballot_sync(0xffffffffu, g < nact && p == 0 && (nd & gm) == 0u);
  if (dm) {
    dom = dom && column_dominant<T, M>(tA, tD, tC, lane, p, n, L);
    nd = __ballot_sync(0xffffffffu, !dom);
    dm = __ballot_sync(0xffffffffu, g < nact && p == 0 && (nd & gm) == 0u);
  }
  return dm;
}

/* A singular system: through the handle's info (first system and row), or, for
   a solve inside another method, as a bit of that method's flag (ds.fail). */
__device__ __forceinline__ void report(const gtsv_batch_desc &ds, unsigned long long *info,
                                       int64_t key)
{
  if (ds.fail) atomicOr(ds.fail, ds.fail_bit);
  else gtsv__report_singular(info, (unsigned long long)key);
}

/* Store x of the warp's systems (rows contiguous) whose first lane is set in keep. */
template <typename T, int M, typename RW>
__device__ __forceinline__ void store_group(const gtsv_batch_desc &ds, int64_t s0, int nact, int P,
                                            RW rw, unsigned keep, const T *tB, T *x, int lane)
{
  constexpr int S = tile_col<M>();
  const int n = (int)ds.n;
  __syncwarp(); /* x of every lane's rows is in the tile */
  T *px = x + s0 * ds.b_sys;
  for (int gg = 0; gg < nact; gg++, px += ds.b_sys) {
    if (!((keep >> (gg * P)) & 1u)) continue;
    const T *Bs = tB + gg * P * S;
    for (int r = lane; r < n; r += 32) __stcs(px + r, Bs[rw(r)]); /* b_row = 1 */
  }
}

/* The first attempts on the nact >= 1 systems of one warp (P > 1 lanes each), in its
   tile: strictly dominant systems without pivoting (spike_attempt_np), then the others
   and those that failed by spike_attempt with the separators unshifted. Returns the
   first lanes of the systems that failed (their columns to be reloaded); the others
   hold x in the tile. */
template <typename T, int M, bool INTER, bool RED2, bool NP, typename RW>
__device__ __forceinline__ unsigned first_attempts(const gtsv_batch_desc &ds, int64_t s0, int nact,
                                                   int P, RW rw, int n, T *tA, T *tD, T *tC, T *tB,
                                                   const T *dl, const T *dd, const T *du,
                                                   const T *x, int lane, int red2, int np, int pcr,
                                                   bool dm_known = false, unsigned dm_pre = 0u)
{
  const int g = lane / P, p = lane & (P - 1);
  const unsigned all = __ballot_sync(0xffffffffu, g < nact && p == 0);
  unsigned fm = all;
  if (NP && np) { /* strictly dominant systems first without pivoting (spike_attempt_np) */
    const unsigned dm =
        dm_known ? dm_pre : dominant_systems<T, M>(tA, tD, tC, lane, P, rw, n, nact);
    if (dm) {
      const unsigned fd = spike_attempt_np<T, M>(tA, tD, tC, tB, lane, P, rw, n, dm, np == 2);
      if (fd) reload<T, M, INTER>(ds, s0, fd, P, rw, tA, tD, tC, tB, dl, dd, du, x, lane);
      fm = (all & ~dm) | fd;
    }
  }
  if (fm) fm = spike_attempt<T, M, false, RED2>(tA, tD, tC, tB, lane, P, rw, n, 0, fm, red2, pcr);
  return fm;
}

/* The systems whose first lane is set in fm (they failed first_attempts), reloaded and
   tried again with the separators moved up L/2 rows, then L/4 (L = tile_rows(n, M);
   the systems that passed hold x in the tile), their reduced systems in one level (red2
   = 0; tile_speculative_retries' shifted attempts alike): a 2x2-forcing system of 512
   rows (check_gpu_batch tiledefer, 4100 systems, one of them) passed its last retry with
   two levels, each within the cancellation limit (21 at the first), and missed the
   tests' bound 2-3x in double and float; with one level there it passes (host: the same
   system by tile_emul.h). Returns the first lanes of those that failed both. */
template <typename T, int M, bool INTER, bool RED2, typename RW>
__device__ __forceinline__ unsigned retries_in_turn(const gtsv_batch_desc &ds, int64_t s0,
                                                    unsigned fm, int P, RW rw, int n, T *tA, T *tD,
                                                    T *tC, T *tB, const T *dl, const T *dd,
                                                    const T *du, const T *x, int lane, int pcr)
{
#pragma unroll 1
  for (int t = 0; fm && t < 2; t++) {
    reload<T, M, INTER>(ds, s0, fm, P, rw, tA, tD, tC, tB, dl, dd, du, x, lane);
    fm = spike_attempt<T, M, true, RED2>(tA, tD, tC, tB, lane, P, rw, n, tile_shift(rw.L, t), fm,
                                         0, pcr);
  }
  return fm;
}

/* The systems whose first lane is set in fm (P lanes each) reloaded and solved by the
   sequential pivoting, side by side, a lane each: DP_SEQ's x and singular row. Returns,
   at every lane, whether it is the first lane of a system found singular (reported;
   its column is not x). */
template <typename T, int M, bool INTER, typename RW>
__device__ __forceinline__ bool seq_fallback(const gtsv_batch_desc &ds, int64_t s0, unsigned fm,
                                             int P, RW rw, int n, T *tA, T *tD, T *tC, T *tB,
                                             const T *dl, const T *dd, const T *du, const T *x,
                                             int lane, unsigned long long *info)
{
  constexpr int S = tile_col<M>();
  reload<T, M, INTER>(ds, s0, fm, P, rw, tA, tD, tC, tB, dl, dd, du, x, lane);
  if (!((fm >> lane) & 1u)) return false;
  const int c = lane * S;
  const int bad = seq_dp(n, tA + c, tD + c, tC + c, tB + c, rw);
  if (bad < 0) return false;
  report(ds, info, (s0 + lane / P) * ds.key_sys + bad);
  return true;
}

/* Where tile_kernel's warps put the systems that fail their first attempts, for
   tile_retry_kernel (below): count, the handle's gtsv_info_dev::deferred (cuda/state.h:
   systems so far, less one), and list, cap system numbers in the handle's workspace.
   count = NULL: none deferred (the warps run the retries and the fallback). */
struct Defer {
  unsigned *count = NULL;
  unsigned *list = NULL;
  unsigned cap = 0u;
};

/* Put the systems whose first lane is set in fm (rows contiguous, systems from s0, P lanes
   each) in df's list, as many as it has room for; returns the first lanes of those put
   there, at every lane. One atomic add a warp, by lane 0, only where fm has any. */
__device__ __forceinline__ unsigned defer_systems(Defer df, int64_t s0, unsigned fm, int P,
                                                  int lane)
{
  unsigned put = 0u;
  if (lane == 0) {
    const unsigned k = (unsigned)__popc(fm);
    const unsigned pos = atomicAdd(df.count, k) + 1u; /* the reset left 0xFFFFFFFF */
    unsigned j = 0;
    for (unsigned f = fm; f && pos < df.cap && j < df.cap - pos; f &= f - 1u, j++) {
      const int l0 = __ffs(f) - 1;
      df.list[pos + j] = (unsigned)(s0 + l0 / P);
      put |= 1u << l0;
    }
  }
  return __shfl_sync(0xffffffffu, put, 0);
}

/* The systems of one warp, loaded in its tile (nact >= 1 of them, P lanes each), solved
   in place: sequential pivoting (P = 1), or the attempts of the top of the file and
   their fallback; where df.count is set, those that fail their first attempts go to
   df's list instead, as far as it has room (defer_systems), and are left for
   tile_retry_kernel. Returns, at every lane, whether the lane is the first of a system
   found singular (reported) or deferred: that system's rows are not x. */
template <typename T, int M, bool INTER, bool RED2, bool NP, typename RW>
__device__ __forceinline__ bool group_solve(const gtsv_batch_desc &ds, int64_t s0, int nact, int P,
                                            RW rw, int n, T *tA, T *tD, T *tC, T *tB, const T *dl,
                                            const T *dd, const T *du, T *x, int lane, int red2,
                                            int np, int pcr, unsigned long long *info,
                                            Defer df = Defer{})
{
  constexpr int S = tile_col<M>();
  const int g = lane / P;
  bool singular = false;
  if (P == 1) {
    if (g < nact) {
      T *const A = tA + lane * S, *const D = tD + lane * S, *const C = tC + lane * S,
               *const B = tB + lane * S;
      const int bad = seq_dp(n, A, D, C, B, Ident());
      if (bad >= 0) {
        report(ds, info, (s0 + g) * ds.key_sys + bad);
        singular = true;
      }
    }
  } else {
    unsigned fm = first_attempts<T, M, INTER, RED2, NP>(ds, s0, nact, P, rw, n, tA, tD, tC, tB, dl,
                                                         dd, du, x, lane, red2, np, pcr);
    if (TILE_DIAG(1)) fm = 0u;
    if (!INTER && df.count && fm) {
      const unsigned put = defer_systems(df, s0, fm, P, lane);
      fm &= ~put;
      singular = ((put >> lane) & 1u) != 0u;
    }
    if (fm && !TILE_DIAG(4) && n > kSeqRetryMaxN) /* else straight to the fallback */
      fm = retries_in_turn<T, M, INTER, RED2>(ds, s0, fm, P, rw, n, tA, tD, tC, tB, dl, dd, du, x,
                                              lane, pcr);
    if (fm)
      singular |= seq_fallback<T, M, INTER>(ds, s0, fm, P, rw, n, tA, tD, tC, tB, dl, dd, du, x,
                                            lane, info);
  }
  return singular;
}

/* K warps per block, each with its own tile. P: partitions per system (power of
   two, 1..32). INTER: systems contiguous (interleaved, m_sys = b_sys = 1: see
   tile_solve): the block loads and stores the K G consecutive systems of its
   warps together, K G consecutive elements of each row, so that whole 32-byte
   sectors move (a warp's G alone is one or two elements per row past n = 128: half
   or a quarter of each sector). Else rows contiguous (m_row = b_row = 1), K = 1:
   each warp is a block and starts and finishes on its own. */
template <typename T, int M, bool INTER, int K, bool RED2, bool NP, typename RW>
__global__ void __launch_bounds__(32 * K)
tile_kernel(gtsv_batch_desc ds, int P, RW rw, int lgG, int red2, int np, int pcr, int trig,
            int pf, Defer df, const T *__restrict__ dl,
            const T *__restrict__ dd, const T *__restrict__ du, T *x,
            unsigned long long *info, gtsv_info_dev *self)
{
  constexpr int S = tile_col<M>();
  extern __shared__ __align__(16) unsigned char smem_raw[];
  __shared__ unsigned sing_of[K]; /* singular systems of each warp (first lanes) */
  __shared__ unsigned long long *s_info; /* self: the key this solve reports into */
  const int warp = K > 1 ? (int)(threadIdx.x >> 5) : 0, lane = threadIdx.x & 31;
  T *const tile0 = reinterpret_cast<T *>(smem_raw);
  T *const tA = tile0 + warp * 32 * S, *const tD = tA + M; /* layout: tile_col */
  T *const tC = tD + M, *const tB = tC + M;
  const int G = 1 << lgG, n = (int)ds.n;
  const int64_t sb = (int64_t)blockIdx.x * K * G, s0 = sb + (int64_t)warp * G;
  pdl_wait(); /* a programmatic dependent launch (launch_rw): before any read */
  if (trig) pdl_trigger();
  if (ds.gate && *ds.gate == 0u) return; /* conditional solve not needed */
  const int nact = (int)max((int64_t)0, min((int64_t)G, ds.nsys - s0));
  const int nblk = (int)min((int64_t)K * G, ds.nsys - sb); /* the block's systems */

  /* ---- load: the warp's systems into the tile ---- */
  if (!INTER) {
    load_group<T, M>(ds, s0, nact, P, rw, tA, tD, tC, tB, dl, dd, du, x, lane);
  } else if (K == 1) { /* consecutive lanes on consecutive systems of one row */
    for (int e = lane; e < (n << lgG); e += 32) {
      const int g = e & (G - 1), r = e >> lgG;
      if (g >= nact) continue;
      const int k = g * P * S + rw(r);
      const int64_t s = s0 + g;
      cp_elt(tA + k, dl + s + (int64_t)r * ds.m_row);
      cp_elt(tD + k, dd + s + (int64_t)r * ds.m_row);
      cp_elt(tC + k, du + s + (int64_t)r * ds.m_row);
      cp_elt(tB + k, x + s + (int64_t)r * ds.b_row);
    }
  } else { /* element e: system j = e mod K G of the block (warp j / G, slot j mod G), row e / (K G) */
    const int lgKG = lgG + (K == 8 ? 3 : K == 4 ? 2 : K == 2 ? 1 : 0);
    for (int e = threadIdx.x; e < (n << lgKG); e += 32 * K) {
      const int j = e & ((K << lgG) - 1), r = e >> lgKG;
      if (j >= nblk) continue;
      const int k = (j >> lgG) * 32 * S + (j & (G - 1)) * P * S + rw(r);
      const int64_t s = sb + j;
      cp_elt(tile0 + k, dl + s + (int64_t)r * ds.m_row);
      cp_elt(tile0 + M + k, dd + s + (int64_t)r * ds.m_row);
      cp_elt(tile0 + 2 * M + k, du + s + (int64_t)r * ds.m_row);
      cp_elt(tile0 + 3 * M + k, x + s + (int64_t)r * ds.b_row);
    }
  }
  gtsv_info_tick tick = {0u, 0u}; /* the epoch protocol, thread 0, while the copies run */
  if (self && threadIdx.x == 0) {
    tick = gtsv__info_count(self);
    s_info = gtsv__info_slot(self, tick.epoch);
  }
  cp_wait();
  if (K > 1) __syncthreads(); /* every thread reads rows other threads copied */
  else __syncwarp();
  if (self) info = s_info;
  /* this warp's part of block blockIdx.x + pf into L2, for when that block starts
     (prefetch_blocks) */
  if (!INTER && pf > 0 && blockIdx.x + (unsigned)pf < gridDim.x) {
    const int64_t s1 = ((int64_t)blockIdx.x + pf) * K * G + (int64_t)warp * G;
    l2_group<T>(ds, s1, (int)max((int64_t)0, min((int64_t)G, ds.nsys - s1)), dl, dd, du, x,
                lane);
  }

  bool singular = false;
  if (nact != 0) /* else a warp past the last system of the last block */
    singular = group_solve<T, M, INTER, RED2, NP>(ds, s0, nact, P, rw, n, tA, tD, tC, tB, dl, dd,
                                                  du, x, lane, red2, np, pcr, info, df);

  /* a singular system keeps its x: one bit per system, at its first lane */
  const unsigned sing = __ballot_sync(0xffffffffu, singular);
  /* the count came back long ago; before the stores, so that its fence waits for none */
  if (self && threadIdx.x == 0) gtsv__info_last(self, tick);

  /* ---- store x ---- */
  if (!INTER) {
    store_group<T, M>(ds, s0, nact, P, rw, ~sing, tB, x, lane);
  } else if (K == 1) {
    __syncwarp(); /* x of every lane's rows is in the tile */
    for (int e = lane; e < (n << lgG); e += 32) {
      const int gg = e & (G - 1), r = e >> lgG;
      if (gg >= nact || ((sing >> (gg * P)) & 1u)) continue;
      __stcs(x + (s0 + gg) + (int64_t)r * ds.b_row, tB[gg * P * S + rw(r)]);
    }
  } else {
    if (lane == 0) sing_of[warp] = sing;
    __syncthreads(); /* x of every warp's rows is in its tile */
    const int lgKG = lgG + (K == 8 ? 3 : K == 4 ? 2 : K == 2 ? 1 : 0);
    for (int e = threadIdx.x; e < (n << lgKG); e += 32 * K) {
      const int j = e & ((K << lgG) - 1), r = e >> lgKG;
      const int w = j >> lgG, gg = j & (G - 1);
      if (j >= nblk || ((sing_of[w] >> (gg * P)) & 1u)) continue;
      __stcs(x + (sb + j) + (int64_t)r * ds.b_row,
             tile0[w * 32 * S + 3 * M + gg * P * S + rw(r)]);
    }
  }
}

/*
 * The systems tile_kernel deferred (Defer, above), one warp a block, the blocks taking the
 * list's entries in turn: each system reloaded and taken through what tile_kernel's warp
 * would have run after its first attempts (retries_in_turn where n > kSeqRetryMaxN,
 * then seq_fallback, which reports a singular system), the same steps on the same rows,
 * so its x is bitwise the one it would have had; then stored. Launched after tile_kernel
 * in the same stream, with a grid of at most one wave, where a warp holds several systems
 * (G >= 2: n <= 256 in double); one system a warp keeps its retries (H200, call 2 of
 * session 44, bench/results/gpu-batch-defer-h200-2026-11-29.md: double random 512 x 32768
 * 0.364 against 0.282 ms deferred, 1024 x 16384 0.291 against 0.275, as some system of
 * hundreds of rows then runs the sequential fallback alone at the end).
 * Why: a warp that retries holds its tile, and the SM's share of the loads, for the
 * retries' latency while its other systems wait to be stored. H200, double random strided,
 * 2^24 rows, the failed systems stored as their first attempt left them (no retries, no
 * fallback; a timing knob, wrong answers): 0.239 against 0.291 ms at n = 64, 0.242 against
 * 0.274 at 256, 0.255 against 0.290 at 512 (bench/results/gpu-batch-diag-h200-2026-11-28.md),
 * where the retries are 2-3% of the instructions.
 */
template <typename T, int M, bool RED2, typename RW>
__global__ void __launch_bounds__(32)
tile_retry_kernel(gtsv_batch_desc ds, int P, RW rw, int pcr, int trig, Defer df,
                  const T *__restrict__ dl, const T *__restrict__ dd, const T *__restrict__ du,
                  T *x, unsigned long long *info)
{
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const int lane = threadIdx.x & 31, n = (int)ds.n;
  T *const tA = reinterpret_cast<T *>(smem_raw), *const tD = tA + M; /* layout: tile_col */
  T *const tC = tD + M, *const tB = tC + M;
  pdl_wait(); /* tile_kernel's list and count are complete and visible */
  if (trig) pdl_trigger();
  const unsigned nf = min(__ldcg(df.count) + 1u, df.cap); /* 0xFFFFFFFF + 1: none */
  for (unsigned i = blockIdx.x; i < nf; i += gridDim.x) {
    const int64_t s = (int64_t)__ldcg(df.list + i);
    unsigned fm = 1u; /* the system at slot 0: its first lane, 0 */
    if (n > kSeqRetryMaxN)
      fm = retries_in_turn<T, M, false, RED2>(ds, s, fm, P, rw, n, tA, tD, tC, tB, dl, dd, du, x,
                                              lane, pcr);
    bool singular = false;
    if (fm)
      singular = seq_fallback<T, M, false>(ds, s, fm, P, rw, n, tA, tD, tC, tB, dl, dd, du, x,
                                           lane, info);
    store_group<T, M>(ds, s, 1, P, rw, ~__ballot_sync(0xffffffffu, singular), tB, x, lane);
    __syncwarp(); /* every lane has read the tile before the next system's copies */
  }
}

/*
 * A strictly dominant system, one a block, solved without pivoting by the block's threads
 * t = 0..63 (warps 0 and 1; warp 2 only meets the block's barriers) in its rows in warp
 * 0's tile (rw: its layout): the method of
 * spike_attempt_np with 64 partitions instead of 32, so that a lane's chain of
 * elimination steps is half as long. Partition t holds rows t Lq .. t Lq + Lq-1 (Lq =
 * ceil(n / 64) >= 2, as n > 16 M >= 128 where P = 32), the last row of each but the last
 * a separator; part_solve_np solves the interiors, reduced_row forms the separators' rows
 * (the first values of the partition below through bsc), cyclic reduction without
 * pivoting across the 64 lanes (through bsc, a block barrier between steps) solves the
 * reduced system, and part_finish forms x, under the cancellation test
 * of the top of the file over the whole system. Strict dominance keeps every step stable,
 * as for spike_attempt_np. Called by every thread of the block; returns, at every
 * thread, whether the system passed (then its x is in the tile); force_fail (tests):
 * judged failed.
 * Why: a one-wave batch costs one system's latency. H100, double 512 x 512 dominant (M =
 * 16, P = 32), phase clocks of warp 0 (session 31, call 1): load 3 800-5 300 cycles,
 * dominance test and interiors (15 rows a lane) 5 600, reduced system 2 250, finish and
 * test 2 450, store 800: 10.6 us a solve in a CUDA graph, of which 1.5 us is the launch.
 * With block_np (call 4): 9.8 us (float 8.5 against 9.1; 1024 x 256 double 11.8 against
 * 13.0); random batches 0-0.6 us slower, where only the dominance test moved
 * (bench/results/gpu-batch-onewave-h100-2026-11-28.md, with block_np's own clocks).
 */
constexpr int kBnpLanes = 64;
constexpr int kSpecWarps = 3; /* warps a block of tile_spec_kernel (below) */

template <typename T> struct BnpScratch {
  /* reduced rows (before them, the first values of the partitions); one slot a thread */
  T a[kSpecWarps * 32], c[kSpecWarps * 32], r[kSpecWarps * 32], ib[kSpecWarps * 32];
  T w[kSpecWarps][3]; /* per warp: max, sums */
  int bad;
};

template <typename T, int M, typename RW>
__device__ __forceinline__ bool block_np(T *tA, T *tD, T *tC, T *tB, RW rw, int n, int t,
                                         BnpScratch<T> &sc, bool force_fail)
{
  constexpr int Q = kBnpLanes;
  const int Lq = (n + Q - 1) / Q, Pq = (n + Lq - 1) / Lq, R = Pq - 1;
  const bool act = t < Pq, first = t == 0, last = t == Pq - 1;
  const int lo = t * Lq;
  const int L = !act ? 0 : last ? n - lo : Lq - 1; /* interior rows */
  const auto idx = [&](int k) { return rw(lo + k); };
  if (t == 0) sc.bad = 0;
  TILE_CLK(7);
  Ends<T> e;
  e.bad = false;
  e.xf = e.xl = e.vf = e.vl = e.wf = e.wl = T(0);
  if (act) e = part_solve_np(L, tA, tD, tC, tB, !first, !last, idx);
  TILE_CLK(2);
  /* the first values (v, w, u) of each partition, for the separator above it */
  sc.a[t] = e.vf;
  sc.c[t] = e.wf;
  sc.r[t] = e.xf;
  __syncthreads();
  T a = 0, b = 1, c = 0, r = 0; /* reduced row t (an identity row past R) */
  if (act && !last) {
    const int k = rw(lo + Lq - 1);
    reduced_row(tA[k], tD[k], tC[k], tB[k], e.vl, e.wl, e.xl, sc.a[t + 1], sc.c[t + 1],
                sc.r[t + 1], &a, &b, &c, &r);
  }
  if (act && e.bad) sc.bad = 1;
  /* cyclic reduction: rows 1, 2, 4, ... away through sc (pcr_lanes' steps) */
  for (int k = 1; k < R; k <<= 1) {
    __syncthreads(); /* the previous step's reads are done */
    sc.a[t] = a;
    sc.c[t] = c;
    sc.r[t] = r;
    sc.ib[t] = T(1) / b;
    __syncthreads();
    const bool up = t >= k, dn = t + k < R;
    const T am = up ? sc.a[t - k] : T(0), cm = up ? sc.c[t - k] : T(0);
    const T rm = up ? sc.r[t - k] : T(0), im = up ? sc.ib[t - k] : T(1);
    const T ap = dn ? sc.a[t + k] : T(0), cp = dn ? sc.c[t + k] : T(0);
    const T rp = dn ? sc.r[t + k] : T(0), ip = dn ? sc.ib[t + k] : T(1);
    if (t < R) pcr_step(a, b, c, r, am, cm, rm, im, ap, cp, rp, ip);
  }
  if (t < R) {
    const T xs = r / b;
    tB[rw(lo + Lq - 1)] = xs;
    if (!(tabs(xs) <= finite_max<T>())) sc.bad = 1;
  }
  __syncthreads(); /* the separators' x, and every flag */
  TILE_CLK(3);
  const bool fail = sc.bad != 0;
  const int w = t >> 5;
  T s2 = 0, x2 = 0;
  if (!fail) {
    const T xl = act && !first ? tB[rw(lo - 1)] : T(0);
    const T xr = act && !last ? tB[rw(lo + Lq - 1)] : T(0);
    T m0 = group_max(act ? part_ends(L, tA, tD, tB, xl, xr, idx) : T(0), 32);
    if ((t & 31) == 0) sc.w[w][0] = m0;
    __syncthreads();
    m0 = tmax(tmax(sc.w[0][0], sc.w[1][0]), sc.w[2][0]);
    if (act) {
      const T scl = pow2_inv(m0);
      part_finish(L, tA, tD, tB, xl, xr, scl, &s2, &x2, idx);
      s2 += (scl * xr) * (scl * xr); /* the separator below: |x| cancels nothing */
      x2 += (scl * xr) * (scl * xr);
    }
    group_sum2(s2, x2, 32);
    if ((t & 31) == 0) {
      sc.w[w][1] = s2;
      sc.w[w][2] = x2;
    }
  }
  __syncthreads(); /* every row's x, and the sums */
  TILE_CLK(4);
  if (fail) return false;
  s2 = (sc.w[0][1] + sc.w[1][1]) + sc.w[2][1]; /* the same order at every thread: the */
  x2 = (sc.w[0][2] + sc.w[1][2]) + sc.w[2][2]; /* same decision */
  return cancel_pass(s2, x2) && !force_fail;
}

/*
 * Speculative retries (rows contiguous, P > 1), for batches that fit in one wave of
 * this kernel. Such a batch costs its slowest system, and a batch of hundreds of
 * random systems nearly always holds one whose first attempt fails the cancellation
 * test (tools/gtsv-tile-retry-count: 10 of 512 at n = 512, M = 16): tile_kernel then
 * pays the reload and the M/2 retry after the first attempt, one after the other
 * (512 x 512 double random, H100: 26.5 us a solve against 11.2 for dominant systems,
 * which have no retry: bench/results/gpu-batch-block4-2026-11-26.md). Here a block of
 * three warps holds three tiles of the same G systems, each loaded from global memory
 * (the same lines, through the same L1), and the warps run at once what tile_kernel
 * runs in turn: warp 0 the first attempts (first_attempts), warp 1 the attempt with
 * the separators moved up M/2 rows, warp 2 moved up M/4. Each system takes the first
 * of these, in that order, that passed, so its x is the one tile_kernel gives,
 * bitwise (but a strictly dominant system alone in its block, which block_np solves
 * first: above); where all three failed, warp 0 reloads it and solves it sequentially
 * (seq_fallback), as tile_kernel does. Each warp stores the systems it won.
 * Strictly dominant systems (warp 0's first attempt, without pivoting where the kernel
 * has that attempt, nearly always passes on them) are not attempted by warps 1 and 2:
 * the block would wait for their shifted attempts (512 x 512 double dominant, H100:
 * 16.7 against 11.0 us a solve when they were; 256 x 512, H200: 13.3 against 9.3 while
 * only the kernels with the attempt without pivoting skipped them;
 * bench/results/gpu-batch-spec-2026-11-27.md); where warp 0 fails one, it runs that
 * system's retries in turn (retries_in_turn), as tile_kernel does.
 */
template <typename T, int M, bool RED2, bool NP, typename RW>
__global__ void __launch_bounds__(32 * kSpecWarps)
tile_spec_kernel(gtsv_batch_desc ds, int P, RW rw, int lgG, int red2, int np, int pcr,
                 int bnp, int trig, const T *__restrict__ dl, const T *__restrict__ dd,
                 const T *__restrict__ du, T *x, unsigned long long *info, gtsv_info_dev *self)
{
  constexpr int S = tile_col<M>();
  extern __shared__ __align__(16) unsigned char smem_raw[];
  __shared__ unsigned fails[kSpecWarps]; /* first lanes of the systems each warp failed */
  __shared__ unsigned long long *s_info; /* self: the key this solve reports into */
  __shared__ unsigned tried;             /* ... of those warps 1 and 2 attempted */
  __shared__ BnpScratch<T> bsc;          /* block_np's exchanges */
  const int warp = (int)(threadIdx.x >> 5), lane = threadIdx.x & 31;
  T *const tA = reinterpret_cast<T *>(smem_raw) + warp * 32 * S, *const tD = tA + M;
  T *const tC = tD + M, *const tB = tC + M; /* layout: tile_col */
  const int n = (int)ds.n;
  const int64_t s0 = (int64_t)blockIdx.x << lgG;
  pdl_wait(); /* a programmatic dependent launch (launch_rw): before any read */
  if (trig) pdl_trigger();
  if (ds.gate && *ds.gate == 0u) return; /* conditional solve not needed */
  const int nact = (int)min((int64_t)1 << lgG, ds.nsys - s0);
  TILE_CLK(0);

  load_group<T, M>(ds, s0, nact, P, rw, tA, tD, tC, tB, dl, dd, du, x, lane);
  gtsv_info_tick tick = {0u, 0u}; /* the epoch protocol, thread 0, while the copies run */
  if (self && threadIdx.x == 0) {
    tick = gtsv__info_count(self);
    s_info = gtsv__info_slot(self, tick.epoch); /* read after the barrier */
  }
  cp_wait();
  __syncwarp();
  TILE_CLK(1);

  const unsigned all = __ballot_sync(0xffffffffu, lane / P < nact && (lane & (P - 1)) == 0);
  /* One system a block (P = 32) of a user's batch (not a solve inside another method, as
     the GPU SPIKE's base, whose partitions stay as measured there): where it is strictly
     dominant, the block solves it without pivoting (block_np, 64 partitions); where that
     passes, the block is done. Else warp 0 takes it through first_attempts from its
     reloaded rows (without pivoting first, as in tile_kernel), warps 1 and 2 skipping it
     as below. */
  bool dk = false; /* dom known */
  unsigned dom = 0u;
  if (NP && np != 0 && bnp != 0 && P == 32 && ds.fail == NULL) { /* user batches only */
    /* each warp from its own tile (the same rows): no warp reads another's tile while
       that one may write it */
    dom = dominant_systems<T, M>(tA, tD, tC, lane, P, rw, n, nact);
    dk = true;
    if (dom != 0u) { /* the same at every warp */
      __syncthreads(); /* warp 0's tile, for warp 1 */
      T *const A0 = reinterpret_cast<T *>(smem_raw);
      const bool ok = block_np<T, M>(A0, A0 + M, A0 + 2 * M, A0 + 3 * M, rw, n,
                                     (int)threadIdx.x, bsc, np == 2 || bnp == 2);
      if (ok) { /* the same at every thread */
        if (self && threadIdx.x == 0) gtsv__info_last(self, tick);
        if (warp < 2) {
          T *px = x + s0 * ds.b_sys;
          for (int r = (int)threadIdx.x; r < n; r += 64) __stcs(px + r, A0[3 * M + rw(r)]);
        }
#ifdef GTSV_TILE_CLOCKS
        TILE_CLK(6);
        if (threadIdx.x == 0 && blockIdx.x % 64 == 0 && blockIdx.x < 4096 &&
            atomicAdd(&gtsv_tile_clk_prints, 1) < 64) {
          const long long *c = gtsv_tile_clk[blockIdx.x][0];
          printf("tile_bnp n=%d nsys=%lld block %u | load %lld | dominance %lld | part %lld | "
                 "red %lld | fin %lld | store %lld | total %lld\n",
                 n, (long long)ds.nsys, blockIdx.x, c[1] - c[0], c[7] - c[1], c[2] - c[7],
                 c[3] - c[2], c[4] - c[3], c[6] - c[4], c[6] - c[0]);
        }
#endif
        return;
      }
      if (warp == 0) /* its rows, for first_attempts */
        reload<T, M, false>(ds, s0, all, P, rw, tA, tD, tC, tB, dl, dd, du, x, lane);
    }
  }
  unsigned fm;
  if (warp == 0) {
    fm = first_attempts<T, M, false, RED2, NP>(ds, s0, nact, P, rw, n, tA, tD, tC, tB, dl, dd, du,
                                                x, lane, red2, np, pcr, dk, dom);
  } else {
    /* not strictly dominant systems: warp 0's attempt (without pivoting where NP) nearly
       always passes on those */
    const unsigned todo =
        all & ~(dk ? dom : dominant_systems<T, M>(tA, tD, tC, lane, P, rw, n, nact));
    fm = todo ? spike_attempt<T, M, true, RED2>(tA, tD, tC, tB, lane, P, rw, n,
                                                tile_shift(rw.L, warp - 1), todo, 0, pcr)
              : 0u; /* the reduced systems in one level, as in retries_in_turn */
    if (warp == 1 && lane == 0) tried = todo;
  }
  if (lane == 0) fails[warp] = fm;
  __syncthreads();
  TILE_CLK(5);
  const unsigned f0 = fails[0], f1 = fails[1], f2 = fails[2], tr = tried;
  if (self) info = s_info; /* seq_fallback below is the only report */
  /* the count came back long ago; before the stores, so that its fence waits for none */
  if (self && threadIdx.x == 0) gtsv__info_last(self, tick);
  unsigned keep = warp == 0 ? all & ~f0 : warp == 1 ? f0 & tr & ~f1 : f0 & tr & f1 & ~f2;
  /* un: dominant systems whose attempt without pivoting and first pivoting attempt
     failed (their retries in turn, here); all3: systems every warp failed */
  const unsigned un = f0 & ~tr, all3 = f0 & tr & f1 & f2;
  if (warp == 0 && (un | all3)) {
    const unsigned fr = un ? retries_in_turn<T, M, false, RED2>(ds, s0, un, P, rw, n, tA, tD, tC,
                                                                tB, dl, dd, du, x, lane, pcr)
                           : 0u;
    keep |= un & ~fr;
    const unsigned sq = fr | all3;
    if (sq) {
      const bool singular = seq_fallback<T, M, false>(ds, s0, sq, P, rw, n, tA, tD, tC, tB, dl, dd,
                                                      du, x, lane, info);
      keep |= sq & ~__ballot_sync(0xffffffffu, singular);
    }
  }
  store_group<T, M>(ds, s0, nact, P, rw, keep, tB, x, lane);
#ifdef GTSV_TILE_CLOCKS
  TILE_CLK(6);
  __syncthreads();
  /* GTSV_TILE_CLOCKS=2: only blocks whose systems are all strictly dominant (warps 1 and
     2 attempted none); 1: only the others */
  if (threadIdx.x == 0 && blockIdx.x % 64 == 0 && blockIdx.x < 4096 &&
      (tr == 0u) == (GTSV_TILE_CLOCKS == 2) && atomicAdd(&gtsv_tile_clk_prints, 1) < 64) {
    const long long(*c)[8] = gtsv_tile_clk[blockIdx.x];
    printf("tile_spec n=%d nsys=%lld block %u f=%x/%x/%x | load %lld | w0 part %lld red %lld "
           "(pcr %lld) fin %lld wait %lld store %lld | w1 part %lld red %lld fin %lld wait %lld "
           "| w2 part %lld red %lld fin %lld wait %lld | total %lld\n",
           n, (long long)ds.nsys, blockIdx.x, f0, f1, f2, c[0][1] - c[0][0], c[0][2] - c[0][1],
           c[0][3] - c[0][2], c[0][7] - c[0][2], c[0][4] - c[0][3], c[0][5] - c[0][4],
           c[0][6] - c[0][5], c[1][2] - c[1][1], c[1][3] - c[1][2], c[1][4] - c[1][3],
           c[1][5] - c[1][4], c[2][2] - c[2][1], c[2][3] - c[2][2], c[2][4] - c[2][3],
           c[2][5] - c[2][4], c[0][6] - c[0][0]);
  }
#endif
}

/*
 * One long system a block: the GPU SPIKE's smallest reduced system (gtsv__?_batch_tile_base),
 * kBlkMinN..kBlkMaxN = 513..2048 rows, which the one-warp kernel above sweeps with
 * M = 32 or 64 rows a lane: one warp alone on the GPU, its chain of pivot steps 64
 * rows long (H200, ncu, 2^23 double random: the base's 2048 rows took 26.7 us of a
 * 371 us solve). Here four warps share the system, a lane per 16 rows, in two levels:
 *   level 1: lane p owns partition p (rows 16p .. 16p+15; the last row a separator
 *     but in the last partition), solves its interior by part_solve (u, v, w) and
 *     writes its separator's reduced row (reduced_row, with the first values of
 *     partition p+1 through shared memory); R = Pu - 1 <= 127 reduced rows;
 *   level 2: the reduced rows are copied into a one-warp tile of M = 8 and solved
 *     there by spike_attempt (its own cancellation test, its reduced system of at
 *     most 15 rows by checked cyclic reduction or sequentially); where that attempt
 *     fails, the first lane solves the R reduced rows sequentially in place;
 *   level 1 again: x = u - v x_left - w x_right (part_finish) and the cancellation
 *     test of the top of the file over the whole system;
 *   the check: x against the original rows (still in global memory), row by row,
 *     |b - T x|_r <= kBlkBerr u (|T||x| + |b|)_r (the Oettli-Prager backward error).
 * The method is the one-warp kernel's with M = 16 and a two-level reduced solve, but
 * with more separators its answer can be worse where the tests are tight: without
 * the check (or with it in 2-norm) the two levels passed their cancellation tests on
 * a float 2x2-forcing base whose SPIKE answer then missed the tests' bound, which the
 * one-warp base met (kBlkBerr has the measurements). Any failure (a singular or
 * non-finite pivot block, a singular reduced system, a test, the check) sends the
 * system to the one-warp kernel's path unchanged (group_solve with M = 64 in warp 0:
 * its attempts, retries with shifted separators and sequential pivoting, which
 * reports a singular system): the answer there is exactly what it was before.
 * Double only (gtsv__?_batch_tile_base): a check that refused that float base also
 * refused float's random 2^23 SPIKE base, so float keeps the one-warp kernel.
 * H200, double random, against the one-warp base: 2^20 0.110-0.112 against 0.120-0.124
 * ms, 2^23 0.360 against 0.372, 2^25 equal (its base is 1024 rows); the base kernel
 * 14.7 us against 26.7 on a base of 2048 rows (ncu, 2^20 and 2^23 solves;
 * bench/results/gpu-spike-block-base-2026-11-25.md).
 * mode 2 (tests): level 1 judged failed, so that this fallback is exercised.
 * Worked example, n = 600: Pu = 38 partitions (lanes 0..37; lane 37 has rows
 * 592..599 and no separator), R = 37 reduced rows at rows 15, 31, .., 591; level 2
 * cuts them into P2 = 8 tile columns of 8 (5 in use), 4 second-level separators.
 */
constexpr int kBlkThreads = 128; /* four warps, a lane per partition */
constexpr int kBlkM = 16;        /* rows per partition at level 1 */
constexpr int kBlkMinN = 513, kBlkMaxN = kBlkThreads * kBlkM;
constexpr int kBlk2M = 8; /* level 2's tile */
/* Row-wise backward error accepted from the two levels, in units of u (see the
   kernel); beyond it the system takes the one-warp path. H200
   (bench/results/gpu-spike-block-base-2026-11-25.md): without a check, or with the
   2-norm form ||b - T x|| <= 32 u || |T||x| + |b| ||, the two levels passed their
   cancellation tests on a float 2x2-forcing batch (n = 2049, 33 systems, through the
   batched GPU SPIKE: a base of 1058 rows, row-wise 1.6e4 u) whose answer then missed
   the tests' bound by 1.7x, which the one-warp base met; the random 2^20 SPIKE base is
   at 32.7 u, and 256 u refused the random 2^23 one; at the 90th percentile the bases of
   the GPU tests were at 60-510 u. 4096 u, in double only: every GPU test passes. */
constexpr double kBlkBerr = 4096.0;

template <typename T> __host__ __device__ constexpr int blk_smem()
{
  return (kBlkThreads * tile_col<kBlkM>() + 32 * tile_col<kBlk2M>()) * (int)sizeof(T);
}
static_assert(blk_smem<double>() >= tile_smem<double, 64>() &&
                  blk_smem<float>() >= tile_smem<float, 64>(),
              "the fallback's one-warp tile (M = 64) fits in the block's shared memory");

/* the largest v over the block, at every thread (red: 4 shared slots, used once) */
template <typename T> __device__ __forceinline__ T block_max4(T v, T *red)
{
  v = group_max(v, 32);
  if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = v;
  __syncthreads();
  return tmax(tmax(red[0], red[1]), tmax(red[2], red[3]));
}
template <typename T> __device__ __forceinline__ T block_sum4(T v, T *red)
{
  v = group_sum(v, 32);
  if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = v;
  __syncthreads();
  return (red[0] + red[1]) + (red[2] + red[3]);
}

template <typename T>
__global__ void __launch_bounds__(kBlkThreads)
tile_block_kernel(gtsv_batch_desc ds, int mode, int red2, int np, int pcr, int pcr2,
                  bool berr_check, float berr, float *diag,
                  const T *__restrict__ dl, const T *__restrict__ dd,
                  const T *__restrict__ du, T *x, unsigned long long *info)
{
  constexpr int NS = kBlkThreads * tile_col<kBlkM>(); /* layout: tile_col */
  extern __shared__ __align__(16) unsigned char smem_raw[];
  __shared__ T sVf[kBlkThreads], sWf[kBlkThreads], sXf[kBlkThreads], sRed[3][4];
  __shared__ int sFail;
  if (ds.gate && *ds.gate == 0u) return; /* conditional solve not needed */
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5, n = (int)ds.n;
  const int64_t s = blockIdx.x;
  T *const A = reinterpret_cast<T *>(smem_raw), *const D = A + kBlkM, *const C = D + kBlkM,
           *const B = C + kBlkM;
  T *const A2 = A + NS, *const D2 = A2 + kBlk2M, *const C2 = D2 + kBlk2M, *const B2 = C2 + kBlk2M;
  /* level 1's row r -> offset (128 columns of kBlkM rows) */
  const FullRows<kBlkM> rw1{(n + kBlkM - 1) / kBlkM};
  const T *const pl = dl + s * ds.m_sys, *const pd = dd + s * ds.m_sys,
              *const pu = du + s * ds.m_sys;
  T *const pb = x + s * ds.b_sys; /* b_row = m_row = 1 (gtsv__?_batch_tile_base) */

  /* load: row r in column r / 16 (partition r / 16), slot r % 16 */
  for (int r = tid; r < n; r += kBlkThreads) {
    const int k = rw1(r);
    cp_elt(A + k, pl + r);
    cp_elt(D + k, pd + r);
    cp_elt(C + k, pu + r);
    cp_elt(B + k, pb + r);
  }
  cp_wait();
  __syncthreads();

  /* ---- level 1: the interiors, then the separators' reduced rows ---- */
  const int Pu = (n + kBlkM - 1) / kBlkM, R = Pu - 1, p = tid;
  const bool part = p < Pu, first = p == 0, last = p == Pu - 1;
  const int lo = p * kBlkM, L = part ? (last ? n : lo + kBlkM - 1) - lo : 0;
  const auto idx = part_idx<kBlkM, false, false>(0, p, lo, kBlkM);
  const SepIdx<kBlkM> sep{0, 0, kBlkM};
  Ends<T> e;
  e.bad = false;
  e.xf = e.xl = e.vf = e.vl = e.wf = e.wl = T(0);
  if (part) e = part_solve<false>(L, A, D, C, B, !first, !last, idx);
  sVf[p] = e.vf;
  sWf[p] = e.wf;
  sXf[p] = e.xf;
  bool ok = !__syncthreads_or(part && e.bad) && mode != 2;
  if (ok && p < R) {
    const int k = sep(p);
    reduced_row(A[k], D[k], C[k], B[k], e.vl, e.wl, e.xl, sVf[p + 1], sWf[p + 1], sXf[p + 1],
                &A[k], &D[k], &C[k], &B[k]);
  }
  __syncthreads();

  /* ---- level 2: the reduced system in warp 0's tile ---- */
  if (ok) {
    const int P2 = tile_lanes(R, kBlk2M);
    /* the reduced rows in warp 0's tile, columns of kBlk2M (not balanced: see launch_mkr) */
    const FullRows<kBlk2M> rw2{(R + kBlk2M - 1) / kBlk2M};
    for (int j = tid; j < R; j += kBlkThreads) {
      const int k = sep(j), k2 = rw2(j);
      A2[k2] = A[k];
      D2[k2] = D[k];
      C2[k2] = C[k];
      B2[k2] = B[k];
    }
    __syncthreads();
    if (warp == 0) {
      const unsigned f =
          spike_attempt<T, kBlk2M, false, false>(A2, D2, C2, B2, lane, P2, rw2, R, 0, 1u, red2,
                                                 pcr2);
      bool good = f == 0u;
      if (good) {
        for (int j = lane; j < R; j += 32) B[sep(j)] = B2[rw2(j)];
      } else { /* the reduced rows sequentially, by one lane, in place */
        int bad = 0;
        if (lane == 0) bad = seq_dp(R, A, D, C, B, sep) >= 0;
        good = __shfl_sync(0xffffffffu, bad, 0) == 0;
      }
      if (lane == 0) sFail = !good;
    }
    __syncthreads();
    ok = !sFail;
  }

  /* ---- level 1 again: x of the interiors, the cancellation test ---- */
  if (ok) {
    const T xl = part && !first ? B[sep(p - 1)] : T(0);
    const T xr = part && !last ? B[sep(p)] : T(0);
    const T m0 = block_max4(part ? part_ends(L, A, D, B, xl, xr, idx) : T(0), sRed[0]);
    T s2 = 0, x2 = 0;
    if (part) {
      const T sc = pow2_inv(m0);
      part_finish(L, A, D, B, xl, xr, sc, &s2, &x2, idx);
      s2 += (sc * xr) * (sc * xr); /* the separator below: |x| cancels nothing */
      x2 += (sc * xr) * (sc * xr);
    }
    s2 = block_sum4(s2, sRed[1]);
    x2 = block_sum4(x2, sRed[2]);
    ok = cancel_pass(s2, x2); /* the same at every thread */
  }

  if (ok && berr_check) {
    /* x against the original rows (global memory: b is not yet overwritten), row by
       row: |b - T x|_r <= berr u (|T| |x| + |b|)_r (Oettli-Prager) */
    __syncthreads(); /* x of every partition is in the arrays */
    const T u = sizeof(T) == 8 ? T(0x1p-53) : T(0x1p-24), tol = T(berr) * u;
    bool good = true;
    for (int r = tid; r < n; r += kBlkThreads) {
      const T a = r > 0 ? pl[r] : T(0), d = pd[r], c = r + 1 < n ? pu[r] : T(0), b = pb[r];
      const T xm = r > 0 ? B[rw1(r - 1)] : T(0), x0 = B[rw1(r)];
      const T xp = r + 1 < n ? B[rw1(r + 1)] : T(0);
      const T res = b - (a * xm + d * x0 + c * xp);
      const T scale = tabs(a * xm) + tabs(d * x0) + tabs(c * xp) + tabs(b);
      good = good && tabs(res) <= tol * scale; /* false for NaN */
      if (diag && scale > T(0)) { /* measurements: the largest row's backward error in u */
        const float w = (float)(tabs(res) / scale / u);
        if (w >= 0.0f) atomicMax(reinterpret_cast<int *>(diag), __float_as_int(w));
      }
    }
    ok = !__syncthreads_or(!good);
  }
  if (ok) {
    for (int r = tid; r < n; r += kBlkThreads) __stcs(pb + r, B[rw1(r)]);
    return;
  }
  /* ---- the one-warp path (M = 64) in warp 0, from the original rows ---- */
  __syncthreads(); /* every thread is done with the arrays */
  if (warp != 0) return;
  constexpr int M = 64;
  T *const tA = reinterpret_cast<T *>(smem_raw), *const tD = tA + M, *const tC = tD + M,
           *const tB = tC + M; /* layout: tile_col */
  const int P = tile_lanes(n, M);
  const FullRows<M> rw{(n + M - 1) / M}; /* columns of M rows (see launch_mkr) */
  load_group<T, M>(ds, s, 1, P, rw, tA, tD, tC, tB, dl, dd, du, x, lane);
  cp_wait();
  __syncwarp();
  const bool sing = group_solve<T, M, false, true, true>(ds, s, 1, P, rw, n, tA, tD, tC, tB, dl, dd,
                                                          du, x, lane, red2, np, pcr, info);
  if (__ballot_sync(0xffffffffu, sing)) return; /* a singular system keeps its x */
  __syncwarp();
  for (int r = lane; r < n; r += 32) __stcs(pb + r, tB[rw(r)]);
}

/* Rows per partition for n systems of nsys (0: the tile kernel does not take n).
   The automatic choice is the fastest forced size of the H200 tables
   (bench/results/gpu-batch-2026-11-22.md, gpu-batch2-2026-11-22.md): double 16 up
   to n = 512 (up to 256 before the two-level reduced solve; double 512 x 32768,
   gpu-batch-red2-2026-11-24.md: M = 16 0.4228 ms random and 0.3320 dominant, M =
   32 0.4394 and 0.3442; interleaved, 4 warps of 17 KB tiles, 3 blocks per SM,
   rather than 34 KB, 1 per SM), float 32 from n = 64 (float 512 x 32768: M = 16
   0.2477, M = 32 0.2158); for a small batch (n nsys <= 2^20, latency bound: 512 x
   512 in the tables) 16 up to n = 512 in both precisions, more lanes per system
   and a shorter sweep per lane. Float strided (rows contiguous, !inter) batches take 16
   up to n = 256 since session 33: H200, 2^24 rows, M = 16 against 32, random / dominant,
   n = 64 0.196 / 0.134 against 0.208 / 0.152 ms, 128 0.205 / 0.133 against 0.209 /
   0.146, 256 0.193 / 0.132 against 0.198 / 0.142; at 512 random M = 32 stays faster,
   0.196 against 0.210 (bench/results/gpu-batch-col-h200-8171471-2026-11-28.md). The
   interleaved layout's float tile batches were not measured so and keep 32. */
int choose_m(int64_t n, int64_t nsys, size_t elt, bool inter)
{
  const int f = gtsv__batch_tile_m;
  if ((f == 8 || f == 16 || f == 32 || f == 64) && n <= 32 * f) return f;
  if (elt == sizeof(double) ? n <= 512 : n < 64) return 16;
  if (!inter && n <= 256) return 16; /* float strided */
  if (n <= 512 && n * nsys <= ((int64_t)1 << 20)) return 16;
  if (n <= 1024) return 32;
  if (n <= 2048) return 64;
  return 0;
}

/* Warps per block where G, the systems of a warp, is below 8: the interleaved
   layout's loads and stores want K G consecutive systems per row (see
   tile_kernel). H200, interleaved, 2^24 rows (bench/results/
   gpu-batch-inter-2026-11-24.md), K = 4 against the thread-per-system kernel:
   double random n = 256 0.643 against 0.809 ms, 1024 0.989 against 1.502, 512 x
   512 0.046 against 0.443; at n = 64 (G = 8 and more) one warp per block was as
   fast in double and 12% faster in float. Double M = 32 (1 block of 4 per SM): 2
   warps per block (3 blocks per SM, 16-byte row pieces) were slower, n = 1024
   random 1.043 against 0.899 ms, 768 1.184 against 1.056
   (gpu-batch-inter-k2-2026-11-24.md). The rows-contiguous layout runs a warp per
   block. */
template <typename T, int M, bool INTER> constexpr int warps_per_block()
{
  return INTER && 4 * tile_smem<T, M>() <= 160 * 1024 ? 4 : 1;
}
/* One system per warp (G = 1) in float: 8 warps per block, so that a row's
   elements fill a 32-byte sector (4 warps: 16 bytes). H200, interleaved float
   1024 x 16384: 0.522 against 0.572 ms random, 0.413 against 0.479 dominant; in
   double (4 warps: 32 bytes) 8 warps were slower at n = 512, 0.873 against 0.831
   (bench/results/gpu-batch-inter-2026-11-24.md). */
template <typename T, int M, bool INTER> constexpr int warps_per_block_g1()
{
  return INTER && sizeof(T) == 4 && 8 * tile_smem<T, M>() <= 160 * 1024
             ? 8
             : warps_per_block<T, M, INTER>();
}

/* What a kernel's launches need to know of device dev: the blocks of it an SM runs at
   once and the device runs at once (a wave). One per kernel and device, filled on the
   kernel's first launch there (per_sm > 0 once filled). */
struct WaveCache {
  std::atomic<int> per_sm[64];
  std::atomic<int64_t> wave[64];
};

/* Opts kernel fn in to smem bytes of dynamic shared memory on device dev and asks the
   occupancy API how many blocks of threads threads run at once an SM (*per_sm) and on
   the device (*wave); all once per device, kept in cache. */
gtsv_status kernel_wave(WaveCache &cache, const void *fn, int threads, int smem, int dev,
                        int64_t *wave, int *per_sm)
{
  const bool keep = dev >= 0 && dev < 64;
  if (keep && cache.per_sm[dev].load(std::memory_order_acquire) > 0) {
    *wave = cache.wave[dev].load(std::memory_order_relaxed);
    *per_sm = cache.per_sm[dev].load(std::memory_order_relaxed);
    return GTSV_STATUS_SUCCESS;
  }
  GTSV_CUDA_TRY(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  int per = 0, sms = 0;
  GTSV_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, fn, threads, smem));
  GTSV_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  *wave = (int64_t)per * sms;
  *per_sm = per;
  if (keep && per > 0) {
    cache.wave[dev].store(*wave, std::memory_order_relaxed);
    cache.per_sm[dev].store(per, std::memory_order_release);
  }
  return GTSV_STATUS_SUCCESS;
}

/* kernel_wave of tile_kernel<T, M, INTER, K, RED2, NP, RW> */
template <typename T, int M, bool INTER, int K, bool RED2, bool NP, typename RW>
gtsv_status opt_in(int dev, int64_t *wave)
{
  static WaveCache cache;
  int per_sm = 0;
  return kernel_wave(cache, (const void *)tile_kernel<T, M, INTER, K, RED2, NP, RW>, 32 * K,
                     K * tile_smem<T, M>(), dev, wave, &per_sm);
}

/* How far ahead (in blocks) tile_kernel's warps prefetch the rows of a later block into
   L2, once their own rows have landed: half the blocks the device runs at once, for
   rows-contiguous batches of n >= kPfMinRows whose tile columns hold at least 128 bytes
   of each array (double M >= 16, float M >= 32) and that take more than one wave; else 0
   (none). GTSV_TILE_PF=B sets B for every launch (measurements; 0: none). A block starts
   when an earlier one ends, so half a wave ahead is about half a block's life before it
   needs the rows, and the DRAM, idle while a wave's warps all compute, fetches them then.
   H200, strided 2^24 rows, random / strictly dominant, ms, half a wave ahead against
   none, same run (bench/results/gpu-batch-pf-h200-2026-11-28.md, call 2): double n =
   128 0.312 / 0.214 against 0.314 / 0.224, 256 0.296 / 0.215 against 0.299 / 0.226, 512
   0.306 / 0.212 against 0.316 / 0.233, 1024 0.364 / 0.248 against 0.386 / 0.273 (a
   quarter wave within 1% of half); float n = 512 0.195 / 0.138 against 0.196 / 0.142,
   1024 0.192 / 0.131 against 0.195 / 0.137; double n = 768 and 2048 (call 4) 1.4% / 5.3%
   and 5.5% / 3.2% faster. Where it lost, it is off: float M = 16 (n = 256: 0.200 against
   0.191; n = 64, call 1: 0.203 against 0.194; 4-7% at 1000-3000 blocks ahead, call 4) and
   double n = 64 (0.15 to 1.5 waves ahead, calls 1 and 4: 0.301-0.325 against 0.300).
   The interleaved layout's variant (a row's piece of every system of the block) ran on
   chip only at float 1024 x 16384 in call 1 (the other interleaved shapes there go one
   thread per system, batch.cu's use_inter_dp) and lost 4-7%: the interleaved layout
   takes none. */
constexpr int64_t kPfMinRows = 128;
int prefetch_blocks(bool inter, int col_bytes, int64_t n, int64_t grid, int64_t wave)
{
  static const int env = getenv("GTSV_TILE_PF") ? atoi(getenv("GTSV_TILE_PF")) : -1;
  if (env >= 0) return env;
  return !inter && col_bytes >= 128 && n >= kPfMinRows && grid > wave ? (int)(wave / 2) : 0;
}

/* gtsv__batch_tile_pcr, or GTSV_TILE_PCR=0/1/2 where set (measurements of paths that
   reach these kernels inside another method, as the GPU SPIKE's base) */
int pcr_mode()
{
  static const int pcr_env = getenv("GTSV_TILE_PCR") ? atoi(getenv("GTSV_TILE_PCR")) : -1;
  return pcr_env >= 0 && pcr_env <= 2 ? pcr_env : gtsv__batch_tile_pcr;
}

/* gtsv__batch_tile_spec, or GTSV_TILE_SPEC=0/1/2 where set (measurements) */
int spec_mode()
{
  static const int env = getenv("GTSV_TILE_SPEC") ? atoi(getenv("GTSV_TILE_SPEC")) : -1;
  return env >= 0 && env <= 2 ? env : gtsv__batch_tile_spec;
}

/* gtsv__batch_tile_pdl, or GTSV_TILE_PDL=0/1/2 where set (measurements) */
int pdl_mode()
{
  static const int env = getenv("GTSV_TILE_PDL") ? atoi(getenv("GTSV_TILE_PDL")) : -1;
  return env >= 0 && env <= 2 ? env : gtsv__batch_tile_pdl;
}

/* gtsv__batch_tile_bnp, or GTSV_TILE_BNP=0/1/2 where set (measurements) */
int bnp_mode()
{
  static const int env = getenv("GTSV_TILE_BNP") ? atoi(getenv("GTSV_TILE_BNP")) : -1;
  return env >= 0 && env <= 2 ? env : gtsv__batch_tile_bnp;
}

/* kernel_wave of tile_spec_kernel<T, M, RED2, NP, RW> (*sm_blocks: blocks an SM) */
template <typename T, int M, bool RED2, bool NP, typename RW>
gtsv_status spec_wave(int dev, int64_t *wave, int *sm_blocks)
{
  static WaveCache cache;
  return kernel_wave(cache, (const void *)tile_spec_kernel<T, M, RED2, NP, RW>,
                     32 * kSpecWarps, kSpecWarps * tile_smem<T, M>(), dev, wave, sm_blocks);
}

/* Blocks up to which a solve of this file's kernel keeps the info keys itself. Its
   blocks' counts go to one word, and on an H100 (bench/results/gpu-batch-info-reset-
   h100-2026-11-27.md) the protocol cost about 0.8 us a solve at 512 blocks and 3 us at
   16384-32768 (double random 1024 x 16384, 64 x 262144: 0.5-0.8% slower than with the
   reset, which costs about 2 us): the two break even near 8000 blocks. */
constexpr int64_t kSelfMaxBlocks = 4096;

/* Warps a block of the one-warp kernel's one-wave rows-contiguous grids of more than one
   block (systems of n <= 64: those the speculative kernel does not take),
   where the grid in blocks of that many warps still fits in one wave: the warps of a
   block sit on different schedulers of their SM, where one-warp blocks may share one while
   another has none (the GPU PDP's sweeps gained 9-18% so, src/pdp/pdp_sweep.cu). A warp's
   systems are its own either way. H200, us a solve in a CUDA graph, same run, 2 warps
   against 1 (call 2): double 64 x 8192 random 25.4-25.5 against 27.1, dominant 13.6
   against 15.5, 32 x 16384 22.1-22.2 against 23.1-23.4, 16 x 32768 (a lane a system) 20.0
   against 21.8-21.9, float 64 x 8192 19.9-20.0 against 20.4; 4 warps as 2. In grids of
   several waves 2 warps were slower but at float 256 dominant (1.5% faster) and 64
   dominant (equal): double n = 64..1024, 2^24 rows, 4-11% (0.306 against 0.277 ms at 64,
   0.298 against 0.274 at 1024), float 1-10% (64 random 0.192 against 0.181). An SM holds
   12 warps of double M = 16 in blocks of 2 against 13 alone, and a block's warps leave
   together (call 1; bench/results/gpu-batch-thin-h200-2026-11-29.md). GTSV_TILE_THIN_K
   sets it at build time (1: off); the environment's GTSV_TILE_THIN=0 turns it off
   (measurements). */
#ifndef GTSV_TILE_THIN_K
#define GTSV_TILE_THIN_K 2
#endif
constexpr int kThinWarps = GTSV_TILE_THIN_K;
bool thin_mode()
{
  static const int env = getenv("GTSV_TILE_THIN") ? atoi(getenv("GTSV_TILE_THIN")) : -1;
  return env != 0;
}

/* gtsv__batch_tile_defer, or GTSV_TILE_DEFER=0/1 where set (measurements) */
bool defer_mode()
{
  static const int env = getenv("GTSV_TILE_DEFER") ? atoi(getenv("GTSV_TILE_DEFER")) : -1;
  return (env >= 0 ? env : gtsv__batch_tile_defer) != 0;
}

/* Room for this many deferred systems at most (4 MB of the handle's workspace); beyond,
   the warps run the retries themselves (defer_systems). */
constexpr int64_t kDeferCap = (int64_t)1 << 20;

/* The deferral of a resetting solve's tile_kernel launch (Defer, tile_retry_kernel): the
   list in the handle's workspace (grown here where needed, but not while the stream is
   being captured into a graph, whose capture a grow's wait would break: then no
   deferral) and tile_retry_kernel's grid, one wave of it. */
template <typename T, int M, bool RED2, typename RW>
gtsv_status retry_setup(gtsv_handle h, int dev, int64_t nsys, Defer *df, int64_t *rgrid)
{
  static WaveCache cache;
  int per_sm = 0;
  int64_t wave = 0;
  gtsv_status st = kernel_wave(cache, (const void *)tile_retry_kernel<T, M, RED2, RW>, 32,
                               tile_smem<T, M>(), dev, &wave, &per_sm);
  if (st != GTSV_STATUS_SUCCESS || wave <= 0) return st;
  const int64_t cap = nsys < kDeferCap ? nsys : kDeferCap;
  const size_t bytes = (size_t)cap * sizeof(unsigned);
  if (bytes > h->cuda->ws_size) {
    cudaStreamCaptureStatus cs = cudaStreamCaptureStatusNone;
    GTSV_CUDA_TRY(cudaStreamIsCapturing(gtsv__cuda_stream(h), &cs));
    if (cs != cudaStreamCaptureStatusNone) return GTSV_STATUS_SUCCESS; /* no deferral */
  }
  void *ws = NULL;
  st = gtsv__cuda_workspace(h, bytes, &ws);
  if (st == GTSV_STATUS_ALLOC_FAILED) return GTSV_STATUS_SUCCESS; /* no deferral */
  if (st != GTSV_STATUS_SUCCESS) return st;
  df->count = &h->cuda->info->deferred;
  df->list = (unsigned *)ws;
  df->cap = (unsigned)cap;
  *rgrid = wave < cap ? wave : cap;
  return GTSV_STATUS_SUCCESS;
}

template <typename T, int M, bool INTER, int K, bool RED2, bool NP, typename RW>
gtsv_status launch_rw(gtsv_handle h, const gtsv_batch_desc *ds, const T *dl, const T *d,
                      const T *du, T *x, int P, RW rw, int lgG)
{
  int dev = 0;
  GTSV_CUDA_TRY(cudaGetDevice(&dev));
  const int64_t per_block = (int64_t)K << lgG;
  const int64_t grid = (ds->nsys + per_block - 1) / per_block;
  /* the epoch protocol (cuda/state.h) where this launch is the whole solve, up to
     kSelfMaxBlocks blocks; beyond, the keys are reset first, as for other paths */
  gtsv_info_dev *self =
      h->cuda->self && ds->fail == NULL && ds->gate == NULL ? h->cuda->info : NULL;
  h->cuda->self = 0; /* one launch */
  if (self && grid > kSelfMaxBlocks) {
    self = NULL;
    gtsv_status st = gtsv__cuda_begin(h, h->cuda->info_div);
    if (st != GTSV_STATUS_SUCCESS) return st;
  }
  const int pcr = pcr_mode();
  const int spec = spec_mode();
#ifdef GTSV_TILE_DIAG
  static const int diag = getenv("GTSV_TILE_DIAG") ? atoi(getenv("GTSV_TILE_DIAG")) : 0;
  static bool diag_set = false; /* once an instantiation (not inside a graph's capture) */
  if (!diag_set) GTSV_CUDA_TRY(cudaMemcpyToSymbol(gtsv_tile_diag, &diag, sizeof diag));
  diag_set = true;
#endif
  /* A user's solve (not one inside another method, whose launches keep their order) is
     a programmatic dependent launch (cuda/pdl.h): its blocks may be scheduled while the
     kernel before it ends, and wait for it before they read anything. Its own blocks
     let the next kernel's be scheduled as soon as they have waited (trig), or as they
     exit. H200, one-wave batches, us a solve in a CUDA graph
     (bench/results/gpu-batch-pdl-h200-2026-11-28.md): at once, double 512 x 512 random
     19.5 against 19.95 with ordinary launches, dominant 9.0 against 9.55, 0.35-0.7 us
     less at the other one-wave shapes measured, but float 512 x 512 random 18.35
     against 16.75 (dominant 8.65 against 8.4). The likely cause (not profiled): there a
     next solve's blocks fit beside this one's only in part (the speculative kernel's
     registers allow 5 blocks an SM, the grid uses about 4), so the rest land where
     this one's blocks leave first and load that solve's SMs unevenly. So a one-wave
     grid triggers at once only where the next solve's blocks (the same grid, taken to
     be the same kernel) fit beside its own either not at all or all; else at exit
     (float 512 x 512 random 16.65, dominant 8.25). */
  const int pm = pdl_mode();
  const bool pdl = ds->fail == NULL && ds->gate == NULL && pm != 0;
  const int trig = pm == 1; /* else the blocks' exits let the next kernel start */
  /* speculative retries where the grid is one wave; none for systems that take no retries
     (kSeqRetryMaxN), which the one-warp kernel solves as in any grid */
  if (!INTER && P > 1 && spec != 0 && ds->n > kSeqRetryMaxN) {
    int64_t wave = 0;
    int cap = 0; /* blocks an SM */
    gtsv_status st = spec_wave<T, M, RED2, NP, RW>(dev, &wave, &cap);
    if (st != GTSV_STATUS_SUCCESS) return st;
    if (wave > 0 && (spec == 2 || grid <= wave)) {
      const int64_t sms = wave / cap, used = (grid + sms - 1) / sms; /* blocks an SM */
      const int trig1 = trig && (cap < used + 1 || cap >= 2 * used);
      GTSV_CUDA_TRY(launch_pdl(pdl, tile_spec_kernel<T, M, RED2, NP, RW>, dim3((unsigned)grid),
                               dim3(32 * kSpecWarps), kSpecWarps * tile_smem<T, M>(),
                               gtsv__cuda_stream(h), *ds, P, rw, lgG, gtsv__batch_tile_red2,
                               gtsv__batch_tile_np, pcr, bnp_mode(), trig1, dl, d, du, x,
                               gtsv__cuda_info(h), self));
      return GTSV_STATUS_SUCCESS;
    }
  }
  /* a one-wave grid of the one-warp kernel in blocks of kThinWarps (above); such systems
     (n <= 64: R <= 3) take neither the two-level reduced solve nor the attempt without
     pivoting */
  if constexpr (!INTER && K == 1 && !RED2 && !NP && kThinWarps > 1 &&
                kThinWarps * tile_smem<T, M>() <= 160 * 1024) if (thin_mode()) {
    int64_t wave_t = 0;
    gtsv_status st = opt_in<T, M, false, kThinWarps, false, false, RW>(dev, &wave_t);
    if (st != GTSV_STATUS_SUCCESS) return st;
    const int64_t grid_t = (grid + kThinWarps - 1) / kThinWarps;
    if (grid > 1 && grid_t <= wave_t) { /* (one block: nothing to spread) */
      GTSV_CUDA_TRY(launch_pdl(pdl, tile_kernel<T, M, false, kThinWarps, false, false, RW>,
                               dim3((unsigned)grid_t), dim3(32 * kThinWarps),
                               kThinWarps * tile_smem<T, M>(), gtsv__cuda_stream(h), *ds, P, rw,
                               lgG, gtsv__batch_tile_red2, gtsv__batch_tile_np, pcr, trig, 0,
                               Defer{}, dl, d, du, x, gtsv__cuda_info(h), self));
      return GTSV_STATUS_SUCCESS;
    }
  }
  int64_t wave = 0;
  gtsv_status st = opt_in<T, M, INTER, K, RED2, NP, RW>(dev, &wave);
  if (st != GTSV_STATUS_SUCCESS) return st;
  Defer df;
  int64_t rgrid = 0; /* blocks of tile_retry_kernel */
  if constexpr (!INTER && K == 1) {
    if (P > 1 && lgG >= 1 && self == NULL && ds->fail == NULL && ds->gate == NULL &&
        defer_mode()) {
      st = retry_setup<T, M, RED2, RW>(h, dev, ds->nsys, &df, &rgrid);
      if (st != GTSV_STATUS_SUCCESS) return st;
    }
  }
  GTSV_CUDA_TRY(launch_pdl(pdl, tile_kernel<T, M, INTER, K, RED2, NP, RW>, dim3((unsigned)grid),
                           dim3(32 * K), K * tile_smem<T, M>(), gtsv__cuda_stream(h), *ds, P,
                           rw, lgG, gtsv__batch_tile_red2, gtsv__batch_tile_np, pcr, trig,
                           prefetch_blocks(INTER, M * (int)sizeof(T), ds->n, grid, wave), df, dl,
                           d, du, x, gtsv__cuda_info(h), self));
  if constexpr (!INTER && K == 1) {
    if (df.count)
      GTSV_CUDA_TRY(launch_pdl(pdl, tile_retry_kernel<T, M, RED2, RW>, dim3((unsigned)rgrid),
                               dim3(32), tile_smem<T, M>(), gtsv__cuda_stream(h), *ds, P, rw,
                               pcr, trig, df, dl, d, du, x, gtsv__cuda_info(h)));
  }
  return GTSV_STATUS_SUCCESS;
}

/* The kernels with the rows' places known at compile time where they fill whole
   columns (FullRows), else balanced (Rows). A solve inside another method (ds->fail
   set: the GPU SPIKE's smallest reduced system, whose error the levels above amplify)
   keeps columns of M rows, the last one shorter (FullRows with Pu = ceil(n / M)), as
   the base tile kernel (tile_block_kernel) does: with balanced rows there, check_gpu_batch
   failed on a force_2x2 batch of n = 2049 (the GPU SPIKE over the batch; system 4's
   residual 7x its bound in double, 4x in float: bench/results/gpu-batch-balance-2026-11-27.md);
   not investigated further. */
template <typename T, int M, bool INTER, int K, bool RED2, bool NP>
gtsv_status launch_mkr(gtsv_handle h, const gtsv_batch_desc *ds, const T *dl, const T *d,
                       const T *du, T *x, int P, int lgG)
{
  const Rows<M> rw((int)ds->n, P);
  if (ds->fail != NULL)
    return launch_rw<T, M, INTER, K, RED2, NP>(h, ds, dl, d, du, x, P,
                                               FullRows<M>{(int)((ds->n + M - 1) / M)}, lgG);
  if (rw.L == M)
    return launch_rw<T, M, INTER, K, RED2, NP>(h, ds, dl, d, du, x, P, FullRows<M>{rw.Pu}, lgG);
  return launch_rw<T, M, INTER, K, RED2, NP>(h, ds, dl, d, du, x, P, rw, lgG);
}

/* The kernel with the two-level reduced solve compiled in only where a reduced
   system has kRed2MinRows rows or more (it costs registers: double M = 16, 79 ->
   101 a thread; occupancy unchanged where shared memory bounds it), and with the
   attempt without pivoting for dominant systems (NP) only there too: its gain is
   the reduced solve's (H200, dominant, double 512 x 32768 0.244 against 0.296 ms,
   1024 x 16384 0.281 against 0.328), and with reduced systems of 3 and 7 rows
   (n = 64, 128) the kernel with it was 3-6% slower on dominant systems and 5-6% on
   random ones (bench/results/gpu-batch-np-2026-11-24.md). So gtsv__batch_tile_red2 = 0
   (the one-level ablation) runs without it as well. */
template <typename T, int M, bool INTER, int K>
gtsv_status launch_mk(gtsv_handle h, const gtsv_batch_desc *ds, const T *dl, const T *d,
                      const T *du, T *x, int P, int lgG)
{
  const int L = tile_rows((int)ds->n, M);
  const int64_t R = (ds->n + L - 1) / L - 1; /* rows of the reduced system */
  if (gtsv__batch_tile_red2 != 0 && R >= kRed2MinRows) {
    if (gtsv__batch_tile_np != 0)
      return launch_mkr<T, M, INTER, K, true, true>(h, ds, dl, d, du, x, P, lgG);
    return launch_mkr<T, M, INTER, K, true, false>(h, ds, dl, d, du, x, P, lgG);
  }
  return launch_mkr<T, M, INTER, K, false, false>(h, ds, dl, d, du, x, P, lgG);
}

template <typename T, int M, bool INTER>
gtsv_status launch_m(gtsv_handle h, const gtsv_batch_desc *ds, const T *dl, const T *d,
                     const T *du, T *x)
{
  constexpr int K = warps_per_block<T, M, INTER>();
  const int P = tile_lanes((int)ds->n, M);
  int lgG = 0;
  while ((1 << lgG) * P < 32) lgG++;
  constexpr int K1 = warps_per_block_g1<T, M, INTER>();
  if (K1 > K && lgG == 0) return launch_mk<T, M, INTER, K1>(h, ds, dl, d, du, x, P, lgG);
  if (K > 1 && lgG < 3) return launch_mk<T, M, INTER, K>(h, ds, dl, d, du, x, P, lgG);
  return launch_mk<T, M, INTER, 1>(h, ds, dl, d, du, x, P, lgG);
}

/* ds->seq: the least M that holds a system in one lane's column (P = 1). */
int seq_m(int64_t n)
{
  return n <= 8 ? 8 : n <= 16 ? 16 : n <= 32 ? 32 : n <= GTSV_BATCH_SEQ_MAX_N ? 64 : 0;
}

template <typename T, bool INTER>
gtsv_status launch(gtsv_handle h, const gtsv_batch_desc *ds, const T *dl, const T *d,
                   const T *du, T *x)
{
  switch (ds->seq ? seq_m(ds->n) : choose_m(ds->n, ds->nsys, sizeof(T), INTER)) {
  case 8: return launch_m<T, 8, INTER>(h, ds, dl, d, du, x);
  case 16: return launch_m<T, 16, INTER>(h, ds, dl, d, du, x);
  case 32: return launch_m<T, 32, INTER>(h, ds, dl, d, du, x);
  case 64: return launch_m<T, 64, INTER>(h, ds, dl, d, du, x);
  default: return GTSV_STATUS_NOT_SUPPORTED;
  }
}

bool rows_contiguous(const gtsv_batch_desc *ds) { return ds->m_row == 1 && ds->b_row == 1; }
bool systems_contiguous(const gtsv_batch_desc *ds) { return ds->m_sys == 1 && ds->b_sys == 1; }

template <typename T>
gtsv_status tile_solve(gtsv_handle h, const gtsv_batch_desc *ds, const T *dl, const T *d,
                       const T *du, T *x)
{
  if (ds->n < 1 || ds->nsys < 1) return GTSV_STATUS_SUCCESS;
  if (!gtsv__batch_tile_takes(ds)) return GTSV_STATUS_NOT_SUPPORTED;
  if (rows_contiguous(ds)) return launch<T, false>(h, ds, dl, d, du, x);
  return launch<T, true>(h, ds, dl, d, du, x);
}

/* gtsv__batch_tile_block, or GTSV_TILE_BLOCK=0/1/2 where set (measurements) */
int block_mode()
{
  static const int env = getenv("GTSV_TILE_BLOCK") ? atoi(getenv("GTSV_TILE_BLOCK")) : -1;
  return env >= 0 && env <= 2 ? env : gtsv__batch_tile_block;
}

/* One system a block (tile_block_kernel), each of the nsys systems (rows contiguous). */
template <typename T>
gtsv_status block_solve(gtsv_handle h, const gtsv_batch_desc *ds, const T *dl, const T *d,
                        const T *du, T *x)
{
  static std::atomic<int> done[64];
  int dev = 0;
  GTSV_CUDA_TRY(cudaGetDevice(&dev));
  if (!(dev >= 0 && dev < 64 && done[dev].load(std::memory_order_relaxed))) {
    GTSV_CUDA_TRY(cudaFuncSetAttribute(tile_block_kernel<T>,
                                       cudaFuncAttributeMaxDynamicSharedMemorySize, blk_smem<T>()));
    if (dev >= 0 && dev < 64) done[dev].store(1, std::memory_order_relaxed);
  }
  static const int pcr2_env = getenv("GTSV_TILE_BLK2_PCR") ? atoi(getenv("GTSV_TILE_BLK2_PCR")) : -1;
  const int pcr2 = pcr2_env >= 0 && pcr2_env <= 2 ? pcr2_env : pcr_mode();
  /* GTSV_TILE_BLK_BERR=k: the check at k u instead of kBlkBerr (0: no check), for
     measurements; the 2-norm form measured in bench/results/gpu-spike-block-base-2026-11-25.md
     is not kept */
  static const float berr_k = getenv("GTSV_TILE_BLK_BERR") ? (float)atof(getenv("GTSV_TILE_BLK_BERR")) : (float)kBlkBerr;
  const float berr = berr_k;
  /* GTSV_TILE_BLK_DIAG=1 (measurements; synchronises): print the largest row-wise
     backward error of the two levels' x of each launch */
  static const bool diag_on = getenv("GTSV_TILE_BLK_DIAG") && *getenv("GTSV_TILE_BLK_DIAG") == '1';
  static float *diag_buf = NULL;
  float *diag = NULL;
  if (diag_on) {
    if (!diag_buf) GTSV_CUDA_TRY(cudaMalloc((void **)&diag_buf, sizeof(float)));
    GTSV_CUDA_TRY(cudaMemsetAsync(diag_buf, 0, sizeof(float), gtsv__cuda_stream(h)));
    diag = diag_buf;
  }
  tile_block_kernel<T><<<(unsigned)ds->nsys, kBlkThreads, blk_smem<T>(), gtsv__cuda_stream(h)>>>(
      *ds, block_mode(), gtsv__batch_tile_red2, gtsv__batch_tile_np, pcr_mode(), pcr2,
      berr > 0.0f, berr, diag, dl, d,
      du, x, gtsv__cuda_info(h));
  GTSV_CUDA_TRY(cudaGetLastError());
  if (diag) {
    float w = 0;
    GTSV_CUDA_TRY(cudaMemcpyAsync(&w, diag, sizeof w, cudaMemcpyDeviceToHost, gtsv__cuda_stream(h)));
    GTSV_CUDA_TRY(cudaStreamSynchronize(gtsv__cuda_stream(h)));
    fprintf(stderr, "tile block base %s n=%lld nsys=%lld: largest row backward error %.4g u\n",
            sizeof(T) == 8 ? "double" : "float", (long long)ds->n, (long long)ds->nsys, w);
  }
  return GTSV_STATUS_SUCCESS;
}

template <typename T>
gtsv_status tile_base(gtsv_handle h, const gtsv_batch_desc *ds, const T *dl, const T *d,
                      const T *du, T *x)
{
  if (ds->n < 1 || ds->nsys < 1) return GTSV_STATUS_SUCCESS;
  if constexpr (sizeof(T) == 8)
    if (block_mode() != 0 && ds->n >= kBlkMinN && ds->n <= kBlkMaxN && rows_contiguous(ds) &&
        ds->nsys <= (int64_t)0x7FFFFFFF)
      return block_solve<T>(h, ds, dl, d, du, x);
  return tile_solve<T>(h, ds, dl, d, du, x);
}

} /* namespace */

#if GTSV_TILE_DOUBLE
extern "C" gtsv_status gtsv__d_batch_tile_base(gtsv_handle h, const gtsv_batch_desc *ds,
                                               const double *dl, const double *d,
                                               const double *du, double *x)
{
  return tile_base<double>(h, ds, dl, d, du, x);
}

extern "C" gtsv_status gtsv__d_batch_tile(gtsv_handle h, const gtsv_batch_desc *ds,
                                          const double *dl, const double *d,
                                          const double *du, double *x)
{
  return tile_solve<double>(h, ds, dl, d, du, x);
}

extern "C" int64_t gtsv__batch_tile_deferred(gtsv_handle h)
{
  gtsv_info_dev d;
  if (!h->cuda) return 0;
  if (gtsv__cuda_read_info(h, &d) != GTSV_STATUS_SUCCESS) return -1;
  return (int64_t)(unsigned)(d.deferred + 1u);
}

extern "C" int gtsv__batch_tile_takes(const gtsv_batch_desc *ds)
{
  if (choose_m(ds->n, ds->nsys, sizeof(double), false) == 0 || ds->nsys > (int64_t)0x7FFFFFFF)
    return 0;
  return rows_contiguous(ds) || systems_contiguous(ds);
}
#else
extern "C" gtsv_status gtsv__s_batch_tile_base(gtsv_handle h, const gtsv_batch_desc *ds,
                                               const float *dl, const float *d,
                                               const float *du, float *x)
{
  return tile_base<float>(h, ds, dl, d, du, x);
}

extern "C" gtsv_status gtsv__s_batch_tile(gtsv_handle h, const gtsv_batch_desc *ds,
                                          const float *dl, const float *d, const float *du,
                                          float *x)
{
  return tile_solve<float>(h, ds, dl, d, du, x);
}
#endif
