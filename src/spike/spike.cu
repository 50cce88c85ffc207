/*
 * SPIKE with diagonal pivoting on the GPU (GTSV_ALGO_SPIKE_DP, thesis chapter 3),
 * in the separator formulation of the host SPIKE (src/host/spike_host.c), applied
 * recursively to its reduced system.
 *
 * Method. The n rows (padded to P*M with identity rows that couple to nothing) are
 * cut into P partitions of M rows (M = 16). Partition k owns two
 * *separator* rows and one *segment*, chosen per partition among two options:
 *     A: separators lo, hi;      segment [lo+1, hi-1]
 *     B: separators lo, lo+1;    segment [lo+2, hi]
 * Both keep 2 separators per partition, so the reduced system has exactly 2P rows
 * and its row numbers are known without a scan. A segment couples to the separator
 * above it and the one below it (the next partition's lo for option B), and
 *     x_seg = u - sl x_left - sr x_right,   T_seg [u sl sr] = [b_seg, a_s e_1, c_e e_m]
 * (thesis eq. 2.2-2.3). Eliminating the segments leaves a tridiagonal system over
 * the separators (Schur complement; the coefficients are those of spike_host.c),
 * which is solved by the same method, recursively, until it has at most kBaseN
 * rows (one thread per right-hand side solves it by sequential DP), or, by
 * default, until the first reduced system of at most kTileBaseN = 2048 rows,
 * which the on-chip batch kernel solves in one warp per right-hand side
 * (src/batch/batch_tile.cu: SPIKE inside the warp, its retries and its sequential
 * fallback; a singular system there sets FB_BASE), in double from 513 rows in one
 * block of four warps per right-hand side (tile_block_kernel: two levels, checked,
 * the one-warp path where they fail; 2^23 random 0.360 against 0.372 ms). With
 * gtsv_set_spike_reduced_solver(h, GTSV_ALGO_ARCR) (thesis 5.3) the recursion
 * stops instead at the first reduced system of at most kArcrBaseN rows, which the
 * on-chip ARCR kernel solves for all right-hand sides with one plan
 * (src/arcr/arcr.cu); its failures set FB_BASE like the DP base's.
 *
 * Two sweeps per level, both over data staged on chip:
 *  pass 1 (factor + fused L, B solves of the three columns u, sl, sr): each thread
 *    sweeps its segment once with the pivots of core/pivot.h. Only the end values
 *    of u, sl, sr are needed for the reduced system; the value at the segment's
 *    first row is carried forward through the backward recurrence as an affine
 *    map (x_s = alpha + beta x_j for the current block start j), so nothing per
 *    row is written. The thread writes its 2 reduced rows; the row of the next
 *    partition's first separator gets its left-hand contribution through a
 *    shuffle inside the warp, and by atomicAdd onto zero across warps (two
 *    addends: the sum is the same in either order, so results are bitwise
 *    reproducible).
 *  pass 2 (result collection): with the separators known, each thread re-solves
 *    its segment T_seg x = b_seg - a_s x_left e_1 - c_e x_right e_m (forward and
 *    backward in shared memory) and the warp stores x.
 * Bytes per row at the top level, one right-hand side, T = sizeof element:
 *    pass 1 reads dl, d, du, b (4T) and, for a batch, writes the copy of b kept
 *    for the fallback (T; a single system keeps none: "Keeping b" below); pass 2
 *    reads dl, d, du, b (4T) and writes x (T): 9T = 72 B/row double for a single
 *    system (10T for a batch); the deeper levels add about 2/M of that each (n/8
 *    rows for double).
 *
 * Launches (all on the handle's stream): spike_init (flag, level sums, the
 * reduced rows added into across warps); the top level's pass 1 (spike_top<1>;
 * with several right-hand sides and few warps, as in a short system, one grid row
 * per slice of the columns, so that they are swept side by side: n = 1024 with 64
 * columns 0.104 ms against 0.823 in turn on an H200);
 * every level below it and the base in one cooperative kernel (spike_tail:
 * grid-wide syncs between levels, block barriers for levels of <= 128
 * partitions), except a first reduced level of kSplitP partitions or more, whose
 * passes are spike_top launches of their own before and after it, and except a
 * base solved by the on-chip batch kernel (or ARCR), which runs between two
 * launches of the tail, the way down and the way up; the top level's pass 2
 * (spike_top<2>); the gated restore and fallback. The top passes, the first reduced
 * level's and the restore are programmatic dependent launches (launch_pdl): the top
 * passes load their first tiles before waiting for the kernel before (H200, 2^23:
 * 0.394 against 0.405 ms, bench/results/gpu-spike-pdl-2026-11-24.md); the cooperative
 * tail and the on-chip base launched so as well were 9 us slower at 2^23
 * (gpu-spike-pdl-tail-2026-11-25.md). Where the time goes on an H200
 * (GTSV_SPIKE_TRACE=1 prints it), n = 2^23 double random (3d49522):
 * top pass 1 137 us; down 44 (the first reduced level's pass 1 and the tail's way
 * down), base 29, up 25; top pass 2 with the first level's pass 2 142; init,
 * restore and the gated fallback launch 13; at 2^25 (6924195, before the loads
 * ahead of the step chains): 523, 98, 20, 37, 584. Kernel by kernel at 2^23 (ncu,
 * e71e572, bench/results/gpu-spike-block-base-2026-11-25.md): init 3.4, top pass 1
 * 132, first reduced level 22 + 22, tail 20 + 24, one-warp base 27 (the block base
 * since: 14.7 on the same 2048 rows at 2^20), top pass 2 124, restore and gated
 * fallback 5.5 us. A warp's loads never wait at the end of its life (c7634e1) and
 * the top passes' steps load their next rows ahead
 * (3d49522): 5% at 2^23 (bench/results/gpu-spike-late-loads-2026-11-24.md,
 * gpu-spike-step-rows-2026-11-24.md).
 * Each level below costs about one tile's latency, a tile's pass 1 being about 2900
 * instructions of one warp (ncu, 2f27aae); running the way down as a cascade inside
 * the top pass 1 (bench/results/gpu-spike-cascade-2026-11-24.md) and a top level
 * of 8 or 12 rows per partition (gpu-spike-top-m-2026-11-24.md) were slower. What
 * bounds the top passes (ncu at b4c2d6a, bench/results/gpu-sweep-steps-2026-11-24.md):
 * instruction latency with 12 warps per SM (the 17 KB of tiles per warp), 0.42
 * instructions issued per cycle per scheduler, a third of the stalls on
 * fixed-latency dependencies and a sixth on the tile loads. Fewer instructions a
 * step paid off there (the pivot test without max: 6%; one reciprocal, the check
 * after the loop, paired accesses: 1-2% each); double-buffering the tiles with
 * cp.async, taking the option-B sweeps out of pass 1 and an L2 prefetch one wave
 * ahead (gpu-spike-prefetch-2026-11-24.md) did not make them faster, nor did a pass 1
 * over a window of 8 rows a partition (20 warps per SM; 2^23: 176 us against 142,
 * gpu-spike-window-2026-11-24.md). Since 1c4c6be the top kernels run one warp a
 * block with tiles [M][33] (top_shape: 13 warps an SM instead of 12): H100, 2^23 double
 * random 0.3925 against 0.4078 ms with blocks of four warps, 2^25 1.2878 against 1.3446
 * (bench/results/gpu-spike-top-shape-h100-2026-11-26.md). ncu at dae4ba7 (2^23, 1.5
 * GHz): pass 1 DRAM 50% of peak, 0.36 issued a scheduler, 10 of 12 warps active; pass 2 47%, 0.28.
 * The tail is mostly latency: about 100 us at every size, each phase of a small level 7-15 us,
 * of which the sweeps (500-750 cycles a row for a warp, 245 for one thread alone:
 * tools/gtsv-dp-latency.cu, before the cheaper steps) are about half.
 *
 * Data layout transformation on chip (thesis 3.2.1). A warp's 32 partitions are
 * 32*M consecutive rows: the warp loads them with coalesced loads into a shared
 * tile [partition][row] (row stride M+1: no bank conflicts), and each lane then
 * sweeps its own column. Because the lane's whole partition is on chip, divergent
 * 1x1/2x2 pivot sequences cannot grow the warp's memory footprint: the tile is
 * the static form of dynamic tiling (3.2.2), with no re-synchronisation needed
 * inside a partition. Ablation (h->spike_opts & GTSV_SPIKE_OPT_NO_STAGING): each
 * lane loads its own partition row by row (the untransformed access pattern).
 * Kernel fusion (3.2.3): factorisation and the L, B solves of u, sl and sr are
 * one sweep; ablation GTSV_SPIKE_OPT_NO_FUSION sweeps once per column instead.
 *
 * Robust partitions (thesis 3.4). In pass 1 a thread first tries option A; if a
 * pivot block is singular (zero or non-finite) or the spike growth
 * gamma = max(|sl|, |sr|) at the segment ends exceeds kGrowthTry, it tries
 * option B (the segment moved down one row: a different matrix, whose leading
 * minors interlace with A's) and keeps the better one. (kGrowthTry: 16 made four
 * warps in five sweep twice on random matrices; 256 sent 6 of 61 random test
 * systems to the fallback through the cancellation check; 64 is used. Setting
 * the B partitions aside for a later phase with every lane busy was measured
 * slower: pass 1 did not get faster without the B sweeps, and the extra phase
 * cost 46 us at 2^23 rows.) A partition where both
 * fail, a singular pivot in a reduced system, or a non-finite x sets a device
 * flag. Cancellation is judged globally, per level: at each segment end
 *     rho = (|u| + |sl x_l| + |sr x_r|) / max |x| over the partition
 * measures how much the rounding of the spikes is amplified in the separator
 * equations; ends with rho > kRho0 add (|u| + |sl x_l| + |sr x_r|)^2 to the level's
 * excess, and the level fails when sqrt(excess) > kExcessMax ||x||_2: the rounding of
 * u, sl, sr amplified by the cancellation then adds at most about kExcessMax eps
 * ||T|| ||x||_2 to the residual, within the 64 eps ||T|| ||x|| the tests allow a
 * backward-stable solve (tests/testutil.h). kExcessMax = 32, the on-chip batch
 * kernel's limit (src/batch/batch_tile.cu). Measured on an H200 (GTSV_SPIKE_TRACE
 * prints the ratio): one random system of 2^20 or 2^23 rows stays below 0.05; per
 * system in batches of 4096 random systems of 4096 rows the worst was 16.3 (double)
 * and 14.5 (float), of 1024 systems of 16384 rows 4.7. (kExcessMax = 1 sent those
 * batches to the fallback: 6.4 ms instead of about 1.) A per-partition rho limit
 * (the host's rule, 256) sent random systems of 2^20 and 2^23 rows to the fallback
 * in the first H200 runs, whose residual was no better than SPIKE's.
 * When the flag is set, b is restored (from the copy, or see "Keeping b") and the
 * whole system is solved by the sequential DP (src/batch, one thread per right-hand
 * side), gated on the flag, so a singular row reported through gtsv_get_info is
 * DP_SEQ's, and so is the answer (bitwise with the copy of b; with a lean top level
 * where b had to be rebuilt as T x, DP_SEQ's answer for that b). Everything is
 * queued on the handle's stream: no host synchronisation.
 * The fallback is slow (about 0.2 us per row and right-hand side on an H200).
 *
 * Keeping b (a single system's top level, since session 20). The fallback needs b,
 * and top pass 2 overwrites it with x; a copy in top pass 1 costs T bytes a row
 * (H100, 2^23 double random: top pass 1 148 -> 129 us without it). Instead:
 *  - top pass 2 (spike_top<..., LEAN>) writes nothing when a kernel before it
 *    failed (the flag but FB_TOP) or a level below failed its cancellation test
 *    (judged by each warp from that level's sums): B keeps b, and the fallback reads
 *    it there;
 *  - else each warp, per column, before it stores x: a lane failed (non-finite x,
 *    singular pivot): it leaves b (kStKept) and sets FB_TOP; its partitions fail
 *    the cancellation test on their own (the warp's excess against its own ||x||):
 *    it copies its b into the workspace first (kStSaved); else (kStClean) it writes
 *    x; top pass 1 kept b at every warp's first and last rows (bedge);
 *  - spike_restore_lean (gated) puts b back when the solve falls back after pass 2
 *    wrote: kept rows hold b, saved rows get their copy, clean rows get b = T x
 *    from the region's own x (bedge at its two edges). A clean region passed the
 *    cancellation test on its own, so its excesses sum to less than the level's
 *    bound: T x there differs from b by about an accepted solve's residual, and
 *    the fallback's answer keeps a backward error of that order (not bitwise
 *    DP_SEQ's answer, as it is with the copy: a batch keeps the copy).
 * Top pass 2's lean logic is a kernel of its own (LEAN), and the copy of a warp's b
 * (copy_rows) is out of line: inlined, it made the sweeps spill (100 B against 24)
 * and top pass 2 14 us slower. H100, same run, 2^23 double random: 0.3724 / 0.3720
 * ms against 0.3898 / 0.3906 with the copy; 2^25 1.2068 against 1.2884 (bench/
 * results/gpu-spike-lean-h100-8cbda17-2026-11-27.md; without any copy or check,
 * call 1 of gpu-spike-lean-h100-75c6659-2026-11-27.md, 2^23 took 0.3721). A restore
 * by the last block of top pass 2 instead of a kernel (a ticket after a fence in
 * every block) made top pass 2 11 us slower (gpu-spike-lean-lastblock-h100-
 * 2026-11-27.md). Test: lean_restore (check_gpu_spike.c).
 *
 * Batches (gtsv__?_spike_cuda_batch: strided batches of systems too long for the
 * on-chip batch kernel). nsys systems of sys_n rows, system k from row k sys_stride,
 * are solved as one block-diagonal system of (nsys - 1) sys_stride + sys_n rows:
 * the top level reads dl at each system's first row and du at its last as 0, and
 * the rows of the gaps between systems as identity rows with right-hand side 0
 * (mask_couplings, mask_gaps_b, dl_at), whose x is never stored (nor restored), so
 * the reduced systems are block diagonal too and no value crosses from one system
 * to another. Partitions may straddle two systems; that changes nothing in the
 * algebra. The cancellation sums are kept per system (a partition's go to the
 * system of its first top-level row), so that a system on a small scale is judged
 * against its own ||x||, not hidden by its neighbours'. The fallback re-solves
 * every system with the batch kernel's sequential DP, which reports the first
 * singular system and row as every batch path does.
 *
 * Worked example (M = 4 for brevity), n = 8: partitions rows 0..3, 4..7. Option A
 * everywhere: separators 0, 3, 4, 7; segments 1..2 and 5..6; reduced rows
 * (x0, x3, x4, x7). Row 3 of T, a3 x2 + b3 x3 + c3 x4 = d3 with x2 = u_e - sl_e x0 -
 * sr_e x3, gives reduced row 1: (-a3 sl_e) x0 + (b3 - a3 sr_e) x3 + c3 x4 = d3 - a3 u_e.
 */
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include "spike/spike.h"
#include "batch/batch.h"
#include "core/pivot_cxx.h"
#include "cuda/pdl.h"
#include "cuda/resident.h"
#include "cuda/state.h"
#include "arcr/arcr.h"

namespace {

using gtsv_cuda::resident_blocks;
using namespace gtsv_piv;
using namespace gtsv_pdl;
namespace cg = cooperative_groups;

template <typename T> struct Cfg;
/* Rows per partition. H200, n = 2^23 and 2^25 random (bench/results/
   gpu-spike-m-2026-11-22.md): double 16 (8 equal on random and slower on dominant
   matrices, 32 1.6-1.8x slower); float 16 (7-11% faster than 32 on random, -5% to +6%
   on dominant: a warp's tiles take half the shared memory of double's, so twice the
   warps per SM hide the sweeps' latency). */
template <> struct Cfg<double> { static constexpr int M = 16; };
template <> struct Cfg<float> { static constexpr int M = 16; };

constexpr int kWarps = 4;           /* warps per block */
constexpr int64_t kBaseN = 64;      /* a reduced system this small: sequential DP */
constexpr int64_t kArcrBaseN = 1024; /* with ARCR as the reduced solver: ARCR below */
/* The first reduced system of at most this many rows (and more than kBaseN) is
   solved by the on-chip batch kernel, one warp (src/batch/batch_tile.cu), instead
   of by further levels and the sequential base: see spike_solve_m. */
constexpr int64_t kTileBaseN = 2048;
#ifndef GTSV_SPIKE_GROWTH
#define GTSV_SPIKE_GROWTH 64.0
#endif
constexpr double kGrowthTry = GTSV_SPIKE_GROWTH; /* spike growth that makes a partition try B */
constexpr double kRho0 = 16.0;      /* a segment end cancelling more counts as excess */
constexpr double kExcessMax = 32.0; /* allowed ||excess|| / ||x|| per level (below) */
constexpr size_t kHeader = 1024;    /* flag + trace stamps at the workspace start */
/* A first reduced level with at least this many partitions runs on the top kernels
   (12 warps per SM) instead of in the cooperative tail (8). H200, 2^25 rows: its
   two passes 170 -> 157 us; float 2^25 4% faster overall; at 2^20 (8192
   partitions) no gain against two more launches (gpu-spike-split-2026-11-24.md).
   GTSV_SPIKE_SPLIT_P overrides it (0: never), for measurements. */
constexpr int64_t kSplitP = 1 << 15;

/* Why the fallback ran: bits of the device flag (gtsv__spike_fallback_taken). */
enum : unsigned {
  FB_PARTITION = 1u, /* pass 1: both options of a partition singular or non-finite */
  FB_BASE = 2u,      /* the smallest reduced system: singular pivot or non-finite x */
  FB_RESOLVE = 4u,   /* pass 2: singular pivot when re-solving a segment */
  FB_CANCEL = 8u,    /* cancellation excess above kExcessMax, or non-finite x */
  FB_TOP = 16u       /* a single system's top pass 2 (which keeps no copy of b): a
                        non-finite x or a singular pivot, or (spike_restore_lean) the
                        top level's cancellation; see "Keeping b" at the top */
};

/* One level of the recursion, as the kernels see it. */
template <typename T> struct Level {
  int64_t n, P;             /* rows; partitions (P * M >= n) */
  const T *dl, *d, *du;     /* matrix of this level */
  T *b;                     /* right-hand sides in, solutions out */
  int64_t ldb;
  T *sp;                    /* [P][4]: sl_first, sl_last, sr_first, sr_last */
  T *ue;                    /* [q][P][2]: u_first, u_last */
  uint32_t *opt;            /* [P]: bit 31 set: option B; bits 0..30: the rows of the
                               sweep's main loop where a 2x2 block starts, which pass 2
                               takes instead of testing the pivots again */
  T *rdl, *rd, *rdu, *rb;   /* reduced system, 2P rows (rb: q columns, ld 2P) */
  double *sums;             /* [nsys][2]: ||x||^2 and cancellation excess of this
                               level, per system of a batch (see spike_solve) */
  /* A strided batch solved as one block-diagonal system (gtsv__?_spike_cuda_batch):
     nsys systems of sys_n rows, system k from row k sys_stride (nsys = 1, sys_n =
     0: one system). At the top level (masked) the couplings between systems, dl at
     each system's first row and du at its last, are read as 0, whatever the arrays
     hold, and the rows of the gaps between systems (gaps: sys_stride > sys_n) are
     read as identity rows with right-hand side 0 and never written; the reduced
     systems below then have exact zeros there too. span: top-level rows per row of
     this level ((M/2)^level), to attribute a partition's sums to the system it lies
     in. */
  int64_t sys_n, sys_stride, nsys, span;
  bool masked, gaps;
  /* A single system's top level (pass 2 keeps b where it is needed; see "Keeping b"
     at the top of the file): wstat [q][warps] what warp w left in its rows of
     column c (kStClean: x, kStSaved: x, b saved, kStKept: b); bedge [q][warps][2]
     b at the warp's first and last rows; lsums, nls: the sums of the levels below
     (pairs), which pass 2 judges before it writes. NULL / 0 elsewhere. */
  uint8_t *wstat;
  T *bedge;
  const double *lsums;
  int nls;
  int test; /* gtsv__spike_lean_test (tests): bit 0 warps 3j+1 keep b, bit 1 warps 3j+2 save it */
};
enum : uint8_t { kStClean = 0, kStSaved = 1, kStKept = 2 };

template <typename T> __device__ __forceinline__ T tabs(T v) { return fabs(v); } /* a modifier */

/* Programmatic dependent launch (see spike_solve_m): pdl_wait, pdl_trigger,
   pdl_wait_trigger and launch_pdl, cuda/pdl.h. In the first reduced level's kernels
   (which wait at their start) and in the tail (not launched so) the wait is a no-op.
   The top passes load their first tiles of the caller's arrays before they wait, so
   that those loads overlap the end of the kernel before (spike_init, which writes
   none of the caller's arrays). */

/* Two consecutive level values (16-byte aligned: every level array starts on 256
   bytes and the pairs below start at even indices) in one access. */
template <typename T> struct Pair;
template <> struct Pair<double> { using V = double2; };
template <> struct Pair<float> { using V = float2; };
template <typename T> __device__ __forceinline__ void st2(T *p, T a, T b)
{
  typename Pair<T>::V v;
  v.x = a;
  v.y = b;
  *reinterpret_cast<typename Pair<T>::V *>(p) = v;
}
template <typename T> __device__ __forceinline__ void ld2(const T *p, T &a, T &b)
{
  const typename Pair<T>::V v = __ldcg(reinterpret_cast<const typename Pair<T>::V *>(p));
  a = v.x;
  b = v.y;
}

enum { ARR_DL = 0, ARR_D = 1, ARR_DU = 2, ARR_B = 3 };

/* Global loads of level data go through L2 only (ld.global.cg): inside the tail
   kernel a level's arrays are written by other blocks between grid
   synchronisations, and L1 is not coherent. */
template <typename T> __device__ __forceinline__ T ld(const T *p) { return __ldcg(p); }

/* Ask L2 for the line of p (no register, no wait): for a value read late in a warp's
   life, so that its load then finds it in L2. */
__device__ __forceinline__ void prefetch_l2(const void *p)
{
  asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
}

/* Element r of a level array with the padding conventions: dl[0] and du[n-1]
   are 0, rows >= n are identity rows (0, 1, 0) with rhs 0. */
template <typename T>
__device__ __forceinline__ T padded(const T *p, int arr, int64_t r, int64_t n)
{
  switch (arr) {
  case ARR_DL: return (r > 0 && r < n) ? ld(p + r) : T(0);
  case ARR_D: return r < n ? ld(p + r) : T(1);
  case ARR_DU: return r + 1 < n ? ld(p + r) : T(0);
  default: return r < n ? ld(p + r) : T(0);
  }
}

/* dl at row r of level L, with the batch's couplings between systems (and the
   gaps) read as 0 */
template <typename T>
__device__ __forceinline__ T dl_at(const Level<T> &L, int64_t r)
{
  if (L.masked) {
    const int64_t o = r % L.sys_stride;
    if (o == 0 || o >= L.sys_n) return T(0);
  }
  return padded(L.dl, ARR_DL, r, L.n);
}

/* A lane's column of a tile: row i of its partition is p[i * S]. */
template <typename T, int S> struct Col {
  T *p;
  __device__ __forceinline__ T &operator[](int i) const { return p[i * S]; }
};

/* One array's tile of a warp: 32 partitions of M rows (M divides 32), in one of two
   layouts with the same bank pattern (element (k, i) in bank pair (k + i) mod 16 for
   double; a warp's staging stores and the lanes' column accesses are free of
   conflicts where the lanes' rows agree):
     TR = false: [32][M + 1], partition-major, an odd row stride;
     TR = true:  [M][33], row-major (a partition's column has stride 33), M 33
                 elements instead of 32 (M + 1): for M = 16 double 16.5 KB a warp's
                 four tiles instead of 17 KB, so that 13 one-warp blocks fit an SM
                 (228 KB, 1 KB reserved a block) instead of 12.
   Row t * 32 + lane of a warp's rows is element slot0(lane) + t * kStep: a lane's
   slots are a compile-time step apart, so an unrolled copy needs no address
   arithmetic per element. */
template <typename T, int M, bool TR> struct Tile {
  static_assert(32 % M == 0, "M divides a warp");
  static constexpr int kElems = TR ? M * 33 : 32 * (M + 1);
  static constexpr int kS = TR ? 33 : 1;
  static constexpr int kStep = TR ? 32 / M : (32 / M) * (M + 1);
  T *p;
  __device__ __forceinline__ T &at(int k, int i) const
  {
    return TR ? p[i * 33 + k] : p[k * (M + 1) + i];
  }
  __device__ __forceinline__ Col<T, kS> col(int k) const
  {
    return Col<T, kS>{TR ? p + k : p + k * (M + 1)};
  }
  __device__ static __forceinline__ int slot0(int lane)
  {
    return TR ? (lane % M) * 33 + lane / M : (lane / M) * (M + 1) + lane % M;
  }
};

/* Store the warp's x tile (rows [row0, row0 + 32 M)) except rows past n and the
   rows of the gaps between a batch's systems. Out of line (see mask_gaps_b). */
template <typename T, int M, bool TR>
__device__ __noinline__ void store_skip_gaps(int64_t n, int64_t sys_n, int64_t st,
                                             Tile<T, M, TR> tB, T *bc, int64_t row0, int lane)
{
  int64_t o = (row0 + lane) % st; /* row offset inside its system slot */
  for (int t = 0; t < M; t++) {
    const int el = t * 32 + lane;
    const int64_t r = row0 + el;
    if (r < n && o < sys_n) bc[r] = tB.at(el / M, el % M);
    o += 32;
    while (o >= st) o -= st;
  }
}

/* Whether rows [row0, row0 + 32 M] are all inside (1, n - 1): no padding rule
   applies to the warp's rows, so the loads need no bounds checks. */
template <int M> __device__ __forceinline__ bool interior(int64_t row0, int64_t n)
{
  return row0 > 0 && row0 + 32 * M + 1 < n;
}

/* Stage rows [row0, row0 + 32 M) of dl, d, du into tiles [32][M+1], all three in
   one loop so that many loads are in flight per thread. */
template <typename T, int M, bool TR>
__device__ __forceinline__ void load_matrix(Tile<T, M, TR> tA, Tile<T, M, TR> tD, Tile<T, M, TR> tC,
                                            const T *dl, const T *d, const T *du,
                                            int64_t row0, int64_t n, int lane, bool staged)
{
  if (staged && interior<M>(row0, n)) {
    const T *pa = dl + row0 + lane, *pd = d + row0 + lane, *pc = du + row0 + lane;
    constexpr int S = Tile<T, M, TR>::kStep;
    const int s0 = Tile<T, M, TR>::slot0(lane);
    T *a = tA.p + s0, *dd = tD.p + s0, *c = tC.p + s0;
#pragma unroll
    for (int t = 0; t < M; t++) {
      a[t * S] = ld(pa + t * 32);
      dd[t * S] = ld(pd + t * 32);
      c[t * S] = ld(pc + t * 32);
    }
  } else if (staged) {
#pragma unroll 8
    for (int t = 0; t < M; t++) {
      const int e = t * 32 + lane;
      const int64_t r = row0 + e;
      tA.at(e / M, e % M) = padded(dl, ARR_DL, r, n);
      tD.at(e / M, e % M) = padded(d, ARR_D, r, n);
      tC.at(e / M, e % M) = padded(du, ARR_DU, r, n);
    }
  } else {
#pragma unroll 8
    for (int i = 0; i < M; i++) {
      const int64_t r = row0 + (int64_t)lane * M + i;
      tA.at(lane, i) = padded(dl, ARR_DL, r, n);
      tD.at(lane, i) = padded(d, ARR_D, r, n);
      tC.at(lane, i) = padded(du, ARR_DU, r, n);
    }
  }
}

/* Store a tile's rows [row0, row0 + 32 M) (those below n) into p, coalesced. */
template <typename T, int M, bool TR>
__device__ __forceinline__ void store_tile(T *p, Tile<T, M, TR> tile, int64_t row0,
                                           int64_t n, int lane)
{
  constexpr int S = Tile<T, M, TR>::kStep;
  T *pp = p + row0 + lane;
  const T *s = tile.p + Tile<T, M, TR>::slot0(lane);
  if (row0 + 32 * M <= n) {
#pragma unroll
    for (int t = 0; t < M; t++) pp[t * 32] = s[t * S];
  } else {
    for (int t = 0; t < M; t++)
      if (row0 + t * 32 + lane < n) pp[t * 32] = s[t * S];
  }
}

/* Stage rows [row0, row0 + 32 M) of one array into a tile. */
template <typename T, int M, bool TR>
__device__ __forceinline__ void load_tile(Tile<T, M, TR> tile, const T *p, int arr, int64_t row0,
                                          int64_t n, int lane, bool staged)
{
  if (staged && interior<M>(row0, n)) {
    constexpr int S = Tile<T, M, TR>::kStep;
    const T *pp = p + row0 + lane;
    T *s = tile.p + Tile<T, M, TR>::slot0(lane);
#pragma unroll
    for (int t = 0; t < M; t++) s[t * S] = ld(pp + t * 32);
  } else if (staged) {
#pragma unroll 16
    for (int t = 0; t < M; t++) {
      const int e = t * 32 + lane;
      tile.at(e / M, e % M) = padded(p, arr, row0 + e, n);
    }
  } else {
#pragma unroll 16
    for (int i = 0; i < M; i++) tile.at(lane, i) = padded(p, arr, row0 + (int64_t)lane * M + i, n);
  }
}

/* A batch's couplings between systems in the warp's tiles (rows [row0, row0 +
   32 M)): dl := 0 at every system's first row, du := 0 at every system's last row.
   The caller has synchronised the warp after loading and does so again before
   the tiles are read. */
template <typename T, int M, bool TR>
__device__ __noinline__ void mask_couplings(int64_t sys_n, int64_t st, Tile<T, M, TR> tA,
                                            Tile<T, M, TR> tD, Tile<T, M, TR> tC, int64_t row0,
                                            int lane)
{
  if (lane != 0) return;
  const int64_t end = row0 + 32 * M;
  for (int64_t b = row0 / st * st; b <= end; b += st) { /* system from row b */
    if (b >= row0 && b < end) tA.at((b - row0) / M, (b - row0) % M) = T(0);
    const int64_t l = b + sys_n - 1; /* its last row, then its gap */
    if (l >= row0 && l < end) tC.at((l - row0) / M, (l - row0) % M) = T(0);
    for (int64_t r = l + 1 > row0 ? l + 1 : row0; r < b + st && r < end; r++) {
      tA.at((r - row0) / M, (r - row0) % M) = T(0);
      tD.at((r - row0) / M, (r - row0) % M) = T(1);
      tC.at((r - row0) / M, (r - row0) % M) = T(0);
    }
  }
}

/* The gap rows of a batch in the warp's b tile: right-hand side 0 (same protocol).
   Both kept out of line: inlined, the batch-only code raised pass 2's registers
   from 168 to 208 (12 to 8 warps per SM; 4096 x 4096 rows 17% slower on an H200). */
template <typename T, int M, bool TR>
__device__ __noinline__ void mask_gaps_b(int64_t sys_n, int64_t st, Tile<T, M, TR> tB,
                                         int64_t row0, int lane)
{
  if (lane != 0) return;
  const int64_t end = row0 + 32 * M;
  for (int64_t b = row0 / st * st; b < end; b += st)
    for (int64_t r = b + sys_n > row0 ? b + sys_n : row0; r < b + st && r < end; r++)
      tB.at((r - row0) / M, (r - row0) % M) = T(0);
}

/* End values of one segment [s, e] of a lane's partition (tile columns). */
template <typename T> struct Ends {
  T u_f, u_e, l_f, l_e, r_f, r_e;
  uint32_t f2; /* bit i: the main loop's block at row i is 2x2 (see L.opt) */
  bool bad;
};

/* The state of a forward sweep between pivot blocks: bt the updated diagonal of
   row i, zu and zl the updated right-hand sides of u and sl there, al + be x[j]
   the first row's value (see sweep). */
template <typename T> struct SweepState {
  T bt, zu, zl, al_u, al_l, be;
  int i;
  uint32_t f2; /* bit i: a 2x2 block starts at row i (main loop) */
};

/* One pivot block of sweep at row st.i. CHECKED: rows i+1, i+2 may lie past e
   (read as 0); else both are in the segment and the step carries no bounds
   selects (the main loop), with the same arithmetic. Returns false on a bad pivot
   block (o.bad set). */
template <typename T, bool SPIKES, bool U, bool CHECKED, typename V>
__device__ __forceinline__ bool sweep_step(V A, V D, V C, V Bv,
                                           int e, SweepState<T> &st, Ends<T> &o)
{
  const int i = st.i;
  const bool H1 = !CHECKED || i + 1 <= e, H2 = !CHECKED || i + 2 <= e;
  const T c0 = H1 ? C[i] : T(0), a1 = H1 ? A[i + 1] : T(0), b1 = H1 ? D[i + 1] : T(0);
  const T c1 = H2 ? C[i + 1] : T(0), a2 = H2 ? A[i + 2] : T(0);
  T z1u = (U && H1) ? Bv[i + 1] : T(0), z1l = 0;
  const T rcp = rcp_early(st.bt); /* before the pivot test: see pivot_cxx.h */
  if (!H1 || piv_1x1(st.bt, c0, a1, b1, c1, a2)) {
    if (bad_piv(st.bt)) { o.bad = true; return false; }
    T g;
    const T p = rcp, nbt = fac_1x1_r(rcp, c0, a1, b1, &g);
    const T yu = U ? fsol_1x1(p, st.zu, a1, &z1u) : T(0);
    const T yl = SPIKES ? fsol_1x1(p, st.zl, a1, &z1l) : T(0);
    if (!H1) { /* last block: 1x1 at e */
      o.u_e = yu;
      o.u_f = st.al_u + st.be * yu;
      if (SPIKES) {
        o.l_e = yl;
        o.l_f = st.al_l + st.be * yl;
        o.r_e = C[e] * p;
        o.r_f = st.be * o.r_e;
      }
    } else {
      st.al_u += st.be * yu;
      if (SPIKES) st.al_l += st.be * yl;
      st.be *= -g;
    }
    st.bt = nbt;
    st.zu = z1u;
    st.zl = z1l;
    st.i = i + 1;
  } else {
    const T b2 = H2 ? D[i + 2] : T(0);
    T z2u = (U && H2) ? Bv[i + 2] : T(0), z2l = 0, dummy = 0;
    T delta, p0, p1, g0, g1, y0u = 0, y1u = 0, y0l = 0, y1l = 0;
    const T nbt = fac_2x2(st.bt, c0, a1, b1, c1, a2, b2, &delta, &p0, &p1, &g0, &g1);
    if (bad_piv(delta)) { o.bad = true; return false; }
    st.f2 |= 1u << i;
    if (U) fsol_2x2(p0, p1, c0, a1, b1, a2, st.zu, z1u, &y0u, &y1u, &z2u);
    if (SPIKES) fsol_2x2(p0, p1, c0, a1, b1, a2, st.zl, z1l, &y0l, &y1l, &z2l);
    if (!H2) { /* last block: 2x2 on e-1, e */
      o.u_e = y1u;
      o.u_f = st.al_u + st.be * y0u;
      if (SPIKES) {
        T r0, r1;
        fsol_2x2(p0, p1, c0, a1, b1, T(0), T(0), C[e], &r0, &r1, &dummy);
        o.l_e = y1l;
        o.l_f = st.al_l + st.be * y0l;
        o.r_e = r1;
        o.r_f = st.be * r0;
      }
    } else {
      st.al_u += st.be * y0u;
      if (SPIKES) st.al_l += st.be * y0l;
      st.be *= -g0;
    }
    st.bt = nbt;
    st.zu = z2u;
    st.zl = z2l;
    st.i = i + 2;
  }
  return true;
}

/* GTSV_SPIKE_UNI=0: the main loops of both passes take the branchy steps (for
   comparison); 1 (default): the branch-free steps below. */
#ifndef GTSV_SPIKE_UNI
#define GTSV_SPIKE_UNI 1
#endif

/* sweep_step for a block with rows i+1 and i+2 in the segment (the main loop),
   without a branch: every lane forms both the 1x1 and the 2x2 block's values and
   keeps those of its pivot test. The same arithmetic as sweep_step (the 2x2
   block's 1/Delta by rcp_early, the same value as its division), so the same
   values. On random matrices nearly every step of a warp ran both branches one
   after the other (ncu, 2^23 rows, b4c2d6a: the 2x2 branch executed in 95% of the
   steps, with 4 of the 27 active lanes on average); here a step costs about the 1x1
   branch, the 2x2 branch's arithmetic and a few selects. */
/* GTSV_SPIKE_ONE_RCP: one reciprocal a step, of the pivot its test chose (0: both
   1/bt and 1/Delta, started before the test). A bad pivot block met by a
   branch-free step is judged once after the main loop of either pass, not at every
   step (the values after it are garbage, never used). H100, 7f8f603, three
   alternating rounds (bench/results/gpu-sweep-steps-2026-11-24.md): both 1.6-1.7%
   faster than neither at 2^23 and 2^25 rows, the check after the loop alone about
   1.1%. */
#ifndef GTSV_SPIKE_ONE_RCP
#define GTSV_SPIKE_ONE_RCP 1
#endif
/* The reciprocals of a branch-free step: 1/bt for its 1x1 values, 1/Delta for its
   2x2 values; with GTSV_SPIKE_ONE_RCP one reciprocal, of the chosen pivot, for both
   (the other block's values are then garbage, and not kept). */
template <typename T>
__device__ __forceinline__ void step_rcps(T bt, T delta, bool one, T &r1, T &r2)
{
#if GTSV_SPIKE_ONE_RCP
  r1 = r2 = rcp_early(one ? bt : delta);
#else
  r1 = rcp_early(bt);
  r2 = rcp_early(delta);
#endif
}

/* The tile values a branch-free step at row i reads. */
template <typename T> struct StepRows {
  T c0, a1, b1, c1, a2, b2, z1u, z2u;
};
template <typename T, bool U, typename V>
__device__ __forceinline__ StepRows<T> step_rows(V A, V D, V C, V Bv, int i)
{
  StepRows<T> r;
  r.c0 = C[i];
  r.a1 = A[i + 1];
  r.b1 = D[i + 1];
  r.c1 = C[i + 1];
  r.a2 = A[i + 2];
  r.b2 = D[i + 2];
  r.z1u = U ? Bv[i + 1] : T(0);
  r.z2u = U ? Bv[i + 2] : T(0);
  return r;
}

/* PF: rw holds the values of rows st.i .. st.i + 2 (step_rows), which the step
   replaces by those of the next step's rows as soon as its pivot test has chosen
   them: the shared-memory loads then overlap this step's reciprocal and updates
   instead of waiting at the next step's start (as they did, in issue order). The
   row is clamped to M - 3 so that a step past the loop's end reads rows of the
   partition (up to M - 1; the [M][33] tile has no row M), which a step of the loop
   (rows i + 2 <= e <= M - 1) never needs clamped. Else (the tail kernel, where the registers it takes made spills) the step
   loads its rows itself and rw is not used. */
template <typename T, bool SPIKES, bool U, int M, bool PF, typename V>
__device__ __forceinline__ void sweep_step_uni(V A, V D, V C, V Bv,
                                               SweepState<T> &st, Ends<T> &o, StepRows<T> &rw)
{
  const int i = st.i;
  const StepRows<T> cur = PF ? rw : step_rows<T, U>(A, D, C, Bv, i);
  const T c0 = cur.c0, a1 = cur.a1, b1 = cur.b1, c1 = cur.c1, a2 = cur.a2;
  const T b2 = cur.b2;
  const T z1u = cur.z1u, z2u = cur.z2u;
  const T delta = delta_2x2(st.bt, c0, a1, b1);
  const bool one = piv_1x1(st.bt, c0, a1, b1, c1, a2);
  if (PF) rw = step_rows<T, U>(A, D, C, Bv, min(i + (one ? 1 : 2), M - 3));
  T rcp, rcp2;
  step_rcps(st.bt, delta, one, rcp, rcp2);
  /* the 1x1 block at i */
  T g, zu1 = z1u, zl1 = 0;
  const T nbt1 = fac_1x1_r(rcp, c0, a1, b1, &g);
  const T yu = U ? fsol_1x1(rcp, st.zu, a1, &zu1) : T(0);
  const T yl = SPIKES ? fsol_1x1(rcp, st.zl, a1, &zl1) : T(0);
  /* the 2x2 block on i, i+1 */
  T p0, p1, g0, g1, y0u = 0, y1u = 0, zu2 = z2u, y0l = 0, y1l = 0, zl2 = 0;
  const T nbt2 = fac_2x2_r(rcp2, st.bt, c0, c1, a2, b2, &p0, &p1, &g0, &g1);
  if (U) fsol_2x2(p0, p1, c0, a1, b1, a2, st.zu, z1u, &y0u, &y1u, &zu2);
  if (SPIKES) fsol_2x2(p0, p1, c0, a1, b1, a2, st.zl, T(0), &y0l, &y1l, &zl2);
  if (bad_piv(one ? st.bt : delta)) o.bad = true; /* judged after the loop */
  st.al_u += st.be * (one ? yu : y0u);
  if (SPIKES) st.al_l += st.be * (one ? yl : y0l);
  st.be *= -(one ? g : g0);
  st.bt = one ? nbt1 : nbt2;
  st.zu = one ? zu1 : zu2;
  st.zl = one ? zl1 : zl2;
  st.f2 |= one ? 0u : 1u << i;
  st.i = i + (one ? 1 : 2);
}

/*
 * Forward sweep of rows s..e (local, e >= s + 1): factor with the shared pivots and
 * solve L B y = rhs for u (rhs b) and, with SPIKES, sl (rhs a_s e_1) and sr (rhs
 * c_e e_m); carry the first row's value through the backward recurrence x[j] =
 * y[j] - g[j] x[j'] (j, j' consecutive block starts) as x_s = al + be * x[j].
 * The main loop runs while rows i+1 and i+2 exist, without bounds selects; the
 * last one or two pivot blocks take the checked step. (The batch kernel's sweeps, written so, were 0-7%
 * faster on the H200: gpu-batch5-2026-11-24.md.)
 */
template <typename T, int M, bool SPIKES, bool U, bool PF, typename V>
__device__ Ends<T> sweep(V A, V D, V C, V Bv, int s, int e)
{
  Ends<T> o;
  o.bad = false;
  o.f2 = 0;
  o.u_f = o.u_e = o.l_f = o.l_e = o.r_f = o.r_e = T(0);
  SweepState<T> st;
  st.bt = D[s];
  st.zu = U ? Bv[s] : T(0);
  st.zl = A[s];
  st.al_u = st.al_l = T(0);
  st.be = T(1);
  st.i = s;
  st.f2 = 0;
  StepRows<T> rw;
  if (PF) rw = step_rows<T, U>(A, D, C, Bv, min(s, M - 2));
  while (st.i + 2 <= e) {
    if (GTSV_SPIKE_UNI) sweep_step_uni<T, SPIKES, U, M, PF>(A, D, C, Bv, st, o, rw);
    else if (!sweep_step<T, SPIKES, U, false>(A, D, C, Bv, e, st, o)) return o;
  }
  if (o.bad) return o; /* a bad block was met in the loop */
  o.f2 = st.f2;
  while (st.i <= e)
    if (!sweep_step<T, SPIKES, U, true>(A, D, C, Bv, e, st, o)) return o;
  return o;
}

template <typename T> __device__ __forceinline__ T growth(const Ends<T> &o)
{
  if (o.bad) return T(INFINITY);
  T g = tabs(o.l_f);
  g = fmax(g, tabs(o.l_e));
  g = fmax(g, tabs(o.r_f));
  g = fmax(g, tabs(o.r_e));
  const T uu = tabs(o.u_f) + tabs(o.u_e);
  return (g == g && g < T(INFINITY) && uu == uu && uu < T(INFINITY)) ? g : T(INFINITY);
}

/* load_tile kept out of line: pass 2 reloads du only for the second and later
   right-hand sides, and inlined there it doubled the kernel's registers. */
template <typename T, int M, bool TR>
__device__ __noinline__ void reload_tile(Tile<T, M, TR> tile, const T *p, int arr, int64_t row0,
                                         int64_t n, int lane, bool staged)
{
  load_tile<T, M, TR>(tile, p, arr, row0, n, lane, staged);
}

/* Shared memory of one warp: four tiles (dl, d, du, b) for both passes. */
template <typename T, int M, bool TR = false> __host__ __device__ constexpr int warp_smem()
{
  return 4 * Tile<T, M, TR>::kElems * (int)sizeof(T);
}

/* Pass 1 of a level for warp gw (partitions 32 gw .. 32 gw + 31), tiles at base.
   bcopy: where the top level keeps its b (NULL below). */
template <typename T, int M, bool BATCH = false, bool PF = true, bool TR = false>
__device__ void pass1_warp(const Level<T> &L, int64_t gw, int lane, T *base, int c0,
                           int c1, T *bcopy, unsigned opts, unsigned *flag)
{
  using Tl = Tile<T, M, TR>;
  const Tl tA{base}, tD{base + Tl::kElems}, tC{base + 2 * Tl::kElems}, tB{base + 3 * Tl::kElems};
  const int64_t k = gw * 32 + lane, row0 = gw * 32 * M, R = 2 * L.P;
  const bool active = k < L.P;
  const bool staged = !(opts & GTSV_SPIKE_OPT_NO_STAGING);
  const bool fused = !(opts & GTSV_SPIKE_OPT_NO_FUSION);

  load_matrix<T, M, TR>(tA, tD, tC, L.dl, L.d, L.du, row0, L.n, lane, staged);
  /* dl at the next partition's first row (the reduced rows' anext): the next
     lane's tile row 0, but for lane 31, whose next partition is the next warp's:
     loaded here with the tiles, not after the sweeps (a round trip at the end of
     every warp) */
  T an31 = T(0);
  if (lane == 31 && k + 1 < L.P)
    an31 = BATCH ? dl_at(L, (k + 1) * M) : padded(L.dl, ARR_DL, (k + 1) * M, L.n);
  if (BATCH && L.masked) {
    __syncwarp();
    mask_couplings<T, M, TR>(L.sys_n, L.sys_stride, tA, tD, tC, row0, lane);
  }
  int opt = 0;
  Ends<T> sp;
  for (int c = c0; c < c1; c++) {
    const T *bc = L.b + (int64_t)c * L.ldb;
    if (c > c0) __syncwarp(); /* the previous column's tile is read */
    load_tile<T, M, TR>(tB, bc, ARR_B, row0, L.n, lane, staged);
    /* the top level's loads are of the caller's arrays, issued before waiting for
       the kernel before (spike_init's zeros) */
    if (c == c0) pdl_wait_trigger();
    __syncwarp();
    if (bcopy) { /* the top level's b, kept for the fallback (coalesced, from the
                    tile: after the warp barrier, since without staging another
                    lane wrote these entries) */
      store_tile<T, M, TR>(bcopy + (int64_t)c * L.n, tB, row0, L.n, lane);
    }
    if (!BATCH && L.bedge) { /* a lean top level: b at the warp's first and last rows
                                ("Keeping b") */
      T *be = L.bedge + 2 * ((int64_t)c * ((L.P + 31) / 32) + gw);
      if (lane == 0) be[0] = tB.at(0, 0);
      if (lane == 31 && row0 + 32 * M - 1 < L.n) be[1] = tB.at(31, M - 1);
    }
    if (BATCH && L.gaps) { /* after the copy of b: the restore skips the gaps */
      __syncwarp();
      mask_gaps_b<T, M, TR>(L.sys_n, L.sys_stride, tB, row0, lane);
      __syncwarp();
    }
    /* the partition's addends to the reduced rows j0 = 2k, j1 = 2k + 1 (d and b)
       and to row j1 + 1, the next partition's first (option B: the left part) */
    T d0 = 0, d1 = 0, dn = 0, b0 = 0, b1 = 0, bn = 0;
    if (active) {
      const auto A = tA.col(lane), D = tD.col(lane), C = tC.col(lane), Bv = tB.col(lane);
      Ends<T> o;
      if (c == c0) {
        /* choose the option from the spikes (and u of column c0 when fused); the
           warps of columns c0 > 0 make the same choice and write none of it */
        if (fused) {
          o = sweep<T, M, true, true, PF>(A, D, C, Bv, 1, M - 2);
        } else {
          o = sweep<T, M, true, false, PF>(A, D, C, Bv, 1, M - 2);
        }
        T gA = growth(o);
        if (!(gA <= T(kGrowthTry))) {
          Ends<T> ob = fused ? sweep<T, M, true, true, PF>(A, D, C, Bv, 2, M - 1)
                             : sweep<T, M, true, false, PF>(A, D, C, Bv, 2, M - 1);
          const T gB = growth(ob);
          if (gB < gA) { o = ob; opt = 1; gA = gB; }
        }
        if (!(gA < T(INFINITY))) {
          atomicOr(flag, FB_PARTITION);
          o.bad = true;
        }
        if (!fused && !o.bad) {
          const Ends<T> ou = sweep<T, M, false, true, PF>(A, D, C, Bv, 1 + opt, M - 2 + opt);
          o.u_f = ou.u_f;
          o.u_e = ou.u_e;
        }
        if (o.bad) o.u_f = o.u_e = o.l_f = o.l_e = o.r_f = o.r_e = T(0);
        sp = o;
        if (c == 0) {
          L.opt[k] = (uint32_t)opt << 31 | (o.bad ? 0u : o.f2);
          T *s4 = L.sp + 4 * k;
          st2(s4, o.l_f, o.l_e);
          st2(s4 + 2, o.r_f, o.r_e);
          /* the matrix of the reduced rows 2k, 2k+1 and the left part of 2k+2 */
          const int64_t j0 = 2 * k, j1 = j0 + 1;
          const T anext = k + 1 >= L.P ? T(0) : lane == 31 ? an31 : tA.at(lane + 1, 0);
          if (k == 0) L.rdl[0] = 0;
          if (opt == 0) {
            st2(L.rdu + j0, -C[0] * o.r_f, C[M - 1]);
            d0 = D[0] - C[0] * o.l_f;
            L.rdl[j1] = -A[M - 1] * o.l_e;
            d1 = D[M - 1] - A[M - 1] * o.r_e;
            if (k + 1 < L.P) L.rdl[j1 + 1] = anext;
          } else {
            st2(L.rdu + j0, C[0], -C[1] * o.r_f);
            d0 = D[0];
            L.rdl[j1] = A[1];
            d1 = D[1] - C[1] * o.l_f;
            if (k + 1 < L.P) {
              L.rdl[j1 + 1] = -anext * o.l_e;
              dn = -anext * o.r_e;
            }
          }
        }
      } else {
        o = sweep<T, M, false, true, PF>(A, D, C, Bv, 1 + opt, M - 2 + opt);
        if (sp.bad || o.bad) o.u_f = o.u_e = 0;
      }
      /* right-hand side of the reduced rows, column c */
      st2(L.ue + 2 * ((int64_t)c * L.P + k), o.u_f, o.u_e);
      if (opt == 0) {
        b0 = Bv[0] - C[0] * o.u_f;
        b1 = Bv[M - 1] - A[M - 1] * o.u_e;
      } else {
        b0 = Bv[0];
        b1 = Bv[1] - C[1] * o.u_f;
        if (k + 1 < L.P)
          bn = -(lane == 31 ? an31 : tA.at(lane + 1, 0)) * o.u_e;
      }
    }
    /* The reduced rows. Row j0 has two addends, the partition's own and the left
       part from partition k - 1 (0 unless it took option B): inside the warp it
       comes up one lane and the sum is stored; across warps (lane 0, and what
       lane 31 sends on) both addends go by atomicAdd onto the zero that
       spike_init wrote there. Either way the row is own + left, the same in any
       order: bitwise reproducible. */
    const T dl_in = __shfl_up_sync(0xffffffffu, dn, 1);
    const T bl_in = __shfl_up_sync(0xffffffffu, bn, 1);
    if (active) {
      T *rb = L.rb + (int64_t)c * R;
      const int64_t j0 = 2 * k, j1 = j0 + 1;
      if (lane == 0) {
        if (c == 0) atomicAdd(L.rd + j0, d0);
        atomicAdd(rb + j0, b0);
        if (c == 0) L.rd[j1] = d1;
        rb[j1] = b1;
      } else {
        if (c == 0) st2(L.rd + j0, d0 + dl_in, d1);
        st2(rb + j0, b0 + bl_in, b1);
      }
      if (lane == 31 && opt == 1 && k + 1 < L.P) {
        if (c == 0) atomicAdd(L.rd + j1 + 1, dn);
        atomicAdd(rb + j1 + 1, bn);
      }
    }
  }
}

/* The state of pass 2's forward sweep: bt, z the updated diagonal and right-hand
   side of row i; first2 bit r: a 2x2 block starts at row r. */
template <typename T> struct ResolveState {
  T bt, z;
  int i;
  uint32_t first2;
};

/* One pivot block of pass 2's forward sweep (L B y = the segment's right-hand
   side) at row rs.i: y over the b tile X, the multipliers g over the du tile C
   (each over a value already consumed). CHECKED as in sweep_step. Returns false
   on a bad pivot block. */
template <typename T, bool CHECKED, typename V>
__device__ __forceinline__ bool resolve_step(V A, V D, V C, V X, int e,
                                             ResolveState<T> &rs)
{
  const int i = rs.i;
  const bool H1 = !CHECKED || i + 1 <= e, H2 = !CHECKED || i + 2 <= e;
  const T c0 = H1 ? C[i] : T(0), a1 = H1 ? A[i + 1] : T(0), b1 = H1 ? D[i + 1] : T(0);
  const T c1 = H2 ? C[i + 1] : T(0), a2 = H2 ? A[i + 2] : T(0);
  T z1 = H1 ? X[i + 1] : T(0);
  const T rcp = rcp_early(rs.bt);
  if (!H1 || piv_1x1(rs.bt, c0, a1, b1, c1, a2)) {
    if (bad_piv(rs.bt)) return false;
    T g;
    const T p = rcp, nbt = fac_1x1_r(rcp, c0, a1, b1, &g);
    X[i] = fsol_1x1(p, rs.z, a1, &z1);
    C[i] = g;
    rs.bt = nbt;
    rs.z = z1;
    rs.i = i + 1;
  } else {
    const T b2 = H2 ? D[i + 2] : T(0);
    T z2 = H2 ? X[i + 2] : T(0), delta, p0, p1, g0, g1, y0, y1;
    const T nbt = fac_2x2(rs.bt, c0, a1, b1, c1, a2, b2, &delta, &p0, &p1, &g0, &g1);
    if (bad_piv(delta)) return false;
    fsol_2x2(p0, p1, c0, a1, b1, a2, rs.z, z1, &y0, &y1, &z2);
    X[i] = y0;
    X[i + 1] = y1;
    C[i] = g0;
    C[i + 1] = g1;
    rs.first2 |= 1u << i;
    rs.bt = nbt;
    rs.z = z2;
    rs.i = i + 2;
  }
  return true;
}

/* resolve_step for a block with rows i+1 and i+2 in the segment, without a
   branch (see sweep_step_uni): the same values as resolve_step<T, false>.
   KNOWN: the block is pass 1's (bit i of known2 set: 2x2) instead of the pivot
   test's: the same blocks, since pass 1's main loop ran the same arithmetic on
   the same rows, and the reciprocal no longer waits for the test. */
template <typename T, bool KNOWN, int M, bool PF, typename V>
__device__ __forceinline__ bool resolve_step_uni(V A, V D, V C, V X,
                                                 ResolveState<T> &rs, uint32_t known2,
                                                 StepRows<T> &rw)
{
  const int i = rs.i;
  const StepRows<T> cur = PF ? rw : step_rows<T, true>(A, D, C, X, i);
  const T c0 = cur.c0, a1 = cur.a1, b1 = cur.b1, c1 = cur.c1, a2 = cur.a2;
  const T b2 = cur.b2, z1 = cur.z1u, z2 = cur.z2u;
  const T delta = delta_2x2(rs.bt, c0, a1, b1);
  const bool one = KNOWN ? !((known2 >> i) & 1u) : piv_1x1(rs.bt, c0, a1, b1, c1, a2);
  /* the next step's rows (as sweep_step_uni): rows past this block, which this
     step does not write */
  if (PF) rw = step_rows<T, true>(A, D, C, X, min(i + (one ? 1 : 2), M - 3));
  T rcp, rcp2;
  step_rcps(rs.bt, delta, one, rcp, rcp2);
  T g, zn1 = z1;
  const T nbt1 = fac_1x1_r(rcp, c0, a1, b1, &g);
  const T y = fsol_1x1(rcp, rs.z, a1, &zn1);
  T p0, p1, g0, g1, y0, y1, zn2 = z2;
  const T nbt2 = fac_2x2_r(rcp2, rs.bt, c0, c1, a2, b2, &p0, &p1, &g0, &g1);
  fsol_2x2(p0, p1, c0, a1, b1, a2, rs.z, z1, &y0, &y1, &zn2);
  const bool bad = bad_piv(one ? rs.bt : delta); /* judged after the loop */
  X[i] = one ? y : y0;
  C[i] = one ? g : g0;
  if (!one) {
    X[i + 1] = y1;
    C[i + 1] = g1;
    rs.first2 |= 1u << i;
  }
  rs.bt = one ? nbt1 : nbt2;
  rs.z = one ? zn1 : zn2;
  rs.i = i + (one ? 1 : 2);
  return !bad;
}

#ifndef GTSV_SPIKE_KNOWN_PIVOTS
#define GTSV_SPIKE_KNOWN_PIVOTS 1 /* 0: pass 2 tests the pivots again */
#endif

/* Pass 2 of a level for warp gw: the separators' values are in L.rb (solved in
   place by the level below); re-solve each segment and store x into L.b. The
   forward sweep leaves y in the b tile and the multipliers g in the du tile (each
   overwrites a value already consumed), so pass 2 needs pass 1's four tiles; with
   several right-hand sides du is loaded again for each column after the first. */
/* Lean top pass 2 ("Keeping b"), column c, after the sweeps and before the store
   of x: what the warp leaves in its rows (wstat). Returns true (x is not stored)
   when a level below failed its cancellation test (the flag but FB_TOP was judged at
   pass 2's start: then the warp wrote nothing either), or with kStKept: a lane
   failed (non-finite x, singular pivot), or the test knob. kStSaved: the warp's
   rows fail the cancellation test on their own (its excess against its
   ||x||, over the columns so far): b is copied to bsave first. Else kStClean: the
   clean warps' excess then sums to less than the level's bound, and b = T x in their
   rows is about as accurate as an accepted solve's residual. */
template <typename T>
__device__ __noinline__ void copy_rows(const T *src, T *dst, int rows, int lane)
{
  for (int r = lane; r < rows; r += 32) dst[r] = src[r];
}
template <typename T, int M>
__device__ __forceinline__ bool lean_column(const Level<T> &L, int64_t gw, int lane, int c,
                                         int64_t row0, const T *bc, T *bsave, unsigned &fail,
                                         double excess, double xsq)
{
  /* a level below failed its cancellation test: the fallback follows, and B keeps b
     in every row (spike_restore_lean then does nothing) */
  bool low = false;
  if (lane < L.nls) {
    const double lx = ld(L.lsums + 2 * lane), le = ld(L.lsums + 2 * lane + 1);
    low = !(le <= kExcessMax * kExcessMax * lx);
  }
  if (__any_sync(0xffffffffu, low)) return true;
  if ((L.test & 1) && gw % 3 == 1 && lane == 0) fail |= FB_TOP;
  const bool kept = __any_sync(0xffffffffu, fail != 0u);
  bool saved = false;
  if (!kept && __any_sync(0xffffffffu, excess > 0)) {
#pragma unroll 1
    for (int o = 16; o > 0; o >>= 1) {
      excess += __shfl_xor_sync(0xffffffffu, excess, o);
      xsq += __shfl_xor_sync(0xffffffffu, xsq, o);
    }
    saved = !(excess <= kExcessMax * kExcessMax * xsq);
  }
  saved |= !kept && (L.test & 2) && gw % 3 == 2;
  if (lane == 0)
    L.wstat[(int64_t)c * ((L.P + 31) / 32) + gw] = kept ? kStKept : saved ? kStSaved : kStClean;
  if (saved) {
    copy_rows<T>(bc + row0, bsave + (int64_t)c * L.n + row0,
                 (int)(L.n - row0 < 32 * M ? L.n - row0 : 32 * M), lane);
    __syncwarp(); /* read before the store of x overwrites */
  }
  return kept;
}

template <typename T, int M, bool BATCH = false, bool PF = true, bool TR = false,
          bool LEAN = false>
__device__ void pass2_warp(const Level<T> &L, int64_t gw, int lane, T *base, int c0,
                           int c1, T *bsave, unsigned opts, unsigned *flag)
{
  /* LEAN: a single system's top level, where no copy of b was kept ("Keeping b"); a
     kernel of its own, so that the others carry none of its registers */
  constexpr bool lean = LEAN && !BATCH;
  using Tl = Tile<T, M, TR>;
  const Tl tA{base}, tD{base + Tl::kElems}, tC{base + 2 * Tl::kElems}, tB{base + 3 * Tl::kElems};
  const int64_t k = gw * 32 + lane, row0 = gw * 32 * M, R = 2 * L.P;
  const bool active = k < L.P;
  const bool staged = !(opts & GTSV_SPIKE_OPT_NO_STAGING);

  /* Every load of column 0 is issued before the flag is read, so that they share
     one round trip to L2 (one after the other they were about 2 us of each pass 2
     of a small level: GPU clock stamps, 2^20 rows). */
  load_matrix<T, M, TR>(tA, tD, tC, L.dl, L.d, L.du, row0, L.n, lane, staged);
  if (c1 > c0) load_tile<T, M, TR>(tB, L.b + (int64_t)c0 * L.ldb, ARR_B, row0, L.n, lane, staged);
  pdl_wait_trigger(); /* what the levels below wrote (opt, spikes, separators, flag) */
  const uint32_t optw = active ? ld(L.opt + k) : 0u;
  const int opt = (int)(optw >> 31);
  const uint32_t known2 = optw & 0x7fffffffu; /* pass 1's 2x2 blocks (main loop) */
  T l_f = 0, l_e = 0, r_f = 0, r_e = 0, xa = 0, xb = 0, xn = 0;
  if (active) {
    const T *s4 = L.sp + 4 * k, *x0 = L.rb + (int64_t)c0 * R;
    ld2(s4, l_f, l_e);
    ld2(s4 + 2, r_f, r_e);
    ld2(x0 + 2 * k, xa, xb);
    xn = k + 1 < L.P ? ld(x0 + 2 * k + 2) : T(0);
    prefetch_l2(L.ue + 2 * ((int64_t)c0 * L.P + k)); /* read after the forward sweep */
  }
  /* the fallback solves the system: skip (warp-uniform). Lean: judged on what the
     kernels before wrote (not on FB_TOP, which this kernel's warps set as they go),
     the levels below's cancellation included, so that B keeps b untouched */
  if (!lean) {
    if (__shfl_sync(0xffffffffu, lane == 0 ? *(volatile unsigned *)flag : 0u, 0)) return;
  } else { /* (the levels below's cancellation: lean_column) */
    if (__shfl_sync(0xffffffffu, lane == 0 ? *(volatile unsigned *)flag & ~FB_TOP : 0u, 0))
      return;
  }
  if (BATCH && L.masked) { /* (one right-hand side in a batch: du is not reloaded) */
    __syncwarp();
    mask_couplings<T, M, TR>(L.sys_n, L.sys_stride, tA, tD, tC, row0, lane);
  }
  const int s = 1 + opt, e = M - 2 + opt;
  unsigned fail = 0;
  double xsq = 0, excess = 0;
  for (int c = c0; c < c1; c++) {
    T *bc = L.b + (int64_t)c * L.ldb;
    const T *xs = L.rb + (int64_t)c * R;
    if (c > c0) { /* the previous column's tiles are read; its g overwrote du */
      __syncwarp();
      reload_tile<T, M, TR>(tC, L.du, ARR_DU, row0, L.n, lane, staged);
      load_tile<T, M, TR>(tB, bc, ARR_B, row0, L.n, lane, staged);
      if (active) {
        ld2(xs + 2 * k, xa, xb);
        xn = k + 1 < L.P ? ld(xs + 2 * k + 2) : T(0);
      }
    }
    __syncwarp();
    if (BATCH && L.gaps) {
      mask_gaps_b<T, M, TR>(L.sys_n, L.sys_stride, tB, row0, lane);
      __syncwarp();
    }
    if (active) {
      const auto A = tA.col(lane), D = tD.col(lane), C = tC.col(lane), X = tB.col(lane);
      const auto Y = X, G = C; /* y over b, g over du: see above */
      const T xl = opt ? xb : xa;
      const T xr = opt ? xn : xb;
      /* forward: L B y = b_seg - a_s xl e_1 - c_e xr e_m */
      X[s] -= A[s] * xl;
      X[e] -= C[e] * xr;
      ResolveState<T> rs;
      rs.first2 = 0; /* bit i: a 2x2 block starts at row i */
      rs.bt = D[s];
      rs.z = X[s];
      rs.i = s;
      bool ok = true;
      if (GTSV_SPIKE_UNI) {
        StepRows<T> rw;
        if (PF) rw = step_rows<T, true>(A, D, C, X, min(s, M - 2));
        while (rs.i + 2 <= e)
          ok &= resolve_step_uni<T, GTSV_SPIKE_KNOWN_PIVOTS, M, PF>(A, D, C, X, rs, known2, rw);
      }
      else
        while (ok && rs.i + 2 <= e) ok = resolve_step<T, false>(A, D, C, X, e, rs);
      while (ok && rs.i <= e) ok = resolve_step<T, true>(A, D, C, X, e, rs);
      if (!ok) fail |= FB_RESOLVE;
      const uint32_t first2 = rs.first2;
      if (!fail) {
        /* u at the segment ends (for the cancellation test below), loaded before the
           backward sweep so that the sweep covers its round trip: loaded after it,
           every warp waited for it at its end */
        T uf, ul;
        ld2(L.ue + 2 * ((int64_t)c * L.P + k), uf, ul);
        /* backward: x = M^-T y; a final 2x2 block has no row e+1 to read */
        T x1 = 0, x2 = 0;
        T den = fmax(tabs(xl), tabs(xr)); /* largest |x| of the partition */
        double sq = (double)xa * (double)xa + (double)xb * (double)xb; /* its ||x||^2 */
        auto back_row = [&](int r) {
          const bool f2 = (first2 >> r) & 1u;
          const T xr_ = f2 ? (r + 2 <= e ? Y[r] - G[r] * x2 : Y[r])
                           : (r + 1 <= e ? Y[r] - G[r] * x1 : Y[r]);
          x2 = x1;
          x1 = xr_;
          X[r] = xr_;
          const T ax = tabs(xr_);
          den = ax > den ? ax : den; /* fmax but for a NaN den, which is NaN at every row then */
          sq += (double)xr_ * (double)xr_;
        };
        /* rows e down to s. Double (PF): unrolled over every row a segment can have
           (s >= 1, e <= M - 1), so that the loads of y and g have constant offsets
           and issue ahead of the chain x[r] = y[r] - g[r] x[r']; its registers (167)
           stay within the 3 blocks per SM that the tiles allow. Float: a loop (the
           unrolled one took 163 registers, which would bound float's warps per SM). */
        if (PF && sizeof(T) == 8) {
#pragma unroll
          for (int r = M - 1; r >= 1; r--)
            if (r <= e && r >= s) back_row(r);
        } else {
          for (int r = e; r >= s; r--) back_row(r);
        }
        if (opt) { X[0] = xa; X[1] = xb; } else { X[0] = xa; X[M - 1] = xb; }
        /* cancellation at the segment ends, relative to the largest |x| of the
           partition (see the top of the file): a segment end whose rho exceeds
           kRho0 adds its scale num^2 to the level's excess; the decision is
           global (spike_restore), against the level's ||x||^2 */
        const T nf = tabs(uf) + tabs(l_f * xl) + tabs(r_f * xr);
        const T ne = tabs(ul) + tabs(l_e * xl) + tabs(r_e * xr);
        /* (rows past n are identity rows with x = 0: they add nothing) */
        const T num = fmax(nf, ne);
        if (!(den < T(INFINITY)) || !(num < T(INFINITY))) fail |= FB_CANCEL;
        else {
          xsq += sq;
          if (!(num <= T(kRho0) * den)) excess += (double)num * (double)num;
        }
      }
    }
    __syncwarp();
    if (lean && lean_column<T, M>(L, gw, lane, c, row0, bc, bsave, fail, excess, xsq)) continue;
    /* store x, coalesced (not into the gaps of a batch) */
    if (!BATCH || !L.gaps) {
      store_tile<T, M, TR>(bc, tB, row0, L.n, lane);
    } else {
      store_skip_gaps<T, M, TR>(L.n, L.sys_n, L.sys_stride, tB, bc, row0, lane);
    }
  }
  if (fail) atomicOr(flag, lean ? (unsigned)FB_TOP : fail);
  /* the sums of the system the partition lies in (its first top-level row) */
  int64_t sys = 0;
  if (L.nsys > 1) {
    sys = k * M * L.span / L.sys_stride;
    if (sys > L.nsys - 1) sys = L.nsys - 1;
  }
  if (__all_sync(0xffffffffu, sys == __shfl_sync(0xffffffffu, sys, 0))) {
    for (int o = 16; o > 0; o >>= 1) {
      xsq += __shfl_xor_sync(0xffffffffu, xsq, o);
      excess += __shfl_xor_sync(0xffffffffu, excess, o);
    }
    if (lane != 0) return;
  }
  if (xsq > 0) atomicAdd(L.sums + 2 * sys, xsq);
  if (excess > 0) atomicAdd(L.sums + 2 * sys + 1, excess);
}

/* The bottom of the recursion: sequential DP of one right-hand side x (n <= kBaseN
   rows), the matrix and x in shared memory (base_stage): from L2 every row waited
   for its loads, 811 cycles a row on an H200 against about 250 from shared memory
   (tools/dp-latency.cu; 2^20 rows: the base was 17 us of the tail's 110). */
template <typename T>
__device__ void base_solve(int m, const T *dl, const T *d, const T *du, T *x, unsigned *flag)
{
  T y[kBaseN], g[kBaseN];
  uint64_t first2 = 0;
  T bt = d[0], z = x[0];
  int i = 0;
  while (i < m) {
    const bool h1 = i + 1 < m, h2 = i + 2 < m;
    const T c0 = h1 ? du[i] : T(0), a1 = h1 ? dl[i + 1] : T(0), b1 = h1 ? d[i + 1] : T(0);
    const T c1 = h2 ? du[i + 1] : T(0), a2 = h2 ? dl[i + 2] : T(0);
    T z1 = h1 ? x[i + 1] : T(0);
    const T rcp = rcp_early(bt);
    if (!h1 || piv_1x1(bt, c0, a1, b1, c1, a2)) {
      if (bad_piv(bt)) { atomicOr(flag, FB_BASE); return; }
      T gg;
      const T p = rcp, nbt = fac_1x1_r(rcp, c0, a1, b1, &gg);
      y[i] = fsol_1x1(p, z, a1, &z1);
      g[i] = gg;
      bt = nbt;
      z = z1;
      i += 1;
    } else {
      const T b2 = h2 ? d[i + 2] : T(0);
      T z2 = h2 ? x[i + 2] : T(0), delta, p0, p1, g0, g1, y0, y1;
      const T nbt = fac_2x2(bt, c0, a1, b1, c1, a2, b2, &delta, &p0, &p1, &g0, &g1);
      if (bad_piv(delta)) { atomicOr(flag, FB_BASE); return; }
      fsol_2x2(p0, p1, c0, a1, b1, a2, z, z1, &y0, &y1, &z2);
      y[i] = y0;
      y[i + 1] = y1;
      g[i] = g0;
      g[i + 1] = g1;
      first2 |= 1ull << i;
      bt = nbt;
      z = z2;
      i += 2;
    }
  }
  T x1 = 0, x2 = 0;
  for (int r = m - 1; r >= 0; r--) {
    const bool f2 = (first2 >> r) & 1ull;
    const T v = f2 ? (r + 2 < m ? y[r] - g[r] * x2 : y[r]) : (r + 1 < m ? y[r] - g[r] * x1 : y[r]);
    if (!(tabs(v) < T(INFINITY))) atomicOr(flag, FB_BASE);
    x2 = x1;
    x1 = v;
    x[r] = v;
  }
}

/* The base system B (all q right-hand sides) by the calling block: its matrix and
   as many columns as fit are copied into shared memory sm (cap elements of T) by
   all threads, one thread per column solves (base_solve), and the columns go back
   with coalesced stores. Called by every thread of the block, between barriers. */
template <typename T>
__device__ void base_stage(const Level<T> &B, int q, T *sm, int cap, unsigned *flag)
{
  const int m = (int)B.n;
  T *sdl = sm, *sd = sm + m, *sdu = sm + 2 * m, *sx = sm + 3 * m;
  /* columns per round: >= 1 (the caller's cap holds at least 4 kBaseN elements) */
  const int per = min((cap - 3 * m) / m, (int)blockDim.x);
  for (int r = threadIdx.x; r < m; r += blockDim.x) {
    sdl[r] = ld(B.dl + r);
    sd[r] = ld(B.d + r);
    sdu[r] = ld(B.du + r);
  }
  for (int c0 = 0; c0 < q; c0 += per) {
    const int nc = min(per, q - c0);
    for (int e = threadIdx.x; e < nc * m; e += blockDim.x)
      sx[e] = ld(B.b + (int64_t)(c0 + e / m) * B.ldb + e % m);
    __syncthreads();
    if ((int)threadIdx.x < nc) base_solve<T>(m, sdl, sd, sdu, sx + threadIdx.x * m, flag);
    __syncthreads();
    for (int e = threadIdx.x; e < nc * m; e += blockDim.x)
      B.b[(int64_t)(c0 + e / m) * B.ldb + e % m] = sx[e];
    __syncthreads(); /* sx is refilled */
  }
}

/* The top level's passes: one launch each, a warp per group of 32 partitions.
   (Persistent warps that double-buffer their tiles with cp.async were measured
   slower on the H200, 0.56 against 0.50 ms at 2^23 rows: the passes are bound by
   the sweeps' instruction issue, not by memory latency, and the second buffer
   halves the warps per SM.) */
/* BATCH: the top level of a batch (gtsv__?_spike_cuda_batch) with its masking;
   a kernel of its own so that the single-system kernel carries none of that code
   (its registers bound the warps per SM). */
template <typename T, int M, int PASS, bool BATCH, int W = kWarps, bool TR = false, int MINB = 0,
          bool LEAN = false>
__global__ void __launch_bounds__(W * 32, MINB)
spike_top(Level<T> L, int q, int cper, T *bcopy, unsigned opts, unsigned *flag, bool early)
{
  /* early: this level's arrays are the caller's (the top level), loaded before
     waiting for the kernel before; else (the first reduced level) they are that
     kernel's output */
  if (!early) pdl_wait();
  /* columns [c0, c1) of the right-hand sides: blockIdx.y's slice (see spike_solve_m) */
  const int c0 = (int)blockIdx.y * cper, c1 = min(q, c0 + cper);
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const int lane = threadIdx.x & 31, wib = threadIdx.x >> 5;
  const int64_t gw = (int64_t)blockIdx.x * W + wib;
  if (gw * 32 >= L.P) return; /* warp-uniform */
  T *base = reinterpret_cast<T *>(smem_raw + (size_t)wib * warp_smem<T, M, TR>());
  if (PASS == 1) pass1_warp<T, M, BATCH, true, TR>(L, gw, lane, base, c0, c1, bcopy, opts, flag);
  else pass2_warp<T, M, BATCH, true, TR, LEAN>(L, gw, lane, base, c0, c1, bcopy, opts, flag);
}

/* Every level below the top and the base, in one cooperative launch: the levels'
   passes are separated by grid-wide synchronisations instead of kernel
   boundaries, and the smallest levels by block barriers. (As separate kernels the
   levels below 2^20 rows cost over 100 us at every size, mostly latency.) lv[0 .. nlev-1] have passes
   (global levels first .. first + nlev - 1), lv[nlev] is the base. */
constexpr int kTailMax = 15;
constexpr int kStamps = 48;   /* trace stamps at ws + kStampOff (in the header) */
constexpr size_t kStampOff = 512;
/* What one launch of the tail does: everything, or (with ARCR solving the base
   in its own launch, thesis 5.3) the way down and the way up separately. */
enum : unsigned { TAIL_DOWN = 1u, TAIL_BASE = 2u, TAIL_UP = 4u, TAIL_ALL = 7u };
template <typename T> struct Tail {
  Level<T> lv[kTailMax + 1];
  int nlev, first;
  unsigned long long *stamps; /* GTSV_SPIKE_TRACE: phase end times, else NULL */
};

/* Developer trace inside the tail: block 0's thread 0 records the global timer
   when it leaves each phase (after the barrier that ends it). */
__device__ __forceinline__ void stamp(unsigned long long *stamps, int &i)
{
  if (!stamps || blockIdx.x != 0 || threadIdx.x != 0 || i >= kStamps) return;
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  stamps[i++] = t;
}

template <typename T, int M>
__global__ void __launch_bounds__(kWarps * 32)
spike_tail(const __grid_constant__ Tail<T> t, int q, unsigned opts, unsigned *flag,
           unsigned parts)
{
  extern __shared__ __align__(16) unsigned char smem_raw[];
  cg::grid_group grid = cg::this_grid();
  const int lane = threadIdx.x & 31, wib = threadIdx.x >> 5;
  T *base = reinterpret_cast<T *>(smem_raw + (size_t)wib * warp_smem<T, M>());
  const int64_t gw0 = (int64_t)blockIdx.x * kWarps + wib, nw = (int64_t)gridDim.x * kWarps;
  /* levels of at most kWarps * 32 partitions (and the base) are done by block 0
     alone, separated by block barriers instead of grid-wide ones */
  int si = 0;
  stamp(t.stamps, si);
  int small = t.nlev;
  while (small > 0 && t.lv[small - 1].P <= kWarps * 32) small--;
  if (parts & TAIL_DOWN) {
    for (int l = 0; l < small; l++) {
      for (int64_t gw = gw0; gw * 32 < t.lv[l].P; gw += nw) {
        __syncwarp(); /* the previous group's tiles are read */
        pass1_warp<T, M, false, false>(t.lv[l], gw, lane, base, 0, q, NULL, opts, flag);
      }
      grid.sync();
      stamp(t.stamps, si);
    }
  }
  if (blockIdx.x == 0) {
    if (parts & TAIL_DOWN) {
      for (int l = small; l < t.nlev; l++) {
        if (wib * 32 < t.lv[l].P)
          pass1_warp<T, M, false, false>(t.lv[l], wib, lane, base, 0, q, NULL, opts, flag);
        __syncthreads();
        stamp(t.stamps, si);
      }
    }
    if (parts & TAIL_BASE) { /* the tiles' shared memory is free here */
      base_stage<T>(t.lv[t.nlev], q, reinterpret_cast<T *>(smem_raw),
                    kWarps * warp_smem<T, M>() / (int)sizeof(T), flag);
      stamp(t.stamps, si);
    }
    if (parts & TAIL_UP) {
      for (int l = t.nlev - 1; l >= small; l--) {
        if (wib * 32 < t.lv[l].P)
          pass2_warp<T, M, false, false>(t.lv[l], wib, lane, base, 0, q, (T *)nullptr, opts, flag);
        __syncthreads();
        stamp(t.stamps, si);
      }
    }
  }
  if (!(parts & TAIL_UP)) return;
  if (small > 0) grid.sync();
  stamp(t.stamps, si);
  for (int l = small - 1; l >= 0; l--) {
    for (int64_t gw = gw0; gw * 32 < t.lv[l].P; gw += nw) {
      __syncwarp();
      pass2_warp<T, M, false, false>(t.lv[l], gw, lane, base, 0, q, (T *)nullptr, opts, flag);
    }
    if (l > 0 || t.stamps) grid.sync();
    stamp(t.stamps, si);
  }
}

/* After the last pass 2, gated on the outcome: a level whose cancellation excess is
   not small against its ||x|| (sqrt(excess) > kExcessMax ||x||: rounding amplified
   by more than the solution's own scale) sends the solve to the fallback; when the
   flag is set (by that or any earlier failure) the saved right-hand sides go back
   into B for the sequential DP that follows. */
template <typename T>
__global__ void spike_restore(int64_t n, int q, const T *bcopy, T *B, int64_t ldb,
                              const double *sums, int64_t nsums, unsigned *flag,
                              int64_t sys_n, int64_t sys_stride)
{
  pdl_wait_trigger(); /* top pass 2's x and sums */
  /* sums: [level][system] pairs (||x||^2, excess), nsums of them */
  bool cancel = false;
  for (int64_t i = threadIdx.x; i < nsums; i += blockDim.x) {
    const double xsq = ld(sums + 2 * i), ex = ld(sums + 2 * i + 1);
    if (!(ex <= kExcessMax * kExcessMax * xsq)) cancel = true;
  }
  cancel = __syncthreads_or(cancel) != 0;
  if (cancel && blockIdx.x == 0 && threadIdx.x == 0) atomicOr(flag, FB_CANCEL);
  const unsigned fail = *(volatile unsigned *)flag | (cancel ? FB_CANCEL : 0u);
  if (fail == 0u) return;

  const int64_t total = n * q;
  for (int64_t t = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; t < total;
       t += (int64_t)gridDim.x * blockDim.x) {
    const int64_t c = t / n, r = t - c * n;
    if (sys_stride > sys_n && r % sys_stride >= sys_n) continue; /* a batch's gap */
    B[c * ldb + r] = bcopy[t];
  }
}

/* The gated restore of a single system, whose top pass 2 kept no copy of b
   ("Keeping b" at the top of the file). Nothing to do when the solve succeeded, nor
   when something the kernels before top pass 2 wrote failed (the flag but FB_TOP,
   the cancellation of a level below: pass 2 then wrote nothing). Else (FB_TOP, or
   the top level's cancellation, judged here) b goes back region by region, a
   region being a top warp's 32 M rows of one column, as its wstat says: kStKept
   rows hold b; kStSaved rows get bsave's copy; kStClean rows, whose x passed every
   check of its partitions, get b = T x, computed from the x of the same region
   (staged in shared memory before any is overwritten), and at the region's first
   and last rows pass 2's copy bedge (their neighbours are other regions'). */
template <typename T, int M>
__global__ void __launch_bounds__(256)
spike_restore_lean(int64_t n, int q, const T *dl, const T *d, const T *du, T *B, int64_t ldb,
                   const T *bsave, const uint8_t *wstat, const T *bedge, const double *sums,
                   int nlev, unsigned *flag)
{
  pdl_wait_trigger(); /* top pass 2's x, wstat and sums */
  __shared__ T sx[32 * M];
  bool low = false, top = false;
  for (int l = threadIdx.x; l < nlev; l += blockDim.x) {
    const double xsq = ld(sums + 2 * l), ex = ld(sums + 2 * l + 1);
    const bool c = !(ex <= kExcessMax * kExcessMax * xsq);
    if (l == 0) top |= c;
    else low |= c;
  }
  low = __syncthreads_or(low) != 0;
  top = __syncthreads_or(top) != 0;
  const unsigned f = *(volatile unsigned *)flag;
  if ((low || top) && blockIdx.x == 0 && threadIdx.x == 0) atomicOr(flag, FB_TOP);
  if ((f & ~FB_TOP) != 0u || low) return; /* pass 2 wrote nothing */
  if (!(f & FB_TOP) && !top) return;      /* solved */
  const int64_t nw = ((n + M - 1) / M + 31) / 32;
  for (int64_t i = blockIdx.x; i < nw * q; i += gridDim.x) {
    const int64_t c = i / nw, row0 = (i - c * nw) * 32 * M;
    const int rows = (int)(n - row0 < 32 * M ? n - row0 : 32 * M);
    const uint8_t st = ld(wstat + i);
    T *bc = B + c * ldb;
    if (st == kStSaved) {
      for (int r = threadIdx.x; r < rows; r += blockDim.x) bc[row0 + r] = ld(bsave + c * n + row0 + r);
    } else if (st == kStClean) {
      for (int r = threadIdx.x; r < rows; r += blockDim.x) sx[r] = bc[row0 + r];
      __syncthreads();
      for (int r = threadIdx.x; r < rows; r += blockDim.x) {
        const int64_t g = row0 + r;
        T v;
        if (r == 0) v = ld(bedge + 2 * i);
        else if (r == 32 * M - 1) v = ld(bedge + 2 * i + 1);
        else {
          v = ld(dl + g) * sx[r - 1] + ld(d + g) * sx[r];
          if (r + 1 < rows) v += ld(du + g) * sx[r + 1];
        }
        bc[g] = v;
      }
      __syncthreads(); /* sx is refilled */
    }
  }
}

/* Before everything: zero the flag, the trace stamps and the level sums (the
   first `head` bytes of the workspace), and each level's reduced rows that two
   warps add into (rd and rb at row 64 w: the first separator of warp w's first
   partition; see pass1_warp). One launch instead of a memset of every reduced
   system (64 MB at 2^25 rows). */
struct Init {
  struct {
    void *rd, *rb;
    int64_t P, R; /* partitions; reduced rows (rb's column stride) */
  } lv[kTailMax + 1];
  int nlev;
};
template <typename T>
__global__ void spike_init(char *ws, size_t head, const __grid_constant__ Init a, int q)
{
  pdl_trigger(); /* the top pass 1 may load its tiles meanwhile (it waits for these zeros) */
  const int64_t tid = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  const int64_t nt = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = tid; i < (int64_t)(head / 8); i += nt) reinterpret_cast<uint64_t *>(ws)[i] = 0;
  for (int l = 0; l < a.nlev; l++) {
    const int64_t nw = (a.lv[l].P + 31) / 32;
    T *rd = (T *)a.lv[l].rd, *rb = (T *)a.lv[l].rb;
    for (int64_t i = tid; i < nw * (q + 1); i += nt) {
      const int64_t w = i % nw, c = i / nw;
      if (c == 0) rd[64 * w] = T(0);
      else rb[(c - 1) * a.lv[l].R + 64 * w] = T(0);
    }
  }
}

/* The cancellation decision alone, for many sums (a batch of many systems): every
   block sets the flag for the failing pairs of its slice; spike_restore then
   reads the flag only. */
__global__ void spike_decide(const double *sums, int64_t nsums, unsigned *flag)
{
  bool cancel = false;
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < nsums;
       i += (int64_t)gridDim.x * blockDim.x) {
    const double xsq = ld(sums + 2 * i), ex = ld(sums + 2 * i + 1);
    if (!(ex <= kExcessMax * kExcessMax * xsq)) cancel = true;
  }
  if (__syncthreads_or(cancel) && threadIdx.x == 0) atomicOr(flag, FB_CANCEL);
}
constexpr int64_t kRestoreSums = 1024; /* more sums than this: spike_decide first */

/* Workspace: [flag, trace stamps | level sums (zeroed by spike_init) | every
   level's rd, rb (spike_init zeroes the rows that two warps add into) | b copy |
   the other level arrays | ...], the
   fallback's workspace aliasing everything after the b copy (it runs when the
   levels are done). */
struct Plan {
  int nlev;                  /* levels with passes; the base is level nlev */
  bool arcr;                 /* the base (a reduced system) is solved by ARCR */
  bool tile;                 /* ... by the on-chip batch kernel */
  int64_t n[kTailMax + 2], P[kTailMax + 2];
  size_t off_sp[kTailMax + 1], off_ue[kTailMax + 1], off_opt[kTailMax + 1];
  size_t off_rdl[kTailMax + 1], off_rdu[kTailMax + 1];
  size_t off_rd[kTailMax + 1], off_rb[kTailMax + 1];
  size_t off_sums;           /* [nlev][nsys][2] doubles, inside the zeroed region */
  size_t zero_end, bcopy, region, fb_bytes, total;
  size_t off_wstat, off_bedge; /* the top level's, for spike_restore_lean */
  int fb_group;
};


/* arcr_base > 0: ARCR solves the first reduced system of at most arcr_base rows;
   else tile_base > 0: the on-chip batch kernel solves the first reduced system of
   at most tile_base rows (and more than kBaseN). nsys > 1: n = (nsys - 1)
   sys_stride + sys_n rows of a batch (q = 1). */
template <typename T, int M>
gtsv_status plan_of(int64_t n, int64_t q, Plan *pl, int64_t arcr_base, int64_t tile_base,
                    int64_t sys_n, int64_t sys_stride, int64_t nsys)
{
  const size_t t = sizeof(T);
  pl->nlev = 0;
  int64_t m = n;
  const int64_t red_base = arcr_base > 0 ? arcr_base : tile_base;
  while (m > kBaseN && !(red_base > 0 && pl->nlev > 0 && m <= red_base)) {
    if (pl->nlev >= kTailMax + 1) return GTSV_STATUS_NOT_SUPPORTED;
    pl->n[pl->nlev] = m;
    pl->P[pl->nlev] = (m + M - 1) / M;
    m = 2 * pl->P[pl->nlev];
    pl->nlev++;
  }
  pl->n[pl->nlev] = m;
  pl->arcr = arcr_base > 0 && pl->nlev > 0;
  pl->tile = !pl->arcr && tile_base > 0 && pl->nlev > 0 && m > kBaseN;
  size_t o = kHeader;
  pl->off_sums = o;
  o = gtsv__al256(o + 2 * sizeof(double) * (size_t)(pl->nlev > 0 ? pl->nlev : 1) * (size_t)nsys);
  pl->zero_end = o;
  for (int l = 0; l < pl->nlev; l++) {
    const size_t R = 2 * (size_t)pl->P[l];
    pl->off_rd[l] = o; o = gtsv__al256(o + R * t);
    pl->off_rb[l] = o; o = gtsv__al256(o + R * q * t);
  }
  pl->bcopy = o;
  pl->region = gtsv__al256(pl->bcopy + (size_t)n * q * t);
  o = pl->region;
  for (int l = 0; l < pl->nlev; l++) {
    const size_t P = (size_t)pl->P[l], R = 2 * P;
    pl->off_sp[l] = o; o = gtsv__al256(o + 4 * P * t);
    pl->off_ue[l] = o; o = gtsv__al256(o + 2 * P * q * t);
    pl->off_opt[l] = o; o = gtsv__al256(o + 4 * P);
    pl->off_rdl[l] = o; o = gtsv__al256(o + R * t);
    pl->off_rdu[l] = o; o = gtsv__al256(o + R * t);
  }
  {
    const size_t nw = pl->nlev > 0 ? (size_t)(pl->P[0] + 31) / 32 : 0;
    pl->off_bedge = o; o = gtsv__al256(o + 2 * nw * q * t);
    pl->off_wstat = o; o = gtsv__al256(o + nw * q);
  }
  /* fallback: DP_SEQ on groups of columns, at most 16 launches */
  pl->fb_group = (int)(q <= 16 ? 1 : (q + 15) / 16);
  gtsv_batch_desc fd = {n, pl->fb_group, 0, 1, n, 1, 0, NULL, NULL, 0, 0};
  if (nsys > 1) fd = {sys_n, nsys, sys_stride, 1, sys_stride, 1, sys_stride, NULL, NULL, 0, 0};
  gtsv_status s = gtsv__batch_ws_bytes(&fd, t, &pl->fb_bytes);
  if (s != GTSV_STATUS_SUCCESS) return s;
  const size_t fb_end = gtsv__al256(pl->region + pl->fb_bytes);
  pl->total = o > fb_end ? o : fb_end;
  return GTSV_STATUS_SUCCESS;
}

template <typename T> struct ArcrReduced;
template <> struct ArcrReduced<float> { static constexpr auto fn = gtsv__s_arcr_cuda_reduced; };
template <> struct ArcrReduced<double> { static constexpr auto fn = gtsv__d_arcr_cuda_reduced; };

template <typename T> struct TileBase;
template <> struct TileBase<float> { static constexpr auto fn = gtsv__s_batch_tile_base; };
template <> struct TileBase<double> { static constexpr auto fn = gtsv__d_batch_tile_base; };

template <typename T> struct BatchIn;
template <> struct BatchIn<float> { static constexpr auto fn = gtsv__s_batch_solve_in; };
template <> struct BatchIn<double> { static constexpr auto fn = gtsv__d_batch_solve_in; };


/* Developer trace (environment GTSV_SPIKE_TRACE=1): the GPU time of each stage of
   every solve, printed to stderr after the solve (this synchronises the stream). */
struct Trace {
  bool on = false;
  int k = 0;
  const unsigned long long *stamps = NULL; /* device, kStamps entries */
  const double *sums = NULL;                /* device, [nlev][nsys][2] */
  int nlev = 0;
  int64_t nsys = 1;
  cudaEvent_t ev[12];
  const char *name[12];
  cudaStream_t st;
  explicit Trace(cudaStream_t s) : st(s)
  {
    static const bool env = getenv("GTSV_SPIKE_TRACE") && *getenv("GTSV_SPIKE_TRACE") == '1';
    on = env;
    if (on) mark("start");
  }
  void mark(const char *what)
  {
    if (!on || k >= 12) return;
    cudaEventCreate(&ev[k]);
    cudaEventRecord(ev[k], st);
    name[k++] = what;
  }
  ~Trace()
  {
    if (!on) return;
    cudaEventSynchronize(ev[k - 1]);
    for (int i = 1; i < k; i++) {
      float ms = 0;
      cudaEventElapsedTime(&ms, ev[i - 1], ev[i]);
      fprintf(stderr, "%s %.1f us%s", name[i], 1e3 * ms, i + 1 < k ? ", " : "\n");
    }
    if (stamps) {
      unsigned long long v[kStamps];
      if (cudaMemcpy(v, stamps, sizeof v, cudaMemcpyDeviceToHost) == cudaSuccess) {
        fprintf(stderr, "  tail phases (us):");
        for (int i = 1; i < kStamps && v[i] != 0 && v[i] >= v[i - 1]; i++)
          fprintf(stderr, " %.1f", (v[i] - v[i - 1]) * 1e-3);
        fprintf(stderr, "\n");
      }
    }
    if (sums && nlev > 0) { /* sqrt(excess) / ||x|| per level: max over systems */
      std::vector<double> v((size_t)(2 * nlev * nsys));
      if (cudaMemcpy(v.data(), sums, v.size() * sizeof(double), cudaMemcpyDeviceToHost) ==
          cudaSuccess) {
        fprintf(stderr, "  cancellation sqrt(excess)/||x||, max over %lld system(s) per level:",
                (long long)nsys);
        int64_t over[4] = {0, 0, 0, 0};
        for (int l = 0; l < nlev; l++) {
          double mx = 0;
          for (int64_t j = 0; j < nsys; j++) {
            const double xs = v[(size_t)(2 * (l * nsys + j))], ex = v[(size_t)(2 * (l * nsys + j) + 1)];
            const double r = xs > 0 ? sqrt(ex / xs) : (ex > 0 ? INFINITY : 0);
            mx = r > mx ? r : mx;
            for (int t = 0; t < 4; t++) over[t] += r > (double)(1 << (2 * t));
          }
          fprintf(stderr, " %.3g", mx);
        }
        fprintf(stderr, "; pairs above 1, 4, 16, 64: %lld %lld %lld %lld\n", (long long)over[0],
                (long long)over[1], (long long)over[2], (long long)over[3]);
      }
    }
    for (int i = 0; i < k; i++) cudaEventDestroy(ev[i]);
  }
};

/* The top passes' kernels of one shape: W warps a block, tile layout TR. p1, p2:
   the top level's (the batch kernels for a batch); s1, s2: the single-system
   kernels, which also run a large first reduced level (kSplitP). res: resident
   blocks of each (< 1: cannot run). */
template <typename T> struct TopK {
  using K = void (*)(Level<T>, int, int, T *, unsigned, unsigned *, bool);
  K p1, p2, s1, s2, l2; /* l2: a single system's top pass 2 without the copy of b */
  int W, smem;
  bool ok;
};
template <typename T, int M, int W, bool TR, int MINB = 0> TopK<T> top_kernels(bool batch)
{
  TopK<T> k;
  k.W = W;
  k.smem = W * warp_smem<T, M, TR>();
  k.s1 = spike_top<T, M, 1, false, W, TR, MINB>;
  k.s2 = spike_top<T, M, 2, false, W, TR, MINB>;
  k.p1 = batch ? spike_top<T, M, 1, true, W, TR, MINB> : k.s1;
  k.p2 = batch ? spike_top<T, M, 2, true, W, TR, MINB> : k.s2;
  k.l2 = spike_top<T, M, 2, false, W, TR, MINB, true>;
  /* asking the occupancy also sets the shared-memory limit, which a launch above
     48 KB needs */
  k.ok = resident_blocks<spike_top<T, M, 1, false, W, TR, MINB>>(W * 32, k.smem) >= 1 &&
         resident_blocks<spike_top<T, M, 2, false, W, TR, MINB>>(W * 32, k.smem) >= 1 &&
         resident_blocks<spike_top<T, M, 2, false, W, TR, MINB, true>>(W * 32, k.smem) >= 1 &&
         (!batch ||
          (resident_blocks<spike_top<T, M, 1, true, W, TR, MINB>>(W * 32, k.smem) >= 1 &&
           resident_blocks<spike_top<T, M, 2, true, W, TR, MINB>>(W * 32, k.smem) >= 1));
  return k;
}
/* The shape of the top kernels, double with M = 16: GTSV_SPIKE_TOP (measurements)
   '4': blocks of kWarps warps, tiles [32][M+1]; '1': one-warp blocks; 't': one-warp
   blocks with tiles [M][33] (13 warps an SM instead of 12; the registers of 13 warps,
   128 a thread, are what one scheduler's quarter of the register file holds for
   four of them). Float, M = 16: '1' and 't' are one-warp blocks with tiles [32][M+1],
   held to 96 registers (20 warps an SM, as many as blocks of four warps run: their
   tiles would allow 24, their registers 21). Other M: '4'. */
#ifndef GTSV_SPIKE_TOP_DEFAULT
#define GTSV_SPIKE_TOP_DEFAULT 't'
#endif
template <typename T, int M> TopK<T> top_shape(bool batch, int pass)
{
  /* GTSV_SPIKE_TOP2: pass 2's shape where it differs from pass 1's (measurements) */
  static const char *env1 = getenv("GTSV_SPIKE_TOP"), *env2 = getenv("GTSV_SPIKE_TOP2");
  const char *env = pass == 2 && env2 && *env2 ? env2 : env1;
  const char v = env && *env ? *env : GTSV_SPIKE_TOP_DEFAULT;
  if constexpr (M == 16 && sizeof(T) == 8) {
    if (v == 't') return top_kernels<T, M, 1, true, 13>(batch);
    if (v == '1') return top_kernels<T, M, 1, false>(batch);
  }
  if constexpr (M == 16 && sizeof(T) == 4) { /* 20 warps an SM: at most 96 registers */
    if (v == '1' || v == 't') return top_kernels<T, M, 1, false, 20>(batch);
  }
  return top_kernels<T, M, kWarps, false>(batch);
}

/* One system (nsys = 1), or a batch of nsys systems of sys_n rows, system k from
   row k sys_stride: n = (nsys - 1) sys_stride + sys_n, nrhs = 1, ldb = n. */
template <typename T, int M>
gtsv_status spike_solve_m(gtsv_handle h, int64_t n, int64_t nrhs, const T *dl, const T *d,
                          const T *du, T *B, int64_t ldb, int64_t sys_n, int64_t sys_stride,
                          int64_t nsys)
{
  Plan pl;
  void *wsv = NULL;
  if (nsys > 1 && (nrhs != 1 || ldb != n || sys_stride < sys_n ||
                   (nsys - 1) * sys_stride + sys_n != n))
    return GTSV_STATUS_INVALID_VALUE;
  if (nrhs > 65535) return GTSV_STATUS_NOT_SUPPORTED; /* q is an int in the kernels */
  gtsv_status s = gtsv__cuda_begin(h, nsys > 1 ? sys_stride : n);
  if (s != GTSV_STATUS_SUCCESS) return s;
  int64_t arcr_base = 0;
  if (h->spike_reduced == GTSV_ALGO_ARCR) {
    arcr_base = gtsv__arcr_cuda_max_n(sizeof(T));
    if (arcr_base > kArcrBaseN) arcr_base = kArcrBaseN;
  }
  /* gtsv__spike_tile_base (tests) or GTSV_SPIKE_TILE_BASE (measurements): rows;
     0 = no tile base */
  static const int64_t tile_env =
      getenv("GTSV_SPIKE_TILE_BASE") ? atoll(getenv("GTSV_SPIKE_TILE_BASE")) : -1;
  int64_t tile_base = gtsv__spike_tile_base >= 0 ? gtsv__spike_tile_base
                      : tile_env >= 0            ? tile_env
                                                 : kTileBaseN;
  if (tile_base > kTileBaseN) tile_base = kTileBaseN;
  s = plan_of<T, M>(n, nrhs, &pl, arcr_base, tile_base, sys_n, sys_stride, nsys);
  if (s != GTSV_STATUS_SUCCESS) return s;
  s = gtsv__cuda_workspace(h, pl.total, &wsv);
  if (s != GTSV_STATUS_SUCCESS) return s;
  char *ws = (char *)wsv;
  unsigned *flag = (unsigned *)ws;
  double *sums = (double *)(ws + pl.off_sums);
  T *bcopy = (T *)(ws + pl.bcopy);
  const int q = (int)nrhs;
  unsigned opts = h->spike_opts;
  cudaStream_t st = gtsv__cuda_stream(h);
  /* programmatic dependent launch of the top passes, the first reduced level's and
     the restore (GTSV_SPIKE_PDL=0: ordinary launches, for measurements) */
  static const char *pdl_env = getenv("GTSV_SPIKE_PDL");
  const bool pdl = !(pdl_env && *pdl_env == '0');
  const int smem = kWarps * warp_smem<T, M>();
  const int res_tail = resident_blocks<spike_tail<T, M>>(kWarps * 32, smem);
  const bool batch = nsys > 1;
  const TopK<T> tk = top_shape<T, M>(batch, 1), tk2 = top_shape<T, M>(batch, 2);
  const dim3 tblock(tk.W * 32), tblock2(tk2.W * 32);
  if (res_tail < 1 || !tk.ok || !tk2.ok) return GTSV_STATUS_DEVICE_ERROR;
  Trace tr(st);
  tr.sums = sums;
  tr.nlev = pl.nlev;
  tr.nsys = nsys;
  /* flag, level sums and the reduced rows that two warps add into: spike_init */
  {
    Init a;
    a.nlev = pl.nlev;
    int64_t work = (int64_t)(pl.zero_end / 8);
    for (int l = 0; l < pl.nlev; l++) {
      a.lv[l].rd = ws + pl.off_rd[l];
      a.lv[l].rb = ws + pl.off_rb[l];
      a.lv[l].P = pl.P[l];
      a.lv[l].R = 2 * pl.P[l];
      if (l == 0) work += (pl.P[0] + 31) / 32 * (q + 1);
    }
    const int64_t blocks = (work + 255) / 256;
    /* GTSV_SPIKE_INIT_GRID (measurements): at most this many blocks (default 32;
       see GTSV_SPIKE_RESTORE_GRID) */
    static const int ig_env = getenv("GTSV_SPIKE_INIT_GRID") ? atoi(getenv("GTSV_SPIKE_INIT_GRID")) : 0;
    const int64_t cap = ig_env > 0 ? ig_env : 32;
    spike_init<T><<<(unsigned)(blocks < cap ? blocks : cap), 256, 0, st>>>(ws, pl.zero_end, a, q);
    GTSV_CUDA_TRY(cudaGetLastError());
  }
  tr.mark("init");

  Level<T> lv[kTailMax + 2];
  for (int l = 0; l <= pl.nlev; l++) {
    Level<T> &L = lv[l];
    L = Level<T>();
    L.n = pl.n[l];
    L.nsys = nsys;
    L.sys_n = nsys > 1 ? sys_n : 0;
    L.sys_stride = nsys > 1 ? sys_stride : 0;
    L.gaps = l == 0 && nsys > 1 && sys_stride > sys_n;
    L.span = l == 0 ? 1 : lv[l - 1].span * (M / 2);
    L.masked = l == 0 && nsys > 1;
    L.sums = sums + 2 * (int64_t)l * nsys;
    if (l == 0) {
      L.dl = dl; L.d = d; L.du = du; L.b = B; L.ldb = ldb;
    } else {
      const Level<T> &U = lv[l - 1];
      L.dl = U.rdl; L.d = U.rd; L.du = U.rdu; L.b = U.rb; L.ldb = L.n;
    }
    if (l < pl.nlev) {
      L.P = pl.P[l];
      L.sp = (T *)(ws + pl.off_sp[l]);
      L.ue = (T *)(ws + pl.off_ue[l]);
      L.opt = (uint32_t *)(ws + pl.off_opt[l]);
      L.rdl = (T *)(ws + pl.off_rdl[l]);
      L.rdu = (T *)(ws + pl.off_rdu[l]);
      L.rd = (T *)(ws + pl.off_rd[l]);
      L.rb = (T *)(ws + pl.off_rb[l]);
    }
  }
  /* A single system's top level keeps no copy of b ("Keeping b" at the top of the
     file); gtsv__spike_lean (tests) or GTSV_SPIKE_LEAN (measurements): 0 = the copy
     in top pass 1, as a batch's */
  static const int lean_env = getenv("GTSV_SPIKE_LEAN") ? atoi(getenv("GTSV_SPIKE_LEAN")) : -1;
  const bool lean = nsys == 1 && pl.nlev > 0 &&
                    (gtsv__spike_lean >= 0 ? gtsv__spike_lean : lean_env >= 0 ? lean_env : 1) != 0;
  if (lean) {
    Level<T> &L = lv[0];
    L.wstat = (uint8_t *)(ws + pl.off_wstat);
    L.bedge = (T *)(ws + pl.off_bedge);
    L.lsums = sums + 2;
    L.nls = pl.nlev - 1;
    L.test = gtsv__spike_lean_test;
  }
  if (pl.nlev == 0) /* the base alone: keep b for the fallback */
    GTSV_CUDA_TRY(cudaMemcpy2DAsync(bcopy, n * sizeof(T), B, ldb * sizeof(T), n * sizeof(T),
                                    q, cudaMemcpyDeviceToDevice, st));
  const int64_t top_warps = pl.nlev > 0 ? (pl.P[0] + 31) / 32 : 0;
  const unsigned top_grid = (unsigned)((top_warps + tk.W - 1) / tk.W);
  const unsigned top_grid2 = (unsigned)((top_warps + tk2.W - 1) / tk2.W);
  /* A short system's top level has few warps, and each sweeps its columns in turn
     (about 12 us a column on an H200 at n = 1024: 2 warps). There the columns are
     cut into slices, one per grid row (blockIdx.y), until about one block per SM
     runs: every slice's warps choose the same options, and those of column 0 write
     the reduced matrix. */
  int sms = 0, dev = 0;
  GTSV_CUDA_TRY(cudaGetDevice(&dev));
  GTSV_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  const int64_t blocks4 = (top_warps + kWarps - 1) / kWarps; /* as if kWarps a block */
  const int64_t want = (int64_t)sms / (blocks4 > 0 ? blocks4 : 1);
  const int nsl = gtsv__spike_col_slices == 0 || want < 2 ? 1 : (int)(want < q ? want : q);
  const int cper = (q + nsl - 1) / nsl;
  const dim3 tgrid(top_grid, (unsigned)((q + cper - 1) / cper));
  const dim3 tgrid2(top_grid2, tgrid.y);
  if (pl.nlev > 0) {
    GTSV_CUDA_TRY(launch_pdl(pdl, tk.p1, tgrid, tblock, tk.smem, st, lv[0], q, cper,
                             lean ? (T *)NULL : bcopy, opts, flag, true));
    tr.mark("top1");
  }
  /* The first reduced level, when it is large, by the top kernels (see kSplitP) */
  static const int64_t split_env =
      getenv("GTSV_SPIKE_SPLIT_P") ? atoll(getenv("GTSV_SPIKE_SPLIT_P")) : -1;
  const int64_t split_p = gtsv__spike_split_p >= 0 ? gtsv__spike_split_p
                          : split_env >= 0         ? split_env
                                                   : kSplitP;
  const int split = pl.nlev > 1 && split_p > 0 && pl.P[1] >= split_p ? 1 : 0;
  const int64_t warps1 = split ? (pl.P[1] + 31) / 32 : 0;
  const unsigned grid1 = (unsigned)((warps1 + tk.W - 1) / tk.W);
  const unsigned grid1_2 = (unsigned)((warps1 + tk2.W - 1) / tk2.W);
  if (split) {
    GTSV_CUDA_TRY(launch_pdl(pdl, tk.s1, dim3(grid1), tblock, tk.smem, st, lv[1], q, q, (T *)NULL,
                             opts, flag, false));
    tr.mark("l1p1");
  }
  { /* levels 1 + split .. nlev-1 and the base (or the base alone) */
    Tail<T> t;
    t.first = pl.nlev > 0 ? 1 + split : 0;
    t.nlev = pl.nlev - t.first;
    for (int l = 0; l <= t.nlev; l++) t.lv[l] = lv[t.first + l];
    t.stamps = tr.on ? (unsigned long long *)(ws + kStampOff) : NULL;
    if (tr.on) tr.stamps = t.stamps;
    int64_t need = 1;
    for (int l = 0; l < t.nlev; l++) {
      const int64_t g = ((t.lv[l].P + 31) / 32 + kWarps - 1) / kWarps;
      if (g > need) need = g;
    }
    unsigned grid = (unsigned)(need < res_tail ? need : res_tail);
    auto tail = [&](unsigned parts) -> cudaError_t {
      void *args[] = {(void *)&t, (void *)&q, (void *)&opts, (void *)&flag, (void *)&parts};
      return cudaLaunchCooperativeKernel((const void *)spike_tail<T, M>, dim3(grid),
                                         dim3(kWarps * 32), args, (size_t)smem, st);
    };
    if (!pl.arcr && !pl.tile) {
      GTSV_CUDA_TRY(tail(TAIL_ALL));
      tr.mark("tail");
    } else { /* the base is a reduced system, solved by a launch of its own */
      if (t.nlev > 0) {
        GTSV_CUDA_TRY(tail(TAIL_DOWN));
        tr.mark("down");
      }
      const Level<T> &B = t.lv[t.nlev];
      if (pl.arcr) {
        s = ArcrReduced<T>::fn(h, B.n, q, B.dl, B.d, B.du, B.b, B.ldb, flag, FB_BASE);
      } else { /* the right-hand sides as systems of one matrix; a singular one sets
                  FB_BASE (the fallback then reports DP_SEQ's row of T) */
        const gtsv_batch_desc bd = {B.n, q, 0, 1, B.ldb, 1, 0, NULL, flag, FB_BASE, 0};
        s = TileBase<T>::fn(h, &bd, B.dl, B.d, B.du, B.b);
      }
      if (s != GTSV_STATUS_SUCCESS) return s;
      tr.mark("base");
      if (t.nlev > 0) {
        GTSV_CUDA_TRY(tail(TAIL_UP));
        tr.mark("up");
      }
    }
  }
  if (split) {
    GTSV_CUDA_TRY(launch_pdl(pdl, tk2.s2, dim3(grid1_2), tblock2, tk2.smem, st, lv[1], q, q, (T *)NULL,
                             opts, flag, false));
    tr.mark("l1p2");
  }
  if (pl.nlev > 0) {
    GTSV_CUDA_TRY(launch_pdl(pdl, lean ? tk2.l2 : tk2.p2, tgrid2, tblock2, tk2.smem, st, lv[0],
                             q, cper, lean ? bcopy : (T *)NULL, opts, flag, true));
    tr.mark("top2");
  }
  /* the fallback, gated on the flag: decide, b back, then DP_SEQ */
  int64_t nsums = (int64_t)pl.nlev * nsys;
  if (nsums > kRestoreSums) {
    spike_decide<<<(unsigned)((nsums + 255) / 256 < 264 ? (nsums + 255) / 256 : 264), 256, 0,
                   st>>>(sums, nsums, flag);
    GTSV_CUDA_TRY(cudaGetLastError());
    nsums = 0;
  }
  if (lean) {
    /* GTSV_SPIKE_RESTORE_GRID (measurements): its blocks. One by default: it has
       nothing to do but when the solve falls back, and then the sequential fallback
       dwarfs it; H100, 2^23 double random, with spike_init's 32 blocks: 0.3721 /
       0.3720 ms against 0.3737 / 0.3740 with 264 and 264 (bench/results/
       gpu-spike-grids-h100-2026-11-27.md) */
    static const int rg_env =
        getenv("GTSV_SPIKE_RESTORE_GRID") ? atoi(getenv("GTSV_SPIKE_RESTORE_GRID")) : 0;
    const unsigned rgrid = rg_env > 0 ? (unsigned)rg_env : 1u;
    GTSV_CUDA_TRY(launch_pdl(pdl, spike_restore_lean<T, M>, dim3(rgrid), dim3(256), 0, st, n, q,
                             dl, d, du, B, ldb, (const T *)bcopy, (const uint8_t *)lv[0].wstat,
                             (const T *)lv[0].bedge, (const double *)sums, pl.nlev, flag));
  } else {
    GTSV_CUDA_TRY(launch_pdl(pdl, spike_restore<T>, dim3(264), dim3(256), 0, st, n, q,
                             (const T *)bcopy, B, ldb, (const double *)sums, nsums, flag,
                             (int64_t)(nsys > 1 ? sys_n : 0),
                             (int64_t)(nsys > 1 ? sys_stride : 0)));
  }
  tr.mark("restore");
  if (nsys > 1) { /* every system of the batch, each reporting its own singular row */
    gtsv_batch_desc fd = {sys_n, nsys, sys_stride, 1, sys_stride, 1, sys_stride, flag, NULL, 0, 0};
    return BatchIn<T>::fn(h, &fd, dl, d, du, B, ws + pl.region);
  }
  for (int c0 = 0; c0 < q; c0 += pl.fb_group) {
    const int64_t g = q - c0 < pl.fb_group ? q - c0 : pl.fb_group;
    gtsv_batch_desc fd = {n, g, 0, 1, ldb, 1, 0, flag, NULL, 0, 0};
    s = BatchIn<T>::fn(h, &fd, dl, d, du, B + (int64_t)c0 * ldb, ws + pl.region);
    if (s != GTSV_STATUS_SUCCESS) return s;
  }
  tr.mark("fallback");
  return GTSV_STATUS_SUCCESS;
}

/* Rows per partition: Cfg<T>::M, or gtsv__spike_m where set (8, 16 or 32). */
template <typename T>
gtsv_status spike_solve(gtsv_handle h, int64_t n, int64_t nrhs, const T *dl, const T *d,
                        const T *du, T *B, int64_t ldb, int64_t sys_n = 0,
                        int64_t sys_stride = 0, int64_t nsys = 1)
{
  switch (gtsv__spike_m == 8 || gtsv__spike_m == 16 || gtsv__spike_m == 32 ? gtsv__spike_m
                                                                            : Cfg<T>::M) {
  case 8: return spike_solve_m<T, 8>(h, n, nrhs, dl, d, du, B, ldb, sys_n, sys_stride, nsys);
  case 16: return spike_solve_m<T, 16>(h, n, nrhs, dl, d, du, B, ldb, sys_n, sys_stride, nsys);
  default: return spike_solve_m<T, 32>(h, n, nrhs, dl, d, du, B, ldb, sys_n, sys_stride, nsys);
  }
}

} /* namespace */

int gtsv__spike_m = 0;
int64_t gtsv__spike_split_p = -1;
int gtsv__spike_tile_base = -1;
int gtsv__spike_col_slices = 1;
int gtsv__spike_lean = -1;
int gtsv__spike_lean_test = 0;

extern "C" gtsv_status gtsv__s_spike_cuda(gtsv_handle h, int64_t n, int64_t nrhs,
                                          const float *dl, const float *d, const float *du,
                                          float *B, int64_t ldb)
{
  return spike_solve<float>(h, n, nrhs, dl, d, du, B, ldb);
}
extern "C" gtsv_status gtsv__d_spike_cuda(gtsv_handle h, int64_t n, int64_t nrhs,
                                          const double *dl, const double *d,
                                          const double *du, double *B, int64_t ldb)
{
  return spike_solve<double>(h, n, nrhs, dl, d, du, B, ldb);
}

extern "C" gtsv_status gtsv__s_spike_cuda_batch(gtsv_handle h, int64_t n, const float *dl,
                                                const float *d, const float *du, float *x,
                                                int64_t batch, int64_t stride)
{
  const int64_t rows = (batch - 1) * stride + n;
  return spike_solve<float>(h, rows, 1, dl, d, du, x, rows, n, stride, batch);
}
extern "C" gtsv_status gtsv__d_spike_cuda_batch(gtsv_handle h, int64_t n, const double *dl,
                                                const double *d, const double *du, double *x,
                                                int64_t batch, int64_t stride)
{
  const int64_t rows = (batch - 1) * stride + n;
  return spike_solve<double>(h, rows, 1, dl, d, du, x, rows, n, stride, batch);
}

extern "C" gtsv_status gtsv__spike_fallback_taken(gtsv_handle h, int *taken)
{
  unsigned v = 0;
  if (!h->cuda || !h->cuda->ws) return GTSV_STATUS_INVALID_VALUE;
  GTSV_CUDA_TRY(cudaStreamSynchronize(gtsv__cuda_stream(h)));
  GTSV_CUDA_TRY(cudaMemcpy(&v, h->cuda->ws, sizeof v, cudaMemcpyDeviceToHost));
  *taken = (int)v;
  return GTSV_STATUS_SUCCESS;
}
