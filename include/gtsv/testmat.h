/*
 * gtsv_testmat: the 18 tridiagonal test-matrix types of Chang's thesis, table 6.1
 * (numerical stability suite), for any order n and a 64-bit seed.
 *
 * Separate library (libgtsv_testmat), because the randsvd types (8-11) call
 * LAPACK's test-matrix generator dlatms (tmglib); libgtsv itself never links LAPACK.
 *
 * Layout is gtsv's (cuSPARSE) layout: dl, d, du of length n, row i of A is
 * dl[i] x[i-1] + d[i] x[i] + du[i] x[i+1]; the generators write dl[0] = du[n-1] = 0.
 *
 *  type  name            A (n = 512 in the thesis; positions scale with h = n/2)
 *   1    random          dl, d, du from U(-1,1)
 *   2    toeplitz-1e8    Toeplitz: d = 1e8, dl = a, du = c; a, c drawn once from U(-1,1)
 *   3    lesp            gallery('lesp',n): dl[i] = 1/(i+1), d[i] = -(2i+5), du[i] = i+2
 *   4    random-dl-tiny  type 1, then dl[h] *= 1e-50
 *   5    random-sparse   d from U(-1,1); each dl, du is 0 or U(-1,1), probability 1/2
 *   6    toeplitz-64     Toeplitz: d = 64, dl = a, du = c (a, c from U(-1,1))
 *   7    inv-kms         inv(gallery('kms',n,0.5)) (closed form, see testmat.c)
 *   8    randsvd-2       gallery('randsvd',n,1e15,2,1,1): one small singular value
 *   9    randsvd-3       mode 3: geometrically distributed singular values
 *  10    randsvd-1       mode 1: one large singular value
 *  11    randsvd-4       mode 4: arithmetically distributed singular values
 *  12    random-dl-1e-50 type 1, then every dl *= 1e-50
 *  13    dorr            gallery('dorr',n,1e-4)
 *  14    toeplitz-1e-8   Toeplitz: d = 1e-8, dl = a, du = c (a, c from U(-1,1))
 *  15    clement         gallery('clement',n,0): d = 0, dl[i] = n-i, du[i] = i+1
 *  16    toeplitz-0      Toeplitz: d = 0, dl = a, du = c (a, c from U(-1,1))
 *  17    zero-diag-ones  d = 0, dl = du = 1, except rows 0 and n-1: d = 1, off-diag 0
 *  18    split-2x2       type 1, then rows h-1 and h: d = 0, dl = du = 1; d[h-2] = 1e15
 *
 * Types 15, 16 and 17 are exactly singular when n is odd (a zero diagonal of odd
 * order); the thesis uses n = 512. The Toeplitz types draw one sub-diagonal value a
 * and one super-diagonal value c: with a small diagonal the matrix is far from
 * normal and its condition grows like (|c|/|a|)^n (thesis: 1e67 and 7e191), which
 * independent draws per entry would not reproduce.
 * Randsvd types use dlatms with kl = ku = 1, COND = 1e15, largest singular value 1;
 * they cost O(n^2) time (dlatms chases every Givens bulge to the end of the band):
 * about 1 ms at n = 512, 5 s per matrix at n = 8000. Every other type is O(n).
 *
 * The float generator rounds the double matrix: 1e-50 becomes 0 in float, so
 * types 4 and 12 lose their tiny entries (type 12 becomes upper bidiagonal).
 */
#ifndef GTSV_TESTMAT_H
#define GTSV_TESTMAT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GTSV_TESTMAT_NTYPES 18 /* types are 1 .. GTSV_TESTMAT_NTYPES */

/* Return codes of the generators. */
#define GTSV_TESTMAT_OK 0
#define GTSV_TESTMAT_EINVAL (-1)  /* type out of range, n < 0, NULL array, n too
                                     large for LAPACK's 32-bit INTEGER (randsvd) */
#define GTSV_TESTMAT_ENOMEM (-2)  /* workspace allocation failed (randsvd) */
#define GTSV_TESTMAT_ELAPACK (-3) /* dlatms returned INFO != 0 */

/*
 * Generate matrix `type` of order n from `seed`.
 *   type    1 .. GTSV_TESTMAT_NTYPES.
 *   n       order, n >= 0 (n = 0 writes nothing).
 *   seed    any value; the same (type, n, seed) always gives the same matrix.
 *           Different types use independent streams of the same seed.
 *   dl, d, du  [n] on exit the sub-, main and super-diagonal (dl[0] = du[n-1] = 0).
 * Returns GTSV_TESTMAT_OK or a negative code above (arrays then unspecified).
 * Thread-safe (no global state).
 */
int gtsv_testmat_d(int type, int64_t n, uint64_t seed, double *dl, double *d,
                   double *du);
/* Same matrix rounded to float. */
int gtsv_testmat_s(int type, int64_t n, uint64_t seed, float *dl, float *d, float *du);

/* b[0..n) := U(-1,1) right-hand side from seed (a stream independent of every
   matrix type's). Nothing is written when n <= 0 or b is NULL. */
void gtsv_testmat_rhs_d(int64_t n, uint64_t seed, double *b);
void gtsv_testmat_rhs_s(int64_t n, uint64_t seed, float *b);

/* Short identifier ("lesp", "randsvd-2", ...); "unknown" out of range. */
const char *gtsv_testmat_name(int type);
/* One-line description after thesis table 6.1; "unknown" out of range. */
const char *gtsv_testmat_description(int type);
/* Condition number printed in thesis table 6.1 (n = 512; MATLAB, random draws of
   2013); NaN out of range. For comparison of orders of magnitude only. */
double gtsv_testmat_thesis_cond(int type);

#ifdef __cplusplus
}
#endif

#endif /* GTSV_TESTMAT_H */
