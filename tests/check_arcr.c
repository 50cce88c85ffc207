/* Adaptive R-cyclic reduction on the host (GTSV_ALGO_ARCR, src/arcr/arcr_host.c),
   and ARCR as the reduced-system solver of host SPIKE, float and double.

   Every solve is judged by tu_problem_verdict: the status must be SINGULAR exactly
   when LAPACK finds the system singular; otherwise every column's backward
   residual (thesis eq. 6.1) must be <= 10x LAPACK's + 64 eps on the scale of T x;
   the matrix, B's padding (ldb > n) and the gaps between batch systems unchanged.
   The worst ratio to LAPACK per matrix kind is printed at the end.

   Also: the worked example of arcr_host.c solved exactly; multi-RHS (the plan is
   built once, reused per column) equal bit for bit to one column at a time; a
   singular system leaves B untouched and names a row; a failed workspace
   allocation leaves B untouched; the thesis types (libgtsv_testmat, when built)
   within 10x of LAPACK except type 16, by ARCR and by SPIKE with ARCR as its
   reduced solver, compared with SPIKE's default reduced solver on types 14, 17
   and 18; and the thesis types over 24 seeds, float and double, by ARCR and by
   SPIKE+ARCR, with the shared acceptance rule (thesis_types_seeds). */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gtsv/gtsv.h"
#include "core/internal.h"
#include "arcr/arcr.h"
#include "host/oracle.h"
#include "testutil.h"
#ifdef GTSV_HAVE_TESTMAT
#include "gtsv/testmat.h"
#endif

static const int64_t sizes[] = {1, 2, 3, 4, 5, 31, 32, 33, 511, 512, 513, 4097};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

/* ---- worst ratio to LAPACK per kind (printed at the end) ------------------------ */

static double worst[TU_NKINDS][TU_NPREC];

static void note_ratios(const tu_problem *P, tu_kind k)
{
  for (int64_t s = 0; s < P->batch; s++) {
    if (P->info[s] != 0) continue;
    for (int64_t j = 0; j < P->nrhs; j++) {
      double r = tu_residual(P->prec, P->n, tu_sys_dl(P, s), tu_sys_d(P, s),
                             tu_sys_du(P, s), tu_at(P->prec, tu_sys_x(P, s), j * P->ldb),
                             tu_at(P->prec, tu_sys_b(P, s), j * P->ldb));
      double l = P->lres[s * P->nrhs + j], e = tu_eps(P->prec);
      double q = r / (l > e ? l : e);
      if (q > worst[k][P->prec]) worst[k][P->prec] = q;
    }
  }
}

static gtsv_handle new_handle(gtsv_algo a)
{
  gtsv_handle h = NULL;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, a), GTSV_STATUS_SUCCESS);
  return h;
}

/* One solve of P (x reset first) with h, judged; ctx names it. */
static void judge(gtsv_handle h, tu_problem *P, tu_kind k, const char *ctx)
{
  char why[256];
  gtsv_status st;
  tu_problem_reset_x(P);
  if (P->batch == 1)
    st = tu_gtsv(h, P->prec, P->n, P->nrhs, P->dl, P->d, P->du, P->x, P->ldb);
  else
    st = tu_gtsv_batch(h, P->prec, P->n, P->dl, P->d, P->du, P->x, P->batch, P->stride);
  TU_EXPECT(tu_problem_verdict(P, st, why, sizeof why), "%s: %s", ctx, why);
  if (st == GTSV_STATUS_SINGULAR) {
    int64_t info = 0, row = -1;
    TU_EXPECT(gtsv_get_info(h, &info, &row) == GTSV_STATUS_SINGULAR &&
                  tu_problem_info_ok(P, info) && row >= 0 && row < P->n,
              "%s: get_info %lld row %lld", ctx, (long long)info, (long long)row);
  } else if (st == GTSV_STATUS_SUCCESS) {
    note_ratios(P, k);
  }
}

/* ---- every kind, every size, nrhs > 1 and ldb > n ---------------------------------- */

START_TEST(kinds_vs_lapack)
{
  const tu_kind k = (tu_kind)(_i / TU_NPREC);
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  gtsv_handle h = new_handle(GTSV_ALGO_ARCR);
  for (int si = 0; si < NSIZES; si++) {
    for (int64_t seed = 1; seed <= 3; seed++) {
      int64_t n = sizes[si];
      char ctx[128];
      tu_problem P;
      snprintf(ctx, sizeof ctx, "ARCR %s %s n=%lld seed %lld", tu_prec_name(p),
               tu_kind_name(k), (long long)n, (long long)seed);
      tu_problem_init(&P, p, k, n, 3, n + 5, 1, n, 1000 * seed + (uint64_t)n);
      judge(h, &P, k, ctx);
      tu_problem_free(&P);
    }
  }
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* ---- the strided batch with ARCR on the host: stride > n, one singular system ------- */

START_TEST(strided_batch)
{
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  const tu_kind k = (tu_kind)(_i / TU_NPREC);
  static const int64_t ns[] = {1, 2, 3, 33, 512, 513};
  gtsv_handle h = new_handle(GTSV_ALGO_ARCR);
  for (int ni = 0; ni < 6; ni++) {
    int64_t n = ns[ni];
    for (int sing = 0; sing < 2; sing++) {
      char ctx[128];
      tu_problem P;
      snprintf(ctx, sizeof ctx, "ARCR batch %s %s n=%lld%s", tu_prec_name(p),
               tu_kind_name(k), (long long)n, sing ? " system 4 singular" : "");
      tu_problem_init(&P, p, k, n, 1, n + 3, 7, n + 3, 77 + (uint64_t)n);
      if (sing) {
        tu_problem_zero_row(&P, 4, n / 2);
        tu_problem_prepare(&P);
      }
      judge(h, &P, k, ctx);
      tu_problem_free(&P);
    }
  }
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* ---- many seeds of the adversarial kinds; the fallback to T as the base ------------- */

/* The cases that failed on the H200 before the noise gate and the fill bound of
   arcr_kind_gen.h (zero_diag n = 4096 nrhs = 3; near-singular partitions n = 64,
   1000 systems: garbage or SINGULAR where LAPACK solves), and more seeds of each
   kind, judged by the shared rule, through the public API (nrhs = 2, ldb > n).
   Also counts, with the internal plan, how often the plan fell back to T as its
   base: the near-singular kind must exercise that path (else this test would not
   test it) and still be solved. */
START_TEST(kinds_many_seeds)
{
  const tu_prec p = (tu_prec)_i;
  static const int64_t ns[] = {5, 64, 1000, 4096};
  static const int nseeds[] = {300, 1000, 60, 12};
  gtsv_handle h = new_handle(GTSV_ALGO_ARCR);
  size_t e = tu_elt(p);
  void *ws = malloc(gtsv__arcr_layout(4096, e).bytes);
  int fallbacks[TU_NKINDS] = {0};
  ck_assert_ptr_nonnull(ws);
  for (int k = 0; k < TU_NKINDS; k++)
    for (int ni = 0; ni < 4; ni++)
      for (int s = 0; s < nseeds[ni]; s++) {
        int64_t n = ns[ni];
        char ctx[128];
        tu_problem P;
        gtsv_arcr_plan pl;
        snprintf(ctx, sizeof ctx, "ARCR %s %s n=%lld seed %d", tu_prec_name(p),
                 tu_kind_name((tu_kind)k), (long long)n, 964 + s);
        tu_problem_init(&P, p, (tu_kind)k, n, 2, n + 2, 1, n, 964 + (uint64_t)s);
        judge(h, &P, (tu_kind)k, ctx);
        if (p == TU_FLOAT) (void)gtsv__s_arcr_plan(&pl, n, P.dl, P.d, P.du, ws);
        else (void)gtsv__d_arcr_plan(&pl, n, P.dl, P.d, P.du, ws);
        fallbacks[k] += (int)pl.fallback;
        tu_problem_free(&P);
      }
  printf("ARCR %s, many seeds: plans that fell back to T as the base:", tu_prec_name(p));
  for (int k = 0; k < TU_NKINDS; k++) printf(" %s %d", tu_kind_name((tu_kind)k), fallbacks[k]);
  printf("\n");
  TU_EXPECT(fallbacks[TU_NEAR_SING_PART] > 0, "%s: the fallback path was never taken",
            tu_prec_name(p));
  free(ws);
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* ---- the worked example of arcr_host.c ---------------------------------------------- */

START_TEST(worked_example)
{
  double dl[4] = {99, 1, 1, 1}, d[4] = {0, 0, 3, 4}, du[4] = {1, 1, 1, 99};
  double x[4] = {1, 2, 5, 5};
  gtsv_handle h = new_handle(GTSV_ALGO_ARCR);
  ck_assert_int_eq(gtsv_dgtsv(h, 4, 1, dl, d, du, x, 4), GTSV_STATUS_SUCCESS);
  for (int i = 0; i < 4; i++) ck_assert_msg(x[i] == 1.0, "x[%d] = %.17g", i, x[i]);
  gtsv_destroy(h);
}
END_TEST

/* ---- several right-hand sides: the plan is reused, columns equal single solves ------ */

START_TEST(multi_rhs_equals_single)
{
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  const tu_kind k = (tu_kind)(_i / TU_NPREC);
  const int64_t n = 777, nrhs = 5, ldb = n + 4;
  gtsv_handle h = new_handle(GTSV_ALGO_ARCR);
  tu_problem P;
  tu_problem_init(&P, p, k, n, nrhs, ldb, 1, n, 4242);
  if (tu_problem_first_singular(&P) < 0) {
    void *one = tu_dup(p, P.b, ldb * nrhs);
    gtsv_status st = tu_gtsv(h, p, n, nrhs, P.dl, P.d, P.du, P.x, ldb);
    ck_assert_int_eq(st, GTSV_STATUS_SUCCESS);
    for (int64_t j = 0; j < nrhs; j++) {
      void *col = tu_at(p, one, j * ldb);
      ck_assert_int_eq(tu_gtsv(h, p, n, 1, P.dl, P.d, P.du, col, n), GTSV_STATUS_SUCCESS);
      TU_EXPECT(tu_same(p, col, tu_at(p, P.x, j * ldb), n),
                "%s %s column %lld differs from its single solve", tu_prec_name(p),
                tu_kind_name(k), (long long)j);
    }
    free(one);
  }
  tu_problem_free(&P);
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* ---- singular and non-finite systems: SINGULAR, B untouched, a row named ------------ */

START_TEST(singular_leaves_b)
{
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  static const int64_t ns[] = {1, 2, 5, 64, 513};
  gtsv_handle h = new_handle(GTSV_ALGO_ARCR);
  for (int ni = 0; ni < 5; ni++) {
    int64_t n = ns[ni];
    for (int what = 0; what < 3; what++) {
      tu_problem P;
      int64_t r = what == 0 ? n - 1 : n / 3, info = 0, row = -1;
      gtsv_status st;
      tu_problem_init(&P, p, TU_RANDOM, n, 2, n + 1, 1, n, 5 + (uint64_t)n);
      if (what < 2) {
        tu_problem_zero_row(&P, 0, r);
      } else { /* a NaN on the diagonal must be reported, not hidden */
        tu_set(p, P.d, r, NAN);
      }
      tu_problem_prepare(&P);
      st = tu_gtsv(h, p, n, 2, P.dl, P.d, P.du, P.x, n + 1);
      TU_EXPECT(st == GTSV_STATUS_SINGULAR && tu_problem_x_unchanged(&P),
                "%s n=%lld %s at row %lld: status %s, B %s", tu_prec_name(p), (long long)n,
                what < 2 ? "zero row" : "NaN", (long long)r, tu_status_name(st),
                tu_problem_x_unchanged(&P) ? "unchanged" : "written");
      (void)gtsv_get_info(h, &info, &row);
      TU_EXPECT(info == 1 && row >= 0 && row < n, "n=%lld: info %lld row %lld",
                (long long)n, (long long)info, (long long)row);
      tu_problem_free(&P);
    }
  }
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* ---- a failed workspace allocation: ALLOC_FAILED, B untouched, then success ---------- */

static int fail_alloc;
static void *test_malloc(size_t s) { return fail_alloc ? NULL : malloc(s); }

START_TEST(alloc_failure_leaves_b)
{
  const tu_prec p = (tu_prec)_i;
  const int64_t n = 4097;
  tu_problem P;
  gtsv_handle h = new_handle(GTSV_ALGO_ARCR);
  char why[256];
  tu_problem_init(&P, p, TU_RANDOM, n, 2, n + 1, 1, n, 9);
  gtsv__set_alloc(test_malloc, free);
  fail_alloc = 1;
  ck_assert_int_eq(tu_gtsv(h, p, n, 2, P.dl, P.d, P.du, P.x, n + 1),
                   GTSV_STATUS_ALLOC_FAILED);
  ck_assert(tu_problem_x_unchanged(&P));
  ck_assert_int_eq(tu_gtsv_batch(h, p, n, P.dl, P.d, P.du, P.x, 1, n),
                   GTSV_STATUS_ALLOC_FAILED);
  ck_assert(tu_problem_x_unchanged(&P));
  /* SPIKE with ARCR on its reduced system: the same promise */
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_SPIKE_DP), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_spike_reduced_solver(h, GTSV_ALGO_ARCR), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_spike_partitions(h, 16), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(tu_gtsv(h, p, n, 2, P.dl, P.d, P.du, P.x, n + 1),
                   GTSV_STATUS_ALLOC_FAILED);
  ck_assert(tu_problem_x_unchanged(&P));
  fail_alloc = 0;
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_ARCR), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(tu_gtsv(h, p, n, 2, P.dl, P.d, P.du, P.x, n + 1), GTSV_STATUS_SUCCESS);
  ck_assert_msg(tu_problem_verdict(&P, GTSV_STATUS_SUCCESS, why, sizeof why), "%s", why);
  gtsv__set_alloc(NULL, NULL);
  tu_problem_free(&P);
  gtsv_destroy(h);
}
END_TEST

/* ---- SPIKE with ARCR as the reduced solver: every kind vs LAPACK, nrhs > 1 --------- */

START_TEST(spike_reduced_arcr_kinds)
{
  const tu_kind k = (tu_kind)(_i / TU_NPREC);
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  static const int64_t ns[] = {64, 513, 4097};
  static const int64_t parts[] = {2, 7, 64};
  gtsv_handle h = new_handle(GTSV_ALGO_SPIKE_DP);
  ck_assert_int_eq(gtsv_set_spike_reduced_solver(h, GTSV_ALGO_ARCR), GTSV_STATUS_SUCCESS);
  for (int ni = 0; ni < 3; ni++)
    for (int pi = 0; pi < 3; pi++) {
      int64_t n = ns[ni];
      char ctx[128];
      tu_problem P;
      ck_assert_int_eq(gtsv_set_spike_partitions(h, parts[pi]), GTSV_STATUS_SUCCESS);
      snprintf(ctx, sizeof ctx, "SPIKE+ARCR %s %s n=%lld P=%lld", tu_prec_name(p),
               tu_kind_name(k), (long long)n, (long long)parts[pi]);
      tu_problem_init(&P, p, k, n, 3, n + 2, 1, n, 31 + (uint64_t)n);
      judge(h, &P, k, ctx);
      tu_problem_free(&P);
    }
  gtsv_destroy(h);
  tu_report();
}
END_TEST

START_TEST(spike_reduced_solver_args)
{
  gtsv_handle h = new_handle(GTSV_ALGO_SPIKE_DP);
  ck_assert_int_eq(gtsv_set_spike_reduced_solver(NULL, GTSV_ALGO_ARCR),
                   GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(gtsv_set_spike_reduced_solver(h, GTSV_ALGO_THOMAS),
                   GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(gtsv_set_spike_reduced_solver(h, GTSV_ALGO_SPIKE_DP),
                   GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(gtsv_set_spike_reduced_solver(h, (gtsv_algo)77),
                   GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(gtsv_set_spike_reduced_solver(h, GTSV_ALGO_ARCR), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_spike_reduced_solver(h, GTSV_ALGO_DP_SEQ), GTSV_STATUS_SUCCESS);
  gtsv_destroy(h);
}
END_TEST

/* ---- thesis table 6.1 types (libgtsv_testmat), n = 512, double --------------------- */

#ifdef GTSV_HAVE_TESTMAT
/* Residual of one solve of type t with h (SINGULAR or an error: +Inf). */
static double thesis_residual(gtsv_handle h, const double *dl, const double *d,
                              const double *du, const double *b, int64_t n)
{
  double *x = malloc(sizeof(double) * (size_t)n);
  double r = HUGE_VAL;
  memcpy(x, b, sizeof(double) * (size_t)n);
  if (gtsv_dgtsv(h, n, 1, dl, d, du, x, n) == GTSV_STATUS_SUCCESS)
    r = gtsv_oracle_dresidual(n, dl, d, du, x, b);
  free(x);
  return r == r ? r : HUGE_VAL;
}

START_TEST(thesis_types)
{
  const int64_t n = 512;
  double *dl = malloc(8 * n), *d = malloc(8 * n), *du = malloc(8 * n);
  double *b = malloc(8 * n), *xl = malloc(8 * n);
  gtsv_handle ha = new_handle(GTSV_ALGO_ARCR), hs = new_handle(GTSV_ALGO_SPIKE_DP),
              hd = new_handle(GTSV_ALGO_SPIKE_DP);
  ck_assert_int_eq(gtsv_set_spike_partitions(hs, 64), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_spike_partitions(hd, 64), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_spike_reduced_solver(hs, GTSV_ALGO_ARCR), GTSV_STATUS_SUCCESS);
  printf("thesis types, n = 512, seed 1: residual / max(LAPACK, eps)\n"
         "type  ARCR      SPIKE+ARCR  SPIKE(default)\n");
  for (int t = 1; t <= GTSV_TESTMAT_NTYPES; t++) {
    double rl, ra, rs, rd, e = DBL_EPSILON / 2;
    ck_assert_int_eq(gtsv_testmat_d(t, n, 1, dl, d, du), GTSV_TESTMAT_OK);
    gtsv_testmat_rhs_d(n, 1, b);
    memcpy(xl, b, 8 * (size_t)n);
    ck_assert_int_eq(gtsv_oracle_dgtsv(n, 1, dl, d, du, xl, n), 0);
    rl = gtsv_oracle_dresidual(n, dl, d, du, xl, b);
    if (rl < e) rl = e;
    ra = thesis_residual(ha, dl, d, du, b, n) / rl;
    rs = thesis_residual(hs, dl, d, du, b, n) / rl;
    rd = thesis_residual(hd, dl, d, du, b, n) / rl;
    printf("%4d  %-9.3g %-11.3g %-9.3g\n", t, ra, rs, rd);
    if (t == 16 || !(rl < HUGE_VAL)) continue; /* the target excludes 16 */
    TU_EXPECT(ra <= 10, "type %d: ARCR residual %.3g x LAPACK's", t, ra);
    if (t == 14 || t == 17 || t == 18)
      TU_EXPECT(rs <= 10, "type %d: SPIKE with ARCR reduced solver %.3g x LAPACK's "
                "(default reduced solver: %.3g x)", t, rs, rd);
  }
  gtsv_destroy(ha); gtsv_destroy(hs); gtsv_destroy(hd);
  free(dl); free(d); free(du); free(b); free(xl);
  tu_report();
}
END_TEST

/* Thesis types 1-18 but 16 over seeds 1..TU_ARCR_SEEDS, float and double, two
   right-hand sides (the plan reused), by ARCR and by SPIKE with ARCR as its reduced
   solver, judged by the shared acceptance rule (tu_problem_verdict). Type 14 used
   to fail here on 5 of 24 seeds (up to 4e4x LAPACK, before the balanced pivot test
   of arcr_kind_gen.h). A system LAPACK itself calls singular (info > 0: e.g. type
   14, seed 22, whose last pivot rounds to zero in dgtsv) has no reference and is
   counted, not judged; the count is printed. */
#define TU_ARCR_SEEDS 24
START_TEST(thesis_types_seeds)
{
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  const int spike = _i / TU_NPREC;
  static const int64_t ns[] = {512, 1000};
  int judged = 0, skipped = 0;
  gtsv_handle h = new_handle(spike ? GTSV_ALGO_SPIKE_DP : GTSV_ALGO_ARCR);
  if (spike) {
    ck_assert_int_eq(gtsv_set_spike_reduced_solver(h, GTSV_ALGO_ARCR), GTSV_STATUS_SUCCESS);
    ck_assert_int_eq(gtsv_set_spike_partitions(h, 64), GTSV_STATUS_SUCCESS);
  }
  for (int ni = 0; ni < 2; ni++)
    for (int t = 1; t <= GTSV_TESTMAT_NTYPES; t++) {
      if (t == 16) continue; /* the target excludes 16 */
      if (ns[ni] != 512 && t >= 8 && t <= 11) continue; /* randsvd: O(n^2) */
      for (uint64_t seed = 1; seed <= TU_ARCR_SEEDS; seed++) {
        const int64_t n = ns[ni];
        char ctx[128], why[256];
        tu_problem P;
        gtsv_status st;
        tu_problem_init(&P, p, TU_RANDOM, n, 2, n + 3, 1, n, 1);
        if (p == TU_FLOAT) {
          ck_assert_int_eq(gtsv_testmat_s(t, n, seed, P.dl, P.d, P.du), GTSV_TESTMAT_OK);
          gtsv_testmat_rhs_s(n, 1000 + seed, P.b);
          gtsv_testmat_rhs_s(n, 2000 + seed, (float *)P.b + P.ldb);
        } else {
          ck_assert_int_eq(gtsv_testmat_d(t, n, seed, P.dl, P.d, P.du), GTSV_TESTMAT_OK);
          gtsv_testmat_rhs_d(n, 1000 + seed, P.b);
          gtsv_testmat_rhs_d(n, 2000 + seed, (double *)P.b + P.ldb);
        }
        tu_problem_prepare(&P);
        if (P.info[0] > 0 || !(P.lres[0] < HUGE_VAL && P.lres[1] < HUGE_VAL)) {
          skipped++;
          tu_problem_free(&P);
          continue;
        }
        snprintf(ctx, sizeof ctx, "%s %s type %d n=%lld seed %llu",
                 spike ? "SPIKE+ARCR" : "ARCR", tu_prec_name(p), t, (long long)n,
                 (unsigned long long)seed);
        st = tu_gtsv(h, p, n, 2, P.dl, P.d, P.du, P.x, P.ldb);
        TU_EXPECT(tu_problem_verdict(&P, st, why, sizeof why), "%s: %s", ctx, why);
        judged++;
        tu_problem_free(&P);
      }
    }
  printf("%s %s, thesis types but 16, seeds 1-%d: %d systems judged, %d LAPACK-singular "
         "not judged\n", spike ? "SPIKE+ARCR" : "ARCR", tu_prec_name(p), TU_ARCR_SEEDS,
         judged, skipped);
  ck_assert_int_gt(judged, 17 * TU_ARCR_SEEDS);
  gtsv_destroy(h);
  tu_report();
}
END_TEST
#endif

static void print_worst(void)
{
  printf("worst residual / max(LAPACK's, eps) per kind (ARCR and SPIKE+ARCR):\n");
  for (int k = 0; k < TU_NKINDS; k++)
    printf("  %-16s float %8.3g  double %8.3g\n", tu_kind_name((tu_kind)k),
           worst[k][TU_FLOAT], worst[k][TU_DOUBLE]);
}

int main(void)
{
  Suite *s = suite_create("arcr");
  TCase *tc = tcase_create("arcr");
  SRunner *sr;
  int failed;
  tcase_set_timeout(tc, 600);
  tcase_add_loop_test(tc, kinds_vs_lapack, 0, TU_NKINDS * TU_NPREC);
  tcase_add_loop_test(tc, strided_batch, 0, TU_NKINDS * TU_NPREC);
  tcase_add_test(tc, worked_example);
  tcase_add_loop_test(tc, kinds_many_seeds, 0, TU_NPREC);
  tcase_add_loop_test(tc, multi_rhs_equals_single, 0, TU_NKINDS * TU_NPREC);
  tcase_add_loop_test(tc, singular_leaves_b, 0, TU_NPREC);
  tcase_add_loop_test(tc, alloc_failure_leaves_b, 0, TU_NPREC);
  tcase_add_loop_test(tc, spike_reduced_arcr_kinds, 0, TU_NKINDS * TU_NPREC);
  tcase_add_test(tc, spike_reduced_solver_args);
#ifdef GTSV_HAVE_TESTMAT
  tcase_add_test(tc, thesis_types);
  tcase_add_loop_test(tc, thesis_types_seeds, 0, 2 * TU_NPREC);
#endif
  suite_add_tcase(s, tc);
  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  print_worst();
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
