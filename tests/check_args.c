/* Argument checks of the public API: every bad argument returns INVALID_VALUE and
   writes nothing; the documented no-ops succeed and write nothing; strings are
   never NULL; handle life cycle and gtsv_get_info after a good solve. Each case
   over float and double. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "gtsv/gtsv.h"
#include "testutil.h"

static const gtsv_algo all_algos[] = {GTSV_ALGO_AUTO, GTSV_ALGO_SPIKE_DP, GTSV_ALGO_PDP,
                                      GTSV_ALGO_ARCR, GTSV_ALGO_DP_SEQ, GTSV_ALGO_THOMAS};
#define NALGOS ((int)(sizeof all_algos / sizeof *all_algos))

/* A valid 5x5 system with two right-hand sides, ldb = 6, and a batch of three such
   systems at stride 6; calls below spoil one argument at a time. */
#define N 5
#define LDB 6
#define NRHS 2

START_TEST(null_handle)
{
  const tu_prec p = (tu_prec)_i;
  tu_problem P, Q;
  gtsv_algo a = GTSV_ALGO_THOMAS;
  int64_t info = 99, row = 99;
  tu_problem_init(&P, p, TU_RANDOM, N, NRHS, LDB, 1, N, 1);
  tu_problem_init(&Q, p, TU_RANDOM, N, 1, LDB, 3, LDB, 2);

  ck_assert_int_eq(gtsv_create(NULL), GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(gtsv_set_algo(NULL, GTSV_ALGO_AUTO), GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(gtsv_get_algo(NULL, &a), GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(a, GTSV_ALGO_THOMAS);
  ck_assert_int_eq(gtsv_set_stream(NULL, NULL), GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(gtsv_set_spike_partitions(NULL, 0), GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(gtsv_set_num_threads(NULL, 0), GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(gtsv_get_info(NULL, &info, &row), GTSV_STATUS_INVALID_VALUE);
  ck_assert(info == 99 && row == 99);
  ck_assert_int_eq(gtsv_destroy(NULL), GTSV_STATUS_SUCCESS);

  /* solves: valid arguments otherwise, and the no-op sizes too */
  TU_EXPECT(tu_gtsv(NULL, p, N, NRHS, P.dl, P.d, P.du, P.x, LDB) ==
                GTSV_STATUS_INVALID_VALUE, "%s gtsv(NULL handle)", tu_prec_name(p));
  TU_EXPECT(tu_gtsv(NULL, p, 0, NRHS, P.dl, P.d, P.du, P.x, LDB) ==
                GTSV_STATUS_INVALID_VALUE, "%s gtsv(NULL handle, n = 0)", tu_prec_name(p));
  TU_EXPECT(tu_gtsv(NULL, p, N, 0, NULL, NULL, NULL, NULL, LDB) ==
                GTSV_STATUS_INVALID_VALUE, "%s gtsv(NULL handle, nrhs = 0)", tu_prec_name(p));
  TU_EXPECT(tu_problem_x_unchanged(&P), "%s gtsv(NULL handle) wrote B", tu_prec_name(p));
  TU_EXPECT(tu_gtsv_batch(NULL, p, N, Q.dl, Q.d, Q.du, Q.x, 3, LDB) ==
                GTSV_STATUS_INVALID_VALUE, "%s batch(NULL handle)", tu_prec_name(p));
  TU_EXPECT(tu_gtsv_batch(NULL, p, N, Q.dl, Q.d, Q.du, Q.x, 0, LDB) ==
                GTSV_STATUS_INVALID_VALUE, "%s batch(NULL handle, batch = 0)", tu_prec_name(p));
  TU_EXPECT(tu_problem_x_unchanged(&Q), "%s batch(NULL handle) wrote x", tu_prec_name(p));
  tu_problem_free(&P);
  tu_problem_free(&Q);
  tu_report();
}
END_TEST

/* One spoiled argument of gtsv_?gtsv. null: bit 0 dl, 1 d, 2 du, 3 B. */
typedef struct {
  const char *what;
  int64_t n, nrhs, ldb;
  int null;
} bad_solve;

static const bad_solve bad_solves[] = {
  {"n < 0", -1, NRHS, LDB, 0},
  {"n = INT64_MIN", INT64_MIN, NRHS, LDB, 0},
  {"nrhs < 0", N, -1, LDB, 0},
  {"nrhs = INT64_MIN", N, INT64_MIN, LDB, 0},
  {"ldb < n", N, NRHS, N - 1, 0},
  {"ldb = 0", N, NRHS, 0, 0},
  {"ldb < 0", N, NRHS, -LDB, 0},
  {"ldb = 0 with n = 0 (ldb >= max(1, n))", 0, NRHS, 0, 0},
  {"ldb < n with nrhs = 0", N, 0, N - 1, 0},
  {"ldb * nrhs overflows", N, NRHS, INT64_MAX / 2 + 1, 0},
  {"ldb * nrhs overflows (ldb = INT64_MAX)", N, 3, INT64_MAX, 0},
  {"ldb * nrhs overflows (nrhs = INT64_MAX)", N, INT64_MAX, LDB, 0},
  {"dl NULL", N, NRHS, LDB, 1},
  {"d NULL", N, NRHS, LDB, 2},
  {"du NULL", N, NRHS, LDB, 4},
  {"B NULL", N, NRHS, LDB, 8},
  {"all NULL", N, NRHS, LDB, 15},
  {"n < 0 and NULLs", -1, NRHS, LDB, 15},
};
#define NBAD_SOLVES ((int)(sizeof bad_solves / sizeof *bad_solves))

/* One spoiled argument of gtsv_?gtsv_strided_batch. */
typedef struct {
  const char *what;
  int64_t n, batch, stride;
  int null;
} bad_batch;

static const bad_batch bad_batches[] = {
  {"n < 0", -1, 3, LDB, 0},
  {"n = INT64_MIN", INT64_MIN, 3, LDB, 0},
  {"batch < 0", N, -1, LDB, 0},
  {"batch = INT64_MIN", N, INT64_MIN, LDB, 0},
  {"stride < n", N, 3, N - 1, 0},
  {"stride = 0", N, 3, 0, 0},
  {"stride < 0", N, 3, -1, 0},
  {"stride < n with batch = 1", N, 1, N - 1, 0},
  {"stride < n with batch = 0", N, 0, N - 1, 0},
  {"stride * batch overflows", N, 3, INT64_MAX / 2, 0},
  {"stride * batch overflows (batch = INT64_MAX)", N, INT64_MAX, LDB, 0},
  {"dl NULL", N, 3, LDB, 1},
  {"d NULL", N, 3, LDB, 2},
  {"du NULL", N, 3, LDB, 4},
  {"x NULL", N, 3, LDB, 8},
  {"all NULL", N, 3, LDB, 15},
};
#define NBAD_BATCHES ((int)(sizeof bad_batches / sizeof *bad_batches))

static const void *maybe_null(const void *ptr, int mask, int bit)
{
  return (mask >> bit) & 1 ? NULL : ptr;
}

/* Every bad argument: INVALID_VALUE, nothing written, for every algorithm (the
   checks come before the dispatch). */
START_TEST(bad_arguments)
{
  const gtsv_algo algo = all_algos[_i / TU_NPREC];
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  const char *an = gtsv_algo_string(algo), *pn = tu_prec_name(p);
  gtsv_handle h = NULL;
  tu_problem P, Q;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, algo), GTSV_STATUS_SUCCESS);
  tu_problem_init(&P, p, TU_RANDOM, N, NRHS, LDB, 1, N, 3);
  tu_problem_init(&Q, p, TU_RANDOM, N, 1, LDB, 3, LDB, 4);
  for (int i = 0; i < NBAD_SOLVES; i++) {
    const bad_solve *c = &bad_solves[i];
    gtsv_status st = tu_gtsv(h, p, c->n, c->nrhs, maybe_null(P.dl, c->null, 0),
                             maybe_null(P.d, c->null, 1), maybe_null(P.du, c->null, 2),
                             (void *)maybe_null(P.x, c->null, 3), c->ldb);
    TU_EXPECT(st == GTSV_STATUS_INVALID_VALUE, "%s %s gtsv, %s: status %s", an, pn,
              c->what, tu_status_name(st));
    TU_EXPECT(tu_problem_x_unchanged(&P), "%s %s gtsv, %s: B written", an, pn, c->what);
  }
  for (int i = 0; i < NBAD_BATCHES; i++) {
    const bad_batch *c = &bad_batches[i];
    gtsv_status st = tu_gtsv_batch(h, p, c->n, maybe_null(Q.dl, c->null, 0),
                                   maybe_null(Q.d, c->null, 1), maybe_null(Q.du, c->null, 2),
                                   (void *)maybe_null(Q.x, c->null, 3), c->batch, c->stride);
    TU_EXPECT(st == GTSV_STATUS_INVALID_VALUE, "%s %s strided batch, %s: status %s", an,
              pn, c->what, tu_status_name(st));
    TU_EXPECT(tu_problem_x_unchanged(&Q), "%s %s strided batch, %s: x written", an, pn,
              c->what);
  }
  /* the matrices are never written either */
  TU_EXPECT(tu_same(p, P.dl, P.dl0, P.mlen) && tu_same(p, P.d, P.d0, P.mlen) &&
                tu_same(p, P.du, P.du0, P.mlen) && tu_same(p, Q.dl, Q.dl0, Q.mlen) &&
                tu_same(p, Q.d, Q.d0, Q.mlen) && tu_same(p, Q.du, Q.du0, Q.mlen),
            "%s %s: a rejected call modified dl, d or du", an, pn);
  tu_problem_free(&P);
  tu_problem_free(&Q);
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* Setters: unknown algorithm values, negative partitions and threads. */
START_TEST(bad_settings)
{
  gtsv_handle h = NULL;
  gtsv_algo a = GTSV_ALGO_AUTO;
  static const int bad_algos[] = {-1, 6, 7, 1000, INT32_MIN, INT32_MAX};
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_get_algo(h, &a), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(a, GTSV_ALGO_AUTO); /* the default */
  ck_assert_int_eq(gtsv_get_algo(h, NULL), GTSV_STATUS_INVALID_VALUE);
  for (int i = 0; i < NALGOS; i++) {
    ck_assert_int_eq(gtsv_set_algo(h, all_algos[i]), GTSV_STATUS_SUCCESS);
    ck_assert_int_eq(gtsv_get_algo(h, &a), GTSV_STATUS_SUCCESS);
    ck_assert_int_eq(a, all_algos[i]);
  }
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_DP_SEQ), GTSV_STATUS_SUCCESS);
  for (int i = 0; i < (int)(sizeof bad_algos / sizeof *bad_algos); i++) {
    ck_assert_msg(gtsv_set_algo(h, (gtsv_algo)bad_algos[i]) == GTSV_STATUS_INVALID_VALUE,
                  "gtsv_set_algo(%d) accepted", bad_algos[i]);
    ck_assert_int_eq(gtsv_get_algo(h, &a), GTSV_STATUS_SUCCESS);
    ck_assert_msg(a == GTSV_ALGO_DP_SEQ, "gtsv_set_algo(%d) changed the algorithm to %d",
                  bad_algos[i], (int)a);
  }
  ck_assert_int_eq(gtsv_set_spike_partitions(h, -1), GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(gtsv_set_spike_partitions(h, INT64_MIN), GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(gtsv_set_spike_partitions(h, 0), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_spike_partitions(h, INT64_MAX), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_num_threads(h, -1), GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(gtsv_set_num_threads(h, INT32_MIN), GTSV_STATUS_INVALID_VALUE);
  ck_assert_int_eq(gtsv_set_num_threads(h, 0), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_num_threads(h, 1), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_stream(h, NULL), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_destroy(h), GTSV_STATUS_SUCCESS);
}
END_TEST

/* n = 0, nrhs = 0, batch = 0: SUCCESS, nothing written, NULL pointers allowed,
   whatever the algorithm; get_info then reports nothing singular. */
START_TEST(noops)
{
  const gtsv_algo algo = all_algos[_i / TU_NPREC];
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  const char *an = gtsv_algo_string(algo), *pn = tu_prec_name(p);
  gtsv_handle h = NULL;
  int64_t info = 99, row = 99;
  tu_problem P, Q, S;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  tu_problem_init(&P, p, TU_RANDOM, N, NRHS, LDB, 1, N, 5);
  tu_problem_init(&Q, p, TU_RANDOM, N, 1, LDB, 3, LDB, 6);
  /* a singular solve first, so that "nothing singular" below is news */
  tu_problem_init(&S, p, TU_ZERO_DIAG, 3, 1, 3, 1, 3, 7);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_DP_SEQ), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(tu_gtsv(h, p, 3, 1, S.dl, S.d, S.du, S.x, 3), GTSV_STATUS_SINGULAR);
  ck_assert_int_eq(gtsv_set_algo(h, algo), GTSV_STATUS_SUCCESS);

  struct { const char *what; gtsv_status st; } r[] = {
    {"gtsv n=0 NULLs", tu_gtsv(h, p, 0, NRHS, NULL, NULL, NULL, NULL, 1)},
    {"gtsv n=0 nrhs=0 NULLs", tu_gtsv(h, p, 0, 0, NULL, NULL, NULL, NULL, 1)},
    {"gtsv nrhs=0 NULLs", tu_gtsv(h, p, N, 0, NULL, NULL, NULL, NULL, N)},
    {"gtsv n=0", tu_gtsv(h, p, 0, NRHS, P.dl, P.d, P.du, P.x, LDB)},
    {"gtsv nrhs=0", tu_gtsv(h, p, N, 0, P.dl, P.d, P.du, P.x, LDB)},
    {"batch n=0 NULLs", tu_gtsv_batch(h, p, 0, NULL, NULL, NULL, NULL, 3, 0)},
    {"batch batch=0 NULLs", tu_gtsv_batch(h, p, N, NULL, NULL, NULL, NULL, 0, N)},
    {"batch n=0 batch=0 NULLs", tu_gtsv_batch(h, p, 0, NULL, NULL, NULL, NULL, 0, 0)},
    {"batch n=0", tu_gtsv_batch(h, p, 0, Q.dl, Q.d, Q.du, Q.x, 3, LDB)},
    {"batch batch=0", tu_gtsv_batch(h, p, N, Q.dl, Q.d, Q.du, Q.x, 0, LDB)},
  };
  for (int i = 0; i < (int)(sizeof r / sizeof *r); i++)
    TU_EXPECT(r[i].st == GTSV_STATUS_SUCCESS, "%s %s %s: status %s", an, pn, r[i].what,
              tu_status_name(r[i].st));
  TU_EXPECT(tu_problem_x_unchanged(&P) && tu_problem_x_unchanged(&Q),
            "%s %s: a no-op wrote B or x", an, pn);
  gtsv_status gs = gtsv_get_info(h, &info, &row);
  TU_EXPECT(gs == GTSV_STATUS_SUCCESS && info == 0 && row == -1,
            "%s %s: after a no-op gtsv_get_info gives %s info %lld row %lld", an, pn,
            tu_status_name(gs), (long long)info, (long long)row);
  tu_problem_free(&P);
  tu_problem_free(&Q);
  tu_problem_free(&S);
  gtsv_destroy(h);
  tu_report();
}
END_TEST

START_TEST(strings)
{
  static const gtsv_status statuses[] = {
    GTSV_STATUS_SUCCESS, GTSV_STATUS_INVALID_VALUE, GTSV_STATUS_SINGULAR,
    GTSV_STATUS_ALLOC_FAILED, GTSV_STATUS_NOT_SUPPORTED, GTSV_STATUS_DEVICE_ERROR};
  for (int i = 0; i < 6; i++) {
    const char *s = gtsv_status_string(statuses[i]);
    ck_assert_msg(s && s[0], "gtsv_status_string(%d) empty", (int)statuses[i]);
    for (int j = 0; j < i; j++) /* a user can tell the statuses apart */
      ck_assert_str_ne(s, gtsv_status_string(statuses[j]));
  }
  for (int v = -3; v < 40; v++)
    ck_assert_msg(gtsv_status_string((gtsv_status)v) != NULL, "status %d: NULL", v);
  ck_assert_ptr_nonnull(gtsv_status_string((gtsv_status)INT32_MIN));
  ck_assert_ptr_nonnull(gtsv_status_string((gtsv_status)INT32_MAX));

  for (int i = 0; i < NALGOS; i++) {
    const char *s = gtsv_algo_string(all_algos[i]);
    ck_assert_msg(s && s[0] && strcmp(s, "unknown") != 0, "gtsv_algo_string(%d) = %s",
                  (int)all_algos[i], s ? s : "NULL");
    for (int j = 0; j < i; j++)
      ck_assert_str_ne(s, gtsv_algo_string(all_algos[j]));
  }
  ck_assert_str_eq(gtsv_algo_string(GTSV_ALGO_SPIKE_DP), "spike_dp");
  for (int v = -3; v < 40; v++) {
    const char *s = gtsv_algo_string((gtsv_algo)v);
    ck_assert_msg(s != NULL, "algo %d: NULL", v);
    if (v < 0 || v >= NALGOS) ck_assert_str_eq(s, "unknown");
  }
  ck_assert_str_eq(gtsv_algo_string((gtsv_algo)INT32_MIN), "unknown");
  ck_assert_int_eq(gtsv_has_cuda() == 0 || gtsv_has_cuda() == 1, 1);
}
END_TEST

/* create/destroy, and gtsv_get_info on a fresh handle and after good solves. */
START_TEST(life_cycle_and_info)
{
  const tu_prec p = (tu_prec)_i;
  gtsv_handle h = (gtsv_handle)&h; /* not NULL: create must overwrite it */
  int64_t info = 99, row = 99;
  tu_problem P, Q;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_ptr_nonnull(h);
  ck_assert_int_eq(gtsv_get_info(h, &info, &row), GTSV_STATUS_SUCCESS);
  ck_assert(info == 0 && row == -1);
  ck_assert_int_eq(gtsv_get_info(h, NULL, NULL), GTSV_STATUS_SUCCESS);

  tu_problem_init(&P, p, TU_DOMINANT, N, NRHS, LDB, 1, N, 8);
  tu_problem_init(&Q, p, TU_DOMINANT, N, 1, LDB, 3, LDB, 9);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_DP_SEQ), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(tu_gtsv(h, p, N, NRHS, P.dl, P.d, P.du, P.x, LDB), GTSV_STATUS_SUCCESS);
  info = row = 99;
  ck_assert_int_eq(gtsv_get_info(h, &info, &row), GTSV_STATUS_SUCCESS);
  ck_assert_msg(info == 0 && row == -1, "info %lld row %lld", (long long)info, (long long)row);
  ck_assert_int_eq(tu_gtsv_batch(h, p, N, Q.dl, Q.d, Q.du, Q.x, 3, LDB), GTSV_STATUS_SUCCESS);
  info = row = 99;
  ck_assert_int_eq(gtsv_get_info(h, &info, NULL), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(info, 0);
  ck_assert_int_eq(gtsv_get_info(h, NULL, &row), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(row, -1);
  tu_problem_free(&P);
  tu_problem_free(&Q);
  ck_assert_int_eq(gtsv_destroy(h), GTSV_STATUS_SUCCESS);

  /* many handles are independent */
  gtsv_handle hs[4];
  for (int i = 0; i < 4; i++) ck_assert_int_eq(gtsv_create(&hs[i]), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(hs[1], GTSV_ALGO_THOMAS), GTSV_STATUS_SUCCESS);
  gtsv_algo a;
  ck_assert_int_eq(gtsv_get_algo(hs[2], &a), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(a, GTSV_ALGO_AUTO);
  for (int i = 0; i < 4; i++) ck_assert_int_eq(gtsv_destroy(hs[i]), GTSV_STATUS_SUCCESS);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("args");
  TCase *tc = tcase_create("args");
  SRunner *sr;
  int failed;
  tcase_add_loop_test(tc, null_handle, 0, TU_NPREC);
  tcase_add_loop_test(tc, bad_arguments, 0, NALGOS * TU_NPREC);
  tcase_add_test(tc, bad_settings);
  tcase_add_loop_test(tc, noops, 0, NALGOS * TU_NPREC);
  tcase_add_test(tc, strings);
  tcase_add_loop_test(tc, life_cycle_and_info, 0, TU_NPREC);
  suite_add_tcase(s, tc);
  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
