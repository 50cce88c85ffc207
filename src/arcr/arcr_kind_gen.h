/* Generic body of arcr_kind.h: included once per precision with GTSV_T and GTSV_FN
   defined. No include guard. */

/* Which pivot block may start at row j of an m-row level (a: sub-, b: main, c:
   super-diagonal of the level, a[0] = c[m-1] = 0).

   A block eliminated by ARCR feeds BOTH neighbours (the kept rows above and
   below), unlike a pivot of the sequential sweep, which only feeds the row below.
   So a 1x1 pivot must pass pivot.h's test in both directions:
     forward:  pivot_is_1x1(b_j, c_j, a_{j+1}, b_{j+1}, c_{j+1}, a_{j+2})
     backward: the same test on the reversed matrix (sub- and super-diagonal swap),
               pivot_is_1x1(b_j, a_j, c_{j-1}, b_{j-1}, a_{j-1}, c_{j-2}),
   which bounds both updates |a_{j+1} c_j / b_j| and |c_{j-1} a_j / b_j| by
   sigma / kappa. When the forward test of row j fails, the 2x2 block on rows j,
   j+1 has |Delta| > (1 - kappa) |a_{j+1} c_j| > 0 (pivot.h), the sequential rule's
   choice; it is taken when, in mirror, row j+1 fails its backward test as well
   (the coupling a_{j+1} c_j dominates both diagonals seen from either side) and
   Delta is a good pivot (finite, nonzero). Measured with gtsv-stability over 20
   seeds: without the mirror test the worst ratio to LAPACK on types 4, 9 and 11
   was 12.6, 10.6 and 8.7; with it 3.2, 1.8 and 2.8. Otherwise (a zero or
   non-finite b_j, a one-sided test failure, the last row without a 1x1) row j
   cannot start a block at this level and is kept. */
static inline GTSV_HD int GTSV_FN(arcr_kind)(const GTSV_T *a, const GTSV_T *b,
                                            const GTSV_T *c, int64_t j, int64_t m)
{
  const GTSV_T z = 0;
  GTSV_T bj = b[j], aj = a[j], cj = c[j];
  GTSV_T a1 = j + 1 < m ? a[j + 1] : z, b1 = j + 1 < m ? b[j + 1] : z;
  GTSV_T c1 = j + 1 < m ? c[j + 1] : z, a2 = j + 2 < m ? a[j + 2] : z;
  GTSV_T cm1 = j > 0 ? c[j - 1] : z, bm1 = j > 0 ? b[j - 1] : z;
  GTSV_T am1 = j > 0 ? a[j - 1] : z, cm2 = j > 1 ? c[j - 2] : z;
  int fwd = GTSV_FN(pivot_is_1x1)(bj, cj, a1, b1, c1, a2);
  int bwd = GTSV_FN(pivot_is_1x1)(bj, aj, cm1, bm1, am1, cm2);
  if (fwd && bwd && !GTSV_FN(bad_pivot)(bj)) return GTSV_ARCR_BLOCK_1;
  if (!fwd && j + 1 < m &&
      !GTSV_FN(pivot_is_1x1)(b1, a1, cj, bj, aj, cm1)) {
    GTSV_T delta, p0, p1, g0, g1;
    (void)GTSV_FN(factor_2x2)(bj, cj, a1, b1, z, z, z, &delta, &p0, &p1, &g0, &g1);
    if (!GTSV_FN(bad_pivot)(delta)) return GTSV_ARCR_BLOCK_2;
  }
  return GTSV_ARCR_KEEP_ONLY;
}
