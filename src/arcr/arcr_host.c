/*
 * Adaptive R-cyclic reduction with diagonal pivoting (GTSV_ALGO_ARCR, thesis ch. 5),
 * host reference. The GPU kernel (arcr.cu) runs the same plan on chip.
 *
 * The method. Cyclic reduction (thesis 2.1.3) eliminates every other row of a
 * tridiagonal system, which leaves a tridiagonal system of half the size, and
 * recurses; it divides by the diagonal of the eliminated rows, hence needs a
 * dominant diagonal. ARCR eliminates pivot *blocks* instead (1x1 or 2x2, chosen
 * with diagonal pivoting's Bunch-Kaufman test of core/pivot.h), so the distance
 * R between two kept rows is 2 or 3 and varies row by row. At each level:
 *
 *  1. Structure (thesis 5.2), recomputed on every level: scan the rows; at row j
 *     take the block that gtsv_?_arcr_kind (arcr_kind_gen.h) allows there: a 1x1
 *     when b_j passes the (balanced) pivot test toward both neighbours, a 2x2 on
 *     j, j+1 when the forward test of j and the backward test of j+1 fail (then
 *     |Delta| > (1 - kappa)|a_{j+1} c_j|) and the coupling a_{j+1} c_j is not
 *     dominated by its neighbours' (it bounds the fill), none otherwise. A block is *eliminated* when the row before it is kept; the row
 *     after an eliminated block is always kept. So eliminated blocks E and kept
 *     rows K alternate, "E K E K", with runs of K where no block is allowed.
 *  2. Reduction (eqs 5.1-5.10). For an eliminated block D (rows r0..r1) solve
 *        D w = a_{r0} e_1,   D v = c_{r1} e_last,   D y = d_E,
 *     so that x_E = y - w x_{r0-1} - v x_{r1+1}. A kept row k with a block D- just
 *     above and D+ just below becomes (the 1-(u,l) operation, eq. 5.6)
 *        b'_k = b_k - a_k v-_t - c_k w+_h,   a'_k = -a_k w-_t,   c'_k = -c_k v+_h,
 *        d'_k = d_k - a_k y-_t - c_k y+_h,
 *     (t: last entry of the block's vector, h: first). A kept row with a kept
 *     neighbour keeps that coupling: two kept rows between blocks are the 2-(u,l)
 *     operation of eqs 5.9-5.10. The kept rows form the next level's tridiagonal
 *     system; a'_k couples k to the kept row before D-, c'_k to the one after D+.
 *  3. Recursion until no row is left, or a level keeps more than 3/4 of its rows
 *     (no good blocks: rare, see the tests); that level, the base, is solved by the
 *     sequential diagonal pivoting of DP_SEQ. It also bounds the plan's memory.
 *  4. Back substitution, from the last level up: x_E = y - w x_prev - v x_next.
 *
 * Worked example, n = 4, T = [0 1 . .; 1 0 1 .; . 1 3 1; . . 1 4], d = T (1,1,1,1)^T
 * = (1, 2, 5, 5). Level 0: row 0 has b = 0, the forward test fails, and the coupling
 * a_1 c_0 = 1 is not dominated by its neighbours' (0 and a_2 c_1 = 1), so the 2x2
 * block on rows 0-1 (Delta = -1) is eliminated; row 2 is kept; row 3 (b = 4, its
 * balanced sigma 3: 4*3 >= 0.62*1) is eliminated as a 1x1. Block 0-1: w = 0 (no
 * row before), v = D^{-1}(0, 1) = (1, 0), y = D^{-1}(1, 2) = (2, 1). Block 3:
 * w = 1/4, v = 0, y = 5/4. Row 2: b' = 3 - a_2 v_t - c_2 w_h = 3 - 1*0 - 1*(1/4)
 * = 2.75, d' = 5 - 1*1 - 1*(5/4) = 2.75: level 1 is the 1x1 system 2.75 x_2 = 2.75,
 * which is eliminated (no neighbours), x_2 = 1. Back: x_3 = 5/4 - (1/4)*1 = 1,
 * (x_0, x_1) = (2, 1) - (1, 0)*1 = (1, 1).
 *
 * The plan. The structure, the level coefficients and w, v of every eliminated
 * block are computed once (gtsv__?_arcr_plan) and kept per original row; each
 * right-hand side is then reduced and back-substituted with them
 * (gtsv__?_arcr_solve): the multi-RHS reuse of thesis 5.2. A row's level values
 * are stored at its own index: a row is eliminated once, at one level. Per
 * eliminated row: P (pivot data: 1/b for a 1x1; 1/Delta and b_r0 for a 2x2), W,
 * V, K1..K3 (the block's a, b, c needed by the 2x2 solve, and the couplings
 * c_prev, a_next through which y reaches the kept neighbours), prv, nxt.
 *
 * Singularity. Eliminated blocks are never singular (the test above). A zero,
 * Inf or NaN in the matrix is reported at its row. A non-finite reduced
 * coefficient, a 1x1 pivot whose reduced diagonal is rounding noise
 * (arcr_reduce_row) or a bad pivot of the base send the plan back to the start
 * with T itself as the base (DP_SEQ's factorisation, gtsv__?_arcr_plan); only a
 * bad pivot there is reported, at its original row. B is not written then (the
 * plan is built before any column is touched).
 */
#include <string.h>
#include "arcr/arcr.h"
#include "arcr/arcr_kind.h"
#include "host/host.h"

/* roles of an eliminated row (0: not eliminated; ARCR_NOISY: kept, and its
   diagonal at the current level is rounding noise, arcr_reduce_row) */
enum { ARCR_E1 = 1, ARCR_E2A = 2, ARCR_E2B = 3, ARCR_NOISY = 4 };

gtsv_arcr_layout gtsv__arcr_layout(int64_t n, size_t elt)
{
  gtsv_arcr_layout L;
  size_t un = n > 0 ? (size_t)n : 0, e = un * elt, i = un * sizeof(int64_t);
  L.P = 0;
  L.W = gtsv__align(L.P + e);
  L.V = gtsv__align(L.W + e);
  L.K1 = gtsv__align(L.V + e);
  L.K2 = gtsv__align(L.K1 + e);
  L.K3 = gtsv__align(L.K2 + e);
  L.prv = gtsv__align(L.K3 + e);
  L.nxt = gtsv__align(L.prv + i);
  L.ord = gtsv__align(L.nxt + i);
  L.ids = gtsv__align(L.ord + i);
  L.a = gtsv__align(L.ids + i);
  L.b = gtsv__align(L.a + e);
  L.c = gtsv__align(L.b + e);
  L.bp = gtsv__align(L.c + e);
  L.bg = gtsv__align(L.bp + e);
  L.zs = gtsv__align(L.bg + e);
  L.role = gtsv__align(L.zs + e);
  L.lr = gtsv__align(L.role + un);
  L.bf = gtsv__align(L.lr + un);
  L.xs = gtsv__align(L.bf + un);
  L.bytes = gtsv__align(L.xs + e);
  return L;
}

#define GTSV_GEN_FILE "arcr/arcr_host_gen.c"
#include "core/instantiate.h"
