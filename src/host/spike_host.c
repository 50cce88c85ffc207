/*
 * SPIKE-diagonal pivoting on host threads (GTSV_ALGO_SPIKE_DP, thesis ch. 3), with
 * separator rows so that the reduced system stays tridiagonal.
 *
 * The method. The rows are cut into P partitions [lo, hi]. The first and last row
 * of each partition are *separators*; the rows between two consecutive separators
 * form an interior *segment* [s, e], solved with diagonal pivoting (pivot.h):
 *
 *     T_seg [u, sl, sr] = [d_seg, a_s e_1, c_e e_last]        (thesis eq. 2.2, 2.3)
 *
 * so that x_i = u_i - sl_i x_{s-1} - sr_i x_{e+1} for every row of the segment.
 * Putting that into the equation of separator row r (left segment ending at r-1,
 * right segment starting at r+1; an empty side keeps the plain coefficient) gives
 *
 *     sub   -a_r sl_{r-1}          (a_r when the left side is empty)
 *     diag   b_r - a_r sr_{r-1} - c_r sl_{r+1}
 *     super -c_r sr_{r+1}          (c_r when the right side is empty)
 *     rhs    d_r - a_r u_{r-1} - c_r u_{r+1},
 *
 * a tridiagonal system over the separators in row order (the Schur complement of
 * the segments), solved by the sequential DP (or, after
 * gtsv_set_spike_reduced_solver(h, GTSV_ALGO_ARCR), by adaptive R-cyclic reduction,
 * src/arcr, thesis 5.3). Every segment row is then recovered.
 *
 * Worked example, n = 5, one partition: separators 0 and 4, segment [1, 3]. T_seg is
 * rows 1..3; sl = T_seg^{-1} (a_1, 0, 0), sr = T_seg^{-1} (0, 0, c_3). The reduced
 * system is 2x2 in (x_0, x_4); then x_i = u_i - sl_i x_0 - sr_i x_4 for i = 1..3.
 *
 * Robust partitions (thesis 3.4). A segment block can be singular or nearly so even
 * when T is not. Since only the separator set couples segments, a partition may add
 * separators of its own, without asking its neighbours:
 *  - an exactly singular (zero or non-finite) pivot at row r of a segment: the
 *    leading rows before r had good pivots, so r becomes a separator, the rows
 *    before it a segment, and the sweep restarts after it;
 *  - spike growth gamma = max |sl|, |sr| > GROWTH_TRY: x_seg is that many times more
 *    sensitive to the separators than a well-conditioned block allows (gamma is
 *    about 1 for a well-conditioned one, 1/|tiny pivot| for a near-singular one).
 *    Then 1 or 2 rows at either end become separators (two consecutive leading
 *    minors of an irreducible tridiagonal never both vanish) and the candidate with
 *    the smallest gamma is kept.
 * After the reduced solve, the first right-hand side is checked a posteriori: per
 * partition, rho = max (|u_i| + |sl_i x_l| + |sr_i x_r|) / max |x| is the factor by
 * which rounding in the spikes is amplified relative to x (cancellation). When any
 * rho > RHO_MAX, a partition needs more separators than it may hold, the reduced
 * system is singular, or x is not finite, the whole system is solved by the
 * sequential DP instead. B is not written before that decision, so the fallback
 * gives exactly DP_SEQ's answer, including the row of a singular pivot.
 *
 * Right-hand sides after the first reuse the segment and reduced factors (thesis
 * 3.3.4); they are not re-checked.
 */
#include <math.h>
#include <string.h>
#include "host/host.h"
#include "core/pivot.h"
#include "arcr/arcr.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* Separators a partition may hold: its two ends and up to 6 added by the
   robustness rules; more means the partition is hopeless and the system is solved
   sequentially. */
#define SPIKE_MAX_SEP 8

/* Minimum rows per partition; a user's partition count is reduced to keep it. */
#define SPIKE_MIN_ROWS 4

/* Automatic partitioning: a few partitions per thread to balance the load, each
   long enough that the O(1) work per partition is noise. */
#define SPIKE_AUTO_PER_THREAD 4
#define SPIKE_AUTO_MIN_ROWS 4096

/* Spike growth above which a segment tries moved ends. gamma is about 1 for a
   well-conditioned block and 1/|tiny pivot| for a near-singular one; above 16 the
   spike rounding could already eat the 10x-of-LAPACK budget, and the trial is
   local and cheap (end trims first, stop at the first good one). It is a trigger
   only: the best candidate is kept whatever its growth, RHO_MAX decides. Measured
   on tests/check_spike_host.c: 64 sent 10x more solves to the sequential fallback,
   1e3 let a type-18 partition through at 19x LAPACK's residual. */
#define SPIKE_GROWTH_TRY 16.0

/* Largest accepted cancellation factor rho: the rounding errors of the segment
   solves reach x amplified by rho, so the backward error stays within about rho
   times DP's. 64: worst residual 5.4x LAPACK's over the test suite; 1e3 allowed 9x
   on random matrices; without the check, zero-diagonal matrices reached 1e4x. */
#define SPIKE_RHO_MAX 64.0

typedef struct {
  size_t u, sl, sr, pf, g, f;        /* per row: first-rhs u, spikes, segment factor */
  size_t sep, cnt, off, rho;         /* per partition: separators, count, offset, rho */
  size_t rdl, rd, rdu, rz, rpf, rg, rf; /* reduced system and its factor */
  size_t arcr;                       /* ARCR plan of the reduced system (if asked) */
  size_t bytes;
} gtsv_spike_layout;

/* Workspace of a SPIKE solve with P partitions; used for the size and the solve.
   At least the DP_SEQ factor of n rows, for the fallback. With arcr, room for the
   ARCR plan of the reduced system (gtsv_set_spike_reduced_solver). */
static gtsv_spike_layout gtsv__spike_layout(int64_t n, int64_t P, size_t elt, int arcr)
{
  gtsv_spike_layout L;
  size_t un = (size_t)n, up = (size_t)P, ur = up * SPIKE_MAX_SEP, dp;
  L.u = 0;
  L.sl = gtsv__align(L.u + un * elt);
  L.sr = gtsv__align(L.sl + un * elt);
  L.pf = gtsv__align(L.sr + un * elt);
  L.g = gtsv__align(L.pf + un * elt);
  L.f = gtsv__align(L.g + un * elt);
  L.sep = gtsv__align(L.f + un);
  L.cnt = gtsv__align(L.sep + ur * sizeof(int64_t));
  L.off = gtsv__align(L.cnt + up * sizeof(int64_t));
  L.rho = gtsv__align(L.off + (up + 1) * sizeof(int64_t));
  L.rdl = gtsv__align(L.rho + up * sizeof(double));
  L.rd = gtsv__align(L.rdl + ur * elt);
  L.rdu = gtsv__align(L.rd + ur * elt);
  L.rz = gtsv__align(L.rdu + ur * elt);
  L.rpf = gtsv__align(L.rz + ur * elt);
  L.rg = gtsv__align(L.rpf + ur * elt);
  L.rf = gtsv__align(L.rg + ur * elt);
  L.bytes = gtsv__align(L.rf + ur);
  L.arcr = L.bytes;
  if (arcr) L.bytes += gtsv__arcr_layout((int64_t)ur, elt).bytes;
  dp = gtsv__dp_layout(n, elt).bytes;
  if (L.bytes < dp) L.bytes = dp;
  return L;
}

/* Partition count for an n-row solve on h: the user's, or automatic; at most one
   per SPIKE_MIN_ROWS rows, at least 1. */
static int64_t gtsv__spike_parts(gtsv_handle h, int64_t n)
{
  int64_t P = h->spike_parts, cap = n / SPIKE_MIN_ROWS;
  if (P <= 0) {
    P = (int64_t)gtsv__threads(h) * SPIKE_AUTO_PER_THREAD;
    if (P > n / SPIKE_AUTO_MIN_ROWS) P = n / SPIKE_AUTO_MIN_ROWS;
  }
  if (P > cap) P = cap;
  return P < 1 ? 1 : P;
}

/* First row of partition k of P over n rows (k = P gives n): the first n % P
   partitions have one row more than the others. */
static inline int64_t gtsv__spike_lo(int64_t n, int64_t P, int64_t k)
{
  int64_t q = n / P, r = n % P;
  return k * q + (k < r ? k : r);
}

#define GTSV_GEN_FILE "host/spike_host_gen.c"
#include "core/instantiate.h"
