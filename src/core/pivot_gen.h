/* Generic body of pivot.h: included once per precision with GTSV_T (the type),
   GTSV_FN(name) (the prefixed name) and GTSV_T_MAX defined. No include guard. */

static inline GTSV_HD GTSV_T GTSV_FN(abs)(GTSV_T v) { return v < 0 ? -v : v; }

/* Nonzero when p cannot be a pivot: zero, infinite or NaN. */
static inline GTSV_HD int GTSV_FN(bad_pivot)(GTSV_T p)
{
#ifdef __CUDA_ARCH__
  GTSV_T m = GTSV_DABS(p); /* an operand modifier there: no instructions */
#else
  GTSV_T m = GTSV_FN(abs)(p);
#endif
  return !(m > 0 && m <= GTSV_T_MAX); /* NaN fails both comparisons; -0 as 0 */
}

/* Asymmetric Bunch-Kaufman: 1 for a 1x1 pivot at row i, 0 for a 2x2 on rows i, i+1.
   bt = updated diagonal at i; c0 = c[i]; a1 = a[i+1]; b1 = b[i+1]; c1 = c[i+1];
   a2 = a[i+2]; entries outside the system are 0. */
static inline GTSV_HD int GTSV_FN(pivot_is_1x1)(GTSV_T bt, GTSV_T c0, GTSV_T a1,
                                               GTSV_T b1, GTSV_T c1, GTSV_T a2)
{
#if GTSV_PIV_OR_FORM
  /* |bt| s >= K, s the largest of five magnitudes, asked of each of them in turn:
     t |v| >= K for some v. Rounding is monotone, so fl(t max|v|) = max fl(t |v|)
     and both forms give the same answer; a NaN v drops out of both (fmax skips it,
     and its comparison is false), a NaN a1, c0 or bt makes K or every product NaN
     in both. They differ in one case only: bt = 0, a1 c0 = 0 and an infinite
     a2, b1 or c1 (0 * Inf is NaN in the product of the max, while another entry
     still gives 0 >= 0 here: a 1x1 pivot, then reported as singular);
     tests/check_tile_core.cu (pivot_test_forms) checks that. The GPU's double max
     takes several instructions with its NaN rule: the max form was about 30 of a
     SPIKE step's instructions (ncu source view, b4c2d6a), this one is 12 by count
     (7 products, 5 compares); SPIKE 6% faster at 2^23 and 2^25 rows
     (bench/results/gpu-sweep-steps-2026-11-24.md). Used for double on host and
     GPU alike, so that DP_SEQ's pivots are the same on both. */
  const GTSV_T t = GTSV_ABS_(bt), k = (GTSV_T)GTSV_KAPPA * GTSV_ABS_(a1 * c0);
  return (t * GTSV_ABS_(a1) >= k) | (t * GTSV_ABS_(a2) >= k) | (t * GTSV_ABS_(b1) >= k) |
         (t * GTSV_ABS_(c0) >= k) | (t * GTSV_ABS_(c1) >= k);
#elif defined(__CUDA_ARCH__)
  /* the same decision with the GPU's abs and max instructions (the compare-and-
     select form below costs about 46 instructions a row there). NaN: fmax skips a
     NaN that the form below keeps only when a1 is NaN, and then |a1 c0| is NaN and
     both answer 0; a NaN bt or c0 makes both sides' comparison false. */
  const GTSV_T s = GTSV_DMAX(GTSV_DMAX(GTSV_DMAX(GTSV_DABS(a1), GTSV_DABS(a2)),
                                       GTSV_DMAX(GTSV_DABS(b1), GTSV_DABS(c0))),
                             GTSV_DABS(c1));
  return GTSV_DABS(bt) * s >= (GTSV_T)GTSV_KAPPA * GTSV_DABS(a1 * c0);
#else
  GTSV_T s = GTSV_FN(abs)(a1), t;
  t = GTSV_FN(abs)(a2); s = t > s ? t : s;
  t = GTSV_FN(abs)(b1); s = t > s ? t : s;
  t = GTSV_FN(abs)(c0); s = t > s ? t : s;
  t = GTSV_FN(abs)(c1); s = t > s ? t : s;
  return GTSV_FN(abs)(bt) * s >= (GTSV_T)GTSV_KAPPA * GTSV_FN(abs)(a1 * c0);
#endif
}

/* 1x1 pivot at row i. In: bt, c0 = c[i], a1 = a[i+1], b1 = b[i+1].
   Out: *p = 1/bt, *g = c0/bt; returns the updated diagonal of row i+1.
   The caller checks bad_pivot(bt) first. */
static inline GTSV_HD GTSV_T GTSV_FN(factor_1x1_rcp)(GTSV_T r, GTSV_T c0, GTSV_T a1,
                                                    GTSV_T b1, GTSV_T *g);
static inline GTSV_HD GTSV_T GTSV_FN(factor_1x1)(GTSV_T bt, GTSV_T c0, GTSV_T a1,
                                                GTSV_T b1, GTSV_T *p, GTSV_T *g)
{
  GTSV_T r = (GTSV_T)1 / bt;
  *p = r;
  return GTSV_FN(factor_1x1_rcp)(r, c0, a1, b1, g);
}

/* factor_1x1 with r = 1/bt already formed: the same arithmetic. A GPU sweep starts
   the division as soon as bt is known, before the pivot test has chosen the block
   (the division is most of a 1x1 row's dependent latency). */
static inline GTSV_HD GTSV_T GTSV_FN(factor_1x1_rcp)(GTSV_T r, GTSV_T c0, GTSV_T a1,
                                                    GTSV_T b1, GTSV_T *g)
{
  *g = c0 * r;
  return b1 - a1 * *g;
}

/* Delta of the 2x2 block on rows i, i+1 (bt, c0 = c[i], a1 = a[i+1], b1 = b[i+1]). */
static inline GTSV_HD GTSV_T GTSV_FN(delta_2x2)(GTSV_T bt, GTSV_T c0, GTSV_T a1, GTSV_T b1)
{
  return bt * b1 - a1 * c0;
}

/* factor_2x2 with r = 1/Delta already formed: the same arithmetic. */
static inline GTSV_HD GTSV_T GTSV_FN(factor_2x2_rcp)(GTSV_T r, GTSV_T bt, GTSV_T c0,
                                                    GTSV_T c1, GTSV_T a2, GTSV_T b2,
                                                    GTSV_T *p0, GTSV_T *p1,
                                                    GTSV_T *g0, GTSV_T *g1)
{
  *p0 = r;
  *p1 = bt;
  *g0 = -(c0 * c1) * r;
  *g1 = (bt * c1) * r;
  return b2 - a2 * *g1;
}

/* 2x2 pivot on rows i, i+1. In: bt, c0, a1, b1, c1 = c[i+1], a2 = a[i+2], b2 = b[i+2].
   Out: p0 = 1/Delta, p1 = bt, g0, g1 (see pivot.h); *delta = Delta (for the
   singularity check, which the caller makes); returns the updated diagonal of
   row i+2. */
static inline GTSV_HD GTSV_T GTSV_FN(factor_2x2)(GTSV_T bt, GTSV_T c0, GTSV_T a1,
                                                GTSV_T b1, GTSV_T c1, GTSV_T a2,
                                                GTSV_T b2, GTSV_T *delta,
                                                GTSV_T *p0, GTSV_T *p1,
                                                GTSV_T *g0, GTSV_T *g1)
{
  GTSV_T dl = GTSV_FN(delta_2x2)(bt, c0, a1, b1);
  *delta = dl;
  return GTSV_FN(factor_2x2_rcp)((GTSV_T)1 / dl, bt, c0, c1, a2, b2, p0, p1, g0, g1);
}

/* Forward (L, B) solve of a 1x1 block: returns y0; *z1 -= a1 y0. */
static inline GTSV_HD GTSV_T GTSV_FN(fsolve_1x1)(GTSV_T p, GTSV_T z0, GTSV_T a1,
                                                GTSV_T *z1)
{
  GTSV_T y0 = z0 * p;
  *z1 -= a1 * y0;
  return y0;
}

/* Forward (L, B) solve of a 2x2 block. p0 = 1/Delta, p1 = bt; c0 = c[i],
   a1 = a[i+1], b1 = b[i+1], a2 = a[i+2]. Out: *y0, *y1; *z2 -= a2 y1. */
static inline GTSV_HD void GTSV_FN(fsolve_2x2)(GTSV_T p0, GTSV_T p1, GTSV_T c0,
                                              GTSV_T a1, GTSV_T b1, GTSV_T a2,
                                              GTSV_T z0, GTSV_T z1, GTSV_T *y0,
                                              GTSV_T *y1, GTSV_T *z2)
{
  *y0 = (b1 * z0 - c0 * z1) * p0;
  *y1 = (p1 * z1 - a1 * z0) * p0;
  *z2 -= a2 * *y1;
}
