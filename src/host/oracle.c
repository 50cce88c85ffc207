/* LAPACK oracle (see oracle.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <lapacke.h>
#include "host/oracle.h"

#define ORACLE_GTSV(NAME, T, LAPACKE_FN)                                         \
  int NAME(int64_t n, int64_t nrhs, const T *dl, const T *d, const T *du, T *B,  \
           int64_t ldb)                                                         \
  {                                                                             \
    T *w;                                                                       \
    int info;                                                                   \
    if (n <= 0 || nrhs <= 0) return 0;                                          \
    w = (T *)malloc(sizeof(T) * (size_t)(3 * n));                               \
    if (!w) return -1000;                                                       \
    memcpy(w, dl + 1, sizeof(T) * (size_t)(n - 1));                            \
    memcpy(w + n, d, sizeof(T) * (size_t)n);                                    \
    memcpy(w + 2 * n, du, sizeof(T) * (size_t)(n - 1));                         \
    info = (int)LAPACKE_FN(LAPACK_COL_MAJOR, (lapack_int)n, (lapack_int)nrhs, w, \
                           w + n, w + 2 * n, B, (lapack_int)ldb);               \
    free(w);                                                                    \
    return info;                                                                \
  }
ORACLE_GTSV(gtsv_oracle_dgtsv, double, LAPACKE_dgtsv)
ORACLE_GTSV(gtsv_oracle_sgtsv, float, LAPACKE_sgtsv)

#define ORACLE_RESID(NAME, T)                                                    \
  double NAME(int64_t n, const T *dl, const T *d, const T *du, const T *x,       \
              const T *b)                                                       \
  {                                                                             \
    long double r2 = 0, b2 = 0;                                                 \
    for (int64_t i = 0; i < n; i++) {                                           \
      long double t = (long double)d[i] * x[i];                                 \
      if (i > 0) t += (long double)dl[i] * x[i - 1];                            \
      if (i + 1 < n) t += (long double)du[i] * x[i + 1];                        \
      t -= b[i];                                                                \
      r2 += t * t;                                                              \
      b2 += (long double)b[i] * b[i];                                           \
    }                                                                           \
    if (isnan((double)r2)) return NAN;                                          \
    return b2 > 0 ? (double)sqrtl(r2 / b2) : (double)sqrtl(r2);                 \
  }
ORACLE_RESID(gtsv_oracle_dresidual, double)
ORACLE_RESID(gtsv_oracle_sresidual, float)

#define ORACLE_BERR(NAME, T)                                                     \
  double NAME(int64_t n, const T *dl, const T *d, const T *du, const T *x,       \
              const T *b, double *xnorm)                                        \
  {                                                                             \
    long double rn = 0, tn = 0, xn = 0, bn = 0;                                 \
    for (int64_t i = 0; i < n; i++) {                                           \
      long double r = (long double)d[i] * x[i] - b[i], t = fabsl((long double)d[i]); \
      if (i > 0) r += (long double)dl[i] * x[i - 1], t += fabsl((long double)dl[i]); \
      if (i + 1 < n) r += (long double)du[i] * x[i + 1], t += fabsl((long double)du[i]); \
      if (isnan((double)r)) rn = NAN;                                           \
      else if (!isnan((double)rn)) rn = fmaxl(rn, fabsl(r));                    \
      tn = fmaxl(tn, t);                                                        \
      xn = fmaxl(xn, fabsl((long double)x[i]));                                 \
      bn = fmaxl(bn, fabsl((long double)b[i]));                                 \
    }                                                                           \
    if (xnorm) *xnorm = (double)xn;                                             \
    if (isnan((double)rn)) return NAN;                                          \
    return (double)(rn / (tn * xn + bn));                                       \
  }
ORACLE_BERR(gtsv_oracle_dberr, double)
ORACLE_BERR(gtsv_oracle_sberr, float)

double gtsv_oracle_dcond(int64_t n, const double *dl, const double *d, const double *du)
{
  double *w, anorm = 0, rcond = 0;
  lapack_int *ipiv, info;
  if (n <= 0) return 1;
  w = (double *)malloc(sizeof(double) * (size_t)(4 * n));
  ipiv = (lapack_int *)malloc(sizeof(lapack_int) * (size_t)n);
  if (!w || !ipiv) { free(w); free(ipiv); return NAN; }
  for (int64_t j = 0; j < n; j++) { /* 1-norm: max column sum */
    double s = fabs(d[j]);
    if (j > 0) s += fabs(du[j - 1]);
    if (j + 1 < n) s += fabs(dl[j + 1]);
    if (s > anorm) anorm = s;
  }
  memcpy(w, dl + 1, sizeof(double) * (size_t)(n - 1));
  memcpy(w + n, d, sizeof(double) * (size_t)n);
  memcpy(w + 2 * n, du, sizeof(double) * (size_t)(n - 1));
  info = LAPACKE_dgttrf((lapack_int)n, w, w + n, w + 2 * n, w + 3 * n, ipiv);
  if (info == 0)
    info = LAPACKE_dgtcon('1', (lapack_int)n, w, w + n, w + 2 * n, w + 3 * n, ipiv,
                          anorm, &rcond);
  free(w);
  free(ipiv);
  if (info > 0 || rcond == 0) return INFINITY;
  return 1.0 / rcond;
}
