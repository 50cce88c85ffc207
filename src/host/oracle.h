/* The LAPACK oracle: LAPACKE_{s,d}gtsv (partial pivoting) on copies of the input,
   in LAPACK's n-1 layout, plus the backward residual of thesis eq. 6.1 and the normwise
   backward error. Used by
   the tests, the benchmarks and gtsv-stability; not part of libgtsv. */
#ifndef GTSV_HOST_ORACLE_H
#define GTSV_HOST_ORACLE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* X := A \ B with LAPACK's dgtsv, A in gtsv's layout (dl[0], du[n-1] ignored; not
   modified). B column-major, ldb >= n. Returns LAPACK's INFO (0 ok, > 0 singular at
   that 1-based row, < 0 bad argument or allocation failure = -1000). */
int gtsv_oracle_dgtsv(int64_t n, int64_t nrhs, const double *dl, const double *d,
                      const double *du, double *B, int64_t ldb);
int gtsv_oracle_sgtsv(int64_t n, int64_t nrhs, const float *dl, const float *d,
                      const float *du, float *B, int64_t ldb);

/* ||T x - b||_2 / ||b||_2 in long double (thesis eq. 6.1); b = 0 gives ||T x||_2.
   NaN when x holds NaN; Inf when T x overflows. */
double gtsv_oracle_dresidual(int64_t n, const double *dl, const double *d,
                             const double *du, const double *x, const double *b);
double gtsv_oracle_sresidual(int64_t n, const float *dl, const float *d,
                             const float *du, const float *x, const float *b);

/* The normwise backward error ||T x - b|| / (||T|| ||x|| + ||b||), infinity norms, in
   long double: a few u for a backward-stable solve whatever cond(T), where eq. 6.1 also
   measures how far x went along a near-null vector once cond(T) > 1/u. NaN when x holds
   NaN. xnorm (may be NULL) gets ||x||. */
double gtsv_oracle_dberr(int64_t n, const double *dl, const double *d, const double *du,
                         const double *x, const double *b, double *xnorm);
double gtsv_oracle_sberr(int64_t n, const float *dl, const float *d, const float *du,
                         const float *x, const float *b, double *xnorm);

/* LAPACK dgtcon 1-norm condition number estimate of A (from dgttrf). Inf when
   singular. */
double gtsv_oracle_dcond(int64_t n, const double *dl, const double *d, const double *du);

#ifdef __cplusplus
}
#endif

#endif /* GTSV_HOST_ORACLE_H */
