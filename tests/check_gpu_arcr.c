/* GPU adaptive R-cyclic reduction (src/arcr/arcr.cu): gtsv_?gtsv (one system,
   nrhs columns, ldb > n) and gtsv_?gtsv_strided_batch (stride > n) on device
   memory with GTSV_ALGO_ARCR, float and double, judged against LAPACK per system
   by tu_problem_verdict (status SINGULAR exactly when LAPACK's is; residual <= 10x
   LAPACK's + 64 eps on the scale of T x; padding and gaps untouched).

   Sizes n in {1, 2, 3, 31, 32, 33, 64, 255, 256, 257, 1000, 4096} and the largest
   n the on-chip kernel takes (found by probing: it must solve n_max accurately and
   answer NOT_SUPPORTED for n_max + 1 without writing); batches of 1, 7 and 1000
   systems; kinds random, zero diagonal, 2x2-forcing, near-singular partitions and
   dominant; one singular system inside a batch (info names it, the others solved).
   The device results must equal the host ARCR's bit for bit (arcr.cu shares the
   host's arithmetic and order and is compiled without FMA contraction), for one
   system with nrhs = 2 and for a near-singular batch of 1000 (where the plans
   fall back to T as the base): so the many-seed host tests of check_arcr speak
   for the kernel. And the GPU SPIKE with ARCR as its reduced solver (thesis 5.3)
   against LAPACK on every kind and on thesis types 1-18 but 16, next to the
   default reduced solver on types 14, 17 and 18 (printed).
   Exits 77 (skipped) when no device is present. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include "gtsv/gtsv.h"
#include "spike/spike.h"
#include "testutil.h"
#ifdef GTSV_HAVE_TESTMAT
#include "gtsv/testmat.h"
#endif

static int have_gpu(void)
{
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return count > 0;
}

static const tu_kind kinds[] = {TU_RANDOM, TU_ZERO_DIAG, TU_FORCE_2X2, TU_NEAR_SING_PART,
                                TU_DOMINANT};
#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]))

/* Solve P (batch == 1: gtsv with nrhs, ldb; else the strided batch) on the device.
   P->x gets the device result. Returns the status the call gave, or, when it
   queued successfully, gtsv_get_info's (SUCCESS or SINGULAR); *info, *row from
   gtsv_get_info. */
static gtsv_status device_solve(gtsv_handle h, tu_problem *P, int64_t *info, int64_t *row)
{
  size_t e = tu_elt(P->prec), mb = (size_t)P->mlen * e, bb = (size_t)P->blen * e;
  void *dl = NULL, *d = NULL, *du = NULL, *x = NULL;
  gtsv_status st;
  *info = 0;
  *row = -1;
  tu_problem_reset_x(P);
  ck_assert(cudaMalloc(&dl, mb) == cudaSuccess && cudaMalloc(&d, mb) == cudaSuccess &&
            cudaMalloc(&du, mb) == cudaSuccess && cudaMalloc(&x, bb) == cudaSuccess);
  ck_assert(cudaMemcpy(dl, P->dl, mb, cudaMemcpyHostToDevice) == cudaSuccess);
  ck_assert(cudaMemcpy(d, P->d, mb, cudaMemcpyHostToDevice) == cudaSuccess);
  ck_assert(cudaMemcpy(du, P->du, mb, cudaMemcpyHostToDevice) == cudaSuccess);
  ck_assert(cudaMemcpy(x, P->x, bb, cudaMemcpyHostToDevice) == cudaSuccess);
  if (P->batch == 1 && P->nrhs > 1)
    st = tu_gtsv(h, P->prec, P->n, P->nrhs, dl, d, du, x, P->ldb);
  else if (P->batch == 1)
    st = tu_gtsv(h, P->prec, P->n, 1, dl, d, du, x, P->ldb);
  else
    st = tu_gtsv_batch(h, P->prec, P->n, dl, d, du, x, P->batch, P->stride);
  if (st == GTSV_STATUS_SUCCESS) st = gtsv_get_info(h, info, row);
  ck_assert(cudaMemcpy(P->x, x, bb, cudaMemcpyDeviceToHost) == cudaSuccess);
  cudaFree(dl); cudaFree(d); cudaFree(du); cudaFree(x);
  return st;
}

static void judge(gtsv_handle h, tu_problem *P, const char *ctx)
{
  char why[256];
  int64_t info, row;
  gtsv_status st = device_solve(h, P, &info, &row);
  TU_EXPECT(tu_problem_verdict(P, st, why, sizeof why), "%s: %s", ctx, why);
  if (st == GTSV_STATUS_SINGULAR)
    TU_EXPECT(tu_problem_info_ok(P, info) && row >= 0 && row < P->n,
              "%s: info %lld row %lld", ctx, (long long)info, (long long)row);
}

/* Largest n the device ARCR takes for precision p: NOT_SUPPORTED above it. */
static int64_t max_supported(gtsv_handle h, tu_prec p)
{
  int64_t lo = 1, hi = 40000; /* SUCCESS at lo (checked), NOT_SUPPORTED at hi */
  while (hi - lo > 1) {
    int64_t mid = (lo + hi) / 2, info, row;
    tu_problem P;
    tu_problem_init(&P, p, TU_DOMINANT, mid, 1, mid, 1, mid, 3);
    gtsv_status st = device_solve(h, &P, &info, &row);
    ck_assert_msg(st == GTSV_STATUS_SUCCESS || st == GTSV_STATUS_NOT_SUPPORTED,
                  "n=%lld: %s", (long long)mid, tu_status_name(st));
    if (st == GTSV_STATUS_SUCCESS) lo = mid;
    else hi = mid;
    tu_problem_free(&P);
  }
  return lo;
}

static gtsv_handle arcr_handle(void)
{
  gtsv_handle h = NULL;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_ARCR), GTSV_STATUS_SUCCESS);
  return h;
}

/* ---- one system, nrhs = 3, ldb > n, every size ---------------------------------- */

START_TEST(single_system_sizes)
{
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  const tu_kind k = kinds[_i / TU_NPREC];
  static const int64_t base[] = {1, 2, 3, 31, 32, 33, 64, 255, 256, 257, 1000, 4096};
  gtsv_handle h = arcr_handle();
  int64_t nmax = max_supported(h, p), sizes[14];
  int ns = 0;
  for (int i = 0; i < 12; i++) sizes[ns++] = base[i];
  sizes[ns++] = nmax;
  sizes[ns++] = nmax + 1;
  if (_i < TU_NPREC) printf("device ARCR, %s: largest n = %lld\n", tu_prec_name(p),
                            (long long)nmax);
  ck_assert_int_ge(nmax, 1000); /* the kernel's documented minimum on an H100/H200 */
  for (int i = 0; i < ns; i++) {
    int64_t n = sizes[i], info, row;
    char ctx[128];
    tu_problem P;
    snprintf(ctx, sizeof ctx, "gpu ARCR %s %s n=%lld nrhs=3", tu_prec_name(p),
             tu_kind_name(k), (long long)n);
    tu_problem_init(&P, p, k, n, 3, n + 2, 1, n, 500 + (uint64_t)n);
    if (n > nmax) {
      gtsv_status st = device_solve(h, &P, &info, &row);
      TU_EXPECT(st == GTSV_STATUS_NOT_SUPPORTED && tu_problem_x_unchanged(&P),
                "%s (above the limit %lld): %s, x %s", ctx, (long long)nmax,
                tu_status_name(st), tu_problem_x_unchanged(&P) ? "unchanged" : "written");
    } else {
      judge(h, &P, ctx);
    }
    tu_problem_free(&P);
  }
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* ---- strided batches: 1, 7, 1000 systems, stride > n ------------------------------ */

START_TEST(strided_batches)
{
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  const tu_kind k = kinds[_i / TU_NPREC];
  static const int64_t ns[] = {1, 2, 3, 32, 33, 255, 256, 257, 1000, 2048};
  static const int64_t batches[] = {1, 7, 1000};
  gtsv_handle h = arcr_handle();
  for (int bi = 0; bi < 3; bi++)
    for (int ni = 0; ni < 10; ni++) {
      int64_t n = ns[ni], batch = batches[bi];
      char ctx[128];
      tu_problem P;
      if (batch == 1000 && n > 257) continue; /* the LAPACK oracle's time */
      snprintf(ctx, sizeof ctx, "gpu ARCR batch %s %s n=%lld batch=%lld", tu_prec_name(p),
               tu_kind_name(k), (long long)n, (long long)batch);
      tu_problem_init(&P, p, k, n, 1, n + 3, batch, n + 3, 900 + (uint64_t)n);
      judge(h, &P, ctx);
      tu_problem_free(&P);
    }
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* ---- one singular system in a batch ------------------------------------------------ */

START_TEST(singular_in_batch)
{
  const tu_prec p = (tu_prec)_i;
  static const int64_t ns[] = {1, 5, 64, 513};
  gtsv_handle h = arcr_handle();
  for (int ni = 0; ni < 4; ni++) {
    int64_t n = ns[ni], info, row;
    char ctx[128];
    tu_problem P;
    snprintf(ctx, sizeof ctx, "gpu ARCR %s n=%lld, system 3 singular", tu_prec_name(p),
             (long long)n);
    tu_problem_init(&P, p, TU_RANDOM, n, 1, n + 1, 9, n + 1, 123);
    tu_problem_zero_row(&P, 3, n / 2);
    tu_problem_zero_row(&P, 6, 0);
    tu_problem_prepare(&P);
    gtsv_status st = device_solve(h, &P, &info, &row);
    char why[256];
    TU_EXPECT(tu_problem_verdict(&P, st, why, sizeof why), "%s: %s", ctx, why);
    TU_EXPECT(st == GTSV_STATUS_SINGULAR && info == 4 && row >= 0 && row < n,
              "%s: status %s info %lld row %lld (expected SINGULAR, info 4)", ctx,
              tu_status_name(st), (long long)info, (long long)row);
    /* the singular systems' x are left as they were */
    TU_EXPECT(tu_same(p, tu_sys_x(&P, 3), tu_sys_b(&P, 3), n) &&
                  tu_same(p, tu_sys_x(&P, 6), tu_sys_b(&P, 6), n),
              "%s: a singular system's x was written", ctx);
    tu_problem_free(&P);
  }
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* ---- the device computes the host reference's bits ---------------------------------- */

START_TEST(matches_host)
{
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  const tu_kind k = kinds[_i / TU_NPREC];
  static const int64_t ns[] = {777, 2048};
  gtsv_handle h = arcr_handle();
  for (int ni = 0; ni < 2; ni++)
    for (int batch = 0; batch < 2; batch++) {
      const int64_t n = batch ? 64 : ns[ni], nb = batch ? 1000 : 1, nrhs = batch ? 1 : 2;
      const int64_t ld = batch ? n + 3 : n + 1;
      tu_problem P;
      int64_t info, row;
      if (batch && ni) continue;
      tu_problem_init(&P, p, k, n, nrhs, ld, nb, ld, 31337 + (uint64_t)n);
      gtsv_status sd = device_solve(h, &P, &info, &row);
      void *xd = tu_dup(p, P.x, P.blen);
      tu_problem_reset_x(&P);
      gtsv_status sh = batch ? tu_gtsv_batch(h, p, n, P.dl, P.d, P.du, P.x, nb, ld)
                             : tu_gtsv(h, p, n, nrhs, P.dl, P.d, P.du, P.x, ld);
      TU_EXPECT(sd == sh, "%s %s n=%lld batch %lld: device %s, host %s", tu_prec_name(p),
                tu_kind_name(k), (long long)n, (long long)nb, tu_status_name(sd),
                tu_status_name(sh));
      if (sd == GTSV_STATUS_SUCCESS && sh == GTSV_STATUS_SUCCESS) {
        int64_t first = -1;
        for (int64_t i = 0; i < P.blen && first < 0; i++)
          if (!tu_same(p, tu_at(p, xd, i), tu_at(p, P.x, i), 1)) first = i;
        TU_EXPECT(first < 0, "%s %s n=%lld batch %lld: device x[%lld] = %.17g, host %.17g "
                  "(not the same bits)", tu_prec_name(p), tu_kind_name(k), (long long)n,
                  (long long)nb, (long long)first,
                  first < 0 ? 0.0 : tu_get(p, xd, first), first < 0 ? 0.0 : tu_get(p, P.x, first));
      }
      free(xd);
      tu_problem_free(&P);
    }
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* ---- the GPU SPIKE with ARCR as its reduced solver ------------------------------------ */

static gtsv_handle spike_handle(int arcr)
{
  gtsv_handle h = NULL;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_SPIKE_DP), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_spike_reduced_solver(h, arcr ? GTSV_ALGO_ARCR : GTSV_ALGO_DP_SEQ),
                   GTSV_STATUS_SUCCESS);
  return h;
}

START_TEST(spike_reduced_arcr)
{
  const tu_prec p = (tu_prec)(_i % TU_NPREC);
  const tu_kind k = kinds[_i / TU_NPREC];
  static const int64_t ns[] = {65, 512, 4097, 40000, 300001};
  gtsv_handle h = spike_handle(1);
  for (int ni = 0; ni < 5; ni++) {
    int64_t n = ns[ni], info, row;
    int fb = 0;
    char ctx[128], why[256];
    tu_problem P;
    gtsv_status st;
    snprintf(ctx, sizeof ctx, "gpu SPIKE+ARCR %s %s n=%lld nrhs=2", tu_prec_name(p),
             tu_kind_name(k), (long long)n);
    tu_problem_init(&P, p, k, n, 2, n + 1, 1, n, 4000 + (uint64_t)n);
    st = device_solve(h, &P, &info, &row);
    (void)gtsv__spike_fallback_taken(h, &fb);
    TU_EXPECT(tu_problem_verdict(&P, st, why, sizeof why), "%s: %s (fallback flags %d)", ctx,
              why, fb);
    tu_problem_free(&P);
  }
  gtsv_destroy(h);
  tu_report();
}
END_TEST

#ifdef GTSV_HAVE_TESTMAT
/* Thesis types at n = 512 (one SPIKE level, then ARCR on the 64-row reduced system
   in double, 32 in float) and n = 20000 (ARCR on a reduced system of some hundred
   rows), seeds 1-4; every type but 16 judged for SPIKE+ARCR; the default reduced
   solver's residual shown beside it on types 14, 17, 18. */
START_TEST(spike_reduced_arcr_thesis)
{
  const tu_prec p = (tu_prec)_i;
  static const int64_t ns[] = {512, 20000};
  gtsv_handle ha = spike_handle(1), hd = spike_handle(0);
  printf("gpu SPIKE, %s: residual / LAPACK's, reduced solver ARCR vs default (DP)\n",
         tu_prec_name(p));
  for (int ni = 0; ni < 2; ni++)
    for (int t = 1; t <= GTSV_TESTMAT_NTYPES; t++)
      for (uint64_t seed = 1; seed <= 4; seed++) {
        const int64_t n = ns[ni];
        int64_t info, row;
        char ctx[128], why[256];
        tu_problem P;
        gtsv_status st;
        int fb = 0;
        if (n > 512 && t >= 8 && t <= 11) continue; /* randsvd: O(n^2) */
        tu_problem_init(&P, p, TU_RANDOM, n, 1, n, 1, n, 1);
        if (p == TU_FLOAT) {
          ck_assert_int_eq(gtsv_testmat_s(t, n, seed, P.dl, P.d, P.du), GTSV_TESTMAT_OK);
          gtsv_testmat_rhs_s(n, 1000 + seed, P.b);
        } else {
          ck_assert_int_eq(gtsv_testmat_d(t, n, seed, P.dl, P.d, P.du), GTSV_TESTMAT_OK);
          gtsv_testmat_rhs_d(n, 1000 + seed, P.b);
        }
        tu_problem_prepare(&P);
        if (P.info[0] > 0 || !(P.lres[0] < HUGE_VAL)) { /* no reference */
          tu_problem_free(&P);
          continue;
        }
        snprintf(ctx, sizeof ctx, "gpu SPIKE+ARCR %s type %d n=%lld seed %llu",
                 tu_prec_name(p), t, (long long)n, (unsigned long long)seed);
        st = device_solve(ha, &P, &info, &row);
        (void)gtsv__spike_fallback_taken(ha, &fb);
        double ra = tu_residual(p, n, P.dl, P.d, P.du, P.x, P.b);
        if (t != 16)
          TU_EXPECT(tu_problem_verdict(&P, st, why, sizeof why), "%s: %s (fallback flags %d)",
                    ctx, why, fb);
        if ((t == 14 || t == 17 || t == 18) && seed <= 2) {
          int fbd = 0;
          gtsv_status sd = device_solve(hd, &P, &info, &row);
          (void)gtsv__spike_fallback_taken(hd, &fbd);
          double rd = tu_residual(p, n, P.dl, P.d, P.du, P.x, P.b);
          double l = P.lres[0] > tu_eps(p) ? P.lres[0] : tu_eps(p);
          printf("  type %2d n=%6lld seed %llu: ARCR %-9.3g (%s, fb %d)  default %-9.3g "
                 "(%s, fb %d)\n", t, (long long)n, (unsigned long long)seed, ra / l,
                 tu_status_name(st), fb, rd / l, tu_status_name(sd), fbd);
        }
        tu_problem_free(&P);
      }
  gtsv_destroy(ha);
  gtsv_destroy(hd);
  tu_report();
}
END_TEST
#endif

int main(void)
{
  Suite *s;
  TCase *tc;
  SRunner *sr;
  int failed;
  if (!have_gpu()) {
    printf("check_gpu_arcr: no CUDA device, skipped\n");
    return 77;
  }
  s = suite_create("gpu_arcr");
  tc = tcase_create("gpu_arcr");
  tcase_set_timeout(tc, 900);
  tcase_add_loop_test(tc, single_system_sizes, 0, NKINDS * TU_NPREC);
  tcase_add_loop_test(tc, strided_batches, 0, NKINDS * TU_NPREC);
  tcase_add_loop_test(tc, singular_in_batch, 0, TU_NPREC);
  tcase_add_loop_test(tc, matches_host, 0, NKINDS * TU_NPREC);
  tcase_add_loop_test(tc, spike_reduced_arcr, 0, NKINDS * TU_NPREC);
#ifdef GTSV_HAVE_TESTMAT
  tcase_add_loop_test(tc, spike_reduced_arcr_thesis, 0, TU_NPREC);
#endif
  suite_add_tcase(s, tc);
  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
