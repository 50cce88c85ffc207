/*
 * The diagonal-pivoting arithmetic, once, for every path (host C and CUDA).
 *
 * A tridiagonal T (sub-diagonal a, diagonal b, super-diagonal c) is factored as
 * T = L B M^T, B block diagonal with 1x1 and 2x2 pivot blocks (thesis 2.2, eq. 2.12).
 * Only the leading diagonal entry of the Schur complement changes, so a sweep
 * carries one number, bt = the current (updated) diagonal entry at row i.
 *
 * Pivot choice, asymmetric Bunch-Kaufman: a 1x1 pivot at row i when
 *     |bt| * sigma >= kappa * |a[i+1] c[i]|,
 *     sigma = max(|a[i+1]|, |a[i+2]|, |b[i+1]|, |c[i]|, |c[i+1]|), kappa = (sqrt5-1)/2,
 * else a 2x2 pivot on rows i, i+1. When the 2x2 block is chosen,
 * |bt b[i+1]| <= |bt| sigma < kappa |a[i+1] c[i]|, so
 * |Delta| = |bt b[i+1] - a[i+1] c[i]| > (1 - kappa) |a[i+1] c[i]| > 0:
 * a 2x2 pivot is never singular, and a zero 1x1 pivot happens only where the matrix
 * decouples (a[i+1] c[i] = 0) or at the last row; that is exact singularity.
 *
 * Per row the sweep keeps (the "factor"):
 *   1x1 at i:        p[i] = 1/bt,   g[i] = c[i]/bt           (x[i] = y[i] - g[i] x[i+1])
 *   2x2 at i, i+1:   p[i] = 1/Delta, p[i+1] = bt,
 *                    g[i] = -c[i] c[i+1]/Delta, g[i+1] = bt c[i+1]/Delta
 *                                                          (x[i+k] = y[i+k] - g[i+k] x[i+2])
 * and the forward (L and B) solve of a right-hand side z is
 *   1x1: y[i] = z[i] p[i];                           z[i+1] -= a[i+1] y[i]
 *   2x2: y[i]   = (b[i+1] z[i] - c[i] z[i+1]) p[i]
 *        y[i+1] = (bt z[i+1] - a[i+1] z[i]) p[i];     z[i+2] -= a[i+2] y[i+1]
 * followed by the backward (M^T) solve with g. Entries beyond the end of the
 * system are passed as zero, which makes the last row a 1x1 pivot.
 *
 * Worked example: T = [0 1; 1 0] (a1 = c0 = 1, b = 0): |0|*1 < 0.62*1, so a 2x2
 * pivot, Delta = -1, y = (0*z0 - 1*z1)/-1 = z1, y1 = (0*z1 - 1*z0)/-1 = z0: x = (z1, z0).
 *
 * This header is C99 and CUDA: the functions are __host__ __device__ under nvcc.
 * One generic body (pivot_gen.h) is instantiated per precision: gtsv_s_* (float)
 * and gtsv_d_* (double).
 */
#ifndef GTSV_CORE_PIVOT_H
#define GTSV_CORE_PIVOT_H

#include <stdint.h>

#ifdef __CUDACC__
#define GTSV_HD __host__ __device__
#include <math.h>
#else
#define GTSV_HD
#endif

/* flag values of a row in the factor */
enum { GTSV_PIV_1x1 = 0, GTSV_PIV_2x2_FIRST = 1, GTSV_PIV_2x2_SECOND = 2 };

#define GTSV_KAPPA 0.6180339887498949 /* (sqrt(5)-1)/2 */

/* GTSV_DABS, GTSV_DMAX: the GPU's abs and max of the precision (device code);
   GTSV_ABS_: abs in either (the same value but for the sign of a zero) */
#ifdef __CUDA_ARCH__
#define GTSV_ABS_(v) GTSV_DABS(v)
#else
#define GTSV_ABS_(v) GTSV_FN(abs)(v)
#endif
#define GTSV_T float
#define GTSV_FN(name) gtsv_s_##name
#define GTSV_T_MAX 3.40282346638528859812e+38F
#define GTSV_DABS fabsf
#define GTSV_DMAX fmaxf
#define GTSV_PIV_OR_FORM 0
#include "pivot_gen.h"
#undef GTSV_PIV_OR_FORM
#undef GTSV_T
#undef GTSV_FN
#undef GTSV_T_MAX
#undef GTSV_DABS
#undef GTSV_DMAX

#define GTSV_T double
#define GTSV_FN(name) gtsv_d_##name
#define GTSV_T_MAX 1.79769313486231570815e+308
#define GTSV_DABS fabs
#define GTSV_DMAX fmax
/* the pivot test's form (pivot_gen.h): for double the one without max, on host
   and GPU (GTSV_PIV_OR_DOUBLE=0: the max form, for comparison); float keeps the
   max, one instruction on the GPU */
#ifndef GTSV_PIV_OR_DOUBLE
#define GTSV_PIV_OR_DOUBLE 1
#endif
#define GTSV_PIV_OR_FORM GTSV_PIV_OR_DOUBLE
#include "pivot_gen.h"
#undef GTSV_PIV_OR_FORM
#undef GTSV_T
#undef GTSV_FN
#undef GTSV_T_MAX
#undef GTSV_DABS
#undef GTSV_DMAX

#endif /* GTSV_CORE_PIVOT_H */
