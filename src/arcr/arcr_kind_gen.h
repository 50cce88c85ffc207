/* Generic body of arcr_kind.h: included once per precision with GTSV_T and GTSV_FN
   defined. No include guard. */

/* The 1x1 test of row j toward one side, on the *balanced* matrix: bj = b_j; p0 =
   the product of the couplings between j and its neighbour on that side
   (a_{j+1} c_j forward); p1 = the next product out (a_{j+2} c_{j+1}); b1 = the
   neighbour's diagonal. It is pivot.h's test |b_j| sigma >= kappa |a_{j+1} c_j| with
   every off-diagonal |a_{i+1}|, |c_i| replaced by the geometric mean
   sqrt|a_{i+1} c_i| of its pair, i.e. Bunch's symmetric test on D T D^{-1}, the
   diagonal similarity that balances each pair. Why: the reduced levels of ARCR are
   badly scaled even when T is not (on a Toeplitz tridiag(a, eps, c), one level of
   2x2 blocks maps (a, c) to (a^2/c, c^2/a), so |a/c| is cubed per level) and the
   plain test is not invariant under that scaling: it accepted 1x1 pivots of size
   3^L eps against couplings sqrt|ac| ~ 1, a growth of 1e6 that cost thesis type 14
   up to 4e4x LAPACK's residual. Elimination itself commutes with the similarity,
   so the balanced test judges the pivot as it would be judged on the balanced
   matrix, where Bunch's growth bound holds. */
static inline GTSV_HD int GTSV_FN(arcr_bal_1x1)(GTSV_T bj, GTSV_T p0, GTSV_T p1,
                                               GTSV_T b1)
{
  GTSV_T q0 = GTSV_FN(abs)(p0), s = GTSV_SQRT(q0), t;
  t = GTSV_SQRT(GTSV_FN(abs)(p1)); s = t > s ? t : s;
  t = GTSV_FN(abs)(b1); s = t > s ? t : s;
  return GTSV_FN(abs)(bj) * s >= (GTSV_T)GTSV_KAPPA * q0;
}

/* Which pivot block may start at row j of an m-row level (a: sub-, b: main, c:
   super-diagonal of the level, a[0] = c[m-1] = 0).

   A block eliminated by ARCR feeds BOTH neighbours (the kept rows above and
   below), unlike a pivot of the sequential sweep, which only feeds the row below.
   So a 1x1 pivot must pass the balanced test (arcr_bal_1x1) in both directions:
     forward:  bal_1x1(b_j, a_{j+1} c_j, a_{j+2} c_{j+1}, b_{j+1})
     backward: bal_1x1(b_j, a_j c_{j-1}, a_{j-1} c_{j-2}, b_{j-1}),
   which bounds both updates a_{j+1} c_j / b_j and a_j c_{j-1} / b_j (the only
   products that change the kept rows' diagonals and couplings) by the balanced
   sigma / kappa. When the forward test of row j fails, the 2x2 block on rows j,
   j+1 has |b_j b_{j+1}| <= |b_j| sigma < kappa |a_{j+1} c_j|, so |Delta| >
   (1 - kappa) |a_{j+1} c_j| > 0; it is taken when, in mirror, row j+1 fails its
   backward test as well (the coupling a_{j+1} c_j dominates both diagonals seen
   from either side) and Delta is a good pivot (finite, nonzero). Measured with
   gtsv-stability over 20 seeds: without the mirror test the worst ratio to LAPACK
   on types 4, 9 and 11 was 12.6, 10.6 and 8.7; with it 3.2, 1.8 and 2.8.
   Otherwise (a zero or non-finite b_j, a one-sided test failure, the last row
   without a 1x1) row j cannot start a block at this level and is kept. */
static inline GTSV_HD int GTSV_FN(arcr_kind)(const GTSV_T *a, const GTSV_T *b,
                                            const GTSV_T *c, int64_t j, int64_t m)
{
  const GTSV_T z = 0;
  GTSV_T bj = b[j], aj = a[j], cj = c[j];
  GTSV_T a1 = j + 1 < m ? a[j + 1] : z, b1 = j + 1 < m ? b[j + 1] : z;
  GTSV_T c1 = j + 1 < m ? c[j + 1] : z, a2 = j + 2 < m ? a[j + 2] : z;
  GTSV_T cm1 = j > 0 ? c[j - 1] : z, bm1 = j > 0 ? b[j - 1] : z;
  GTSV_T am1 = j > 0 ? a[j - 1] : z, cm2 = j > 1 ? c[j - 2] : z;
  GTSV_T pf = a1 * cj, pb = aj * cm1;
  int fwd = GTSV_FN(arcr_bal_1x1)(bj, pf, a2 * c1, b1);
  int bwd = GTSV_FN(arcr_bal_1x1)(bj, pb, am1 * cm2, bm1);
  if (fwd && bwd && !GTSV_FN(bad_pivot)(bj)) return GTSV_ARCR_BLOCK_1;
  if (!fwd && j + 1 < m && !GTSV_FN(arcr_bal_1x1)(b1, pf, pb, bj) &&
      GTSV_FN(abs)(pf) >= (GTSV_T)GTSV_KAPPA * GTSV_FN(abs)(pb) &&
      GTSV_FN(abs)(pf) >= (GTSV_T)GTSV_KAPPA * GTSV_FN(abs)(a2 * c1)) {
    GTSV_T delta, p0, p1, g0, g1;
    (void)GTSV_FN(factor_2x2)(bj, cj, a1, b1, z, z, z, &delta, &p0, &p1, &g0, &g1);
    if (!GTSV_FN(bad_pivot)(delta)) return GTSV_ARCR_BLOCK_2;
  }
  return GTSV_ARCR_KEEP_ONLY;
}

/* The reduced row of a kept row (eq. 5.6; 5.9-5.10 when only one side has an
   eliminated block): a, b, c are the row's level coefficients; up: a block ends
   just above, with v_t = vu and w_t = wu; dn: a block starts just below, with
   w_h = wd and v_h = vd. Out: *na, *nb, *nc, the row at the next level. Returns 1
   when the new diagonal is rounding noise: |b'| < eps (|b| + |a v_t| + |c w_h|),
   i.e. the terms cancelled below one unit of their own last place. Such a b' is a
   valid entry of the level (a 2x2 block may still use it), but not a 1x1 pivot:
   on a nearly singular T (LAPACK's residual O(1)) a lucky exact cancellation gave
   pivots of 1e-28 where diagonal pivoting's is 1e-16, and solutions 1e12 times
   larger than LAPACK's with residuals to match. Host and GPU share this function,
   so they compute the same bits (arcr.cu is compiled without FMA contraction). */
static inline GTSV_HD int GTSV_FN(arcr_reduce_row)(GTSV_T a, GTSV_T b, GTSV_T c, int up,
                                                  GTSV_T vu, GTSV_T wu, int dn,
                                                  GTSV_T wd, GTSV_T vd, GTSV_T *na,
                                                  GTSV_T *nb, GTSV_T *nc)
{
  GTSV_T x = a, y = b, z = c, sum = GTSV_FN(abs)(b), t;
  if (up) {
    t = a * vu;
    y -= t;
    sum += GTSV_FN(abs)(t);
    x = -a * wu;
  }
  if (dn) {
    t = c * wd;
    y -= t;
    sum += GTSV_FN(abs)(t);
    z = -c * vd;
  }
  *na = x;
  *nb = y;
  *nc = z;
  return GTSV_FN(abs)(y) < (GTSV_T)GTSV_EPS * sum;
}
