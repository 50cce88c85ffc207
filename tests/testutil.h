/* Shared helpers of the Check tests: deterministic matrix kinds, a precision-
   generic view of the public API and of the LAPACK oracle, test problems (one
   system with several right-hand sides, or a strided batch) checked against
   LAPACK, and soft assertions that let a test clean up before it reports. */
#ifndef GTSV_TESTUTIL_H
#define GTSV_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>
#include "gtsv/gtsv.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- matrix kinds ------------------------------------------------------------ */

/* Matrix kinds every solver path is tested on. */
typedef enum {
  TU_RANDOM = 0,   /* all entries U(-1,1): mixed 1x1 / 2x2 pivots */
  TU_ZERO_DIAG,    /* d = 0, off-diagonals U(-1,1) bounded away from 0: 2x2 pivots;
                      exactly singular for odd n */
  TU_DOMINANT,     /* d = 4 + U(-1,1): Thomas-safe */
  TU_FORCE_2X2,    /* tiny d, large off-diagonals: every pivot block 2x2 */
  TU_NEAR_SING_PART, /* d = 0 / ones off the diagonal, with 1e-14 perturbations and
                        unit diagonal every 37 rows: singular and near-singular
                        diagonal blocks at many partition boundaries */
  TU_ZERO_DIAG_PAIRS, /* d = 0, rows (2k, 2k+1) coupled by |du[2k]|, |dl[2k+1]| in
                         [0.5, 1.5], the other couplings U(-0.25, 0.25): every pivot
                         block 2x2 on rows (2k, 2k+1), well conditioned at any even n
                         (cond_2 <= 7; TU_ZERO_DIAG's condition grows like
                         exp(c sqrt(n))), exactly singular for odd n. A partition or
                         segment that starts at an odd row cuts every pair: its
                         blocks are near-singular (SPIKE's thesis-3.4 case) */
  TU_NKINDS
} tu_kind;

const char *tu_kind_name(tu_kind k);

/* Fill dl, d, du (length n, cuSPARSE layout) and b (n) of kind k; dl[0] and
   du[n-1] get garbage (1e30) to prove they are ignored. */
void tu_dfill(tu_kind k, int64_t n, uint64_t seed, double *dl, double *d, double *du,
              double *b);
void tu_sfill(tu_kind k, int64_t n, uint64_t seed, float *dl, float *d, float *du,
              float *b);

/* Deterministic U(-1,1) */
double tu_urand(uint64_t *state);

/* ---- precisions -------------------------------------------------------------- */

/* Arrays of either precision are passed as void * with a tu_prec beside them, so
   one test body covers float and double. */
typedef enum { TU_FLOAT = 0, TU_DOUBLE, TU_NPREC } tu_prec;

const char *tu_prec_name(tu_prec p);              /* "float", "double" */
size_t tu_elt(tu_prec p);                         /* sizeof the element */
double tu_eps(tu_prec p);                         /* machine epsilon */
void *tu_alloc(tu_prec p, int64_t count);         /* zeroed; exits if out of memory */
void *tu_dup(tu_prec p, const void *a, int64_t count);
void *tu_at(tu_prec p, const void *a, int64_t i); /* &a[i] */
double tu_get(tu_prec p, const void *a, int64_t i);
void tu_set(tu_prec p, void *a, int64_t i, double v);
void tu_fill(tu_prec p, tu_kind k, int64_t n, uint64_t seed, void *dl, void *d,
             void *du, void *b);
int tu_all_finite(tu_prec p, const void *a, int64_t count);
/* Bitwise equality of count elements (NaN payloads included). */
int tu_same(tu_prec p, const void *a, const void *b, int64_t count);

/* The public solvers and the oracle, dispatched on p. */
gtsv_status tu_gtsv(gtsv_handle h, tu_prec p, int64_t n, int64_t nrhs, const void *dl,
                    const void *d, const void *du, void *B, int64_t ldb);
gtsv_status tu_gtsv_batch(gtsv_handle h, tu_prec p, int64_t n, const void *dl,
                          const void *d, const void *du, void *x, int64_t batch,
                          int64_t stride);
int tu_oracle_gtsv(tu_prec p, int64_t n, int64_t nrhs, const void *dl, const void *d,
                   const void *du, void *B, int64_t ldb);
double tu_residual(tu_prec p, int64_t n, const void *dl, const void *d, const void *du,
                   const void *x, const void *b);

const char *tu_status_name(gtsv_status s); /* "SUCCESS", "SINGULAR", ... */

/* ---- test problems ------------------------------------------------------------ */

/* Marks entries no solver may write: B's rows n..ldb-1 and the gaps between the
   systems of a batch (exact in float and double). */
#define TU_SENTINEL 777.0

/* Acceptance. A column is accurate when its backward residual ||Tx-b||_2/||b||_2
   (thesis eq. 6.1, gtsv_oracle_?residual) is at most
       TU_RESID_FACTOR x LAPACK's on the same column
     + TU_RESID_SLACK_EPS x eps x max(1, ||T|| ||x_L||_2 / ||b||_2)
   (tu_problem_bound), x_L LAPACK's solution, ||T|| = max(||T||_1, ||T||_inf).
   The slack is 64 eps on the scale of T x: a backward-stable solver's residual is
   a few eps times that scale, and on an ill-conditioned system (||x_L|| >> ||b||)
   the residuals of two stable solvers differ by more than 10x as often as not.
   Measured (testutil history, 3000 systems per kind): DP_SEQ stays below 1.7 eps
   x scale, LAPACK below 0.9; Thomas on non-dominant kinds reaches 1e15.
   tu_problem_system_ok puts the slack on the larger of LAPACK's scale and the
   solver's own, ||T|| ||x||_2 / ||b||_2: a residual of a few eps ||T|| ||x|| is
   the definition of a backward-stable solve (LAPACK's tests, xGTT02, divide by the
   solver's own ||X|| likewise), and on a system singular to working precision two
   stable solvers' ||x|| differ by orders of magnitude. Measured (check_pdp.c,
   near-singular systems): on float TU_NEAR_SING_PART n = 64, where every system
   has eps cond(T) > 1, LAPACK's scale alone failed DP_SEQ on 32 and PDP on 11 of
   200000 seeds, all of them with a normwise backward error below 1 eps. */
#define TU_RESID_FACTOR 10.0
#define TU_RESID_SLACK_EPS 64.0

/* P->info[k] of a float system that LAPACK's sgtsv calls singular, or solves with
   an Inf or NaN, but dgtsv solves (the float factorisation under- or overflows). Such a system must be reported
   SINGULAR or give a solution with a non-finite entry, or an accurate one: a finite
   answer where the double solution exceeds FLT_MAX is wrong. */
#define TU_INFO_RANGE (-2)

/* batch systems of order n, system k's matrix at offset k*stride of dl, d, du;
   its right-hand side j at k*stride + j*ldb of b and x. A single system is
   batch = 1 (stride = n); a strided batch has nrhs = 1. Matrix gaps hold NaN (a
   solver that reads them produces garbage), B gaps TU_SENTINEL. */
typedef struct {
  tu_prec prec;
  int64_t n, nrhs, ldb, batch, stride;
  int64_t mlen, blen;           /* lengths of the matrix and right-hand-side arrays */
  void *dl, *d, *du;            /* the matrices (mlen) */
  void *dl0, *d0, *du0;         /* copies: solvers must not modify the matrices */
  void *b;                      /* right-hand sides (blen) */
  void *x;                      /* what the solver under test gets: b on entry */
  void *xl;                     /* LAPACK's solutions */
  int *info;                    /* LAPACK's INFO per system (or TU_INFO_RANGE) */
  double *lres;                 /* LAPACK's residual per system and column */
  double *lscale;               /* ||T|| ||x_L|| / ||b|| per system and column */
  double *xmax;                 /* max |x_L| per system */
} tu_problem;

/* Allocate and fill with kind k (system s seeded with seed + s), then
   tu_problem_prepare. One system: batch = 1, B is ldb x nrhs (ldb >= n), the
   matrix arrays have stride >= n elements. A batch (batch > 1): nrhs = 1 and
   ldb = stride are implied. */
void tu_problem_init(tu_problem *P, tu_prec p, tu_kind k, int64_t n, int64_t nrhs,
                     int64_t ldb, int64_t batch, int64_t stride, uint64_t seed);
/* After the test has changed dl, d, du or b: copy the matrices, run LAPACK per
   system, reset x := b. */
void tu_problem_prepare(tu_problem *P);
void tu_problem_reset_x(tu_problem *P);
void tu_problem_free(tu_problem *P);
/* Pointers to system k's arrays. */
void *tu_sys_dl(const tu_problem *P, int64_t k);
void *tu_sys_d(const tu_problem *P, int64_t k);
void *tu_sys_du(const tu_problem *P, int64_t k);
void *tu_sys_b(const tu_problem *P, int64_t k);
void *tu_sys_x(const tu_problem *P, int64_t k);
/* Make row r of system k zero (dl[r] = d[r] = du[r] = 0): exactly singular. */
void tu_problem_zero_row(tu_problem *P, int64_t k, int64_t r);
/* Index of the first system LAPACK calls singular, or -1. */
int64_t tu_problem_first_singular(const tu_problem *P);
/* Whether info (from gtsv_get_info after SINGULAR) can name the first singular
   system of P: 1 + k where system k is singular (or TU_INFO_RANGE) and no system
   before k is singular. */
int tu_problem_info_ok(const tu_problem *P, int64_t info);
/* Largest residual accepted for column j of system k (see TU_RESID_*). */
double tu_problem_bound(const tu_problem *P, int64_t k, int64_t j);
/* The bound tu_problem_system_ok holds column j of system k to with xj as its
   solution: tu_problem_bound, or the slack on xj's own scale where that is larger;
   *own_scale (where not NULL): that scale, ||T|| ||xj||_2 / ||b_j||_2. */
double tu_problem_own_bound(const tu_problem *P, int64_t k, int64_t j, const void *xj,
                            double *own_scale);

/* Judge a solve of P that returned st (x holds the result): status SINGULAR when
   LAPACK finds a system singular, SUCCESS otherwise (either for TU_INFO_RANGE);
   every system LAPACK solves is accurate (see TU_RESID_*); matrices, B padding and
   batch gaps unchanged.
   Returns 1 when all holds, else 0 with the reason in why. */
int tu_problem_verdict(const tu_problem *P, gtsv_status st, char *why, size_t len);
/* System k (which LAPACK solves) is accurate in x; for a TU_INFO_RANGE system: no
   finite wrong answer. 1, or 0 with the reason. */
int tu_problem_system_ok(const tu_problem *P, int64_t k, char *why, size_t len);
/* x equals b bitwise (a call that must not write). */
int tu_problem_x_unchanged(const tu_problem *P);

/* ---- soft assertions ---------------------------------------------------------- */

/* TU_EXPECT(cond, fmt, ...): count a failure (print the first few to stderr and
   keep the first message) without leaving the test, so that it can free what it
   allocated. A test ends with tu_failures()/tu_first_failure() in a ck_assert. */
#define TU_EXPECT(cond, ...) tu_expect((cond) ? 1 : 0, __FILE__, __LINE__, __VA_ARGS__)
int tu_expect(int ok, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
int tu_failures(void);            /* since the last tu_reset_failures() */
const char *tu_first_failure(void);
void tu_reset_failures(void);
/* The end of a test: a Check assertion that no soft failure was counted since the
   last reset (the count and the first message in its text); resets the count. */
void tu_report(void);
/* GTSV_GPU_TEST_SMALL set and not "0": GPU tests shrink their sizes (the
   compute-sanitizer runs). */
int tu_small_run(void);
/* GTSV_GPU_TEST_SMALL=2 (a small run, smaller still where a test says so: racecheck,
   about 100 times slower than memcheck) */
int tu_tiny_run(void);

#ifdef __cplusplus
}
#endif

#endif
