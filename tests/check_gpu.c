/* Device pointers through the public API. Exits 77 (skipped) without a CUDA device.

   For GTSV_ALGO_AUTO and each algorithm, float and double: one system (nrhs 1 and
   3, ldb > n) and strided batches, in device memory. A call either answers
   NOT_SUPPORTED and leaves B unchanged (GPU solvers land with their own issues),
   or queues the solve; gtsv_get_info then gives its outcome, and the solution is
   judged against LAPACK as the host tests judge the host solvers (testutil.h).
   Mixed host/device pointers are NOT_SUPPORTED. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <cuda_runtime_api.h>
#include "gtsv/gtsv.h"
#include "testutil.h"

static const gtsv_algo algos[] = {GTSV_ALGO_AUTO, GTSV_ALGO_SPIKE_DP, GTSV_ALGO_PDP,
                                  GTSV_ALGO_ARCR, GTSV_ALGO_DP_SEQ, GTSV_ALGO_THOMAS};
#define NALGOS ((int)(sizeof algos / sizeof *algos))

/* Device copies of a problem's arrays. */
typedef struct {
  void *dl, *d, *du, *x;
} dev_arrays;

static void *to_device(const tu_problem *P, const void *host, int64_t count)
{
  void *p = NULL;
  size_t bytes = (size_t)count * tu_elt(P->prec);
  ck_assert_int_eq(cudaMalloc(&p, bytes), cudaSuccess);
  ck_assert_int_eq(cudaMemcpy(p, host, bytes, cudaMemcpyHostToDevice), cudaSuccess);
  return p;
}

static dev_arrays upload(const tu_problem *P)
{
  dev_arrays D;
  D.dl = to_device(P, P->dl, P->mlen);
  D.d = to_device(P, P->d, P->mlen);
  D.du = to_device(P, P->du, P->mlen);
  D.x = to_device(P, P->x, P->blen);
  return D;
}

static void download_and_free(tu_problem *P, dev_arrays *D)
{
  ck_assert_int_eq(cudaMemcpy(P->x, D->x, (size_t)P->blen * tu_elt(P->prec),
                              cudaMemcpyDeviceToHost), cudaSuccess);
  cudaFree(D->dl);
  cudaFree(D->d);
  cudaFree(D->du);
  cudaFree(D->x);
}

/* Calls of the current test that ran on the device / answered NOT_SUPPORTED. */
static int n_ran, n_unsupported;

static void count_report(const char *what, gtsv_algo algo, tu_prec p)
{
  printf("check_gpu: %-6s %-8s %-6s %3d solved on the device, %3d NOT_SUPPORTED\n", what,
         gtsv_algo_string(algo), tu_prec_name(p), n_ran, n_unsupported);
  n_ran = n_unsupported = 0;
}

/* Judge a device call that returned st on P (x already downloaded). */
static void judge(gtsv_handle h, const tu_problem *P, gtsv_status st, const char *ctx)
{
  char why[512];
  int64_t info = -7, row = -7;
  if (st == GTSV_STATUS_NOT_SUPPORTED) {
    n_unsupported++;
    TU_EXPECT(tu_problem_x_unchanged(P), "%s: NOT_SUPPORTED but B written", ctx);
    return;
  }
  n_ran++;
  if (st == GTSV_STATUS_SUCCESS) st = gtsv_get_info(h, &info, &row); /* waits */
  TU_EXPECT(tu_problem_verdict(P, st, why, sizeof why), "%s: %s", ctx, why);
  if (st == GTSV_STATUS_SINGULAR)
    TU_EXPECT(tu_problem_info_ok(P, info) && row >= 0 && row < P->n,
              "%s: info %lld row %lld, expected info %lld", ctx, (long long)info,
              (long long)row, (long long)(1 + tu_problem_first_singular(P)));
}

static gtsv_handle make_handle(gtsv_algo algo)
{
  gtsv_handle h = NULL;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, algo), GTSV_STATUS_SUCCESS);
  return h;
}

static tu_kind kind_for(gtsv_algo algo, int i)
{
  static const tu_kind kinds[] = {TU_RANDOM, TU_ZERO_DIAG, TU_FORCE_2X2,
                                  TU_NEAR_SING_PART, TU_DOMINANT};
  return algo == GTSV_ALGO_THOMAS ? TU_DOMINANT : kinds[i];
}

START_TEST(single_on_device)
{
  const gtsv_algo algo = algos[_i / TU_NPREC];
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  static const int64_t ns[] = {1, 2, 3, 33, 512, 4097, 100000};
  gtsv_handle h = make_handle(algo);
  for (int ni = 0; ni < 7; ni++)
    for (int ki = 0; ki < (algo == GTSV_ALGO_THOMAS ? 1 : 5); ki++)
      for (int64_t nrhs = 1; nrhs <= 3; nrhs += 2) {
        int64_t n = ns[ni], ldb = nrhs == 1 ? n : n + 3;
        tu_kind kind = kind_for(algo, ki);
        char ctx[256];
        tu_problem P;
        snprintf(ctx, sizeof ctx, "device %s %s %s n=%lld nrhs=%lld", gtsv_algo_string(algo),
                 tu_prec_name(p), tu_kind_name(kind), (long long)n, (long long)nrhs);
        tu_problem_init(&P, p, kind, n, nrhs, ldb, 1, n, 1);
        dev_arrays D = upload(&P);
        gtsv_status st = tu_gtsv(h, p, n, nrhs, D.dl, D.d, D.du, D.x, ldb);
        if (st == GTSV_STATUS_SUCCESS) (void)gtsv_get_info(h, NULL, NULL);
        download_and_free(&P, &D);
        judge(h, &P, st, ctx);
        tu_problem_free(&P);
      }
  gtsv_destroy(h);
  count_report("gtsv", algo, p);
  tu_report();
}
END_TEST

START_TEST(batch_on_device)
{
  const gtsv_algo algo = algos[_i / TU_NPREC];
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  static const int64_t ns[] = {1, 33, 64, 513};
  static const int64_t batches[] = {1, 7, 1000};
  gtsv_handle h = make_handle(algo);
  for (int ni = 0; ni < 4; ni++)
    for (int bi = 0; bi < 3; bi++)
      for (int ki = 0; ki < (algo == GTSV_ALGO_THOMAS ? 1 : 5); ki++) {
        int64_t n = ns[ni], batch = batches[bi], stride = n + 3;
        tu_kind kind = kind_for(algo, ki);
        char ctx[256];
        tu_problem P;
        snprintf(ctx, sizeof ctx, "device %s %s %s n=%lld batch=%lld",
                 gtsv_algo_string(algo), tu_prec_name(p), tu_kind_name(kind),
                 (long long)n, (long long)batch);
        tu_problem_init(&P, p, kind, n, 1, stride, batch, stride, 2);
        if (batch > 3 && kind != TU_ZERO_DIAG) { /* one singular system inside */
          tu_problem_zero_row(&P, 3, n / 2);
          tu_problem_prepare(&P);
        }
        dev_arrays D = upload(&P);
        gtsv_status st = tu_gtsv_batch(h, p, n, D.dl, D.d, D.du, D.x, batch, stride);
        if (st == GTSV_STATUS_SUCCESS) (void)gtsv_get_info(h, NULL, NULL);
        download_and_free(&P, &D);
        judge(h, &P, st, ctx);
        tu_problem_free(&P);
      }
  gtsv_destroy(h);
  count_report("batch", algo, p);
  tu_report();
}
END_TEST

/* Normwise backward error ||Tx-b|| / (||T|| ||x|| + ||b||) (infinity norms, residual
   in long double) of system k of P, in units of eps. */
static double backward_error_eps(const tu_problem *P, int64_t k)
{
  tu_prec p = P->prec;
  const void *dl = tu_sys_dl(P, k), *d = tu_sys_d(P, k), *du = tu_sys_du(P, k);
  const void *x = tu_sys_x(P, k), *b = tu_sys_b(P, k);
  long double rmax = 0;
  double tmax = 0, xmax = 0, bmax = 0;
  for (int64_t i = 0; i < P->n; i++) {
    double a = i > 0 ? tu_get(p, dl, i) : 0, c = i + 1 < P->n ? tu_get(p, du, i) : 0;
    double di = tu_get(p, d, i), xi = tu_get(p, x, i), bi = tu_get(p, b, i);
    long double r = (long double)di * xi - bi;
    if (i > 0) r += (long double)a * tu_get(p, x, i - 1);
    if (i + 1 < P->n) r += (long double)c * tu_get(p, x, i + 1);
    if (!(fabsl(r) <= rmax)) rmax = fabsl(r); /* NaN sticks */
    if (fabs(a) + fabs(di) + fabs(c) > tmax) tmax = fabs(a) + fabs(di) + fabs(c);
    if (!(fabs(xi) <= xmax)) xmax = fabs(xi);
    if (fabs(bi) > bmax) bmax = fabs(bi);
  }
  return (double)(rmax / ((long double)tmax * xmax + bmax)) / tu_eps(p);
}

/* batch_on_device's near_singular_partitions n = 64 batch with PDP, judged by the
   normwise backward error (<= 4 eps) instead of LAPACK's residual: these systems
   are singular to working precision (check_pdp.c, near-singular systems, has the
   numbers), where the rule's slack, scaled by LAPACK's ||x||, is a lottery that
   the host's DP_SEQ loses more often than PDP. Prints the systems the rule fails. */
START_TEST(pdp_near_singular_backward_error)
{
  const tu_prec p = (tu_prec)_i;
  int64_t n = 64, batch = 1000, stride = n + 3, info = -1, row = -1;
  double worst = 0;
  char why[512];
  gtsv_handle h = make_handle(GTSV_ALGO_PDP);
  gtsv_status st;
  tu_problem P;
  tu_problem_init(&P, p, TU_NEAR_SING_PART, n, 1, stride, batch, stride, 2);
  tu_problem_zero_row(&P, 3, n / 2); /* as batch_on_device */
  tu_problem_prepare(&P);
  dev_arrays D = upload(&P);
  st = tu_gtsv_batch(h, p, n, D.dl, D.d, D.du, D.x, batch, stride);
  if (st == GTSV_STATUS_SUCCESS) st = gtsv_get_info(h, &info, &row);
  download_and_free(&P, &D);
  if (st != GTSV_STATUS_NOT_SUPPORTED) {
    TU_EXPECT(st == GTSV_STATUS_SINGULAR && tu_problem_info_ok(&P, info),
              "%s near-singular batch: status %s info %lld, expected SINGULAR %lld",
              tu_prec_name(p), tu_status_name(st), (long long)info,
              (long long)(1 + tu_problem_first_singular(&P)));
    for (int64_t k = 0; k < batch; k++) {
      double eta;
      if (P.info[k] != 0) continue;
      eta = backward_error_eps(&P, k);
      TU_EXPECT(eta <= 4, "%s near-singular system %lld: backward error %.3g eps > 4 eps",
                tu_prec_name(p), (long long)k, eta);
      if (!(eta <= worst)) worst = eta;
      if (!tu_problem_system_ok(&P, k, why, sizeof why))
        printf("check_gpu: pdp %s near-singular, backward error %.3g eps, fails the "
               "LAPACK-relative rule: %s\n", tu_prec_name(p), eta, why);
    }
    printf("check_gpu: pdp %s near-singular n=64 batch=1000: backward error <= %.3g eps\n",
           tu_prec_name(p), worst);
  }
  tu_problem_free(&P);
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* Host matrix, device right-hand side (and the reverse): NOT_SUPPORTED. */
START_TEST(mixed_pointers)
{
  const tu_prec p = (tu_prec)_i;
  gtsv_handle h = make_handle(GTSV_ALGO_AUTO);
  tu_problem P;
  tu_problem_init(&P, p, TU_RANDOM, 33, 1, 33, 1, 33, 3);
  dev_arrays D = upload(&P);
  gtsv_status st = tu_gtsv(h, p, 33, 1, P.dl, P.d, P.du, D.x, 33);
  TU_EXPECT(st == GTSV_STATUS_NOT_SUPPORTED, "%s host matrix, device B: %s",
            tu_prec_name(p), tu_status_name(st));
  st = tu_gtsv(h, p, 33, 1, D.dl, P.d, D.du, D.x, 33);
  TU_EXPECT(st == GTSV_STATUS_NOT_SUPPORTED, "%s host d, device dl, du, B: %s",
            tu_prec_name(p), tu_status_name(st));
  st = tu_gtsv_batch(h, p, 33, D.dl, D.d, D.du, P.x, 1, 33);
  TU_EXPECT(st == GTSV_STATUS_NOT_SUPPORTED && tu_problem_x_unchanged(&P),
            "%s device matrix, host x: %s", tu_prec_name(p), tu_status_name(st));
  download_and_free(&P, &D);
  TU_EXPECT(tu_problem_x_unchanged(&P), "%s: mixed call wrote B", tu_prec_name(p));
  tu_problem_free(&P);
  gtsv_destroy(h);
  tu_report();
}
END_TEST

int main(void)
{
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count <= 0) {
    printf("check_gpu: no CUDA device (%s): skipped\n",
           e != cudaSuccess ? cudaGetErrorString(e) : "count 0");
    return 77;
  }
  Suite *s = suite_create("gpu");
  TCase *tc = tcase_create("gpu");
  tcase_set_timeout(tc, 300);
  tcase_add_loop_test(tc, single_on_device, 0, NALGOS * TU_NPREC);
  tcase_add_loop_test(tc, batch_on_device, 0, NALGOS * TU_NPREC);
  tcase_add_loop_test(tc, mixed_pointers, 0, TU_NPREC);
  tcase_add_loop_test(tc, pdp_near_singular_backward_error, 0, TU_NPREC);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
