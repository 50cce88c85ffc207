/* SPIKE-DP on host threads (GTSV_ALGO_SPIKE_DP, src/host/spike_host.c) against
   LAPACK and DP_SEQ, float and double.

   Every solve: nrhs = 3 with ldb > n (the padding must stay untouched); the status
   and singular row must equal DP_SEQ's on the same input; when both LAPACK and we
   succeed, the worst column's residual (thesis eq. 6.1) must be <= 10x LAPACK's
   worst + 64 eps.
   The worst ratio to LAPACK per matrix kind is printed at the end.

   The nominal partitions are those of spike_host.c: partition k of P over n rows
   starts at k * (n / P) + min(k, n % P); the "singular interior" matrices are built
   on them with n = P * L. */
#ifndef CHECK_SPIKE_GENERIC
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gtsv/gtsv.h"
#include "core/internal.h"
#include "host/oracle.h"
#include "testutil.h"

#define NRHS 3
#define PAD 3        /* ldb = n + PAD */
#define SENTINEL 7.25 /* value of the padding rows, exact in float */

/* ---- worst ratio to LAPACK per kind --------------------------------------- */

#define MAX_KINDS 16
static struct { const char *name; double worst[2]; long solves; } stats[MAX_KINDS];
static int nstats;

static void note(const char *kind, int dbl, double ratio)
{
  int i;
  for (i = 0; i < nstats && strcmp(stats[i].name, kind) != 0; i++) {}
  if (i == nstats) {
    ck_assert_int_lt(nstats, MAX_KINDS);
    stats[nstats++].name = kind;
  }
  stats[i].solves++;
  if (ratio > stats[i].worst[dbl]) stats[i].worst[dbl] = ratio;
}

/* ---- one solve, both precisions ----------------------------------------------- */

/* A system in double; float runs round it (every generator's values are exact in
   float except type 18's U(-1,1) entries, which are rounded before use). */
typedef struct {
  int64_t n;
  double *dl, *d, *du, *b; /* b: NRHS columns of length n */
} sys_t;

static sys_t sys_new(int64_t n)
{
  sys_t s;
  s.n = n;
  s.dl = malloc(sizeof(double) * (size_t)n);
  s.d = malloc(sizeof(double) * (size_t)n);
  s.du = malloc(sizeof(double) * (size_t)n);
  s.b = malloc(sizeof(double) * (size_t)n * NRHS);
  ck_assert(s.dl && s.d && s.du && s.b);
  return s;
}

static void sys_free(sys_t *s)
{
  free(s->dl); free(s->d); free(s->du); free(s->b);
}

/* extra right-hand side columns 1.. from a seed; column 0 is the generator's */
static void fill_rhs(sys_t *s, uint64_t seed)
{
  for (int64_t i = s->n; i < s->n * NRHS; i++) s->b[i] = tu_urand(&seed);
}

/* run_s, run_d: the generic solve-and-compare below, once per precision */
#define CHECK_SPIKE_GENERIC
#define T float
#define RUN run_s
#define SOLVE gtsv_sgtsv
#define ORACLE gtsv_oracle_sgtsv
#define RESIDUAL gtsv_oracle_sresidual
#define EPS FLT_EPSILON
#include "check_spike_host.c"
#undef T
#undef RUN
#undef SOLVE
#undef ORACLE
#undef RESIDUAL
#undef EPS
#define T double
#define RUN run_d
#define SOLVE gtsv_dgtsv
#define ORACLE gtsv_oracle_dgtsv
#define RESIDUAL gtsv_oracle_dresidual
#define EPS DBL_EPSILON
#include "check_spike_host.c"
#undef T
#undef RUN
#undef SOLVE
#undef ORACLE
#undef RESIDUAL
#undef EPS
#undef CHECK_SPIKE_GENERIC

static void run_both(const sys_t *sd, const sys_t *sf, int64_t parts, const char *kind)
{
  for (int t = 1; t <= 2; t++) {
    run_d(sd, parts, t, kind);
    run_s(sf, parts, t, kind);
  }
}

/* ---- generators ------------------------------------------------------------ */

/* testutil kinds: the float system is tu_sfill's (its own perturbation sizes) */
static void fill_kind(tu_kind k, sys_t *sd, sys_t *sf, uint64_t seed)
{
  int64_t n = sd->n;
  float *fl = malloc(sizeof(float) * (size_t)n * 4);
  ck_assert(fl != NULL);
  tu_dfill(k, n, seed, sd->dl, sd->d, sd->du, sd->b);
  tu_sfill(k, n, seed, fl, fl + n, fl + 2 * n, fl + 3 * n);
  for (int64_t i = 0; i < n; i++) {
    sf->dl[i] = fl[i]; sf->d[i] = fl[n + i]; sf->du[i] = fl[2 * n + i];
    sf->b[i] = fl[3 * n + i];
  }
  free(fl);
  fill_rhs(sd, seed + 11);
  fill_rhs(sf, seed + 11);
}

/* Thesis table 6.1 type 17 (n = 512): d = 0, off-diagonals 1, except rows 0 and
   n-1: d = 1 and zero off-diagonals. */
static void fill_type17(sys_t *s, uint64_t seed)
{
  int64_t n = s->n;
  for (int64_t i = 0; i < n; i++) {
    s->dl[i] = 1; s->d[i] = 0; s->du[i] = 1;
    s->b[i] = tu_urand(&seed);
  }
  s->d[0] = 1; s->du[0] = 0;
  s->d[n - 1] = 1; s->dl[n - 1] = 0;
  s->dl[0] = 1e30; s->du[n - 1] = -1e30; /* ignored */
  fill_rhs(s, seed);
}

/* Type 18 (n = 512): U(-1,1), except rows 255 and 256: d = 0, off-diagonals 1;
   d[254] = 1e15. */
static void fill_type18(sys_t *s, uint64_t seed)
{
  int64_t n = s->n;
  for (int64_t i = 0; i < n; i++) {
    s->dl[i] = tu_urand(&seed); s->d[i] = tu_urand(&seed); s->du[i] = tu_urand(&seed);
    s->b[i] = tu_urand(&seed);
  }
  for (int64_t i = 255; i <= 256; i++) { s->d[i] = 0; s->dl[i] = 1; s->du[i] = 1; }
  s->d[254] = 1e15;
  fill_rhs(s, seed);
}

/* Partitions of L rows (n = P L) whose interior rows 1..L-2 are d = 0 with unit
   off-diagonals: odd order L-2 makes every interior block exactly singular at the
   nominal boundaries. The separator rows (first and last of each partition) are
   U(-1,1). */
static void fill_sing_interior(sys_t *s, int64_t L, uint64_t seed)
{
  int64_t n = s->n;
  for (int64_t i = 0; i < n; i++) {
    int sepr = i % L == 0 || i % L == L - 1;
    s->dl[i] = sepr ? tu_urand(&seed) : 1;
    s->d[i] = sepr ? tu_urand(&seed) : 0;
    s->du[i] = sepr ? tu_urand(&seed) : 1;
    s->b[i] = tu_urand(&seed);
  }
  fill_rhs(s, seed);
}

/* Random partitions of L rows whose interior starts with a singular 3x3 block
   [0 1 0; 1 0 1; 0 1 0] decoupled from the rows below (du = 0 on its last row): the
   interior block is singular with a zero pivot in its middle, T itself is not. */
static void fill_sing_middle(sys_t *s, int64_t L, uint64_t seed)
{
  int64_t n = s->n;
  for (int64_t i = 0; i < n; i++) {
    s->dl[i] = tu_urand(&seed); s->d[i] = tu_urand(&seed); s->du[i] = tu_urand(&seed);
    s->b[i] = tu_urand(&seed);
  }
  for (int64_t lo = 0; lo + L <= n; lo += L) {
    int64_t r = lo + 1;
    s->d[r] = s->d[r + 1] = s->d[r + 2] = 0;
    s->du[r] = s->dl[r + 1] = s->du[r + 1] = s->dl[r + 2] = 1;
    s->du[r + 2] = 0;
  }
  fill_rhs(s, seed);
}

static sys_t sys_to_float(const sys_t *s)
{
  sys_t f = sys_new(s->n);
  for (int64_t i = 0; i < s->n; i++) {
    f.dl[i] = (float)s->dl[i]; f.d[i] = (float)s->d[i]; f.du[i] = (float)s->du[i];
  }
  for (int64_t i = 0; i < s->n * NRHS; i++) f.b[i] = (float)s->b[i];
  return f;
}

/* ---- tests ------------------------------------------------------------------ */

static const int64_t parts_list[] = {1, 2, 3, 7, 64, 128};
static const int64_t sizes[] = {4, 5, 31, 64, 65, 512, 513, 4097, 100000};

START_TEST(kinds_vs_lapack)
{
  tu_kind k = (tu_kind)_i;
  for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
    sys_t sd = sys_new(sizes[si]), sf = sys_new(sizes[si]);
    fill_kind(k, &sd, &sf, 3 + si);
    for (size_t pi = 0; pi < sizeof parts_list / sizeof *parts_list; pi++)
      run_both(&sd, &sf, parts_list[pi], tu_kind_name(k));
    sys_free(&sd);
    sys_free(&sf);
  }
}
END_TEST

START_TEST(auto_partitions)
{
  /* spike_parts = 0: the library's choice, on a size that gets several */
  sys_t sd = sys_new(100000), sf = sys_new(100000);
  fill_kind(TU_RANDOM, &sd, &sf, 5);
  run_both(&sd, &sf, 0, "random");
  fill_kind(TU_NEAR_SING_PART, &sd, &sf, 5);
  run_both(&sd, &sf, 0, "near_singular_partitions");
  sys_free(&sd);
  sys_free(&sf);
}
END_TEST

START_TEST(thesis_type17_18)
{
  sys_t s17 = sys_new(512), s18 = sys_new(512), f17, f18;
  fill_type17(&s17, 17);
  fill_type18(&s18, 18);
  f17 = sys_to_float(&s17);
  f18 = sys_to_float(&s18);
  run_both(&s17, &f17, 64, "type17");
  run_both(&s18, &f18, 64, "type18");
  for (int64_t P = 2; P <= 128; P++) {
    run_both(&s17, &f17, P, "type17");
    run_both(&s18, &f18, P, "type18");
  }
  sys_free(&s17); sys_free(&s18); sys_free(&f17); sys_free(&f18);
}
END_TEST

START_TEST(singular_interior_at_boundary)
{
  static const int64_t P[] = {1, 2, 3, 7, 8, 64};
  for (size_t pi = 0; pi < sizeof P / sizeof *P; pi++) {
    static const int64_t Ls[] = {5, 9, 65};
    for (size_t li = 0; li < 3; li++) {
      sys_t sd = sys_new(P[pi] * Ls[li]), sf;
      fill_sing_interior(&sd, Ls[li], 100 + li);
      sf = sys_to_float(&sd);
      run_both(&sd, &sf, P[pi], "singular_interior");
      sys_free(&sd); sys_free(&sf);
    }
    static const int64_t Lm[] = {6, 8, 33};
    for (size_t li = 0; li < 3; li++) {
      sys_t sd = sys_new(P[pi] * Lm[li]), sf;
      fill_sing_middle(&sd, Lm[li], 200 + li);
      sf = sys_to_float(&sd);
      run_both(&sd, &sf, P[pi], "singular_middle");
      sys_free(&sd); sys_free(&sf);
    }
  }
}
END_TEST

START_TEST(singular_whole_matrix)
{
  /* zero diagonal of odd order is exactly singular: reported like DP_SEQ (run_*
     compares status and row), for several partition counts */
  for (int64_t n = 31; n <= 513; n += 482) {
    sys_t sd = sys_new(n), sf = sys_new(n);
    fill_kind(TU_ZERO_DIAG, &sd, &sf, 9);
    for (size_t pi = 0; pi < sizeof parts_list / sizeof *parts_list; pi++)
      run_both(&sd, &sf, parts_list[pi], "singular_whole");
    sys_free(&sd); sys_free(&sf);
  }
  /* a zero row */
  {
    sys_t sd = sys_new(512), sf;
    tu_dfill(TU_RANDOM, 512, 9, sd.dl, sd.d, sd.du, sd.b);
    fill_rhs(&sd, 9);
    sd.dl[300] = sd.d[300] = sd.du[300] = 0;
    sd.du[299] = sd.dl[301] = 0;
    sf = sys_to_float(&sd);
    for (size_t pi = 0; pi < sizeof parts_list / sizeof *parts_list; pi++)
      run_both(&sd, &sf, parts_list[pi], "singular_whole");
    sys_free(&sd); sys_free(&sf);
  }
}
END_TEST

static int fail_alloc;
static void *test_malloc(size_t n) { return fail_alloc ? NULL : malloc(n); }

START_TEST(alloc_failure_leaves_b)
{
  int64_t n = 4097;
  gtsv_handle h;
  double *dl = malloc(8 * n), *d = malloc(8 * n), *du = malloc(8 * n);
  double *b = malloc(8 * n), *x = malloc(8 * n);
  tu_dfill(TU_RANDOM, n, 1, dl, d, du, b);
  memcpy(x, b, 8 * (size_t)n);
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  gtsv_set_algo(h, GTSV_ALGO_SPIKE_DP);
  gtsv_set_spike_partitions(h, 7);
  gtsv__set_alloc(test_malloc, free);
  fail_alloc = 1;
  ck_assert_int_eq(gtsv_dgtsv(h, n, 1, dl, d, du, x, n), GTSV_STATUS_ALLOC_FAILED);
  ck_assert(memcmp(x, b, 8 * (size_t)n) == 0);
  fail_alloc = 0;
  ck_assert_int_eq(gtsv_dgtsv(h, n, 1, dl, d, du, x, n), GTSV_STATUS_SUCCESS);
  gtsv_destroy(h);
  gtsv__set_alloc(NULL, NULL);
  free(dl); free(d); free(du); free(b); free(x);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("spike_host");
  TCase *tc = tcase_create("spike_host");
  tcase_set_timeout(tc, 600);
  tcase_add_loop_test(tc, kinds_vs_lapack, 0, TU_NKINDS);
  tcase_add_test(tc, auto_partitions);
  tcase_add_test(tc, thesis_type17_18);
  tcase_add_test(tc, singular_interior_at_boundary);
  tcase_add_test(tc, singular_whole_matrix);
  tcase_add_test(tc, alloc_failure_leaves_b);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  printf("worst residual / LAPACK residual (double, float), solves:\n");
  for (int i = 0; i < nstats; i++)
    printf("  %-26s %8.3g %8.3g  %ld\n", stats[i].name, stats[i].worst[1],
           stats[i].worst[0], stats[i].solves);
  return failed ? 1 : 0;
}

#else /* CHECK_SPIKE_GENERIC: one solve of s with SPIKE (parts, threads), checked
         against DP_SEQ (status, singular row) and LAPACK (residual per column) */

static void RUN(const sys_t *s, int64_t parts, int threads, const char *kind)
{
  int64_t n = s->n, ldb = n + PAD, info_row = -1, ref_row = -1, info = 0;
  size_t nb = sizeof(T) * (size_t)(ldb * NRHS);
  T *dl = malloc(sizeof(T) * (size_t)n), *d = malloc(sizeof(T) * (size_t)n);
  T *du = malloc(sizeof(T) * (size_t)n);
  T *B = malloc(nb), *X = malloc(nb), *XL = malloc(nb), *XR = malloc(nb);
  gtsv_handle h, href;
  gtsv_status st, st_ref;
  int linfo;
  ck_assert(dl && d && du && B && X && XL && XR);
  for (int64_t i = 0; i < n; i++) {
    dl[i] = (T)s->dl[i]; d[i] = (T)s->d[i]; du[i] = (T)s->du[i];
  }
  for (int64_t j = 0; j < NRHS; j++)
    for (int64_t i = 0; i < ldb; i++)
      B[i + j * ldb] = i < n ? (T)s->b[i + j * n] : (T)SENTINEL;
  memcpy(X, B, nb);
  memcpy(XL, B, nb);
  memcpy(XR, B, nb);

  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_SPIKE_DP), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_spike_partitions(h, parts), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_num_threads(h, threads), GTSV_STATUS_SUCCESS);
  st = SOLVE(h, n, NRHS, dl, d, du, X, ldb);
  gtsv_get_info(h, &info, &info_row);

  ck_assert_int_eq(gtsv_create(&href), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(href, GTSV_ALGO_DP_SEQ), GTSV_STATUS_SUCCESS);
  st_ref = SOLVE(href, n, NRHS, dl, d, du, XR, ldb);
  gtsv_get_info(href, NULL, &ref_row);
  ck_assert_msg(st == st_ref && (st != GTSV_STATUS_SINGULAR || info_row == ref_row),
                "%s %s n=%ld P=%ld t=%d: status %d row %ld, DP_SEQ %d row %ld",
                sizeof(T) == 4 ? "float" : "double", kind, (long)n, (long)parts,
                threads, (int)st, (long)info_row, (int)st_ref, (long)ref_row);
  for (int64_t j = 0; j < NRHS; j++)
    for (int64_t i = n; i < ldb; i++)
      ck_assert_msg(X[i + j * ldb] == (T)SENTINEL, "%s: padding written", kind);

  linfo = ORACLE(n, NRHS, dl, d, du, XL, ldb);
  ck_assert_int_ge(linfo, 0);
  if (st == GTSV_STATUS_SUCCESS && linfo == 0) {
    /* worst column against LAPACK's worst column: on ill-conditioned float systems
       LAPACK's residual varies by 100x between right-hand sides (n = 5 force_2x2:
       DP_SEQ 4e-4, LAPACK 6e-6 on one column, 5e-4 on another) */
    double r = 0, rl = 0;
    for (int64_t j = 0; j < NRHS; j++) {
      double rj = RESIDUAL(n, dl, d, du, X + j * ldb, B + j * ldb);
      double rlj = RESIDUAL(n, dl, d, du, XL + j * ldb, B + j * ldb);
      if (!(rj <= r)) r = rj; /* NaN sticks */
      if (rlj > rl) rl = rlj;
    }
    ck_assert_msg(r <= 10 * rl + 64 * (EPS),
                  "%s %s n=%ld P=%ld t=%d: residual %g, LAPACK %g",
                  sizeof(T) == 4 ? "float" : "double", kind, (long)n, (long)parts,
                  threads, r, rl);
    note(kind, sizeof(T) == sizeof(double), r / (rl > (EPS) ? rl : (EPS)));
  }
  gtsv_destroy(h);
  gtsv_destroy(href);
  free(dl); free(d); free(du); free(B); free(X); free(XL); free(XR);
}

#endif /* CHECK_SPIKE_GENERIC */
