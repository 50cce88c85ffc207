/* Sequential diagonal pivoting (GTSV_ALGO_DP_SEQ) and Thomas (GTSV_ALGO_THOMAS),
   generic body: included by dp_seq.c once per precision with GTSV_T, GTSV_FN
   (core pivot functions) and GTSV_IFN (this library's internal names) defined.

   The factor T = L B M^T is computed in one forward sweep fused with the L and B
   solves of the first right-hand side; the M^T solve is one backward sweep,
       x[i] = y[i] - g[i] x[i + 1 + (f[i] == first row of a 2x2)].
   Further right-hand sides reuse p, g, f (pivot.h documents them). */

/* Factor and solve z (on entry d-part of the rhs; on exit y = (LB)^{-1} z).
   p may be NULL (single right-hand side: p is only needed to solve again).
   Returns -1 or the row of the first bad pivot block. */
int64_t GTSV_IFN(dp_factor_solve)(int64_t n, const GTSV_T *dl, const GTSV_T *d,
                                  const GTSV_T *du, GTSV_T *z, GTSV_T *p,
                                  GTSV_T *g, uint8_t *f)
{
  GTSV_T bt = d[0], pp0, pp1, delta;
  int64_t i = 0;
  while (i < n) {
    /* neighbours, zero beyond the last row */
    GTSV_T c0 = i + 1 < n ? du[i] : 0, a1 = i + 1 < n ? dl[i + 1] : 0;
    GTSV_T b1 = i + 1 < n ? d[i + 1] : 0, c1 = i + 2 < n ? du[i + 1] : 0;
    GTSV_T a2 = i + 2 < n ? dl[i + 2] : 0;
    /* the last row is always 1x1 (also when bt is not finite, where the rule's
       comparison is false) */
    if (i + 1 == n || GTSV_FN(pivot_is_1x1)(bt, c0, a1, b1, c1, a2)) {
      if (GTSV_FN(bad_pivot)(bt)) return i;
      bt = GTSV_FN(factor_1x1)(bt, c0, a1, b1, &pp0, &g[i]);
      f[i] = GTSV_PIV_1x1;
      if (p) p[i] = pp0;
      GTSV_T dummy = 0;
      z[i] = GTSV_FN(fsolve_1x1)(pp0, z[i], a1, i + 1 < n ? &z[i + 1] : &dummy);
      i += 1;
    } else {
      GTSV_T b2 = i + 2 < n ? d[i + 2] : 0, y0, y1, dummy = 0;
      bt = GTSV_FN(factor_2x2)(bt, c0, a1, b1, c1, a2, b2, &delta, &pp0, &pp1,
                               &g[i], &g[i + 1]);
      if (GTSV_FN(bad_pivot)(delta)) return i;
      f[i] = GTSV_PIV_2x2_FIRST;
      f[i + 1] = GTSV_PIV_2x2_SECOND;
      if (p) { p[i] = pp0; p[i + 1] = pp1; }
      GTSV_FN(fsolve_2x2)(pp0, pp1, c0, a1, b1, a2, z[i], z[i + 1], &y0, &y1,
                          i + 2 < n ? &z[i + 2] : &dummy);
      z[i] = y0;
      z[i + 1] = y1;
      i += 2;
    }
  }
  return -1;
}

/* Backward (M^T) sweep: y -> x in place. */
static void GTSV_IFN(dp_backward)(int64_t n, const GTSV_T *g, const uint8_t *f,
                                  GTSV_T *x)
{
  if (n < 2) return;
  /* row n-2 first: a 2x2 block there has g[n-2] = 0 and no x[n] to read */
  if (f[n - 2] != GTSV_PIV_2x2_FIRST) x[n - 2] -= g[n - 2] * x[n - 1];
  for (int64_t i = n - 3; i >= 0; i--)
    x[i] -= g[i] * x[i + 1 + (f[i] == GTSV_PIV_2x2_FIRST)];
}

/* Solve T x = z with a stored factor (p, g, f); z is overwritten by x. */
void GTSV_IFN(dp_solve)(int64_t n, const GTSV_T *dl, const GTSV_T *d,
                        const GTSV_T *du, const GTSV_T *p, const GTSV_T *g,
                        const uint8_t *f, GTSV_T *z)
{
  int64_t i = 0;
  while (i < n) {
    if (f[i] == GTSV_PIV_1x1) {
      GTSV_T dummy = 0;
      z[i] = GTSV_FN(fsolve_1x1)(p[i], z[i], i + 1 < n ? dl[i + 1] : 0,
                                 i + 1 < n ? &z[i + 1] : &dummy);
      i += 1;
    } else {
      GTSV_T y0, y1, dummy = 0;
      GTSV_FN(fsolve_2x2)(p[i], p[i + 1], du[i], dl[i + 1], d[i + 1],
                          i + 2 < n ? dl[i + 2] : 0, z[i], z[i + 1], &y0, &y1,
                          i + 2 < n ? &z[i + 2] : &dummy);
      z[i] = y0;
      z[i + 1] = y1;
      i += 2;
    }
  }
  GTSV_IFN(dp_backward)(n, g, f, z);
}

int64_t GTSV_IFN(dp_seq)(int64_t n, int64_t nrhs, const GTSV_T *dl,
                         const GTSV_T *d, const GTSV_T *du, GTSV_T *B,
                         int64_t ldb, void *ws)
{
  gtsv_dp_layout L = gtsv__dp_layout(n, sizeof(GTSV_T));
  GTSV_T *p = (GTSV_T *)((char *)ws + L.p), *g = (GTSV_T *)((char *)ws + L.g);
  uint8_t *f = (uint8_t *)ws + L.f;
  int64_t bad = GTSV_IFN(dp_factor_solve)(n, dl, d, du, B, nrhs > 1 ? p : NULL, g, f);
  if (bad >= 0) return bad;
  GTSV_IFN(dp_backward)(n, g, f, B);
  for (int64_t k = 1; k < nrhs; k++)
    GTSV_IFN(dp_solve)(n, dl, d, du, p, g, f, B + k * ldb);
  return -1;
}

/* LU without pivoting. ws holds g[n] (c[i]/pivot) and p[n] (1/pivot). */
int64_t GTSV_IFN(thomas)(int64_t n, int64_t nrhs, const GTSV_T *dl,
                         const GTSV_T *d, const GTSV_T *du, GTSV_T *B,
                         int64_t ldb, void *ws)
{
  gtsv_dp_layout L = gtsv__dp_layout(n, sizeof(GTSV_T));
  GTSV_T *p = (GTSV_T *)((char *)ws + L.p), *g = (GTSV_T *)((char *)ws + L.g);
  GTSV_T bt = d[0];
  for (int64_t i = 0; i < n; i++) {
    if (GTSV_FN(bad_pivot)(bt)) return i;
    p[i] = (GTSV_T)1 / bt;
    g[i] = i + 1 < n ? du[i] * p[i] : 0;
    if (i + 1 < n) bt = d[i + 1] - dl[i + 1] * g[i];
  }
  for (int64_t k = 0; k < nrhs; k++) {
    GTSV_T *x = B + k * ldb, y = x[0] * p[0];
    x[0] = y;
    for (int64_t i = 1; i < n; i++) { /* z[i] -= a[i] y[i-1]; y[i] = z[i] / pivot */
      y = (x[i] - dl[i] * y) * p[i];
      x[i] = y;
    }
    for (int64_t i = n - 2; i >= 0; i--) x[i] -= g[i] * x[i + 1];
  }
  return -1;
}
