/*
 * Parallel diagonal pivoting on the GPU (GTSV_ALGO_PDP, thesis chapter 4).
 *
 * Since session 39 a solve of 2^22 rows or more first runs the warm-up sweeps of
 * pdp_sweep.cu (forward and backward; the backward one in double only before session
 * 41); this file's forward kernel (the checked splice) and backward kernel (scans) then
 * run only where their checks fail (the gate argument), and always below 2^22 rows or
 * with gtsv__pdp_sweep = 0. What follows
 * describes these two kernels.
 *
 * Method. pdp_arith.h: the LBM^T factorisation with the pivots of DP_SEQ is read
 * off three linear recurrences: theta (eq. 4.4), w (the L and B solve, see there)
 * and, backwards, q (the M^T solve). They are scanned; the pivot structure is a
 * two-state machine scanned alongside. pdp_host_gen.c is the reference and the
 * specification: the same steps with chunks where this file has tiles.
 *
 * Why products alone are not enough (bench/results/pdp-host-order-2026-11-22.md,
 * tools/gtsv-pdp-order.c). A product of transfer matrices is normwise accurate,
 * but the state it hands a thread is not the one the sequential recurrence reaches:
 * on random matrices every thread boundary then splices two trajectories that differ
 * by 10^2..10^3 rounding errors (100..400x LAPACK's residual at n >= 1e5), and where
 * theta follows a subdominant solution (thesis type 13, dorr) the product keeps only
 * the dominant direction and the state is wrong in every digit. What is accurate is
 * the recurrence run row by row, spliced only where two runs agree to a few
 * rounding errors (pdp_consistent): such a splice is a perturbation of a few ulps
 * of the last rows' coefficients, i.e. backward stable.
 *
 * The checked splice. A tile is THREADS x C = 8 rows: 320 threads (2560 rows) in
 * double, 512 (4096 rows) in float (the shape below, "Tile shape", says why).
 *   1. each thread composes the 3x3 aggregate of its C rows shifted WARM = 8 rows up;
 *      Kogge-Stone over the warp (shuffles) and over the warps (shared); the tile's
 *      product state comes from the product look-back (below);
 *   2. each thread's provisional start: that state times its exclusive products,
 *      then WARM rows run row by row (the warm-up damps the part of the error that
 *      is not along the dominant direction, which is all random matrices need);
 *   3. rounds (settle()): every thread runs its C rows, keeping the magnitudes of
 *      the last terms (pdp_step_mag); a thread whose start is not its predecessor's
 *      exit up to KERR = 2 rounding errors takes that exit and runs again; at most
 *      ROUNDS = 8 rounds (128 x 16 tiles, random n = 2^20: at most 5, on the host
 *      emulation; KERR = 8 left force_2x2 n = 513 at 0.85 of the acceptance bound
 *      in double, 1.3 in float, KERR = 2 at 0.56; about 11% of thread starts are
 *      then repaired; 512 x 8 tiles, random 2^23: 4% of the tiles still unsettled
 *      after 8 rounds, and 16 rounds measured no faster);
 *   4. the tile is kept when its rounds settled and its first thread's start is the
 *      exact exit E of the tile above up to KEDGE = 8 errors (the exact-exit
 *      channel, below; one such splice per tile: 8 instead of 2 halved the tiles
 *      redone on random matrices, 57 -> 17 of 512 at n = 2^20 with 2048-row tiles
 *      on the host emulation, with the residual unchanged). Otherwise it is redone: the first
 *      thread takes E and the rounds run until they settle, at most THREADS + 1
 *      (each round fixes at least one more thread, so this is the sequential
 *      recurrence at worst). That is the fallback: on the GPU, stream-ordered, and
 *      it degenerates to the host reference's sequential recurrence, which is
 *      accurate on dorr where DP_SEQ's pivots are not (dorr n = 8192 on the host
 *      emulation: 0.53x LAPACK's residual with 512 x 8 tiles, 0.46x with 128 x 16;
 *      up to 511 rounds in a redone tile). Every
 *      tile's exit E_t is then the sequential recurrence up to splices of KERR
 *      (inside a tile) or KEDGE (at its first row) errors.
 *   5. pivot choices (eq. 4.6) from the final starts, the pivot-structure map, its
 *      scans and look-back; 6. y of L B y = z, g of M^T, a start bit per row (packed
 *      in shared memory, 32 rows per word), the pivot check at block starts; y and g
 *      go through shared memory to the workspace in whole rows (coalesced).
 *   pdp_backward_kernel: tiles from the bottom (ticket order reversed): the affine
 *     map q -> m q + c of each thread's rows, warp and block scans from below,
 *     look-back, x_i = y_i - g_i q written into B.
 *
 * Precision. The recurrences run in the data's precision, as the host reference
 * (Compute<T>). Running float data in double (Compute<float>::U = double, y, g, x
 * rounded to float) was measured on the GPU (commit 78bf6be) and not taken: it
 * solves the float matrix nearly exactly, which fixes a near-singular float system
 * of the check_gpu batch (n = 64, system 976 of 1000; the float recurrence gives
 * 751 against a bound of 146, as does the float host reference, 765) but fails the
 * float dorr n = 8192 (1.1e9 against 1790): that matrix is numerically singular
 * even in double (dgtsv's own solution, rounded to float, has residual 1.8e10), and
 * the acceptance rule measures against sgtsv's small-norm answer.
 *
 * Compiled without FMA contraction (-fmad=false, src/pdp/CMakeLists.txt): theta
 * must round alike where the step forms it and where pdp_out forms theta_{i+1} of
 * a 2x2 pivot, as in the host reference. With contraction the first GPU run of
 * this design measured dorr n = 512 at 1.23e5 (LAPACK 9.04) and random n = 2^20
 * at 1300x LAPACK; the host emulation built with contraction agrees (1.5e4x, and
 * 12.5x on its random 2^20), and without it gives 1.55x and 1.8x.
 *
 * The forward kernel only reads B (its rows are the warm-up rows of the tile below,
 * read at any time), and writes y to the workspace; the backward kernel, next in
 * stream order, writes x into B.
 *
 * Example, float, n = 8196: 3 tiles of 4096 rows. Tile 0 knows its entering state
 * (theta_{-1} = 1, theta_{-2} = 0, w = 0), settles, and posts its exit as exact
 * (FIN_EQ). Tile 1's thread 0 starts from the product state before row 4088 and
 * runs rows 4088..4095; if its start at row 4096 agrees with tile 0's exit to 8
 * errors and its rounds settled, its own exit is exact too; if not, it takes tile
 * 0's exit and reruns.
 * Tile 2 holds rows 8192..8195 (thread 0 only); its last row takes a 1x1 pivot
 * (forced), x_8195 = y_8195, and its q goes up to tile 1 by the backward look-back.
 *
 * Unified tiling (4.2.2): the tile's inputs live in shared memory (one copy, dynamic
 * shared memory: 92 KB in double, 74 KB in float), each thread's start, scan
 * operands and outputs in registers; nothing is spilled to global memory. The rounds
 * hand a thread its predecessor's exit by shuffles (across a warp boundary through
 * one shared slot per warp), so the block's static shared memory is a few KB: two
 * blocks an SM in both precisions (10 warps each in double, 16 in float).
 * Kernel fusion (4.2.3): decomposition, L and B solves in one kernel;
 * M^T in the second (it runs the other way).
 *
 * Where the time goes (H200, bench/results/gpu-pdp-shapes-2026-11-24.md). ncu of
 * the forward kernel at n = 2^20 double random: 18 000 instructions per warp at
 * 11-13 cycles each; half the stall samples at the two block barriers behind warp
 * 0's look-backs (the product state and the exact exit), the rest latency of the
 * recurrence chains. At 2^23 (ncu, 1.5 GHz) the forward kernel took 1.75-1.93 ms
 * and the backward 0.52. The look-backs' serial applies, one call per predecessor
 * tile, were then inlined with their shuffles unrolled ahead of the chain: 2^23
 * random 1.79 against 1.91 ms, 2^25 6.59 against 7.19 (dominant 4.50 against
 * 5.12, float up to 20% faster). Measured and not kept: 128 or 256 threads of 8 rows (slower
 * at 2^23: more tiles, more splices), the rounds and the exact-exit decision in
 * two kernels (the second waits on the chain of redone tiles with nothing to hide
 * it: 2.44 against 1.90 ms at 2^23), rounds that re-run only the threads a change
 * reaches (within 1-3%, both ways), and the other warps choosing their pivots while
 * warp 0 decides the exact exit (2.02 against 1.93 ms).
 *
 * ncu again (H100, commit c771106, 2^23 double random, bench/results/
 * gpu-pdp-spec-h100-2026-11-27.md): the forward kernel 1.68 ms, the backward 0.16;
 * 37% of the forward's stall samples on the instruction after the barrier behind
 * warp 0's exact-exit decision, 11% after the one behind the product look-back, 10%
 * in warp 0's flag polling: tiles waited on the chain of redone tiles (each redo
 * started only once the exact exit above was known), which the speculative redo
 * (below) shortens.
 *
 * Inter-block message passing (4.2.1) and the memory-model argument.
 * Each tile t has, per channel, a 32-bit flag word (INVALID = 0, so one memset per
 * column resets all) and payload slots:
 *   forward product state: AGG (its aggregate, known without any other tile), INC
 *     (the product state after the tile);
 *   pivot structure: 2 bits inside the flag word itself (one atomic store);
 *   backward q: AGG and INC as the forward product state;
 *   exact exit: PROV (slot xp: the exit of its provisional rounds, with the
 *     magnitudes), then OK or BAD (whether it settled and agrees with the PROV exit
 *     of the tile above: the flag alone), then FIN_EQ (its exact exit is its PROV
 *     exit, bitwise) or FIN_NE (it was redone; slot xe holds the exit).
 * The producer (thread 0 of the block) writes a payload slot with plain stores, then
 * stores the flag with cuda::atomic_ref<..., thread_scope_device>::store(
 * memory_order_release): the release orders the payload stores (and, through the
 * preceding __syncthreads, the block's shared-memory results they come from) before
 * the flag at device scope. The consumer spins on atomic_ref::load(
 * memory_order_acquire) until the flag reaches the value it needs; the acquire
 * synchronises-with the release that stored that value, and flag values only grow
 * (each tile's flags are stored by one thread, in program order, so a later value
 * is also ordered after the earlier payloads): its later plain loads of the slots
 * that value advertises see the payload (the PTX model makes this hold through the
 * L1; no 128-byte atomicity of Fermi is assumed). Every slot is written once, before
 * the first flag that advertises it, and never changes.
 * The look-backs are run by warp 0: its lanes read 32 flags per round trip (find_inc)
 * and fetch 32 payloads at once; every lane that loads a payload has acquired that
 * tile's flag itself, then hands the payload to lane 0 by shuffles (registers, no
 * memory ordering needed); lane 0 applies them in row order.
 * Progress: tile numbers come from an atomic ticket taken when a block starts, so a
 * tile only ever waits for tiles with smaller numbers, whose blocks are already
 * running; each wait is for a value that tile posts after waiting only on tiles
 * with smaller numbers still (tile 0 waits on nobody): no cycle, no deadlock
 * whatever the scheduling order.
 *
 * Exact-exit look-back. Tile t (> 0), after its provisional rounds, posts PROV,
 * waits for PROV of t-1 and computes ok_t = settled && start agrees with P_{t-1}.
 * The speculative redo: a tile that is not ok redoes its rows at once from P_{t-1}
 * (thread 0 takes P_{t-1}, the others keep their provisional starts, rounds until
 * settled), before E_{t-1} is known. Rounds only replace starts that disagree, so
 * where the repair dies out inside the tile its last thread runs from its
 * provisional start again and the redo ends at P_t with the same magnitudes, bit
 * for bit (same_t). Then t posts OK when ok_t or same_t (either way "E_{t-1} =
 * P_{t-1} makes E_t = P_t", and the pair (exit, magnitudes) a later tile reads is
 * the same), else BAD. An OK tile walks back over tiles whose flag is OK until it
 * meets FIN_EQ (then E_{t-1} = P_{t-1} bitwise: by induction over the OK tiles) or
 * BAD / FIN_NE at tile j; then it waits for the FIN of j+1, j+2, ... in turn and
 * stops at the first FIN_EQ (the OK tiles after it kept their exits). Only when
 * none is (or it is BAD itself) does it take E_{t-1} from the FIN of t-1 and check
 * against it; a tile not kept then uses its speculative redo when E_{t-1} is
 * P_{t-1} bitwise (the same starts, the same rounds: the same result), and redoes
 * from E_{t-1} otherwise. FIN_EQ is posted whenever the final exit and its
 * magnitudes are P_t's bit for bit (kept, or redone back onto them). Every value a
 * tile reads is thus the one it read before the speculative redo existed, so the
 * answers are bitwise those without it (gtsv__pdp_spec = 0, test speculative_redo),
 * and a redone tile no longer holds every later tile for the time of its redo; on
 * random matrices every redone tile comes back onto its provisional exit (host
 * emulation, tools/gtsv-pdp-order.c: 153 of 153 at 2^23), so none waits for another's
 * redo. H100, double random, each against the code without it in the same run
 * (bench/results/gpu-pdp-spec-h100-2026-11-27.md): the first form (the redo at once,
 * BAD posted before it) 2^23 1.535 against 1.810 ms, 2^25 5.70 against 6.71; this
 * form (OK after a redo back onto P) 2^23 1.472 against 1.813, 2^25 5.424 against
 * 6.766 (1.01x and 1.15x gtsv2).
 *
 * Tiles that forget (the product look-back). The product state only seeds the
 * warm-up; the checked splice and the exact exit decide the answer. Where a tile's
 * aggregate g forgets its entering state (pdp_arith_gen.h, pdp_agg_forgets: [A; u]
 * of rank one and alpha negligible, to 8 rounding errors of g's largest entry), g S
 * points the same way for every entering S, so the tile posts INC = g applied to
 * the initial state together with its AGG, before any look-back of its own: the tile
 * below then waits for one tile's aggregate instead of for the chain of look-backs
 * above it. Random matrices forget within a tile (2048 or 4096 rows); thesis types 13
 * (dorr) and 17 (zero diagonal, ones) mostly do not and keep the full product. ncu before
 * (H100, 3c2b75c's library, 2^23 double random, bench/results/gpu-pdp-forget-h100-
 * 2026-11-27.md): 20% of the forward kernel's stall samples on the barrier behind
 * the product look-back. Same run, H100, against the full product (GTSV_PDP_FORGET=0):
 * double random 2^23 1.292 against 1.438 ms, 2^25 4.862 against 5.537; float random
 * 2^23 0.615 against 1.104, 2^25 2.261 against 3.649. The answers differ from the
 * full product's where a tile forgets (different provisional starts, the same
 * checks), and are as accurate: over 34 random 2^20 matrices on the host emulation
 * (tools/gtsv-pdp-order.c --seed) neither order's residual is the smaller (same file).
 *
 * Determinism (the 1000-solve stress test). The product look-back walks back to the
 * nearest INC, then applies the AGGs in row order to that state, one vector-matrix
 * product at a time: exactly the operations the predecessors use for their own INC
 * (the same function, tile_apply; with FMA contraction off in this file, inlined
 * copies of it round alike), so the state entering a tile is bitwise the same
 * whichever predecessors were done. A tile's INC is g applied to the initial state
 * when g forgets, else g applied to its entering state: both functions of the data
 * (pdp_agg_forgets reads g only), so the induction holds as before. The exact exit E_t is a function of the data:
 * E_t = P_t if tile t settled and agrees with E_{t-1}, else the redo from E_{t-1};
 * the walk-back only decides, from facts that do not depend on timing (OK bits,
 * FIN_EQ), when E_{t-1} = P_{t-1} is already known. The rounds are block-wide and
 * barrier-separated. So every column's answer is bitwise reproducible.
 *
 * Multiple right-hand sides (4.3.2): the two kernels per column. The splice checks
 * read w (which depends on the column), so where eq. 4.6 is a near tie two columns
 * may choose different pivots; each column therefore writes its own g and start
 * bits, and the backward pass of a column reads its own.
 *
 * Bytes per row (DESIGN.md section 4; T = 8 double, 4 float; one column):
 *   forward:  read dl, d, du, z (4T); write y (T), g (T), 1 start bit
 *   backward: read y, g (2T) + 1 bit; write x (T)
 *   = 9T + 1/4 B: 72.25 B/row double, 36.25 B/row float (floor 5T: 40, 20);
 *   the halo (WARM + 3 rows a tile) and the per-tile messages add under 1%.
 *   Bound: E <= 40/72.25 = 55% in double. The work per row is about 4 runs of the
 *   recurrence (aggregate, warm-up, rounds, pivots, outputs) instead of 2.
 * Workspace: g and y (2 n T), start bits (n/8 B), messages (about 40 T a tile):
 * about 0.51 x the input (4 n T), under the 0.6 allowed.
 *
 * Tile shape (session 26, bench/results/gpu-pdp-tile-shape-h100-2026-11-27.md; H100,
 * prebuilt benchmarks, each shape against 128 x 16 with WARM = 16 in the same run):
 * double random 2^23 1.028 against 1.294 ms, 2^25 3.879 against 4.687 (4.579 in a
 * second run); float random 2^23 0.574 against 0.610, 2^25 2.085 against 2.249; double
 * dominant 2^23 0.723 against 1.198. The kernels are latency-bound (few warps an SM
 * against chains of dependent steps and barriers): 512 threads of 8 rows put 16 warps
 * on an SM with half the serial rows a thread, and half as many tiles wait on
 * look-backs. 640 x 8 was faster still in double (0.964 / 3.638 ms with WARM = 8) but
 * slower than 128 x 16 in float (0.702 / 2.663); 256 x 8 with WARM = 8 (three blocks an
 * SM) 1.027 / 3.900 in double, 0.601 / 2.243 in float; 1024 x 4 left half the tiles
 * unsettled after 8 rounds (host emulation) and was slower at random 2^23 (1.377).
 * WARM = 8 instead of 16 with 512 x 8: 2-4% faster in double (1.028 against 1.074 ms
 * at 2^23, 3.879 against 3.958 at 2^25), 3% in float; on the host emulation random
 * 2^23 2.08x LAPACK's residual against 3.8x with WARM = 16 (2048 tiles; 180 000
 * thread starts repaired against 136 000), dorr 8192 0.53x.
 *
 * A shape a precision (session 27, bench/results/gpu-pdp-two-blocks-h100-2026-11-27.md).
 * Phase clocks of the 512 x 8 forward kernel (-DGTSV_PDP_CLOCKS=1, 2^23 double random:
 * 110 000 cycles a tile, 35 000 of them warm-up and rounds, 16 000 the exact-exit
 * decision, 13 000 each the scans and the pivot-structure look-back) and ncu (36% of
 * the stall samples at block barriers behind warp 0's look-backs, 14% at the one after
 * the exact-exit decision alone; issue slots 34% busy) said a tile leaves its SM idle
 * while warp 0 waits on other tiles: one block an SM has nothing to fill that with.
 * Double 320 x 8 tiles (92 KB) put two blocks on an SM: random 2^23 0.949 against
 * 1.064 ms, 2^25 3.494 against 4.029, dominant 0.694 / 2.505 against 0.739 / 2.733
 * (prebuilt benchmarks, one run, H100). 384 x 8 (108 KB, two blocks, 80 registers with
 * spills) was faster still (0.880 / 3.260) but its host emulation missed the 10x bound
 * on dorr at both sizes CI checks (8192: 14.7x, 65536: 30.4x; 320 x 8: 0.47x, 0.35x).
 * Float keeps 512 x 8: with three blocks an SM, 320 x 8 was slower everywhere and
 * 384 x 8 2-3% faster on random but up to 4% slower on dominant, with 2.7x the
 * residual at random 2^23.
 * Dorr is not within 10x at every size (host emulation, 14 sizes 3000..200000, with
 * pdp_consistent's three minors): 320 x 8 misses at 24576 (267x), 512 x 8 at four
 * sizes, and the recurrence with every splice exact at 32768 (19.7x): the residual on
 * dorr moves by orders of magnitude with perturbations of a few ulps. Not fixed.
 *
 * Not done on the GPU: the host reference's cancellation guard (pdp_apply_lost) is
 * not needed (the splice check replaces it). A matrix with Inf/NaN states (NONE
 * normalisation, overflowing w after an exactly singular row) never settles: its
 * tiles are redone with THREADS + 1 rounds each, serially; slow, and reported
 * through gtsv_get_info where a pivot is bad.
 */
#include <stdio.h>
#include <stdlib.h>
#include <type_traits>
#include <cuda/atomic>
#include <cuda_runtime.h>
#include "pdp/pdp.h"
#include "pdp/pdp_opts.h"
#include "pdp/pdp_sweep.h"
#include "cuda/resident.h"
#include "cuda/state.h"

namespace {

/* The tile's shape a precision (the header's "Tile shape"): THREADS x C rows; double
   320 x 8 with two blocks an SM, float 512 x 8 (two blocks an SM). GTSV_PDP_THREADS_D
   / _F, GTSV_PDP_C, GTSV_PDP_WARM, GTSV_PDP_ROUNDS and GTSV_PDP_MINB_D / _F override it
   at compile time (for measuring other shapes, scripts/prebuild.sh; C a power of two,
   THREADS a multiple of 32). */
#ifndef GTSV_PDP_THREADS_D
#define GTSV_PDP_THREADS_D 320
#endif
#ifndef GTSV_PDP_THREADS_F
#define GTSV_PDP_THREADS_F 512
#endif
#ifndef GTSV_PDP_C
#define GTSV_PDP_C 8
#endif
/* Minimum blocks an SM of the forward kernel's launch bounds. Double: 2 (two 2560-row
   tiles, 92 KB of shared memory each, fit an SM, and 88-90 registers of 640 threads
   the register file; no spills). Float: 1 (56 registers and 74 KB: two blocks of 512
   fit anyway). */
#ifndef GTSV_PDP_MINB_D
#define GTSV_PDP_MINB_D 2
#endif
#ifndef GTSV_PDP_MINB_F
#define GTSV_PDP_MINB_F 1
#endif
template <typename T> constexpr int minb() { return sizeof(T) == 8 ? GTSV_PDP_MINB_D : GTSV_PDP_MINB_F; }
constexpr int C = GTSV_PDP_C;         /* rows per thread */
constexpr int LOGC = C == 4 ? 2 : C == 8 ? 3 : C == 16 ? 4 : C == 32 ? 5 : -1;
static_assert(LOGC > 0, "C a power of two in 4..32");
/* threads a tile, warps, rows (a multiple of 32) and start-bit words, by precision */
template <typename T> constexpr int kThreads = sizeof(T) == 8 ? GTSV_PDP_THREADS_D : GTSV_PDP_THREADS_F;
static_assert(kThreads<double> % 32 == 0 && kThreads<float> % 32 == 0, "whole warps");
template <typename T> constexpr int kWarps = kThreads<T> / 32;
template <typename T> constexpr int kTile = kThreads<T> * C;
template <typename T> constexpr int kTW = kTile<T> / 32;
#ifndef GTSV_PDP_WARM
#define GTSV_PDP_WARM 8
#endif
constexpr int WARM = GTSV_PDP_WARM;   /* warm-up rows before a thread's first row */
constexpr int OFF = WARM + 1;         /* shared index of the tile's first row */
/* staged rows: WARM + 1 above, 2 below */
template <typename T> constexpr int kSrows = kTile<T> + WARM + 3;
/* shared index of staged row j, one pad word per C rows: a warp's threads read
   rows C apart, which would fall in few banks (C = 16, double: 32-way conflicts).
   For x >= 0, sp(C t + x) = (C + 1) t + sp(x): a thread's rows are its base
   (C + 1) t plus a compile-time offset (Rows). */
__host__ __device__ constexpr int sp(int j) { return j + (j >> LOGC); }
template <typename T> constexpr int kSpad = sp(kSrows<T> - 1) + 1;
#ifndef GTSV_PDP_ROUNDS
#define GTSV_PDP_ROUNDS 8
#endif
constexpr int ROUNDS = GTSV_PDP_ROUNDS; /* provisional rounds of the checked splice */
/* rounds of a redo: enough for the sequential recurrence */
template <typename T> constexpr int kRedoRounds = kThreads<T> + 1;
constexpr double KERR = 2.0;          /* rounding errors a splice may differ by */
constexpr double KEDGE = 8.0;         /* the same at a tile's first row (header) */

/* flag values */
constexpr unsigned F_AGG = 1u, F_INC = 2u;
constexpr unsigned S_AGG = 4u, S_INC = 8u; /* pivot-structure word: kind | bits */
/* exact-exit channel, in the order a tile posts them */
constexpr unsigned XF_PROV = 1u, XF_OK = 2u, XF_BAD = 3u, XF_FIN_EQ = 4u, XF_FIN_NE = 5u;

/* C++ names for the precision-generic C functions of pdp_arith.h */
template <typename T> struct Ar;
#define GTSV_PDP_AR(T, P)                                                               \
  template <> struct Ar<T> {                                                            \
    typedef gtsv_##P##_pdp_state S;                                                     \
    typedef gtsv_##P##_pdp_agg G;                                                       \
    typedef gtsv_##P##_pdp_aff F;                                                       \
    typedef gtsv_##P##_pdp_mag M;                                                       \
    static __device__ __forceinline__ G id() { return gtsv_##P##_pdp_agg_identity(); }   \
    static __device__ __forceinline__ S init() { return gtsv_##P##_pdp_state_initial(); } \
    static __device__ __forceinline__ M mzero() { return gtsv_##P##_pdp_mag_zero(); }   \
    static __device__ __forceinline__ void row(G *g, T a, T b, T cp, T z, int nm)       \
    {                                                                                   \
      gtsv_##P##_pdp_agg_row(g, a, b, cp, z, nm);                                       \
    }                                                                                   \
    static __device__ __forceinline__ G comp(G l, G e, int nm)                           \
    {                                                                                   \
      return gtsv_##P##_pdp_agg_compose(l, e, nm);                                      \
    }                                                                                   \
    static __device__ __forceinline__ S apply(G g, S s, int nm)                          \
    {                                                                                   \
      return gtsv_##P##_pdp_apply(g, s, nm);                                            \
    }                                                                                   \
    static __device__ __forceinline__ void step(S *s, T a, T b, T cp, T z, int nm)      \
    {                                                                                   \
      gtsv_##P##_pdp_step(s, a, b, cp, z, nm);                                          \
    }                                                                                   \
    static __device__ __forceinline__ void stepm(S *s, M *m, T a, T b, T cp, T z, int nm) \
    {                                                                                   \
      gtsv_##P##_pdp_step_mag(s, m, a, b, cp, z, nm);                                   \
    }                                                                                   \
    static __device__ __forceinline__ int cons(S e, M m, S q, double k)                 \
    {                                                                                   \
      return gtsv_##P##_pdp_consistent(e, m, q, (T)k);                                  \
    }                                                                                   \
    static __device__ __forceinline__ int one(T t0, T t1, T c0, T a1, T b1, T c1, T a2) \
    {                                                                                   \
      return gtsv_##P##_pdp_is_1x1(t0, t1, c0, a1, b1, c1, a2);                         \
    }                                                                                   \
    static __device__ __forceinline__ void out(S s, int f2, T z1, T c0, T a1, T b1,     \
                                               T c1, T *y, T *g, T *piv)               \
    {                                                                                   \
      gtsv_##P##_pdp_out(s, f2, z1, c0, a1, b1, c1, y, g, piv);                         \
    }                                                                                   \
    static __device__ __forceinline__ int bad(T p) { return gtsv_##P##_bad_pivot(p); }  \
    static __device__ __forceinline__ int forgets(G g) { return gtsv_##P##_pdp_agg_forgets(g); } \
    static __device__ __forceinline__ F fid() { return gtsv_##P##_pdp_aff_identity(); } \
    static __device__ __forceinline__ F frow(int st, T y, T g)                          \
    {                                                                                   \
      return gtsv_##P##_pdp_aff_row(st, y, g);                                          \
    }                                                                                   \
    static __device__ __forceinline__ F fcomp(F l, F e) { return gtsv_##P##_pdp_aff_compose(l, e); } \
    static __device__ __forceinline__ T fapply(F f, T q) { return gtsv_##P##_pdp_aff_apply(f, q); } \
  };

GTSV_PDP_AR(float, s)
GTSV_PDP_AR(double, d)
#undef GTSV_PDP_AR

/* how a tile's final starts were reached (the forward kernel, section 4), and how
   many tiles ended each way (gtsv__pdp_cuda_modes; one atomic a tile) */
constexpr int MODE_KEEP = 0, MODE_SPEC = 1, MODE_REDO = 2;
__device__ unsigned long long g_modes[3];
/* tiles that posted INC from the initial state (gtsv__pdp_cuda_forgot) */
__device__ unsigned long long g_forgot;
/* columns whose warm-up sweep (pdp_sweep.cu) fell back to this kernel
   (gtsv__pdp_cuda_sweep_stats) */
__device__ unsigned long long g_sweep_fell;
/* columns whose warm-down backward sweep fell back to pdp_backward_kernel */
__device__ unsigned long long g_sweep_bfell;

/* Phase clocks of the forward kernel (a diagnostic: build with -DGTSV_PDP_CLOCKS=1,
   scripts/prebuild.sh; never in the library as shipped). Thread 0 of each of the
   first CLK_TILES tiles stamps clock64() at the points PDP_CLK(k) below (0 start ..
   11 end; 15 inside phase 9), the global timer (ns) at start and end, and its SM,
   mode and rounds; GTSV_PDP_CLK=K prints a summary of every K-th launch
   (pdp_clk_report). */
#ifdef GTSV_PDP_CLOCKS
constexpr int CLK_TILES = 16384, CLK_N = 16;
__device__ long long g_pdp_clk[CLK_TILES][CLK_N];
__device__ __forceinline__ long long pdp_gtime()
{
  long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
__device__ __forceinline__ unsigned pdp_smid()
{
  unsigned r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}
#define PDP_CLK(k)                                                                      \
  do {                                                                                  \
    if (threadIdx.x == 0 && tile < CLK_TILES) g_pdp_clk[tile][k] = clock64();            \
  } while (0)
#define PDP_CLKV(k, v)                                                                  \
  do {                                                                                  \
    if (threadIdx.x == 0 && tile < CLK_TILES) g_pdp_clk[tile][k] = (long long)(v);       \
  } while (0)
/* the first and the last stamp, with the global timer, SM, mode, speculation, rounds */
#define PDP_CLK_START()   \
  do {                    \
    PDP_CLK(0);           \
    PDP_CLKV(12, pdp_gtime()); \
  } while (0)
#define PDP_CLK_END(mode, spec, rounds)                                                 \
  do {                                                                                  \
    PDP_CLK(11);                                                                        \
    PDP_CLKV(13, pdp_gtime());                                                          \
    PDP_CLKV(14, pdp_smid() | (unsigned)(mode) << 8 | (unsigned)(spec) << 12 |           \
                     (unsigned)(rounds) << 16);                                         \
  } while (0)
#else
#define PDP_CLK(k) \
  do {             \
  } while (0)
#define PDP_CLK_START() \
  do {                  \
  } while (0)
#define PDP_CLK_END(mode, spec, rounds) \
  do {                                  \
    (void)(rounds);                     \
  } while (0)
#endif

/* two states equal bit for bit (a redo from one is the redo from the other) */
using gtsv_pdp_sweep::same_bits;
template <typename U>
__device__ __forceinline__ bool same_state(typename Ar<U>::S a, typename Ar<U>::S b)
{
  return same_bits<U>(a.t0, b.t0) && same_bits<U>(a.t1, b.t1) && same_bits<U>(a.w, b.w);
}
/* an exit and its magnitudes equal bit for bit: whoever reads either pair decides alike */
template <typename U>
__device__ __forceinline__ bool same_exit(typename Ar<U>::S a, typename Ar<U>::M am,
                                          typename Ar<U>::S b, typename Ar<U>::M bm)
{
  return same_state<U>(a, b) && same_bits<U>(am.m0, bm.m0) && same_bits<U>(am.m1, bm.m1) &&
         same_bits<U>(am.mw, bm.mw);
}

/* the one place a tile-level state is advanced: predecessors' INC and a
   consumer's look-back must round identically (determinism, see above). Inlined:
   without FMA contraction (-fmad=false, src/pdp/CMakeLists.txt) every copy is the
   same sequence of correctly rounded operations; a call per predecessor made the
   look-backs' serial loops several times slower. */
template <typename T, int NM>
__device__ __forceinline__ typename Ar<T>::S tile_apply(typename Ar<T>::G g,
                                                        typename Ar<T>::S s)
{
  return Ar<T>::apply(g, s, NM);
}
template <typename T>
__device__ __forceinline__ T tile_fapply(typename Ar<T>::F f, T q)
{
  return Ar<T>::fapply(f, q);
}

/* shuffle helpers for the aggregate structs */
template <typename T>
__device__ __forceinline__ typename Ar<T>::G shfl_up_agg(typename Ar<T>::G g, int d)
{
  typename Ar<T>::G r;
  r.a00 = __shfl_up_sync(0xffffffffu, g.a00, d);
  r.a01 = __shfl_up_sync(0xffffffffu, g.a01, d);
  r.a10 = __shfl_up_sync(0xffffffffu, g.a10, d);
  r.a11 = __shfl_up_sync(0xffffffffu, g.a11, d);
  r.u0 = __shfl_up_sync(0xffffffffu, g.u0, d);
  r.u1 = __shfl_up_sync(0xffffffffu, g.u1, d);
  r.al = __shfl_up_sync(0xffffffffu, g.al, d);
  return r;
}

typedef cuda::atomic_ref<unsigned, cuda::thread_scope_device> flag_ref;

/* the flag once it is at least lo (acquire) */
__device__ __forceinline__ unsigned wait_flag(unsigned *p, unsigned lo = 1u)
{
  flag_ref f(*p);
  unsigned v;
  while ((v = f.load(cuda::memory_order_acquire)) < lo) __nanosleep(20);
  return v;
}
__device__ __forceinline__ void post_flag(unsigned *p, unsigned v)
{
  flag_ref(*p).store(v, cuda::memory_order_release);
}

/* The precision the recurrences run in for data of type T: T itself (the host
   reference's arithmetic). Compute<float>::U = double is a one-line switch to a
   mixed-precision float path; measured and not taken (header, Precision). */
template <typename T> struct Compute {
  typedef T U;
};

/* Warp-wide (all 32 lanes call it): the nearest tile first, first+dir, ... whose
   flag has a bit of inc set, reading 32 flags at a time (one round trip to L2 per
   32 tiles instead of one per tile). Tiles outside [0, ntiles) are not read; such
   a tile always exists (tile 0 going down, the last tile going up, post INC only). */
__device__ int64_t find_inc(unsigned *flags, int64_t first, int dir, unsigned inc,
                            int64_t ntiles)
{
  const int lane = threadIdx.x & 31;
  for (int64_t hi = first;; hi += 32 * dir) {
    const int64_t j = hi + dir * lane;
    const bool in = j >= 0 && j < ntiles;
    const unsigned v = in ? wait_flag(&flags[j]) : 0u;
    const unsigned m = __ballot_sync(0xffffffffu, in && (v & inc));
    if (m) return hi + dir * (__ffs(m) - 1);
  }
}

/* the aggregate of lane l of the warp */
template <typename U>
__device__ __forceinline__ typename Ar<U>::G shfl_agg(typename Ar<U>::G g, int l)
{
  typename Ar<U>::G r;
  r.a00 = __shfl_sync(0xffffffffu, g.a00, l);
  r.a01 = __shfl_sync(0xffffffffu, g.a01, l);
  r.a10 = __shfl_sync(0xffffffffu, g.a10, l);
  r.a11 = __shfl_sync(0xffffffffu, g.a11, l);
  r.u0 = __shfl_sync(0xffffffffu, g.u0, l);
  r.u1 = __shfl_sync(0xffffffffu, g.u1, l);
  r.al = __shfl_sync(0xffffffffu, g.al, l);
  return r;
}

/* Messages of one column's solve, in the device workspace (pdp_layout). */
template <typename T> struct Msg {
  unsigned *tickets;                       /* [0] forward, [1] backward */
  unsigned *fflag, *sflag, *bflag, *xflag; /* per tile */
  typename Ar<T>::G *fagg;
  typename Ar<T>::S *finc;
  typename Ar<T>::F *bagg;
  T *binc;
  typename Ar<T>::S *xp, *xe; /* provisional and exact exits */
  typename Ar<T>::M *xpm, *xem;
};

/* The tile's staged rows (shared memory, index sp(row - r0 + OFF)), seen from one
   thread: r is a row relative to the thread's first row (r >= -OFF), a
   compile-time constant in the unrolled loops, so each access is the thread's
   base plus an immediate offset. */
template <typename T> struct Rows {
  const T *A, *B, *Cu, *Z;
  int tb; /* (C + 1) * thread */
  __device__ __forceinline__ T a(int r) const { return A[tb + sp(OFF + r)]; }
  __device__ __forceinline__ T b(int r) const { return B[tb + sp(OFF + r)]; }
  __device__ __forceinline__ T c(int r) const { return Cu[tb + sp(OFF + r)]; }
  __device__ __forceinline__ T z(int r) const { return Z[tb + sp(OFF + r)]; }
};

/* The exits of a round: the predecessor's from the lane above (shuffles), across a
   warp boundary from edge[]; the tile's last thread's (kl) kept in last. */
template <typename U> struct Exits {
  typename Ar<U>::S edge[kWarps<U>], last;
  typename Ar<U>::M edgem[kWarps<U>], lastm;
};

/* the values of the lane above (a state's or a magnitude's three entries) */
template <typename U> __device__ __forceinline__ void shfl_up3(U &a, U &b, U &c)
{
  a = __shfl_up_sync(0xffffffffu, a, 1);
  b = __shfl_up_sync(0xffffffffu, b, 1);
  c = __shfl_up_sync(0xffffffffu, c, 1);
}
template <typename U>
__device__ __forceinline__ typename Ar<U>::S shfl_up_state(typename Ar<U>::S s)
{
  shfl_up3<U>(s.t0, s.t1, s.w);
  return s;
}
template <typename U>
__device__ __forceinline__ typename Ar<U>::M shfl_up_mag(typename Ar<U>::M m)
{
  shfl_up3<U>(m.m0, m.m1, m.mw);
  return m;
}

/* Rounds of the checked splice (block-wide, every thread calls it): each thread
   runs its C rows from tin; a thread whose start is not its predecessor's exit up
   to KERR errors takes that exit. The exit of thread kl (the tile's last with
   rows) goes to ex->last. Returns the rounds after which nothing changed, or R
   (then ex->last is the last round's). */
template <typename T, typename U, int NM>
__device__ int settle(typename Ar<U>::S &tin, Exits<U> *ex, Rows<T> rw, int64_t n,
                      int64_t tr0, int kl, int R)
{
  typedef typename Ar<U>::S S;
  typedef typename Ar<U>::M M;
  const int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
  int r;
  for (r = 0; r < R; r++) {
    S s = tin;
    M m = Ar<U>::mzero();
#pragma unroll
    for (int k = 0; k < C; k++)
      if (tr0 + k < n) Ar<U>::stepm(&s, &m, rw.a(k), rw.b(k), rw.c(k - 1), rw.z(k), NM);
    if (lane == 31) {
      ex->edge[wid] = s;
      ex->edgem[wid] = m;
    }
    if (tid == kl) {
      ex->last = s;
      ex->lastm = m;
    }
    S ps = shfl_up_state<U>(s);
    M pm = shfl_up_mag<U>(m);
    __syncthreads();
    if (lane == 0 && wid > 0) {
      ps = ex->edge[wid - 1];
      pm = ex->edgem[wid - 1];
    }
    int changed = 0;
    if (tid > 0 && tr0 < n && !Ar<U>::cons(ps, pm, tin, KERR)) {
      tin = ps;
      changed = 1;
    }
    if (!__syncthreads_or(changed)) break; /* also orders the reads before the next writes */
  }
  return r;
}

/* dynamic shared memory of the forward kernel: dl, d, du, z of SROWS rows */
template <typename T> constexpr size_t fwd_smem() { return 4 * (size_t)kSpad<T> * sizeof(T); }

/* Forward: factor, L and B solves; y, g and start bits out (workspace). z is only
   read (its rows are other tiles' warm-up rows). Launch bounds: minb<T>() blocks an
   SM (above: double 2, float 1). With 128 x 16 tiles the float kernel needed 2:
   without it ptxas kept it at 80 registers with spills, 90 with. */
template <typename T, int NM>
__device__ __forceinline__ void
pdp_forward_tile(int64_t n, const T *__restrict__ dl, const T *__restrict__ dd,
                 const T *__restrict__ du, const T *__restrict__ z, T *__restrict__ y,
                 T *__restrict__ g, unsigned *__restrict__ bits,
                 const Msg<typename Compute<T>::U> &msg, unsigned long long *info,
                 unsigned long long key_base, int spec_on, int forget_on, int64_t tile)
{
  typedef typename Compute<T>::U U;
  typedef typename Ar<U>::S S;
  typedef typename Ar<U>::G G;
  typedef typename Ar<U>::M M;
  constexpr int THREADS = kThreads<T>, NWARPS = kWarps<T>, TILE = kTile<T>, TW = kTW<T>;
  constexpr int SROWS = kSrows<T>, SPAD = kSpad<T>, REDO_ROUNDS = kRedoRounds<T>;
  extern __shared__ __align__(16) unsigned char smem[];
  T *sA = reinterpret_cast<T *>(smem), *sB = sA + SPAD, *sC = sB + SPAD, *sZ = sC + SPAD;
  __shared__ G sWarp[NWARPS];
  __shared__ S sIn, sE;
  __shared__ Exits<U> sEx;
  __shared__ unsigned sMap[NWARPS], sFsmIn, sBits[TW];
  __shared__ int sSpec, sMode;
  const int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5;
  const int64_t r0 = tile * TILE;
  PDP_CLK_START();

  /* stage rows r0-OFF .. r0+TILE+1; zero outside */
  for (int j = tid; j < SROWS; j += THREADS) {
    const int64_t i = r0 - OFF + j;
    sA[sp(j)] = (i >= 1 && i < n) ? dl[i] : T(0);
    sB[sp(j)] = (i >= 0 && i < n) ? dd[i] : T(0);
    sC[sp(j)] = (i >= 0 && i < n - 1) ? du[i] : T(0);
    sZ[sp(j)] = (i >= 0 && i < n) ? z[i] : T(0);
  }
  for (int w = tid; w < TW; w += THREADS) sBits[w] = 0u;
  __syncthreads();
  PDP_CLK(1);
  const Rows<T> rw = {sA, sB, sC, sZ, (C + 1) * tid};
  const int64_t tr0 = r0 + (int64_t)tid * C; /* this thread's first row */
  const int kl = (int)((n - 1 - r0) / C < THREADS - 1 ? (n - 1 - r0) / C : THREADS - 1);

  /* 1. the aggregate of this thread's rows shifted up by WARM, inclusive scans over
     the warp and the block (the tile's: rows r0-WARM .. r0+TILE-WARM-1) */
  G agg = Ar<U>::id();
#pragma unroll
  for (int k = 0; k < C; k++) {
    const int64_t i = tr0 - WARM + k;
    const int r = k - WARM; /* relative to the thread's first row */
    if (i >= 0 && i < n) Ar<U>::row(&agg, rw.a(r), rw.b(r), rw.c(r - 1), rw.z(r), NM);
  }
  G inc = agg;
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    G o = shfl_up_agg<U>(inc, d);
    if (lane >= d) inc = Ar<U>::comp(inc, o, NM);
  }
  G lexc = shfl_up_agg<U>(inc, 1);
  if (lane == 0) lexc = Ar<U>::id();
  if (lane == 31) sWarp[wid] = inc;
  __syncthreads();
  if (wid == 0) {
    G wv = lane < NWARPS ? sWarp[lane] : Ar<U>::id();
#pragma unroll
    for (int d = 1; d < NWARPS; d <<= 1) {
      G o = shfl_up_agg<U>(wv, d);
      if (lane >= d) wv = Ar<U>::comp(wv, o, NM);
    }
    __syncwarp();
    if (lane < NWARPS) sWarp[lane] = wv; /* now inclusive over warps */
  }
  __syncthreads();
  PDP_CLK(2);

  /* 2. product look-back (warp 0): the state before row r0-WARM. Lane 0 applies
     the aggregates of the tiles after the nearest INC one at a time, in row order
     (determinism); the lanes fetch them 32 at a time, each after acquiring that
     tile's flag itself, and hand them over by shuffles. */
  if (wid == 0) {
    const G tagg = sWarp[NWARPS - 1];
    S s = Ar<U>::init();
    /* a tile whose aggregate forgets its entering state posts INC at once: its
       aggregate applied to the initial state (header: the product look-back) */
    const bool forgets = forget_on && tile > 0 && Ar<U>::forgets(tagg) != 0;
    if (tile > 0) {
      if (lane == 0) {
        msg.fagg[tile] = tagg;
        if (forgets) {
          msg.finc[tile] = tile_apply<U, NM>(tagg, Ar<U>::init());
          atomicAdd(&g_forgot, 1ull);
        }
        post_flag(&msg.fflag[tile], forgets ? F_INC : F_AGG);
      }
      const int64_t jinc = find_inc(msg.fflag, tile - 1, -1, F_INC, tile);
      if (lane == 0) {
        wait_flag(&msg.fflag[jinc]);
        s = msg.finc[jinc];
      }
      for (int64_t base = jinc + 1; base < tile; base += 32) {
        const int64_t j = base + lane;
        G a = Ar<U>::id();
        if (j < tile) {
          wait_flag(&msg.fflag[j]);
          a = msg.fagg[j];
        }
        const int cnt = tile - base < 32 ? (int)(tile - base) : 32;
#pragma unroll
        for (int l = 0; l < 32; l++) { /* the shuffles do not wait for s */
          const G al = shfl_agg<U>(a, l);
          if (lane == 0 && l < cnt) s = tile_apply<U, NM>(al, s);
        }
      }
    }
    if (lane == 0) {
      sIn = s;
      if (!forgets) {
        msg.finc[tile] = tile_apply<U, NM>(tagg, s);
        post_flag(&msg.fflag[tile], F_INC);
      }
    }
  }
  __syncthreads();
  PDP_CLK(3);

  /* 3. the thread's provisional start: the product state, then WARM rows run */
  S tin = sIn;
  if (wid > 0) tin = Ar<U>::apply(sWarp[wid - 1], tin, NM);
  tin = Ar<U>::apply(lexc, tin, NM);
#pragma unroll
  for (int k = 0; k < WARM; k++) {
    const int64_t i = tr0 - WARM + k;
    const int r = k - WARM; /* relative to the thread's first row */
    if (i >= 0 && i < n) Ar<U>::step(&tin, rw.a(r), rw.b(r), rw.c(r - 1), rw.z(r), NM);
  }

  /* 4. the checked splice inside the tile, then against the exact exit of the
     tile above (header: the exact-exit channel and the speculative redo). */
  const int rounds = settle<T, U, NM>(tin, &sEx, rw, n, tr0, kl, ROUNDS);
  const int settled = rounds < ROUNDS;
  PDP_CLK(4);
  const S tprov = tin; /* the provisional starts: every decision below is taken on them */
  S P = Ar<U>::init();
  M mP = Ar<U>::mzero();
  int ok = 0;
  if (tid == 0) { /* posts PROV, checks against the PROV of the tile above */
    P = sEx.last;
    mP = sEx.lastm;
    msg.xp[tile] = P;
    msg.xpm[tile] = mP;
    post_flag(&msg.xflag[tile], XF_PROV);
    sSpec = 0;
    if (tile > 0) {
      wait_flag(&msg.xflag[tile - 1], XF_PROV);
      const S Pa = msg.xp[tile - 1];
      ok = settled && Ar<U>::cons(Pa, msg.xpm[tile - 1], tin, KEDGE);
      sSpec = spec_on && !ok;
      sE = Pa;
    }
  }
  __syncthreads();
  PDP_CLK(5);
  const int spec = sSpec;
  if (spec) { /* the redo from P of the tile above, before E is known */
    if (tid == 0) tin = sE;
    settle<T, U, NM>(tin, &sEx, rw, n, tr0, kl, REDO_ROUNDS);
  }
  PDP_CLK(6);
  const S tspec = tin;
  if (wid == 0) { /* lane 0 decides; the walk back is warp-wide */
    int keep = 0, same = 0;
    S E = Ar<U>::init();
    if (lane == 0 && tile > 0) {
      /* OK: "E_{t-1} = P_{t-1} makes E_t = P_t": the start agrees with P_{t-1}, or
         the redo from P_{t-1} ends at P_t bit for bit */
      same = spec && same_exit<U>(sEx.last, sEx.lastm, P, mP);
      post_flag(&msg.xflag[tile], ok || same ? XF_OK : XF_BAD);
    }
    ok = __shfl_sync(0xffffffffu, ok, 0);
    same = __shfl_sync(0xffffffffu, same, 0);
    int exact = 0;
    if (tile == 0) {
      keep = settled; /* its start is the exact initial state */
    } else if (ok || same) {
      /* is E_{t-1} = P_{t-1} known? Up over OK tiles to the first that is not;
         FIN_EQ there: yes. BAD or FIN_NE at j: then down again, tile by tile, to
         the first FIN_EQ below j (the OK tiles after it kept their PROV exits), so
         that one redone tile does not make every later tile wait in a chain */
      for (int64_t hi = tile - 1;; hi -= 32) { /* tile 0 never posts OK */
        const int64_t j = hi - lane;
        const unsigned v = j >= 0 ? wait_flag(&msg.xflag[j], XF_OK) : XF_OK;
        const unsigned m = __ballot_sync(0xffffffffu, j >= 0 && v != XF_OK);
        if (m) {
          const int l = __ffs(m) - 1;
          exact = __shfl_sync(0xffffffffu, v, l) == XF_FIN_EQ;
          if (lane == 0)
            for (int64_t k = hi - l + 1; !exact && k < tile; k++)
              exact = wait_flag(&msg.xflag[k], XF_FIN_EQ) == XF_FIN_EQ;
          break;
        }
      }
    }
    if (lane == 0) {
      if (exact) { /* E_{t-1} is P_{t-1} bitwise */
        keep = ok; /* ok was the check against it; else same: the redo from it ends at P */
      } else if (tile > 0) {
        wait_flag(&msg.xflag[tile - 1], XF_FIN_EQ);
        E = msg.xe[tile - 1];
        keep = settled && Ar<U>::cons(E, msg.xem[tile - 1], tprov, KEDGE);
      }
      sE = E;
      if (keep) {
        sMode = MODE_KEEP;
        msg.xe[tile] = P;
        msg.xem[tile] = mP;
        post_flag(&msg.xflag[tile], XF_FIN_EQ);
      } else if (spec && (exact || same_state<U>(E, msg.xp[tile - 1]))) {
        sMode = MODE_SPEC; /* the speculative redo started from E itself */
        msg.xe[tile] = sEx.last;
        msg.xem[tile] = sEx.lastm;
        post_flag(&msg.xflag[tile], same ? XF_FIN_EQ : XF_FIN_NE);
      } else {
        sMode = MODE_REDO;
      }
    }
  }
  __syncthreads();
  PDP_CLK(7);
  const int mode = sMode;
  if (tid == 0) atomicAdd(&g_modes[mode], 1ull);
  tin = mode == MODE_SPEC ? tspec : tprov;
  if (mode == MODE_REDO) { /* the fallback: from the exact exit above, rounds until settled */
    if (tid == 0) tin = sE;
    settle<T, U, NM>(tin, &sEx, rw, n, tr0, kl, REDO_ROUNDS);
    if (tid == 0) {
      msg.xe[tile] = sEx.last;
      msg.xem[tile] = sEx.lastm;
      post_flag(&msg.xflag[tile],
                same_exit<U>(sEx.last, sEx.lastm, P, mP) ? XF_FIN_EQ : XF_FIN_NE);
    }
  }
  PDP_CLK(8);

  /* 5. pivot choices (eq. 4.6) from the final starts; pivot-structure scans and
     look-back */
  unsigned ones = 0u, map = GTSV_PDP_FSM_ID;
  {
    S s = tin;
#pragma unroll
    for (int k = 0; k < C; k++) {
      const int64_t i = tr0 + k;
      if (i < n) {
        Ar<U>::step(&s, rw.a(k), rw.b(k), rw.c(k - 1), rw.z(k), NM);
        const int one = i == n - 1 || Ar<U>::one(s.t0, s.t1, rw.c(k), rw.a(k + 1), rw.b(k + 1),
                                                 rw.c(k + 1), rw.a(k + 2));
        ones |= (unsigned)one << k;
        map = gtsv_pdp_fsm_compose(gtsv_pdp_fsm_row(one), map);
      }
    }
  }
  unsigned minc = map;
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    unsigned o = __shfl_up_sync(0xffffffffu, minc, d);
    if (lane >= d) minc = gtsv_pdp_fsm_compose(minc, o);
  }
  unsigned mexc = __shfl_up_sync(0xffffffffu, minc, 1);
  if (lane == 0) mexc = GTSV_PDP_FSM_ID;
  if (lane == 31) sMap[wid] = minc;
  __syncthreads();
  PDP_CLK(15); /* the pivot choices and the block's map scans done */
  if (wid == 0) { /* warp 0: the maps of the tiles after the nearest INC, 32 at a time */
    if (lane == 0)
      for (int w = 1; w < NWARPS; w++) sMap[w] = gtsv_pdp_fsm_compose(sMap[w], sMap[w - 1]);
    __syncwarp();
    const unsigned tmap = sMap[NWARPS - 1];
    unsigned s = 1u;
    if (tile > 0) {
      if (lane == 0) post_flag(&msg.sflag[tile], S_AGG | tmap);
      const int64_t jinc = find_inc(msg.sflag, tile - 1, -1, S_INC, tile);
      s = wait_flag(&msg.sflag[jinc]) & 1u; /* the pivot-structure state after it */
      for (int64_t base = jinc + 1; base < tile; base += 32) {
        const int64_t j = base + lane;
        const unsigned v = j < tile ? wait_flag(&msg.sflag[j]) : GTSV_PDP_FSM_ID;
        const int cnt = tile - base < 32 ? (int)(tile - base) : 32;
        for (int l = 0; l < cnt; l++) { /* a tile may have posted INC since: its state */
          const unsigned vl = __shfl_sync(0xffffffffu, v, l);
          s = (vl & S_INC) ? (vl & 1u) : gtsv_pdp_fsm_apply(vl & 3u, s);
        }
      }
    }
    if (lane == 0) {
      sFsmIn = s;
      post_flag(&msg.sflag[tile], S_INC | gtsv_pdp_fsm_apply(tmap, s));
    }
  }
  __syncthreads();
  PDP_CLK(9);

  /* 6. outputs: the rows a last time from the final starts, y and g kept in
     registers, then through shared memory (sA, sB are free by then) to global
     memory in whole rows of the tile (coalesced) */
  U yv[C], gv[C]; /* rounded to T on the way out */
  {
    unsigned st = sFsmIn;
    if (wid > 0) st = gtsv_pdp_fsm_apply(sMap[wid - 1], st);
    st = gtsv_pdp_fsm_apply(mexc, st);
    S s = tin;
#pragma unroll
    for (int k = 0; k < C; k++) {
      const int64_t i = tr0 + k;
      yv[k] = U(0);
      gv[k] = U(0);
      if (i < n) {
        const int one = (ones >> k) & 1u;
        U piv;
        Ar<U>::step(&s, rw.a(k), rw.b(k), rw.c(k - 1), rw.z(k), NM);
        Ar<U>::out(s, st && !one, rw.z(k + 1), rw.c(k), rw.a(k + 1), rw.b(k + 1), rw.c(k + 1),
                   &yv[k], &gv[k], &piv);
        if (st && Ar<U>::bad(piv)) gtsv__report_singular(info, key_base + (unsigned long long)i);
        if (st) atomicOr(&sBits[(tid * C + k) >> 5], 1u << ((tid * C + k) & 31));
        st = (!st) || one;
      }
    }
  }
  __syncthreads();
  PDP_CLK(10);
#pragma unroll
  for (int k = 0; k < C; k++) {
    sA[rw.tb + k] = T(yv[k]); /* sp(C tid + k), k < C */
    sB[rw.tb + k] = T(gv[k]);
  }
  __syncthreads();
  for (int k = tid; k < TILE; k += THREADS)
    if (r0 + k < n) {
      y[r0 + k] = sA[sp(k)];
      g[r0 + k] = sB[sp(k)];
    }
  for (int w = tid; w < TW; w += THREADS) bits[tile * TW + w] = sBits[w];
  PDP_CLK_END(mode, spec, rounds);
}

/* The forward kernel: a tile a block, in ticket order (msg.tickets[0]); with LOOP (behind
   the sweep), tiles in ticket order until there are none left, so that a grid of as many
   blocks as are resident at once does them all: a gated launch whose gate stays shut then
   costs a few microseconds, not waves of empty blocks. A block waits only on tiles with
   earlier tickets, which running blocks hold. (The loop is a template argument, not in
   every launch: it costs the backward kernel 22 registers, 86 instead of 64, a block an SM
   less; without LOOP both kernels compile as before to the register.) */
template <typename T, int NM, bool LOOP>
__global__ void __launch_bounds__(kThreads<T>, minb<T>())
pdp_forward_kernel(int64_t n, const T *__restrict__ dl, const T *__restrict__ dd,
                   const T *__restrict__ du, const T *__restrict__ z, T *__restrict__ y,
                   T *__restrict__ g, unsigned *__restrict__ bits, Msg<typename Compute<T>::U> msg,
                   unsigned long long *info, unsigned long long key_base, int spec_on,
                   int forget_on, const unsigned *gate)
{
  /* behind the warm-up sweep (pdp_sweep.cu): only where it raised its fallback flag */
  if (gate != nullptr) {
    if (*(const volatile unsigned *)gate == 0u) return;
    if (blockIdx.x == 0 && threadIdx.x == 0) atomicAdd(&g_sweep_fell, 1ull);
  }
  __shared__ unsigned sTile;
  const int64_t ntiles = (n + kTile<T> - 1) / kTile<T>;
  do {
    if (threadIdx.x == 0) sTile = atomicAdd(&msg.tickets[0], 1u);
    __syncthreads();
    const int64_t tile = sTile;
    if (LOOP && tile >= ntiles) return;
    pdp_forward_tile<T, NM>(n, dl, dd, du, z, y, g, bits, msg, info, key_base, spec_on,
                            forget_on, tile);
    if (LOOP) __syncthreads(); /* every thread has read sTile, is done with shared memory */
  } while (LOOP);
}

/* dynamic shared memory of the backward kernel: y and g of a tile (dynamic: float's
   4096-row tile needs 68 KB, above the 48 KiB of static shared memory) */
template <typename T> constexpr int kBpad = sp(kTile<T> - 1) + 1;
template <typename T> constexpr size_t bwd_smem() { return 2 * (size_t)kBpad<T> * sizeof(T); }

/* Backward: x_i = y_i - g_i q, q = x of the next block start below; y and g
   through shared memory (coalesced), x back the same way. */
template <typename T>
__device__ __forceinline__ void
pdp_backward_tile(int64_t n, const T *__restrict__ yg, const T *__restrict__ g,
                  const unsigned *__restrict__ bits, T *__restrict__ z,
                  const Msg<typename Compute<T>::U> &msg, int64_t ntiles, int64_t tile)
{
  typedef typename Compute<T>::U U;
  typedef typename Ar<U>::F F;
  constexpr int THREADS = kThreads<T>, NWARPS = kWarps<T>, TILE = kTile<T>;
  extern __shared__ __align__(16) unsigned char smem[];
  T *const sY = reinterpret_cast<T *>(smem), *const sG = sY + kBpad<T>;
  __shared__ F sWarp[NWARPS];
  __shared__ U sQ;
  const int tid = threadIdx.x, lane = tid & 31, wid = tid >> 5, tb = (C + 1) * tid;
  const int64_t r0 = tile * TILE;
  for (int k = tid; k < TILE; k += THREADS) {
    sY[sp(k)] = r0 + k < n ? yg[r0 + k] : T(0);
    sG[sp(k)] = r0 + k < n ? g[r0 + k] : T(0);
  }
  __syncthreads();

  U y[C], gg[C];
  unsigned st = 0u;
  F f = Ar<U>::fid();
#pragma unroll
  for (int k = C - 1; k >= 0; k--) {
    const int64_t i = r0 + tid * C + k;
    y[k] = sY[tb + k]; /* sp(C tid + k), k < C */
    gg[k] = sG[tb + k];
    if (i < n) {
      const unsigned b = (bits[i >> 5] >> (i & 31)) & 1u;
      st |= b << k;
      f = Ar<U>::fcomp(Ar<U>::frow((int)b, y[k], gg[k]), f);
    }
  }
  /* suffix scans: the rows below come first */
  F inc = f;
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    F o;
    o.m = __shfl_down_sync(0xffffffffu, inc.m, d);
    o.c = __shfl_down_sync(0xffffffffu, inc.c, d);
    if (lane + d < 32) inc = Ar<U>::fcomp(inc, o);
  }
  F lexc;
  lexc.m = __shfl_down_sync(0xffffffffu, inc.m, 1);
  lexc.c = __shfl_down_sync(0xffffffffu, inc.c, 1);
  if (lane == 31) lexc = Ar<U>::fid();
  if (lane == 0) sWarp[wid] = inc;
  __syncthreads();
  if (wid == 0) { /* warp 0, as the forward product look-back, tiles from below */
    if (lane == 0)
      for (int w = NWARPS - 2; w >= 0; w--) sWarp[w] = Ar<U>::fcomp(sWarp[w], sWarp[w + 1]);
    __syncwarp();
    const F tagg = sWarp[0];
    U q = U(0);
    if (tile < ntiles - 1) {
      if (lane == 0) {
        msg.bagg[tile] = tagg;
        post_flag(&msg.bflag[tile], F_AGG);
      }
      const int64_t jinc = find_inc(msg.bflag, tile + 1, 1, F_INC, ntiles);
      if (lane == 0) {
        wait_flag(&msg.bflag[jinc]);
        q = msg.binc[jinc];
      }
      for (int64_t base = jinc - 1; base > tile; base -= 32) {
        const int64_t j = base - lane;
        F a = Ar<U>::fid();
        if (j > tile) {
          wait_flag(&msg.bflag[j]);
          a = msg.bagg[j];
        }
        const int cnt = base - tile < 32 ? (int)(base - tile) : 32;
#pragma unroll
        for (int l = 0; l < 32; l++) { /* the shuffles do not wait for q */
          F al;
          al.m = __shfl_sync(0xffffffffu, a.m, l);
          al.c = __shfl_sync(0xffffffffu, a.c, l);
          if (lane == 0 && l < cnt) q = tile_fapply<U>(al, q);
        }
      }
    }
    if (lane == 0) {
      sQ = q;
      msg.binc[tile] = tile_fapply<U>(tagg, q);
      post_flag(&msg.bflag[tile], F_INC);
    }
  }
  __syncthreads();
  U q = sQ;
  if (wid < NWARPS - 1) q = Ar<U>::fapply(sWarp[wid + 1], q);
  q = Ar<U>::fapply(lexc, q);
#pragma unroll
  for (int k = C - 1; k >= 0; k--) {
    const U x = y[k] - gg[k] * q;
    if ((st >> k) & 1u) q = x;
    sY[tb + k] = T(x); /* only this thread's rows: no barrier needed before */
  }
  __syncthreads();
  for (int k = tid; k < TILE; k += THREADS)
    if (r0 + k < n) z[r0 + k] = sY[sp(k)];
}

/* The backward kernel: tiles from the last up in ticket order (msg.tickets[1]), a tile a
   block or, with LOOP, as the forward kernel's loop. */
template <typename T, bool LOOP>
__global__ void __launch_bounds__(kThreads<T>)
pdp_backward_kernel(int64_t n, const T *__restrict__ yg, const T *__restrict__ g,
                    const unsigned *__restrict__ bits, T *__restrict__ z,
                    Msg<typename Compute<T>::U> msg,
                    int64_t ntiles, const unsigned *gate)
{
  /* behind the warm-down sweep (pdp_sweep.cu): only where it raised its fallback flag */
  if (gate != nullptr) {
    if (*(const volatile unsigned *)gate == 0u) return;
    if (blockIdx.x == 0 && threadIdx.x == 0) atomicAdd(&g_sweep_bfell, 1ull);
  }
  __shared__ unsigned sTile;
  do {
    if (threadIdx.x == 0) sTile = atomicAdd(&msg.tickets[1], 1u);
    __syncthreads();
    const int64_t t = sTile;
    if (LOOP && t >= ntiles) return;
    pdp_backward_tile<T>(n, yg, g, bits, z, msg, ntiles, ntiles - 1 - t);
    if (LOOP) __syncthreads(); /* every thread has read sTile, is done with shared memory */
  } while (LOOP);
}

/* Workspace layout: one function for the size and the solver. */
struct Layout {
  size_t g, y, bits, words, fagg, finc, bagg, binc, xp, xpm, xe, xem, rec, bytes;
  int64_t ntiles;
};
constexpr int NWORDS_PER_TILE = 4; /* fflag, sflag, bflag, xflag */
/* message words of a column: two tickets, NWORDS_PER_TILE a tile, the sweep's flags */
constexpr size_t nwords(size_t nt)
{
  return 2 + NWORDS_PER_TILE * nt + gtsv_pdp_sweep::kFlagWords;
}
template <typename T> Layout pdp_layout(int64_t n)
{
  typedef typename Compute<T>::U U;
  typedef typename Ar<U>::S S;
  typedef typename Ar<U>::M M;
  Layout L;
  L.ntiles = (n + kTile<T> - 1) / kTile<T>;
  const size_t nt = (size_t)L.ntiles;
  L.g = 0;
  L.y = gtsv__align(L.g + (size_t)n * sizeof(T));
  L.bits = gtsv__align(L.y + (size_t)n * sizeof(T));
  L.words = gtsv__align(L.bits + nt * kTW<T> * sizeof(unsigned));
  L.fagg = gtsv__align(L.words + nwords(nt) * sizeof(unsigned));
  L.finc = gtsv__align(L.fagg + nt * sizeof(typename Ar<U>::G));
  L.bagg = gtsv__align(L.finc + nt * sizeof(S));
  L.binc = gtsv__align(L.bagg + nt * sizeof(typename Ar<U>::F));
  L.xp = gtsv__align(L.binc + nt * sizeof(U));
  L.xpm = gtsv__align(L.xp + nt * sizeof(S));
  L.xe = gtsv__align(L.xpm + nt * sizeof(M));
  L.xem = gtsv__align(L.xe + nt * sizeof(S));
  L.rec = gtsv__align(L.xem + nt * sizeof(M));
  L.bytes = gtsv__align(L.rec + gtsv_pdp_sweep::record_bytes(n, sizeof(T)));
  return L;
}

/* The grid of a tile kernel: a tile a block, or with LOOP (behind the sweeps) as many
   blocks as are resident, the kernel's loop taking the tiles, so that its launch costs
   little where the gate stays shut (session 40, call 3, against the full grid: double
   random 2^23 0.4315 against 0.4464 ms, 2^25 1.4986 against 1.5733). */
template <auto kernel, bool LOOP>
unsigned tile_grid(unsigned nt, int threads, int smem, bool max_shared)
{
  if (!LOOP) return nt;
  const int res = gtsv_cuda::resident_blocks<kernel>(threads, smem, max_shared);
  return res > 0 && (unsigned)res < nt ? (unsigned)res : nt;
}

template <typename T, int NM>
gtsv_status launch_forward(cudaStream_t stream, unsigned nt, int64_t n, const T *dl, const T *d,
                           const T *du, const T *z, T *y, T *g, unsigned *bits,
                           const Msg<typename Compute<T>::U> &m,
                           unsigned long long *info, unsigned long long key_base,
                           const unsigned *gate)
{
  /* gtsv__pdp_spec, or GTSV_PDP_SPEC=0/1 where set (pdp_opts.h) */
  static const int env = gtsv_pdp_sweep::env_int("GTSV_PDP_SPEC", -1);
  const int spec_on = env == 0 || env == 1 ? env : gtsv__pdp_spec != 0;
  /* gtsv__pdp_forget, or GTSV_PDP_FORGET=0/1 where set (pdp_opts.h) */
  static const int envf = gtsv_pdp_sweep::env_int("GTSV_PDP_FORGET", -1);
  const int forget_on = envf == 0 || envf == 1 ? envf : gtsv__pdp_forget != 0;
  auto go = [&](auto loop) -> gtsv_status {
    constexpr bool LOOP = decltype(loop)::value;
    /* above 48 KiB of dynamic shared memory (double) the kernel must opt in */
    GTSV_CUDA_TRY(cudaFuncSetAttribute(pdp_forward_kernel<T, NM, LOOP>,
                                       cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       (int)fwd_smem<T>()));
    /* all of the SM's unified memory as shared memory, so that minb<T>() blocks fit */
    GTSV_CUDA_TRY(cudaFuncSetAttribute(pdp_forward_kernel<T, NM, LOOP>,
                                       cudaFuncAttributePreferredSharedMemoryCarveout,
                                       cudaSharedmemCarveoutMaxShared));
    const unsigned grid = tile_grid<pdp_forward_kernel<T, NM, LOOP>, LOOP>(
        nt, kThreads<T>, (int)fwd_smem<T>(), true);
    pdp_forward_kernel<T, NM, LOOP><<<grid, kThreads<T>, fwd_smem<T>(), stream>>>(
        n, dl, d, du, z, y, g, bits, m, info, key_base, spec_on, forget_on, gate);
    GTSV_CUDA_TRY(cudaGetLastError());
    return GTSV_STATUS_SUCCESS;
  };
  return gate != nullptr ? go(std::true_type()) : go(std::false_type());
}

/* The backward kernel, its loop form behind the warm-down sweep (gate). */
template <typename T>
gtsv_status launch_backward(cudaStream_t stream, unsigned nt, int64_t n, const T *y,
                            const T *g, const unsigned *bits, T *z,
                            const Msg<typename Compute<T>::U> &m, int64_t ntiles,
                            const unsigned *gate)
{
  auto go = [&](auto loop) -> gtsv_status {
    constexpr bool LOOP = decltype(loop)::value;
    if (bwd_smem<T>() > 48 * 1024)
      GTSV_CUDA_TRY(cudaFuncSetAttribute(pdp_backward_kernel<T, LOOP>,
                                         cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         (int)bwd_smem<T>()));
    const unsigned grid = tile_grid<pdp_backward_kernel<T, LOOP>, LOOP>(
        nt, kThreads<T>, (int)bwd_smem<T>(), false);
    pdp_backward_kernel<T, LOOP><<<grid, kThreads<T>, bwd_smem<T>(), stream>>>(
        n, y, g, bits, z, m, ntiles, gate);
    GTSV_CUDA_TRY(cudaGetLastError());
    return GTSV_STATUS_SUCCESS;
  };
  return gate != nullptr ? go(std::true_type()) : go(std::false_type());
}

#ifdef GTSV_PDP_CLOCKS
/* The phase clocks' summary (a diagnostic build only, see g_pdp_clk): every K-th launch
   (GTSV_PDP_CLK=K, default 0 = never) synchronises, reads the stamps and prints, per
   phase, the mean / median / 90th percentile / max cycles over the tiles, the kernels'
   times (events), the tiles' mean residence and how many were resident at once. */
int cmp_ll(const void *a, const void *b)
{
  const long long x = *(const long long *)a, y = *(const long long *)b;
  return x < y ? -1 : x > y;
}
void pdp_clk_report(cudaStream_t stream, cudaEvent_t e0, cudaEvent_t e1, cudaEvent_t e2,
                    int64_t n, int64_t ntiles, size_t elt)
{
  static const char *names[] = {"", "stage", "scans", "product look-back", "warm-up + rounds",
                                "PROV wait", "spec redo", "exact-exit decision", "redo",
                                "pivot-structure look-back", "outputs", "writes"};
  const int nt = (int)(ntiles < CLK_TILES ? ntiles : CLK_TILES);
  float f = 0, b = 0;
  cudaStreamSynchronize(stream);
  cudaEventElapsedTime(&f, e0, e1);
  cudaEventElapsedTime(&b, e1, e2);
  long long(*c)[CLK_N] = (long long(*)[CLK_N])malloc(sizeof(long long) * CLK_N * (size_t)nt);
  long long *v = (long long *)malloc(sizeof(long long) * (size_t)nt);
  cudaMemcpyFromSymbol(c, g_pdp_clk, sizeof(long long) * CLK_N * (size_t)nt);
  long long g0 = c[0][12], g1 = c[0][13], res = 0;
  int modes[3] = {0, 0, 0}, spec = 0, rh[10] = {0};
  for (int t = 0; t < nt; t++) {
    g0 = c[t][12] < g0 ? c[t][12] : g0;
    g1 = c[t][13] > g1 ? c[t][13] : g1;
    res += c[t][13] - c[t][12];
    const unsigned w = (unsigned)c[t][14];
    modes[(w >> 8) & 3]++;
    spec += (w >> 12) & 1;
    rh[((w >> 16) & 0xffff) < 9 ? (w >> 16) & 0xffff : 9]++;
  }
  printf("pdp_clk n=%lld %s tiles=%d forward %.4f ms backward %.4f ms | tiles' span %.1f us, "
         "mean residence %.2f us, resident at once %.1f | keep %d spec %d redo %d "
         "(speculated %d) | rounds 0..8,9+: %d %d %d %d %d %d %d %d %d %d\n",
         (long long)n, elt == 8 ? "double" : "float", nt, f, b, (g1 - g0) * 1e-3,
         res * 1e-3 / nt, (double)res / (double)(g1 - g0), modes[0], modes[1], modes[2], spec,
         rh[0], rh[1], rh[2], rh[3], rh[4], rh[5], rh[6], rh[7], rh[8], rh[9]);
  for (int k = 1; k <= 11; k++) {
    double mean = 0;
    for (int t = 0; t < nt; t++) {
      v[t] = c[t][k] - c[t][k - 1];
      mean += (double)v[t];
    }
    qsort(v, (size_t)nt, sizeof *v, cmp_ll);
    printf("pdp_clk   %2d %-26s mean %9.0f  p50 %9lld  p90 %9lld  max %9lld cycles\n", k,
           names[k], mean / nt, v[nt / 2], v[(nt * 9) / 10], v[nt - 1]);
  }
  for (int k = 0; k < 2; k++) { /* phase 9 in two: up to stamp 15, and after it */
    double mean = 0;
    for (int t = 0; t < nt; t++) {
      v[t] = k == 0 ? c[t][15] - c[t][8] : c[t][9] - c[t][15];
      mean += (double)v[t];
    }
    qsort(v, (size_t)nt, sizeof *v, cmp_ll);
    printf("pdp_clk   9%c %-26s mean %9.0f  p50 %9lld  p90 %9lld  max %9lld cycles\n",
           k == 0 ? 'a' : 'b', k == 0 ? "pivot choices, map scans" : "its look-back", mean / nt,
           v[nt / 2], v[(nt * 9) / 10], v[nt - 1]);
  }
  {
    double mean = 0;
    for (int t = 0; t < nt; t++) {
      v[t] = c[t][11] - c[t][0];
      mean += (double)v[t];
    }
    qsort(v, (size_t)nt, sizeof *v, cmp_ll);
    printf("pdp_clk      %-26s mean %9.0f  p50 %9lld  p90 %9lld  max %9lld cycles\n", "total",
           mean / nt, v[nt / 2], v[(nt * 9) / 10], v[nt - 1]);
  }
  free(v);
  free(c);
}
/* One solve's hooks: events around the two kernels and the report, every K-th solve */
struct PdpClk {
  int now;
  cudaEvent_t e[3];
  PdpClk()
  {
    static const int every = gtsv_pdp_sweep::env_int("GTSV_PDP_CLK", 0);
    static long long calls = 0;
    now = every > 0 && ++calls % every == 0;
    for (int k = 0; k < 3 && now; k++) cudaEventCreate(&e[k]);
  }
  ~PdpClk()
  {
    for (int k = 0; k < 3 && now; k++) cudaEventDestroy(e[k]);
  }
  void mark(int k, cudaStream_t s)
  {
    if (now) cudaEventRecord(e[k], s);
  }
  void report(cudaStream_t s, int64_t n, int64_t ntiles, size_t elt)
  {
    if (!now) return;
    cudaEventRecord(e[2], s);
    pdp_clk_report(s, e[0], e[1], e[2], n, ntiles, elt);
  }
};
#else
struct PdpClk { /* the shipped library: no hooks */
  void mark(int, cudaStream_t) {}
  void report(cudaStream_t, int64_t, int64_t, size_t) {}
};
#endif

/* Queue the solve of one system (nrhs columns) with key base key_base. */
template <typename T>
gtsv_status pdp_system(gtsv_handle h, int64_t n, int64_t nrhs, const T *dl, const T *d,
                       const T *du, T *B, int64_t ldb, unsigned long long key_base, int norm,
                       char *ws, const Layout &L)
{
  typedef typename Compute<T>::U U;
  cudaStream_t stream = gtsv__cuda_stream(h);
  Msg<U> m;
  unsigned *words = reinterpret_cast<unsigned *>(ws + L.words);
  const size_t nt = (size_t)L.ntiles;
  m.tickets = words;
  m.fflag = words + 2;
  m.sflag = words + 2 + nt;
  m.bflag = words + 2 + 2 * nt;
  m.xflag = words + 2 + 3 * nt;
  m.fagg = reinterpret_cast<typename Ar<U>::G *>(ws + L.fagg);
  m.finc = reinterpret_cast<typename Ar<U>::S *>(ws + L.finc);
  m.bagg = reinterpret_cast<typename Ar<U>::F *>(ws + L.bagg);
  m.binc = reinterpret_cast<U *>(ws + L.binc);
  m.xp = reinterpret_cast<typename Ar<U>::S *>(ws + L.xp);
  m.xpm = reinterpret_cast<typename Ar<U>::M *>(ws + L.xpm);
  m.xe = reinterpret_cast<typename Ar<U>::S *>(ws + L.xe);
  m.xem = reinterpret_cast<typename Ar<U>::M *>(ws + L.xem);
  T *g = reinterpret_cast<T *>(ws + L.g), *y = reinterpret_cast<T *>(ws + L.y);
  unsigned *bits = reinterpret_cast<unsigned *>(ws + L.bits);
  unsigned long long *info = gtsv__cuda_info(h);
  /* the warm-up sweep first (pdp_sweep.cu; gtsv__pdp_sweep, or GTSV_PDP_SWEEP=0/1/2 where
     set: never, from kSweepFrom rows, always), with the default normalisation only: the
     others are this kernel's variants */
  static const int envs = gtsv_pdp_sweep::env_int("GTSV_PDP_SWEEP", -1);
  const int mode = envs >= 0 && envs <= 2 ? envs : gtsv__pdp_sweep;
  const bool sweep = (mode == 2 || (mode == 1 && n >= gtsv_pdp_sweep::kSweepFrom)) &&
                     norm == GTSV_PDP_NORM_THRESHOLD;
  unsigned *const sflags = words + nwords(nt) - gtsv_pdp_sweep::kFlagWords;
  /* the backward pass by warm-down sweeps too (gtsv__pdp_sweep_bwd, or GTSV_PDP_SWEEP_BWD=
     0/1 where set; by default in both precisions). Against the scan kernel behind the same
     forward sweep, H200: session 39, double random 2^23 0.4643 against 0.4736 ms, 2^25 1.586
     against 1.751 (bench/results/gpu-pdp-sweep-h200-2026-11-28.md); float was slower then
     (2^23 0.4170 against 0.3688) and took the scan kernel until session 41, whose sweep
     (stage copies without bounds, K 32 in float, eight warps an SM) took float random 2^23
     0.2989 against 0.3017-0.3050, 2^24 0.4330-0.4394 against about 0.49, 2^25 0.7905-0.7923
     against 0.8780-0.8782 (gpu-pdp-lean-h200-2026-11-28.md) */
  static const int envb = gtsv_pdp_sweep::env_int("GTSV_PDP_SWEEP_BWD", -1);
  const int bmode = envb == 0 || envb == 1 ? envb : gtsv__pdp_sweep_bwd;
  const bool bsweep = sweep && bmode != 0;
  const unsigned *const gate = sweep ? sflags : nullptr;
  PdpClk clk; /* the phase clocks' hooks (empty unless built with GTSV_PDP_CLOCKS) */
  for (int64_t c = 0; c < nrhs; c++) {
    T *z = B + c * ldb;
    gtsv_status s;
    GTSV_CUDA_TRY(cudaMemsetAsync(words, 0, nwords(nt) * sizeof(unsigned), stream));
    /* every column writes its own g and start bits: the splice checks read w,
       so the pivots of two columns may differ where eq. 4.6 is a near tie */
    clk.mark(0, stream);
    if (sweep) {
      s = gtsv_pdp_sweep::forward<T>(stream, n, dl, d, du, z, y, g, bits, ws + L.rec, sflags);
      if (s != GTSV_STATUS_SUCCESS) return s;
    }
    if (norm == GTSV_PDP_NORM_EVERY)
      s = launch_forward<T, GTSV_PDP_NORM_EVERY>(stream, (unsigned)nt, n, dl, d, du, z, y, g,
                                                 bits, m, info, key_base, gate);
    else if (norm == GTSV_PDP_NORM_NONE)
      s = launch_forward<T, GTSV_PDP_NORM_NONE>(stream, (unsigned)nt, n, dl, d, du, z, y, g,
                                                bits, m, info, key_base, gate);
    else
      s = launch_forward<T, GTSV_PDP_NORM_THRESHOLD>(stream, (unsigned)nt, n, dl, d, du, z, y,
                                                     g, bits, m, info, key_base, gate);
    if (s != GTSV_STATUS_SUCCESS) return s;
    clk.mark(1, stream);
    if (bsweep) {
      s = gtsv_pdp_sweep::backward<T>(stream, n, y, g, bits, z, ws + L.rec, sflags);
      if (s != GTSV_STATUS_SUCCESS) return s;
    }
    s = launch_backward<T>(stream, (unsigned)nt, n, y, g, bits, z, m, L.ntiles,
                           bsweep ? sflags + 2 : nullptr);
    if (s != GTSV_STATUS_SUCCESS) return s;
    if (c == 0) clk.report(stream, n, L.ntiles, sizeof(T));
  }
  return GTSV_STATUS_SUCCESS;
}

/* tickets and tile numbers are 32-bit; grids up to 2^31-1 blocks */
template <typename T> constexpr int64_t kMaxN = (int64_t)0x7fffffff * kTile<T> / 2;

template <typename T>
gtsv_status pdp_gtsv(gtsv_handle h, int64_t n, int64_t nrhs, const T *dl, const T *d,
                     const T *du, T *B, int64_t ldb, int norm)
{
  void *ws = nullptr;
  if (n > kMaxN<T>) return GTSV_STATUS_NOT_SUPPORTED;
  const Layout L = pdp_layout<T>(n);
  gtsv_status s = gtsv__cuda_begin(h, n);
  if (s != GTSV_STATUS_SUCCESS) return s;
  s = gtsv__cuda_workspace(h, L.bytes, &ws);
  if (s != GTSV_STATUS_SUCCESS) return s;
  return pdp_system<T>(h, n, nrhs, dl, d, du, B, ldb, 0ull, norm, (char *)ws, L);
}

/* A strided batch as a loop of single-system solves (one workspace, stream
   order keeps them apart); singularity keyed by system. Meant for few long
   systems: many short ones belong to the batch solver (src/batch). */
template <typename T>
gtsv_status pdp_strided(gtsv_handle h, int64_t n, const T *dl, const T *d, const T *du,
                        T *x, int64_t batch, int64_t stride)
{
  void *ws = nullptr;
  if (n > kMaxN<T>) return GTSV_STATUS_NOT_SUPPORTED;
  const Layout L = pdp_layout<T>(n);
  gtsv_status s = gtsv__cuda_begin(h, n);
  if (s != GTSV_STATUS_SUCCESS) return s;
  s = gtsv__cuda_workspace(h, L.bytes, &ws);
  if (s != GTSV_STATUS_SUCCESS) return s;
  for (int64_t k = 0; k < batch; k++) {
    s = pdp_system<T>(h, n, 1, dl + k * stride, d + k * stride, du + k * stride,
                      x + k * stride, n, (unsigned long long)k * (unsigned long long)n,
                      GTSV_PDP_NORM_THRESHOLD, (char *)ws, L);
    if (s != GTSV_STATUS_SUCCESS) return s;
  }
  return GTSV_STATUS_SUCCESS;
}

} // namespace

int gtsv__pdp_spec = 1;
int gtsv__pdp_forget = 1;
int gtsv__pdp_sweep = 1;
int gtsv__pdp_sweep_bwd = -1;
int gtsv__pdp_sweep_shape[6] = {0, 0, 0, 0, 0, 0};

extern "C" gtsv_status gtsv__pdp_cuda_sweep_stats(unsigned long long counts[5])
{
  const unsigned long long zero = 0;
  const gtsv_status s = gtsv_pdp_sweep::stats(counts);
  if (s != GTSV_STATUS_SUCCESS) return s;
  GTSV_CUDA_TRY(cudaMemcpyFromSymbol(&counts[2], g_sweep_fell, sizeof zero));
  GTSV_CUDA_TRY(cudaMemcpyToSymbol(g_sweep_fell, &zero, sizeof zero));
  GTSV_CUDA_TRY(cudaMemcpyFromSymbol(&counts[4], g_sweep_bfell, sizeof zero));
  GTSV_CUDA_TRY(cudaMemcpyToSymbol(g_sweep_bfell, &zero, sizeof zero));
  return GTSV_STATUS_SUCCESS;
}

extern "C" void gtsv__pdp_cuda_shape(size_t elt, int *threads, int *rows)
{
  *threads = elt == sizeof(double) ? kThreads<double> : kThreads<float>;
  *rows = C;
}

extern "C" void gtsv__pdp_cuda_sweep_shapes(int64_t n, size_t elt, int out[6])
{
  if (elt == sizeof(double)) gtsv_pdp_sweep::shapes<double>(n, out);
  else gtsv_pdp_sweep::shapes<float>(n, out);
}

extern "C" gtsv_status gtsv__pdp_cuda_modes(unsigned long long modes[3])
{
  const unsigned long long zero[3] = {0, 0, 0};
  GTSV_CUDA_TRY(cudaDeviceSynchronize());
  GTSV_CUDA_TRY(cudaMemcpyFromSymbol(modes, g_modes, sizeof zero));
  GTSV_CUDA_TRY(cudaMemcpyToSymbol(g_modes, zero, sizeof zero));
  return GTSV_STATUS_SUCCESS;
}

extern "C" gtsv_status gtsv__pdp_cuda_forgot(unsigned long long *tiles)
{
  const unsigned long long zero = 0;
  GTSV_CUDA_TRY(cudaDeviceSynchronize());
  GTSV_CUDA_TRY(cudaMemcpyFromSymbol(tiles, g_forgot, sizeof zero));
  GTSV_CUDA_TRY(cudaMemcpyToSymbol(g_forgot, &zero, sizeof zero));
  return GTSV_STATUS_SUCCESS;
}

extern "C" gtsv_status gtsv__s_pdp_cuda(gtsv_handle h, int64_t n, int64_t nrhs,
                                        const float *dl, const float *d, const float *du,
                                        float *B, int64_t ldb)
{
  return pdp_gtsv<float>(h, n, nrhs, dl, d, du, B, ldb, GTSV_PDP_NORM_THRESHOLD);
}
extern "C" gtsv_status gtsv__d_pdp_cuda(gtsv_handle h, int64_t n, int64_t nrhs,
                                        const double *dl, const double *d,
                                        const double *du, double *B, int64_t ldb)
{
  return pdp_gtsv<double>(h, n, nrhs, dl, d, du, B, ldb, GTSV_PDP_NORM_THRESHOLD);
}
extern "C" gtsv_status gtsv__s_pdp_cuda_opts(gtsv_handle h, int64_t n, int64_t nrhs,
                                             const float *dl, const float *d,
                                             const float *du, float *B, int64_t ldb,
                                             int norm)
{
  return pdp_gtsv<float>(h, n, nrhs, dl, d, du, B, ldb, norm);
}
extern "C" gtsv_status gtsv__d_pdp_cuda_opts(gtsv_handle h, int64_t n, int64_t nrhs,
                                             const double *dl, const double *d,
                                             const double *du, double *B, int64_t ldb,
                                             int norm)
{
  return pdp_gtsv<double>(h, n, nrhs, dl, d, du, B, ldb, norm);
}
extern "C" gtsv_status gtsv__s_pdp_cuda_strided(gtsv_handle h, int64_t n, const float *dl,
                                                const float *d, const float *du, float *x,
                                                int64_t batch, int64_t stride)
{
  return pdp_strided<float>(h, n, dl, d, du, x, batch, stride);
}
extern "C" gtsv_status gtsv__d_pdp_cuda_strided(gtsv_handle h, int64_t n,
                                                const double *dl, const double *d,
                                                const double *du, double *x,
                                                int64_t batch, int64_t stride)
{
  return pdp_strided<double>(h, n, dl, d, du, x, batch, stride);
}
