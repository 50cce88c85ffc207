/* libgtsv_lapack (src/lapack): the sgtsv_/dgtsv_ Fortran-ABI entry points against
   LAPACK's own, called the way a Fortran program calls them (every argument by
   pointer, LAPACK's n-1 layout).

   The shim is dlopen()ed RTLD_LOCAL, and its entry points taken with dlsym():
   linked normally it would interpose dgtsv_ for the whole process, and the
   oracle (LAPACKE_dgtsv -> dgtsv_) would then call the shim, comparing it with
   itself. RTLD_LOCAL keeps the shim's symbols out of the global scope, so the
   oracle and the plain dgtsv_/sgtsv_ below are LAPACK's; the shim's call
   counter proves it (every test asserts the counter moved only for shim calls).

   This program defines xerbla_ and exports it (tests/CMakeLists.txt): LAPACK's
   and the shim's argument errors must both land here. */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "host/oracle.h"
#include "testutil.h"

#ifndef GTSV_LAPACK_PATH
#error "GTSV_LAPACK_PATH: the path of libgtsv_lapack.so"
#endif

typedef void dgtsv_fn(const int *, const int *, double *, double *, double *, double *,
                      const int *, int *);
typedef void sgtsv_fn(const int *, const int *, float *, float *, float *, float *,
                      const int *, int *);

/* LAPACK's own (global scope: the shim is RTLD_LOCAL). */
void dgtsv_(const int *, const int *, double *, double *, double *, double *, const int *,
            int *);
void sgtsv_(const int *, const int *, float *, float *, float *, float *, const int *,
            int *);

static dgtsv_fn *shim_dgtsv;
static sgtsv_fn *shim_sgtsv;
static long (*shim_calls)(void);

/* ---- the program's XERBLA ---------------------------------------------------- */
static int xerbla_count, xerbla_info;
static size_t xerbla_len;
static char xerbla_name[16];

void xerbla_(const char *srname, const int *info, size_t len);
void xerbla_(const char *srname, const int *info, size_t len)
{
  xerbla_count++;
  xerbla_info = *info;
  xerbla_len = len;
  memset(xerbla_name, 0, sizeof xerbla_name);
  memcpy(xerbla_name, srname, len < 15 ? len : 15);
}

static void xerbla_reset(void)
{
  xerbla_count = 0;
  xerbla_info = 0;
  xerbla_len = 0;
  xerbla_name[0] = '\0';
}

static void load_shim(void)
{
  void *lib = dlopen(GTSV_LAPACK_PATH, RTLD_NOW | RTLD_LOCAL);
  ck_assert_msg(lib != NULL, "dlopen %s: %s", GTSV_LAPACK_PATH, dlerror());
  shim_dgtsv = (dgtsv_fn *)dlsym(lib, "dgtsv_");
  shim_sgtsv = (sgtsv_fn *)dlsym(lib, "sgtsv_");
  *(void **)&shim_calls = dlsym(lib, "gtsv_lapack_calls");
  ck_assert(shim_dgtsv && shim_sgtsv && shim_calls);
  /* the plain names must be LAPACK's, or the comparison below is vacuous */
  ck_assert_ptr_ne((void *)shim_dgtsv, (void *)dgtsv_);
  ck_assert_ptr_ne((void *)shim_sgtsv, (void *)sgtsv_);
  /* the version script exports nothing else: no private libgtsv symbol leaks */
  ck_assert_ptr_null(dlsym(lib, "gtsv_dgtsv"));
  ck_assert_ptr_null(dlsym(lib, "gtsv_create"));
  /* and no xerbla_ of its own (gtsv_lapack.c says why) */
  ck_assert_ptr_null(dlsym(lib, "xerbla_"));
}

/* ---- comparison with LAPACK on many systems ------------------------------------ */
static const int sizes[] = {1, 2, 3, 4, 5, 31, 32, 33, 511, 512, 513, 4097, 70001};
static const tu_kind kinds[] = {TU_RANDOM, TU_ZERO_DIAG, TU_FORCE_2X2, TU_NEAR_SING_PART,
                                TU_DOMINANT};

#define T double
#define FILL tu_dfill
#define ORACLE gtsv_oracle_dgtsv
#define RESID gtsv_oracle_dresidual
#define SHIM shim_dgtsv
#define TOL 1e-14
#define CMP_FN(name) cmp_d_##name
#include "lapack/check_lapack_gen.c"
#undef T
#undef FILL
#undef ORACLE
#undef RESID
#undef SHIM
#undef TOL
#undef CMP_FN

#define T float
#define FILL tu_sfill
#define ORACLE gtsv_oracle_sgtsv
#define RESID gtsv_oracle_sresidual
#define SHIM shim_sgtsv
#define TOL 1e-6
#define CMP_FN(name) cmp_s_##name
#include "lapack/check_lapack_gen.c"
#undef T
#undef FILL
#undef ORACLE
#undef RESID
#undef SHIM
#undef TOL
#undef CMP_FN

START_TEST(dgtsv_matches_lapack)
{
  load_shim();
  xerbla_reset();
  cmp_d_all();
}
END_TEST

START_TEST(sgtsv_matches_lapack)
{
  load_shim();
  xerbla_reset();
  cmp_s_all();
}
END_TEST

/* ---- illegal arguments: same INFO and XERBLA call as LAPACK's own -------------- */
START_TEST(bad_arguments_as_lapack)
{
  /* {N, NRHS, LDB, expected INFO}: checked in LAPACK's order */
  static const int cases[][4] = {
      {-1, 1, 1, -1}, {-1, -1, 0, -1}, {-5, 2, 10, -1}, {3, -1, 3, -2},
      {3, -1, 2, -2}, {3, 1, 2, -7},   {0, 1, 0, -7},   {1, 0, 0, -7},
      {5, 2, -1, -7},
  };
  double dl[8] = {1, 1, 1, 1, 1, 1, 1, 1}, d[8] = {4, 4, 4, 4, 4, 4, 4, 4};
  double du[8] = {1, 1, 1, 1, 1, 1, 1, 1}, B[16], B0[16];
  float sdl[8] = {1, 1, 1, 1, 1, 1, 1, 1}, sd[8] = {4, 4, 4, 4, 4, 4, 4, 4};
  float sdu[8] = {1, 1, 1, 1, 1, 1, 1, 1}, sB[16], sB0[16];
  load_shim();
  for (int i = 0; i < 16; i++) B0[i] = B[i] = sB0[i] = sB[i] = (float)i + 0.5f;
  for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
    const int n = cases[c][0], nrhs = cases[c][1], ldb = cases[c][2], want = cases[c][3];
    int info = 0, linfo = 0, sinfo = 0;
    long c0 = shim_calls();

    xerbla_reset();
    dgtsv_(&n, &nrhs, dl, d, du, B, &ldb, &linfo); /* LAPACK */
    ck_assert_int_eq(linfo, want);
    ck_assert_int_eq(xerbla_count, 1); /* our xerbla_ took precedence over LAPACK's */
    ck_assert_int_eq(xerbla_info, -want);
    ck_assert_str_eq(xerbla_name, "DGTSV ");
    ck_assert_int_eq(shim_calls(), c0);

    xerbla_reset();
    shim_dgtsv(&n, &nrhs, dl, d, du, B, &ldb, &info);
    ck_assert_msg(info == want, "case %zu: INFO %d, want %d", c, info, want);
    ck_assert_int_eq(xerbla_count, 1);
    ck_assert_int_eq(xerbla_info, -want);
    ck_assert_int_eq((int)xerbla_len, 6);
    ck_assert_str_eq(xerbla_name, "DGTSV ");
    ck_assert(memcmp(B, B0, sizeof B) == 0);

    xerbla_reset();
    shim_sgtsv(&n, &nrhs, sdl, sd, sdu, sB, &ldb, &sinfo);
    ck_assert_int_eq(sinfo, want);
    ck_assert_int_eq(xerbla_count, 1);
    ck_assert_int_eq(xerbla_info, -want);
    ck_assert_str_eq(xerbla_name, "SGTSV ");
    ck_assert(memcmp(sB, sB0, sizeof sB) == 0);
    ck_assert_int_eq(shim_calls(), c0 + 2);
  }
}
END_TEST

/* NULL arrays (an extension: LAPACK would crash): the lowest NULL argument. */
START_TEST(null_arrays)
{
  double v[4] = {1, 4, 1, 2};
  const int n = 3, nrhs = 1, ldb = 3, one = 1, zero = 0;
  int info;
  load_shim();
  struct { double *dl, *d, *du, *b; int want; } c[] = {
      {NULL, v, v, v, -3}, {v, NULL, v, v, -4}, {v, v, NULL, v, -5}, {v, v, v, NULL, -6},
      {NULL, NULL, NULL, NULL, -3},
  };
  for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
    xerbla_reset();
    shim_dgtsv(&n, &nrhs, c[i].dl, c[i].d, c[i].du, c[i].b, &ldb, &info);
    ck_assert_int_eq(info, c[i].want);
    ck_assert_int_eq(xerbla_count, 1);
    ck_assert_int_eq(xerbla_info, -c[i].want);
  }
  /* N = 1 reads neither DL nor DU; NRHS = 0 never reads B */
  xerbla_reset();
  v[0] = 2;
  v[1] = 6;
  shim_dgtsv(&one, &one, NULL, v, NULL, v + 1, &one, &info);
  ck_assert_int_eq(info, 0);
  ck_assert(v[1] == 3);
  shim_dgtsv(&one, &zero, NULL, v, NULL, NULL, &one, &info);
  ck_assert_int_eq(info, 0);
  ck_assert_int_eq(xerbla_count, 0);
}
END_TEST

/* N = 0: quick return, nothing touched, no XERBLA. NRHS = 0: LAPACK still factors
   and reports a singular A; so does the shim. */
START_TEST(quick_return_and_nrhs_zero)
{
  const int zero = 0, one = 1, n = 3;
  double dl[2] = {1, 1}, d[3] = {0, 0, 0}, du[2] = {1, 1}, B[3] = {7, 8, 9};
  int info = 99, linfo = 99;
  load_shim();
  xerbla_reset();
  shim_dgtsv(&zero, &one, dl, d, du, B, &one, &info);
  ck_assert_int_eq(info, 0);
  shim_dgtsv(&zero, &zero, NULL, NULL, NULL, NULL, &one, &info);
  ck_assert_int_eq(info, 0);
  ck_assert(B[0] == 7 && B[1] == 8 && B[2] == 9);
  /* zero diagonal of odd order: exactly singular */
  dgtsv_(&n, &zero, dl, d, du, B, &n, &linfo);
  shim_dgtsv(&n, &zero, dl, d, du, B, &n, &info);
  ck_assert_int_gt(linfo, 0);
  ck_assert_int_gt(info, 0);
  ck_assert_int_le(info, n);
  ck_assert(B[0] == 7 && B[1] == 8 && B[2] == 9);
  /* and a regular one gives 0 */
  d[0] = d[1] = d[2] = 3;
  shim_dgtsv(&n, &zero, dl, d, du, B, &n, &info);
  ck_assert_int_eq(info, 0);
  ck_assert_int_eq(xerbla_count, 0);
}
END_TEST

/* Singular pivot blocks: INFO names the 1-based first row of the block. */
START_TEST(singular_info_row)
{
  /* rows 0-1 regular (1x1 pivots, diagonally dominant), then rows 2..4 all zero:
     the first pivot block that can be singular starts at row 2 or later */
  const int n = 5, nrhs = 1;
  double dl[4] = {1, 0, 0, 0}, d[5] = {4, 4, 0, 0, 0}, du[4] = {1, 0, 0, 0};
  double B[5] = {1, 2, 3, 4, 5};
  int info = 0, linfo = 0;
  load_shim();
  shim_dgtsv(&n, &nrhs, dl, d, du, B, &n, &info);
  dgtsv_(&n, &nrhs, dl, d, du, B, &n, &linfo);
  ck_assert_int_eq(linfo, 3);
  ck_assert_int_eq(info, 3);
}
END_TEST

/* Threads: each gets its own handle; results equal the single-thread ones, and
   (under ASan) the handles of exited threads are freed. */
#define NT 4
typedef struct { int n; double *x; int info; } thr_arg;

static void *thr_main(void *p)
{
  thr_arg *a = (thr_arg *)p;
  const int nrhs = 1;
  double *dl = malloc(8 * (size_t)a->n), *d = malloc(8 * (size_t)a->n);
  double *du = malloc(8 * (size_t)a->n);
  for (int rep = 0; rep < 20; rep++) {
    tu_dfill(TU_RANDOM, a->n, 5, dl, d, du, a->x);
    shim_dgtsv(&a->n, &nrhs, dl + 1, d, du, a->x, &a->n, &a->info);
  }
  free(dl); free(d); free(du);
  return NULL;
}

START_TEST(threads)
{
  pthread_t t[NT];
  thr_arg a[NT];
  double *ref;
  const int n = 3001, nrhs = 1;
  int info;
  double *dl = malloc(8 * n), *d = malloc(8 * n), *du = malloc(8 * n);
  load_shim();
  ref = malloc(8 * n);
  tu_dfill(TU_RANDOM, n, 5, dl, d, du, ref);
  shim_dgtsv(&n, &nrhs, dl + 1, d, du, ref, &n, &info);
  ck_assert_int_eq(info, 0);
  for (int i = 0; i < NT; i++) {
    a[i].n = n;
    a[i].x = malloc(8 * n);
    a[i].info = -99;
    ck_assert_int_eq(pthread_create(&t[i], NULL, thr_main, &a[i]), 0);
  }
  for (int i = 0; i < NT; i++) {
    ck_assert_int_eq(pthread_join(t[i], NULL), 0);
    ck_assert_int_eq(a[i].info, 0);
    ck_assert(memcmp(a[i].x, ref, 8 * (size_t)n) == 0);
    free(a[i].x);
  }
  free(ref); free(dl); free(d); free(du);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("lapack");
  TCase *tc = tcase_create("shim");
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, dgtsv_matches_lapack);
  tcase_add_test(tc, sgtsv_matches_lapack);
  tcase_add_test(tc, bad_arguments_as_lapack);
  tcase_add_test(tc, null_arrays);
  tcase_add_test(tc, quick_return_and_nrhs_zero);
  tcase_add_test(tc, singular_info_row);
  tcase_add_test(tc, threads);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
