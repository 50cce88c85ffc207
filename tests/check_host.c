/* Host solvers against LAPACK: every host algorithm x float/double x sizes x
   matrix kinds, one system with one or three right-hand sides (ldb > n), strided
   batches, exactly singular systems (status, info, row), non-finite input, and the
   algorithms the host does not have (PDP, ARCR: NOT_SUPPORTED, nothing written).

   Accuracy criterion (testutil.h, TU_RESID_*): per right-hand side, the backward
   residual ||T x - b||_2 / ||b||_2 is at most 10 x LAPACK's (partial pivoting, same
   input) + 64 eps of the precision x max(1, ||T|| ||x_LAPACK|| / ||b||); where
   LAPACK finds the matrix singular the status must be GTSV_STATUS_SINGULAR. (A float
   system whose solution only double can hold, e.g. zero_diag at n = 1e5 with
   |x| ~ 1e119, must be SINGULAR or non-finite, never a finite answer.)
   Every message names algorithm, precision, kind and n. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "gtsv/gtsv.h"
#include "testutil.h"

/* A host algorithm as a test runs it. */
typedef struct {
  gtsv_algo algo;
  int64_t parts;  /* gtsv_set_spike_partitions; 0 = the library's choice */
  int threads;    /* gtsv_set_num_threads; 0 = the OpenMP default */
  const char *label;
} variant;

static const variant variants[] = {
  {GTSV_ALGO_DP_SEQ, 0, 0, "dp_seq"},
  {GTSV_ALGO_THOMAS, 0, 0, "thomas"},
  {GTSV_ALGO_SPIKE_DP, 0, 0, "spike_dp"},
  /* many partitions on small systems: partition boundaries everywhere */
  {GTSV_ALGO_SPIKE_DP, 7, 2, "spike_dp(partitions=7,threads=2)"},
  {GTSV_ALGO_AUTO, 0, 0, "auto"},
};
#define NVARIANTS ((int)(sizeof variants / sizeof *variants))

static int is_thomas(const variant *v) { return v->algo == GTSV_ALGO_THOMAS; }

/* Thomas does not pivot: it is only judged on diagonally dominant matrices. */
static int kind_allowed(const variant *v, tu_kind k)
{
  return !is_thomas(v) || k == TU_DOMINANT;
}

static gtsv_handle make_handle(const variant *v)
{
  gtsv_handle h = NULL;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, v->algo), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_spike_partitions(h, v->parts), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_num_threads(h, v->threads), GTSV_STATUS_SUCCESS);
  return h;
}

/* The accuracy tests loop over precision x kind; each problem is built (and
   solved by LAPACK) once and given to every variant allowed on its kind. */
#define NPK (TU_NPREC * TU_NKINDS)
static tu_prec pk_prec(int i) { return (tu_prec)(i / TU_NKINDS); }
static tu_kind pk_kind(int i) { return (tu_kind)(i % TU_NKINDS); }

static void make_handles(gtsv_handle *hs)
{
  for (int v = 0; v < NVARIANTS; v++) hs[v] = make_handle(&variants[v]);
}

static void destroy_handles(gtsv_handle *hs)
{
  for (int v = 0; v < NVARIANTS; v++) gtsv_destroy(hs[v]);
}

/* Base matrix for tests about other things than pivoting. */
static tu_kind base_kind(const variant *v) { return is_thomas(v) ? TU_DOMINANT : TU_RANDOM; }

/* info/row of the last solve agree with its status: after SINGULAR, info names a
   system that P (when given) says is singular, with no singular one before it;
   without P (non-finite input, which LAPACK does not judge) info must be 1. */
static void expect_info(gtsv_handle h, gtsv_status st, const tu_problem *P, int64_t n,
                        const char *ctx)
{
  int64_t info = -7, row = -7;
  gtsv_status gs = gtsv_get_info(h, &info, &row);
  if (st != GTSV_STATUS_SUCCESS && st != GTSV_STATUS_SINGULAR) return;
  if (st == GTSV_STATUS_SUCCESS) {
    TU_EXPECT(gs == GTSV_STATUS_SUCCESS && info == 0 && row == -1,
              "%s: after SUCCESS gtsv_get_info gives %s info %lld row %lld", ctx,
              tu_status_name(gs), (long long)info, (long long)row);
    return;
  }
  TU_EXPECT(gs == GTSV_STATUS_SINGULAR && (P ? tu_problem_info_ok(P, info) : info == 1) &&
                row >= 0 && row < n,
            "%s: after SINGULAR gtsv_get_info gives %s info %lld row %lld, expected "
            "info %lld, 0 <= row < %lld", ctx, tu_status_name(gs), (long long)info,
            (long long)row, (long long)(P ? 1 + tu_problem_first_singular(P) : 1),
            (long long)n);
}

/* ---- one system: every size, kind, nrhs --------------------------------------------- */

static const int64_t sizes[] = {1, 2, 3, 4, 5, 31, 32, 33, 63, 64, 65,
                                511, 512, 513, 4097, 100000};
#define NSIZES ((int)(sizeof sizes / sizeof *sizes))

START_TEST(single_vs_lapack)
{
  const tu_prec p = pk_prec(_i);
  const tu_kind k = pk_kind(_i);
  /* (nrhs, extra leading dimension): ldb = n + extra */
  static const int64_t cfg[][2] = {{1, 0}, {1, 3}, {3, 7}};
  gtsv_handle hs[NVARIANTS];
  make_handles(hs);
  for (int si = 0; si < NSIZES; si++)
    for (int ci = 0; ci < 3; ci++) {
      int64_t n = sizes[si], nrhs = cfg[ci][0], ldb = n + cfg[ci][1];
      tu_problem P;
      tu_problem_init(&P, p, k, n, nrhs, ldb, 1, n, 11 + (uint64_t)ci);
      if (nrhs > 1) { /* dl[0], du[n-1] are never read: NaN there changes nothing */
        tu_set(p, P.dl, 0, NAN);
        tu_set(p, P.du, n - 1, NAN);
        tu_problem_prepare(&P);
      }
      for (int v = 0; v < NVARIANTS; v++) {
        char ctx[256], why[512];
        if (!kind_allowed(&variants[v], k)) continue;
        snprintf(ctx, sizeof ctx, "%s %s %s n=%lld nrhs=%lld ldb=%lld", variants[v].label,
                 tu_prec_name(p), tu_kind_name(k), (long long)n, (long long)nrhs,
                 (long long)ldb);
        tu_problem_reset_x(&P);
        gtsv_status st = tu_gtsv(hs[v], p, n, nrhs, P.dl, P.d, P.du, P.x, ldb);
        TU_EXPECT(tu_problem_verdict(&P, st, why, sizeof why), "%s: %s", ctx, why);
        expect_info(hs[v], st, &P, n, ctx);
      }
      tu_problem_free(&P);
    }
  destroy_handles(hs);
  tu_report();
}
END_TEST

/* ---- strided batch --------------------------------------------------------------------- */

START_TEST(batch_vs_lapack)
{
  const tu_prec p = pk_prec(_i);
  const tu_kind k = pk_kind(_i);
  static const int64_t ns[] = {1, 2, 3, 33, 64, 513};
  static const int64_t batches[] = {1, 7, 1000};
  gtsv_handle hs[NVARIANTS];
  make_handles(hs);
  for (int ni = 0; ni < 6 + 2; ni++)
    for (int bi = 0; bi < 3; bi++) {
      /* two long systems at the end: the AUTO and SPIKE paths for few systems */
      int64_t n = ni < 6 ? ns[ni] : 70000, batch = ni < 6 ? batches[bi] : 1 + 2 * (ni - 6);
      int64_t stride = n + 3;
      tu_problem P;
      if (ni >= 6 && bi > 0) continue;
      tu_problem_init(&P, p, k, n, 1, stride, batch, stride, 21 + (uint64_t)bi);
      for (int v = 0; v < NVARIANTS; v++) {
        char ctx[256], why[512];
        if (!kind_allowed(&variants[v], k)) continue;
        snprintf(ctx, sizeof ctx, "%s %s %s n=%lld batch=%lld stride=%lld",
                 variants[v].label, tu_prec_name(p), tu_kind_name(k), (long long)n,
                 (long long)batch, (long long)stride);
        tu_problem_reset_x(&P);
        gtsv_status st = tu_gtsv_batch(hs[v], p, n, P.dl, P.d, P.du, P.x, batch, stride);
        TU_EXPECT(tu_problem_verdict(&P, st, why, sizeof why), "%s: %s", ctx, why);
        expect_info(hs[v], st, &P, n, ctx);
      }
      tu_problem_free(&P);
    }
  destroy_handles(hs);
  tu_report();
}
END_TEST

/* One exactly singular system in a batch: SINGULAR, info = 1 + its index, the row
   of its zero row; every other system still solved (and a second singular system
   later in the batch does not change info). */
START_TEST(batch_singular)
{
  const variant *v = &variants[_i / TU_NPREC];
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  /* n, stride, batch, singular system, its zero row, a later singular system, row */
  static const int64_t cases[][7] = {
    {33, 40, 7, 3, 10, 5, 0},
    {64, 64, 1000, 500, 63, 999, 5},
    {100, 101, 1, 0, 50, -1, 0},
    {5, 9, 1000, 0, 0, 1, 2},
  };
  gtsv_handle h = make_handle(v);
  for (int ci = 0; ci < 4; ci++) {
    const int64_t *cs = cases[ci];
    int64_t n = cs[0], stride = cs[1], batch = cs[2], info = -7, row = -7;
    char ctx[256], why[512];
    tu_problem P;
    snprintf(ctx, sizeof ctx, "%s %s %s n=%lld batch=%lld singular system %lld row %lld",
             v->label, tu_prec_name(p), tu_kind_name(base_kind(v)), (long long)n,
             (long long)batch, (long long)cs[3], (long long)cs[4]);
    tu_problem_init(&P, p, base_kind(v), n, 1, stride, batch, stride, 31);
    tu_problem_zero_row(&P, cs[3], cs[4]);
    if (cs[5] >= 0) tu_problem_zero_row(&P, cs[5], cs[6]);
    tu_problem_prepare(&P);
    TU_EXPECT(tu_problem_first_singular(&P) == cs[3], "%s: LAPACK disagrees", ctx);
    gtsv_status st = tu_gtsv_batch(h, p, n, P.dl, P.d, P.du, P.x, batch, stride);
    TU_EXPECT(tu_problem_verdict(&P, st, why, sizeof why), "%s: %s", ctx, why);
    gtsv_status gs = gtsv_get_info(h, &info, &row);
    TU_EXPECT(gs == GTSV_STATUS_SINGULAR && info == 1 + cs[3] && row == cs[4],
              "%s: gtsv_get_info gives %s info %lld row %lld, expected info %lld row %lld",
              ctx, tu_status_name(gs), (long long)info, (long long)row,
              (long long)(1 + cs[3]), (long long)cs[4]);
    tu_problem_free(&P);
  }
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* ---- exactly singular single systems ---------------------------------------------------- */

/* Solve P (one system, 2 right-hand sides), expect SINGULAR, info 1 and row
   want_row (or any row when want_row < 0). */
static void expect_singular(gtsv_handle h, tu_problem *P, int64_t want_row,
                            const char *ctx)
{
  int64_t info = -7, row = -7;
  char why[512];
  TU_EXPECT(P->info[0] > 0, "%s: LAPACK does not find it singular (test defect)", ctx);
  gtsv_status st = tu_gtsv(h, P->prec, P->n, P->nrhs, P->dl, P->d, P->du, P->x, P->ldb);
  TU_EXPECT(tu_problem_verdict(P, st, why, sizeof why), "%s: %s", ctx, why);
  gtsv_status gs = gtsv_get_info(h, &info, &row);
  TU_EXPECT(gs == GTSV_STATUS_SINGULAR && info == 1 &&
                (want_row >= 0 ? row == want_row : row >= 0 && row < P->n),
            "%s: gtsv_get_info gives %s info %lld row %lld, expected info 1 row %lld",
            ctx, tu_status_name(gs), (long long)info, (long long)row, (long long)want_row);
}

START_TEST(single_singular)
{
  const variant *v = &variants[_i / TU_NPREC];
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  gtsv_handle h = make_handle(v);
  char ctx[256];
  tu_problem P;

  /* d = 0, odd n: rank n-1. Diagonal pivoting takes 2x2 blocks and meets the zero
     in the last row; Thomas meets it at once. Other algorithms may name any row. */
  static const int64_t odd[] = {1, 3, 5, 33, 513};
  for (int i = 0; i < 5; i++) {
    int64_t n = odd[i];
    int64_t want = v->algo == GTSV_ALGO_DP_SEQ ? n - 1 : is_thomas(v) ? 0 : -1;
    snprintf(ctx, sizeof ctx, "%s %s zero_diag n=%lld", v->label, tu_prec_name(p),
             (long long)n);
    tu_problem_init(&P, p, TU_ZERO_DIAG, n, 2, n + 1, 1, n, 41);
    expect_singular(h, &P, want, ctx);
    tu_problem_free(&P);
  }

  /* A zero row r in a dominant matrix: every algorithm must name row r. */
  static const int64_t ns[] = {1, 2, 3, 33, 512, 4097};
  for (int i = 0; i < 6; i++) {
    int64_t n = ns[i], rows[] = {0, 1, n / 2, n - 1};
    for (int ri = 0; ri < 4; ri++) {
      int64_t r = rows[ri];
      if (r >= n || (ri > 0 && r == rows[ri - 1])) continue;
      snprintf(ctx, sizeof ctx, "%s %s dominant n=%lld, zero row %lld", v->label,
               tu_prec_name(p), (long long)n, (long long)r);
      tu_problem_init(&P, p, TU_DOMINANT, n, 2, n + 1, 1, n, 43);
      tu_problem_zero_row(&P, 0, r);
      tu_problem_prepare(&P);
      expect_singular(h, &P, r, ctx);
      tu_problem_free(&P);
    }
  }

  /* T = diag(T1, [0], T2): decouples around a zero 1x1 block at row r. */
  static const int64_t dn[] = {3, 33, 512};
  for (int i = 0; i < 3; i++) {
    int64_t n = dn[i], rows[] = {1, n / 2, n - 2};
    for (int ri = 0; ri < 3; ri++) {
      int64_t r = rows[ri];
      if (ri > 0 && r == rows[ri - 1]) continue;
      snprintf(ctx, sizeof ctx, "%s %s dominant n=%lld, zero 1x1 block at %lld",
               v->label, tu_prec_name(p), (long long)n, (long long)r);
      tu_problem_init(&P, p, TU_DOMINANT, n, 2, n + 1, 1, n, 47);
      tu_problem_zero_row(&P, 0, r);
      tu_set(p, P.du, r - 1, 0);
      tu_set(p, P.dl, r + 1, 0);
      tu_problem_prepare(&P);
      expect_singular(h, &P, r, ctx);
      tu_problem_free(&P);
    }
  }

  /* T = diag(T1, [1 2; 2 4], T2): a singular 2x2 block at rows r, r+1. The
     Bunch-Kaufman rule never takes a singular 2x2 pivot (sigma >= |b1|), so
     diagonal pivoting and Thomas meet a zero 1x1 pivot at row r+1. */
  static const int64_t bn[] = {2, 4, 33, 512};
  for (int i = 0; i < 4; i++) {
    int64_t n = bn[i], rows[] = {0, 1, n / 2, n - 2};
    for (int ri = 0; ri < 4; ri++) {
      int64_t r = rows[ri];
      int64_t want = v->algo == GTSV_ALGO_DP_SEQ || is_thomas(v) ? r + 1 : -1;
      if (r + 1 >= n || (ri > 0 && r == rows[ri - 1])) continue;
      snprintf(ctx, sizeof ctx, "%s %s dominant n=%lld, singular 2x2 block at %lld",
               v->label, tu_prec_name(p), (long long)n, (long long)r);
      tu_problem_init(&P, p, TU_DOMINANT, n, 2, n + 1, 1, n, 53);
      if (r > 0) { tu_set(p, P.du, r - 1, 0); tu_set(p, P.dl, r, 0); }
      if (r + 2 < n) { tu_set(p, P.du, r + 1, 0); tu_set(p, P.dl, r + 2, 0); }
      tu_set(p, P.d, r, 1);
      tu_set(p, P.du, r, 2);
      tu_set(p, P.dl, r + 1, 2);
      tu_set(p, P.d, r + 1, 4);
      tu_problem_prepare(&P);
      expect_singular(h, &P, want, ctx);
      tu_problem_free(&P);
    }
  }

  /* The handle forgets a singular solve: the next good solve reports info 0. */
  tu_problem_init(&P, p, TU_DOMINANT, 33, 1, 33, 1, 33, 59);
  gtsv_status st = tu_gtsv(h, p, 33, 1, P.dl, P.d, P.du, P.x, 33);
  snprintf(ctx, sizeof ctx, "%s %s dominant n=33 after a singular solve", v->label,
           tu_prec_name(p));
  TU_EXPECT(st == GTSV_STATUS_SUCCESS, "%s: status %s", ctx, tu_status_name(st));
  expect_info(h, st, &P, 33, ctx);
  tu_problem_free(&P);

  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* ---- NaN and Inf ---------------------------------------------------------------------------- */

/* A NaN or Inf anywhere in dl, d, du (the entries that are read) or B is never a
   SUCCESS with an all-finite solution. One system, two right-hand sides, and a
   batch where the bad value sits in one system: the others are still solved. */
START_TEST(nonfinite_input)
{
  const variant *v = &variants[_i / TU_NPREC];
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  static const int64_t ns[] = {1, 2, 3, 5, 33, 512};
  static const char *arrays[] = {"dl", "d", "du", "B", "B column 2"};
  const double values[] = {NAN, INFINITY, -INFINITY};
  gtsv_handle h = make_handle(v);
  for (int ni = 0; ni < 6; ni++)
    for (int a = 0; a < 5; a++)
      for (int vi = 0; vi < 3; vi++)
        for (int pos = 0; pos < 3; pos++) {
          int64_t n = ns[ni], lo = a == 0 ? 1 : 0, hi = a == 2 ? n - 2 : n - 1, at;
          int batch_mode = pos == 1; /* the middle position is also tried in a batch */
          char ctx[256], why[512];
          tu_problem P;
          if (hi < lo) continue;
          at = pos == 0 ? lo : pos == 1 ? (lo + hi) / 2 : hi;
          snprintf(ctx, sizeof ctx, "%s %s %s n=%lld: %g in %s[%lld]", v->label,
                   tu_prec_name(p), tu_kind_name(base_kind(v)), (long long)n,
                   values[vi], arrays[a], (long long)at);
          tu_problem_init(&P, p, base_kind(v), n, 2, n + 2, 1, n, 61 + (uint64_t)pos);
          void *arr[] = {P.dl, P.d, P.du, P.b, tu_at(p, P.b, P.ldb)};
          tu_set(p, arr[a], at, values[vi]);
          tu_problem_prepare(&P);
          gtsv_status st = tu_gtsv(h, p, n, 2, P.dl, P.d, P.du, P.x, P.ldb);
          int finite = tu_all_finite(p, P.x, n) && tu_all_finite(p, tu_at(p, P.x, P.ldb), n);
          TU_EXPECT(st == GTSV_STATUS_SINGULAR || (st == GTSV_STATUS_SUCCESS && !finite),
                    "%s: status %s, solution %s", ctx, tu_status_name(st),
                    finite ? "all finite" : "not finite");
          expect_info(h, st, NULL, n, ctx);
          tu_problem_free(&P);
          if (!batch_mode || a == 4) continue;

          /* the same value in system 2 of a batch of 5 */
          int64_t stride = n + 1, info = -7;
          tu_problem_init(&P, p, base_kind(v), n, 1, stride, 5, stride, 67);
          void *sys[] = {tu_sys_dl(&P, 2), tu_sys_d(&P, 2), tu_sys_du(&P, 2), tu_sys_b(&P, 2)};
          tu_set(p, sys[a], at, values[vi]);
          tu_problem_prepare(&P);
          st = tu_gtsv_batch(h, p, n, P.dl, P.d, P.du, P.x, 5, stride);
          gtsv_get_info(h, &info, NULL);
          finite = tu_all_finite(p, tu_sys_x(&P, 2), n);
          TU_EXPECT((st == GTSV_STATUS_SINGULAR && info == 3) ||
                        (st == GTSV_STATUS_SUCCESS && info == 0 && !finite),
                    "%s, system 2 of 5: status %s info %lld, solution %s", ctx,
                    tu_status_name(st), (long long)info, finite ? "all finite" : "not finite");
          for (int64_t k = 0; k < 5; k++)
            if (k != 2 && (st == GTSV_STATUS_SUCCESS || st == GTSV_STATUS_SINGULAR))
              TU_EXPECT(tu_problem_system_ok(&P, k, why, sizeof why),
                        "%s, system 2 of 5 poisons a neighbour: %s", ctx, why);
          tu_problem_free(&P);
        }
  gtsv_destroy(h);
  tu_report();
}
END_TEST

int main(void)
{
  Suite *s = suite_create("host");
  TCase *tc;
  SRunner *sr;
  int failed;

  tc = tcase_create("single");
  tcase_set_timeout(tc, 300);
  tcase_add_loop_test(tc, single_vs_lapack, 0, NPK);
  suite_add_tcase(s, tc);

  tc = tcase_create("batch");
  tcase_set_timeout(tc, 300);
  tcase_add_loop_test(tc, batch_vs_lapack, 0, NPK);
  tcase_add_loop_test(tc, batch_singular, 0, NVARIANTS * TU_NPREC);
  suite_add_tcase(s, tc);

  tc = tcase_create("singular");
  tcase_set_timeout(tc, 300);
  tcase_add_loop_test(tc, single_singular, 0, NVARIANTS * TU_NPREC);
  tcase_add_loop_test(tc, nonfinite_input, 0, NVARIANTS * TU_NPREC);
  suite_add_tcase(s, tc);

  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
