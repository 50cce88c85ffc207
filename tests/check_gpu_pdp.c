/* GPU parallel diagonal pivoting (src/pdp/pdp.cu) against LAPACK and DP_SEQ,
   float and double, on device memory. Exits 77 (skipped) without a device.

   Method: a problem is built on the host (tu_problem, LAPACK's solution and
   residual), copied to the device, solved through the public API with
   GTSV_ALGO_PDP (device pointers), copied back and judged by the shared rule
   (tu_problem_verdict); a singular system's row (gtsv_get_info) must be DP_SEQ's.
   Sizes sit on every boundary of the kernel: a thread's rows, a warp's, a tile's
   (a block's) and two tiles', from the kernel's shape (gtsv__pdp_cuda_shape), plus
   fixed ones, and look-back chains of up to 2^23 rows (random, dominant and
   near-singular). Also: nrhs > 1 with ldb > n (padding untouched), the thesis types 8, 13,
   17, 18, EVERY == THRESHOLD normalisation bitwise, a strided batch, and the
   stress test: 1000 back-to-back solves of n = 2^20 on one stream give bitwise
   the first answer (the look-back is deterministic by construction, pdp.cu); the
   speculative redo gives bitwise the answer without it (TCase "spec"); tiles that
   forget their entering state and the full product look-back both pass (TCase
   "forget").
   Example: n = 4097 is one full tile and a tile of one row, whose state comes
   entirely from the look-back.
   GTSV_GPU_TEST_SMALL=1 (for compute-sanitizer): sizes up to 65537, no large
   sizes, 10 stress solves of 2^16 rows, normalisation on 2^16 rows;
   GTSV_GPU_TEST_SMALL=2 (racecheck): three sizes (a thread's rows and one, a tile's
   less one, two tiles and one), the thesis types at n = 512, 3 stress solves, the
   spec and forget cases on two tiles and a row (the random one of forget on eight)
   and dorr (and type 17) at 8192, the rest as with 1. */
#include <check.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gtsv/gtsv.h"
#include "gtsv/testmat.h"
#include "pdp/pdp_opts.h"
#include "testutil.h"

static int have_gpu(void)
{
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return count > 0;
}

typedef struct {
  void *dl, *d, *du, *x;
} dev_t_;

static void dev_up(const tu_problem *P, dev_t_ *D)
{
  size_t e = tu_elt(P->prec), mb = (size_t)P->mlen * e, bb = (size_t)P->blen * e;
  ck_assert(cudaMalloc(&D->dl, mb) == cudaSuccess && cudaMalloc(&D->d, mb) == cudaSuccess &&
            cudaMalloc(&D->du, mb) == cudaSuccess && cudaMalloc(&D->x, bb) == cudaSuccess);
  ck_assert(cudaMemcpy(D->dl, P->dl, mb, cudaMemcpyHostToDevice) == cudaSuccess);
  ck_assert(cudaMemcpy(D->d, P->d, mb, cudaMemcpyHostToDevice) == cudaSuccess);
  ck_assert(cudaMemcpy(D->du, P->du, mb, cudaMemcpyHostToDevice) == cudaSuccess);
  ck_assert(cudaMemcpy(D->x, P->b, bb, cudaMemcpyHostToDevice) == cudaSuccess);
}
static void dev_down(tu_problem *P, const dev_t_ *D)
{
  ck_assert(cudaMemcpy(P->x, D->x, (size_t)P->blen * tu_elt(P->prec),
                       cudaMemcpyDeviceToHost) == cudaSuccess);
}
static void dev_free(dev_t_ *D)
{
  cudaFree(D->dl); cudaFree(D->d); cudaFree(D->du); cudaFree(D->x);
}

/* DP_SEQ on the host: status and row */
static gtsv_status dp_seq(const tu_problem *P, int64_t *row)
{
  gtsv_handle h;
  int64_t info = 0;
  void *x = tu_dup(P->prec, P->b, P->blen);
  gtsv_status st;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  gtsv_set_algo(h, GTSV_ALGO_DP_SEQ);
  st = tu_gtsv(h, P->prec, P->n, P->nrhs, P->dl, P->d, P->du, x, P->ldb);
  *row = -1;
  gtsv_get_info(h, &info, row);
  gtsv_destroy(h);
  free(x);
  return st;
}

/* the sweeps' switches back to the library's defaults (pdp_opts.h), at the end of each
   test that changes them */
static void sweep_defaults(void)
{
  gtsv__pdp_sweep = 1;
  gtsv__pdp_sweep_bwd = -1;
  for (int j = 0; j < 6; j++) gtsv__pdp_sweep_shape[j] = 0;
}

/* solve P on the device with PDP (norm < 0: the public path), judge it */
static void solve_judge(gtsv_handle h, tu_problem *P, int norm, const char *ctx)
{
  dev_t_ D;
  char why[512];
  int64_t info = 0, row = -1, dprow = -1;
  gtsv_status st, gi;
  dev_up(P, &D);
  if (norm < 0)
    st = tu_gtsv(h, P->prec, P->n, P->nrhs, D.dl, D.d, D.du, D.x, P->ldb);
  else if (P->prec == TU_FLOAT)
    st = gtsv__s_pdp_cuda_opts(h, P->n, P->nrhs, D.dl, D.d, D.du, D.x, P->ldb, norm);
  else
    st = gtsv__d_pdp_cuda_opts(h, P->n, P->nrhs, D.dl, D.d, D.du, D.x, P->ldb, norm);
  TU_EXPECT(st == GTSV_STATUS_SUCCESS, "%s: device solve returned %s", ctx, tu_status_name(st));
  gi = gtsv_get_info(h, &info, &row);
  dev_down(P, &D);
  TU_EXPECT(tu_problem_verdict(P, gi, why, sizeof why), "%s: %s", ctx, why);
  if (gi == GTSV_STATUS_SINGULAR || P->info[0] > 0) {
    gtsv_status ds = dp_seq(P, &dprow);
    TU_EXPECT(ds == gi && (gi != GTSV_STATUS_SINGULAR || row == dprow),
              "%s: status %s row %lld, DP_SEQ %s row %lld", ctx, tu_status_name(gi),
              (long long)row, tu_status_name(ds), (long long)dprow);
  }
  dev_free(&D);
}

/* 127..129 and 191..193: a thread's rows of the warm-up sweep (pdp_sweep.cu) and its
   warm-up in double; 4095..4097 its warp's rows */
static const int64_t fixed_sizes[] = {1, 2, 3, 4, 5, 15, 16, 17, 31, 32, 33, 127, 128, 129,
                                      191, 192, 193, 511, 512, 513,
                                      1023, 1024, 1025, 2047, 2048, 2049, 4095, 4096, 4097,
                                      65535, 65536, 65537, 1 << 20, (1 << 20) + 1};
#define NFIXED (int)(sizeof fixed_sizes / sizeof *fixed_sizes)
#define MAXSIZES (NFIXED + 12)

static int cmp_i64(const void *a, const void *b)
{
  const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

/* The fixed sizes and, from the kernel's shape for p (gtsv__pdp_cuda_shape: *th threads
   of *c rows), one row either side of a thread's rows, a warp's, a tile's and two
   tiles': increasing, distinct. */
static int test_sizes(tu_prec p, int64_t *out, int *th, int *c)
{
  int m = 0;
  gtsv__pdp_cuda_shape(tu_elt(p), th, c);
  const int64_t b[4] = {*c, 32 * (int64_t)*c, (int64_t)*th * *c, 2 * (int64_t)*th * *c};
  for (int i = 0; i < NFIXED; i++) out[m++] = fixed_sizes[i];
  for (int i = 0; i < 4; i++)
    for (int d = -1; d <= 1; d++) out[m++] = b[i] + d;
  qsort(out, (size_t)m, sizeof *out, cmp_i64);
  int k = 0;
  for (int i = 0; i < m; i++)
    if (out[i] >= 1 && (k == 0 || out[i] != out[k - 1])) out[k++] = out[i];
  return k;
}

static void kinds_body(int i)
{
  tu_prec p = (tu_prec)(i / TU_NKINDS);
  tu_kind k = (tu_kind)(i % TU_NKINDS);
  gtsv_handle h;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_PDP), GTSV_STATUS_SUCCESS);
  int64_t sizes[MAXSIZES];
  int th = 0, c = 0;
  const int nsizes = test_sizes(p, sizes, &th, &c);
  for (int si = 0; si < nsizes; si++) {
    if (tu_small_run() && sizes[si] > 65537) break;
    /* racecheck: a thread's rows and one, a tile's less one, two tiles and one */
    if (tu_tiny_run() && sizes[si] != c + 1 && sizes[si] != (int64_t)th * c - 1 &&
        sizes[si] != 2 * (int64_t)th * c + 1)
      continue;
    /* zero_diag of even n beyond 65537 is exactly nonsingular (every pivot block is
       [0 c; a 0]) but its condition, growing like exp(c sqrt(n)), is past the double
       range: LAPACK's info there is rounding luck (U(n,n) underflowing to 0), and
       DP_SEQ, the host PDP and the host SPIKE all return SUCCESS with x overflowed.
       Session 26's call 5 (n = 2^20, seed 235) had LAPACK report info = n where the
       seed before (226) had info 0; zero_diag_pairs covers zero diagonals at large n */
    if (k == TU_ZERO_DIAG && sizes[si] > 65537 && sizes[si] % 2 == 0) continue;
    /* three columns up to two tiles and a row (each column is its own pair of launches) */
    int64_t n = sizes[si], nrhs = n <= 2 * (int64_t)th * c + 1 ? 3 : 1;
    int64_t ldb = n + (nrhs > 1 ? 3 : 0);
    tu_problem P;
    char ctx[160];
    snprintf(ctx, sizeof ctx, "gpu %s %s n=%lld nrhs=%lld", tu_prec_name(p), tu_kind_name(k),
             (long long)n, (long long)nrhs);
    tu_problem_init(&P, p, k, n, nrhs, ldb, 1, n, 200 + (uint64_t)si);
    solve_judge(h, &P, -1, ctx);
    tu_problem_free(&P);
  }
  gtsv_destroy(h);
  tu_report();
}
/* the sweeps at every size and in both precisions (gtsv__pdp_sweep = 2 and
   gtsv__pdp_sweep_bwd = 1; by default they start at 2^22 rows) */
START_TEST(kinds_vs_lapack)
{
  gtsv__pdp_sweep = 2;
  gtsv__pdp_sweep_bwd = 1; /* both precisions */
  kinds_body(_i);
  sweep_defaults();
}
END_TEST
/* the same with the checked-splice kernel alone (gtsv__pdp_sweep = 0), which is the
   warm-up sweep's fallback */
START_TEST(kinds_vs_lapack_splice)
{
  gtsv__pdp_sweep = 0;
  kinds_body(_i);
  sweep_defaults();
}
END_TEST

START_TEST(large_sizes)
{
  static const int64_t ns[] = {(1 << 22) - 1, 1 << 22, 1 << 23};
  tu_prec p = (tu_prec)_i;
  gtsv_handle h;
  if (tu_small_run()) return;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_PDP), GTSV_STATUS_SUCCESS);
  for (int ni = 0; ni < 3; ni++)
    for (int k = 0; k < TU_NKINDS; k += 2) { /* random, dominant, near-singular */
      tu_problem P;
      char ctx[160];
      snprintf(ctx, sizeof ctx, "gpu %s %s n=%lld", tu_prec_name(p), tu_kind_name((tu_kind)k),
               (long long)ns[ni]);
      tu_problem_init(&P, p, (tu_kind)k, ns[ni], 1, ns[ni], 1, ns[ni], 9);
      solve_judge(h, &P, -1, ctx);
      tu_problem_free(&P);
    }
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* P (from tu_problem_init) gets thesis matrix type (gtsv_testmat, seed 42) and, in
   column j of b, gtsv_testmat_rhs with seed 43 + j; then LAPACK's solution */
static void thesis_problem(tu_problem *P, int type)
{
  const int f = P->prec == TU_FLOAT;
  ck_assert_int_eq(f ? gtsv_testmat_s(type, P->n, 42, P->dl, P->d, P->du)
                     : gtsv_testmat_d(type, P->n, 42, P->dl, P->d, P->du),
                   GTSV_TESTMAT_OK);
  for (int64_t j = 0; j < P->nrhs; j++) {
    if (f) gtsv_testmat_rhs_s(P->n, 43 + (uint64_t)j, (float *)P->b + j * P->ldb);
    else gtsv_testmat_rhs_d(P->n, 43 + (uint64_t)j, (double *)P->b + j * P->ldb);
  }
  tu_problem_prepare(P);
}

static void thesis_body(int i)
{
  static const int types[] = {8, 13, 17, 18};
  tu_prec p = (tu_prec)i;
  gtsv_handle h;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_PDP), GTSV_STATUS_SUCCESS);
  for (int t = 0; t < 4; t++)
    for (int64_t n = 512; n <= 8192; n *= 16) {
      tu_problem P;
      char ctx[160];
      if (n > 512 && types[t] == 8) continue; /* randsvd is O(n^2) to generate */
      if (n > 512 && tu_tiny_run()) continue;
      tu_problem_init(&P, p, TU_RANDOM, n, 2, n + 1, 1, n, 1);
      thesis_problem(&P, types[t]);
      snprintf(ctx, sizeof ctx, "gpu %s type %d (%s) n=%lld", tu_prec_name(p), types[t],
               gtsv_testmat_name(types[t]), (long long)n);
      solve_judge(h, &P, -1, ctx);
      tu_problem_free(&P);
    }
  gtsv_destroy(h);
  tu_report();
}
START_TEST(thesis_types)
{
  gtsv__pdp_sweep = 2;
  gtsv__pdp_sweep_bwd = 1; /* both precisions */
  thesis_body(_i);
  sweep_defaults();
}
END_TEST
START_TEST(thesis_types_splice)
{
  gtsv__pdp_sweep = 0;
  thesis_body(_i);
  sweep_defaults();
}
END_TEST

/* The warm-up sweep (pdp_sweep.cu): random and dominant matrices take it without falling
   back (its counts), within the bound; 2x2-forcing, near-singular-partition and
   zero-diagonal ones within the bound whichever way they go; thesis type 13 (dorr) within
   the bound; a matrix with a zero row reports DP_SEQ's row through the fallback. Prints
   the counts per matrix. */
START_TEST(sweep_paths)
{
  static const tu_kind kinds[] = {TU_RANDOM, TU_DOMINANT, TU_FORCE_2X2, TU_NEAR_SING_PART,
                                  TU_ZERO_DIAG_PAIRS};
  tu_prec p = (tu_prec)_i;
  const int64_t big = tu_tiny_run() ? 1 << 13 : tu_small_run() ? 1 << 16 : 1 << 20;
  unsigned long long st[5];
  gtsv_handle h;
  char ctx[160];
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_PDP), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv__pdp_cuda_sweep_stats(st), GTSV_STATUS_SUCCESS); /* reset */
  gtsv__pdp_sweep = 2;
  gtsv__pdp_sweep_bwd = 1; /* both precisions */
  for (int k = 0; k < 7; k++) {
    tu_problem P;
    const int64_t n = k < 5 ? big : 4096;
    if (k < 5) {
      tu_problem_init(&P, p, kinds[k], n, 1, n, 1, n, 71 + (uint64_t)k);
      snprintf(ctx, sizeof ctx, "gpu %s %s n=%lld", tu_prec_name(p), tu_kind_name(kinds[k]),
               (long long)n);
    } else if (k == 5) {
      tu_problem_init(&P, p, TU_RANDOM, n, 1, n, 1, n, 1);
      thesis_problem(&P, 13);
      snprintf(ctx, sizeof ctx, "gpu %s type 13 (dorr) n=%lld", tu_prec_name(p), (long long)n);
    } else { /* row 300 zero: singular there */
      tu_problem_init(&P, p, TU_DOMINANT, n, 1, n, 1, n, 5);
      tu_problem_zero_row(&P, 0, 300);
      tu_problem_prepare(&P);
      snprintf(ctx, sizeof ctx, "gpu %s zero row 300 n=%lld", tu_prec_name(p), (long long)n);
    }
    solve_judge(h, &P, -1, ctx);
    tu_problem_free(&P);
    ck_assert_int_eq(gtsv__pdp_cuda_sweep_stats(st), GTSV_STATUS_SUCCESS);
    printf("check_gpu_pdp: sweep %s: %llu columns swept; forward %llu threads repaired, %llu "
           "fell back; backward %llu threads repaired, %llu fell back\n", ctx, st[0], st[1],
           st[2], st[3], st[4]);
    TU_EXPECT(st[0] == 1, "%s: %llu columns swept, not 1", ctx, st[0]);
    if (k < 2)
      TU_EXPECT(st[2] == 0 && st[4] == 0, "%s: fell back to the checked-splice kernel (%llu) "
                "or the scan backward kernel (%llu)", ctx, st[2], st[4]);
    if (k == 6) TU_EXPECT(st[2] == 1, "%s: did not fall back", ctx);
  }
  sweep_defaults();
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* GTSV_ALGO_AUTO on one long column (src/cuda/solve.cu: the GPU PDP from 2^23 rows in
   double, 2^24 in float): the sweeps run (one column swept) or not (the GPU SPIKE) as the
   rule says either side of float's threshold; random and 2x2-forcing matrices (the latter
   may fall back to the checked-splice kernel) against LAPACK. Not in the sanitizer runs
   (GTSV_GPU_TEST_SMALL). _i: precision. */
START_TEST(auto_long)
{
  static const tu_kind kinds[] = {TU_RANDOM, TU_FORCE_2X2};
  const tu_prec p = (tu_prec)_i;
  const int64_t ns[] = {((int64_t)1 << 23) + 5, ((int64_t)1 << 24) + 5};
  unsigned long long st[5];
  gtsv_handle h;
  if (tu_small_run()) return;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS); /* GTSV_ALGO_AUTO */
  for (int i = 0; i < (p == TU_DOUBLE ? 1 : 2); i++)
    for (int k = 0; k < 2; k++) {
      tu_problem P;
      char ctx[160];
      const unsigned long long want = p == TU_DOUBLE || i == 1 ? 1 : 0;
      snprintf(ctx, sizeof ctx, "gpu AUTO %s %s n=%lld", tu_prec_name(p),
               tu_kind_name(kinds[k]), (long long)ns[i]);
      ck_assert_int_eq(gtsv__pdp_cuda_sweep_stats(st), GTSV_STATUS_SUCCESS); /* reset */
      tu_problem_init(&P, p, kinds[k], ns[i], 1, ns[i], 1, ns[i], 700 + (uint64_t)(10 * i + k));
      solve_judge(h, &P, -1, ctx);
      tu_problem_free(&P);
      ck_assert_int_eq(gtsv__pdp_cuda_sweep_stats(st), GTSV_STATUS_SUCCESS);
      TU_EXPECT(st[0] == want, "%s: %llu columns swept, not %llu", ctx, st[0], want);
    }
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* The warps a block w of a sweep whose warps stage `arrays` arrays of K rows of elt bytes,
   two stages of 32 columns of K + 3 slots each (pdp_sweep.cu), once halved to fit a
   block's shared memory */
static int fit_warps(int w, int kk, size_t elt, int arrays)
{
  int dev = 0, optin = 0;
  const size_t per = (size_t)2 * arrays * 32 * (kk + 3) * elt;
  ck_assert_int_eq(cudaGetDevice(&dev), cudaSuccess);
  ck_assert_int_eq(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev),
                   cudaSuccess);
  while (w > 1 && (size_t)w * per > (size_t)optin) w /= 2;
  return w;
}

/* The sweeps' other shapes (gtsv__pdp_sweep_shape: rows a thread C, any multiple of 32
   from 128 to 4096, rows a stage K and warps a block W; by default C from the size and the
   device, K = 16, W 4 forward and 8 backward wherever the grid spreads that thinly, else
   1): each forced on both sweeps at sizes around a thread's and a warp's rows (W 0: the
   default, which at these sizes is 4 and 8), against LAPACK; random and dominant matrices
   must not fall back. _i: precision and shape. */
START_TEST(sweep_shapes)
{
  static const int shapes[][3] = {{128, 32, 1}, {160, 16, 0}, {256, 16, 2}, {256, 32, 0},
                                  {416, 32, 1}, {512, 16, 0},  {512, 32, 1}, {1024, 16, 3},
                                  {1024, 32, 0}};
  static const tu_kind kinds[] = {TU_RANDOM, TU_DOMINANT, TU_FORCE_2X2, TU_ZERO_DIAG_PAIRS};
  const int ns = (int)(sizeof shapes / sizeof *shapes);
  tu_prec p = (tu_prec)(_i / ns);
  const int c = shapes[_i % ns][0], kk = shapes[_i % ns][1], w = shapes[_i % ns][2];
  const int64_t sizes[] = {c + 1, 32 * (int64_t)c - 1, 32 * (int64_t)c + 1,
                           96 * (int64_t)c + 77, (1 << 20) + 3};
  unsigned long long st[5];
  gtsv_handle h;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_PDP), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv__pdp_cuda_sweep_stats(st), GTSV_STATUS_SUCCESS); /* reset */
  gtsv__pdp_sweep = 2;
  gtsv__pdp_sweep_bwd = 1; /* both precisions */
  gtsv__pdp_sweep_shape[0] = gtsv__pdp_sweep_shape[2] = c;
  gtsv__pdp_sweep_shape[1] = gtsv__pdp_sweep_shape[3] = kk;
  gtsv__pdp_sweep_shape[4] = gtsv__pdp_sweep_shape[5] = w;
  {
    int got[6];
    const int fwant = fit_warps(w ? w : 4, kk, tu_elt(p), 4);
    const int bwant = fit_warps(w ? w : 8, kk, tu_elt(p), 2);
    gtsv__pdp_cuda_sweep_shapes(sizes[1], tu_elt(p), got);
    TU_EXPECT(got[0] == c && got[1] == kk && got[2] == c && got[3] == kk && got[4] == fwant &&
                  got[5] == bwant,
              "shape C=%d K=%d W=%d forced, the sweeps take %d/%d and %d/%d, W %d/%d", c, kk,
              w, got[0], got[1], got[2], got[3], got[4], got[5]);
  }
  for (int si = 0; si < 5; si++) {
    if (tu_small_run() && sizes[si] > 65537) break;
    if (tu_tiny_run() && si != 0 && si != 2) continue; /* racecheck: C + 1, 32 C + 1 */
    for (int k = 0; k < 4; k++) {
      tu_problem P;
      char ctx[160];
      const int64_t n = sizes[si];
      snprintf(ctx, sizeof ctx, "gpu %s %s n=%lld shape C=%d K=%d W=%d", tu_prec_name(p),
               tu_kind_name(kinds[k]), (long long)n, c, kk, w);
      tu_problem_init(&P, p, kinds[k], n, 1, n, 1, n, 300 + (uint64_t)(10 * si + k));
      solve_judge(h, &P, -1, ctx);
      tu_problem_free(&P);
      ck_assert_int_eq(gtsv__pdp_cuda_sweep_stats(st), GTSV_STATUS_SUCCESS);
      TU_EXPECT(st[0] == 1, "%s: %llu columns swept, not 1", ctx, st[0]);
      if (k < 2)
        TU_EXPECT(st[2] == 0 && st[4] == 0, "%s: fell back to the checked-splice kernel "
                  "(%llu) or the scan backward kernel (%llu)", ctx, st[2], st[4]);
    }
  }
  sweep_defaults();
  gtsv_destroy(h);
  tu_report();
}
END_TEST

START_TEST(normalisation_variants)
{
  tu_prec p = (tu_prec)_i;
  int64_t n = tu_small_run() ? 1 << 16 : 1 << 20;
  gtsv_handle h;
  tu_problem P;
  void *xe;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  gtsv__pdp_sweep = 0; /* the checked-splice kernel's variants, THRESHOLD included */
  tu_problem_init(&P, p, TU_RANDOM, n, 1, n, 1, n, 4);
  solve_judge(h, &P, GTSV_PDP_NORM_EVERY, "gpu EVERY");
  xe = tu_dup(p, P.x, P.blen);
  solve_judge(h, &P, GTSV_PDP_NORM_THRESHOLD, "gpu THRESHOLD");
  TU_EXPECT(tu_same(p, xe, P.x, P.blen), "%s: EVERY and THRESHOLD differ on the GPU",
            tu_prec_name(p));
  if (!tu_small_run()) {
    /* without normalisation theta leaves the range on 2^20 random rows */
    dev_t_ D;
    char why[512];
    int64_t info, row;
    gtsv_status gi;
    dev_up(&P, &D);
    if (p == TU_FLOAT)
      gtsv__s_pdp_cuda_opts(h, n, 1, D.dl, D.d, D.du, D.x, n, GTSV_PDP_NORM_NONE);
    else
      gtsv__d_pdp_cuda_opts(h, n, 1, D.dl, D.d, D.du, D.x, n, GTSV_PDP_NORM_NONE);
    gi = gtsv_get_info(h, &info, &row);
    dev_down(&P, &D);
    TU_EXPECT(!tu_problem_verdict(&P, gi, why, sizeof why),
              "%s: NONE solved it: the matrix does not test normalisation", tu_prec_name(p));
    dev_free(&D);
  }
  free(xe);
  tu_problem_free(&P);
  sweep_defaults();
  gtsv_destroy(h);
  tu_report();
}
END_TEST

START_TEST(strided_batch)
{
  tu_prec p = (tu_prec)_i;
  int64_t n = 5000, batch = 3, stride = 5003;
  gtsv_handle h;
  tu_problem P;
  dev_t_ D;
  char why[512];
  int64_t info = 0, row = -1;
  gtsv_status gi;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_PDP), GTSV_STATUS_SUCCESS);
  tu_problem_init(&P, p, TU_RANDOM, n, 1, stride, batch, stride, 12);
  tu_problem_zero_row(&P, 1, 2500); /* system 1 singular, its neighbours not */
  tu_problem_prepare(&P);
  dev_up(&P, &D);
  TU_EXPECT(tu_gtsv_batch(h, p, n, D.dl, D.d, D.du, D.x, batch, stride) ==
                GTSV_STATUS_SUCCESS, "%s: batch not queued", tu_prec_name(p));
  gi = gtsv_get_info(h, &info, &row);
  dev_down(&P, &D);
  TU_EXPECT(tu_problem_verdict(&P, gi, why, sizeof why), "gpu %s batch: %s", tu_prec_name(p),
            why);
  TU_EXPECT(info == 2, "gpu %s batch: info %lld, expected 2", tu_prec_name(p), (long long)info);
  dev_free(&D);
  tu_problem_free(&P);
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* _i: precision; the warm-up sweep (gtsv__pdp_sweep = 2) for the even loop indices,
   the checked-splice kernel alone (0) for the odd ones */
START_TEST(stress_bitwise)
{
  tu_prec p = (tu_prec)(_i / 2);
  gtsv__pdp_sweep = _i % 2 ? 0 : 2;
  gtsv__pdp_sweep_bwd = 1; /* both precisions */
  int64_t n = tu_small_run() ? 1 << 16 : 1 << 20;
  const int iters = tu_tiny_run() ? 3 : tu_small_run() ? 10 : 1000;
  size_t bytes = (size_t)n * tu_elt(p);
  gtsv_handle h;
  tu_problem P;
  dev_t_ D;
  void *x0, *xb, *first, *xk;
  int differ = 0;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_PDP), GTSV_STATUS_SUCCESS);
  tu_problem_init(&P, p, TU_RANDOM, n, 1, n, 1, n, 21);
  dev_up(&P, &D);
  /* 1000 solves of the same b (a device copy before each), queued back to back;
     every 97th answer is copied back and compared with the first */
  ck_assert(cudaMalloc(&xb, bytes) == cudaSuccess && cudaMalloc(&x0, bytes) == cudaSuccess);
  ck_assert(cudaMemcpy(x0, P.b, bytes, cudaMemcpyHostToDevice) == cudaSuccess);
  first = malloc(bytes);
  xk = malloc(bytes);
  ck_assert(first && xk);
  for (int it = 0; it < iters; it++) {
    ck_assert(cudaMemcpyAsync(xb, x0, bytes, cudaMemcpyDeviceToDevice, 0) == cudaSuccess);
    ck_assert_int_eq(tu_gtsv(h, p, n, 1, D.dl, D.d, D.du, xb, n), GTSV_STATUS_SUCCESS);
    if (it == 0 || it % 97 == 0 || it == iters - 1) {
      ck_assert(cudaMemcpy(it == 0 ? first : xk, xb, bytes, cudaMemcpyDeviceToHost) ==
                cudaSuccess);
      if (it > 0) differ += memcmp(first, xk, bytes) != 0;
    }
  }
  TU_EXPECT(differ == 0, "gpu %s sweep mode %d: %d of the sampled solves differ bitwise "
            "from the first", tu_prec_name(p), gtsv__pdp_sweep, differ);
  sweep_defaults();
  memcpy(P.x, first, bytes);
  {
    char why[512];
    TU_EXPECT(tu_problem_verdict(&P, GTSV_STATUS_SUCCESS, why, sizeof why), "gpu %s stress: %s",
              tu_prec_name(p), why);
  }
  cudaFree(xb); cudaFree(x0);
  free(first); free(xk);
  dev_free(&D);
  tu_problem_free(&P);
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* The speculative redo (pdp.cu, section 4 of the forward kernel): with it on and off
   the answers and the reported rows are the same bitwise, on matrices whose tiles
   disagree with the tile above (random, zero_diag_pairs at 2^20 rows, several
   kinds at 2^16 + 1, and thesis type 13, dorr, whose tiles are nearly all redone);
   the answer with it on is judged against LAPACK; and the speculative redo was
   actually taken on some tile. */
static void spec_pair(gtsv_handle h, tu_problem *P, const char *ctx,
                      unsigned long long on[3], unsigned long long off[3])
{
  dev_t_ D;
  char why[512];
  int64_t info1 = 0, row1 = -1, info0 = 0, row0 = -1;
  unsigned long long m[3];
  void *x1;
  gtsv_status g1, g0;
  dev_up(P, &D);
  gtsv__pdp_spec = 1;
  ck_assert_int_eq(gtsv__pdp_cuda_modes(m), GTSV_STATUS_SUCCESS); /* reset */
  TU_EXPECT(tu_gtsv(h, P->prec, P->n, P->nrhs, D.dl, D.d, D.du, D.x, P->ldb) ==
                GTSV_STATUS_SUCCESS, "%s: solve not queued", ctx);
  g1 = gtsv_get_info(h, &info1, &row1);
  ck_assert_int_eq(gtsv__pdp_cuda_modes(m), GTSV_STATUS_SUCCESS);
  for (int k = 0; k < 3; k++) on[k] += m[k];
  dev_down(P, &D);
  x1 = tu_dup(P->prec, P->x, P->blen);
  TU_EXPECT(tu_problem_verdict(P, g1, why, sizeof why), "%s: %s", ctx, why);
  ck_assert(cudaMemcpy(D.x, P->b, (size_t)P->blen * tu_elt(P->prec), cudaMemcpyHostToDevice) ==
            cudaSuccess);
  gtsv__pdp_spec = 0;
  TU_EXPECT(tu_gtsv(h, P->prec, P->n, P->nrhs, D.dl, D.d, D.du, D.x, P->ldb) ==
                GTSV_STATUS_SUCCESS, "%s: solve not queued (no speculation)", ctx);
  g0 = gtsv_get_info(h, &info0, &row0);
  ck_assert_int_eq(gtsv__pdp_cuda_modes(m), GTSV_STATUS_SUCCESS);
  for (int k = 0; k < 3; k++) off[k] += m[k];
  gtsv__pdp_spec = 1;
  dev_down(P, &D);
  TU_EXPECT(g1 == g0 && info1 == info0 && row1 == row0 && tu_same(P->prec, x1, P->x, P->blen),
            "%s: with the speculative redo status %s row %lld, without %s row %lld, x %s", ctx,
            tu_status_name(g1), (long long)row1, tu_status_name(g0), (long long)row0,
            tu_same(P->prec, x1, P->x, P->blen) ? "equal" : "differs");
  free(x1);
  dev_free(&D);
}

START_TEST(speculative_redo)
{
  static const tu_kind kinds[] = {TU_RANDOM, TU_FORCE_2X2, TU_NEAR_SING_PART,
                                  TU_ZERO_DIAG_PAIRS};
  tu_prec p = (tu_prec)_i;
  const int64_t big = tu_small_run() ? 1 << 16 : 1 << 20;
  unsigned long long on[3] = {0, 0, 0}, off[3] = {0, 0, 0};
  gtsv_handle h;
  char ctx[160];
  int th = 0, c = 0;
  gtsv__pdp_cuda_shape(tu_elt(p), &th, &c);
  gtsv__pdp_sweep = 0; /* the checked-splice kernel alone: its tiles are what is counted */
  /* racecheck (GTSV_GPU_TEST_SMALL=2): two tiles and a row, not 2^16 + 1 */
  const int64_t mid = tu_tiny_run() ? 2 * (int64_t)th * c + 1 : (1 << 16) + 1;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_PDP), GTSV_STATUS_SUCCESS);
  for (int k = 0; k < 4; k++)
    for (int b = 0; b < 2; b++) {
      const int64_t n = b ? big : mid;
      tu_problem P;
      if (b && (tu_tiny_run() || (kinds[k] != TU_RANDOM && kinds[k] != TU_ZERO_DIAG_PAIRS)))
        continue;
      snprintf(ctx, sizeof ctx, "gpu %s %s n=%lld", tu_prec_name(p), tu_kind_name(kinds[k]),
               (long long)n);
      tu_problem_init(&P, p, kinds[k], n, 1, n, 1, n, 31 + k);
      spec_pair(h, &P, ctx, on, off);
      tu_problem_free(&P);
    }
  { /* dorr, type 13: nearly every tile redone */
    const int64_t n = 8192;
    tu_problem P;
    tu_problem_init(&P, p, TU_RANDOM, n, 1, n, 1, n, 1);
    thesis_problem(&P, 13);
    snprintf(ctx, sizeof ctx, "gpu %s type 13 (dorr) n=%lld", tu_prec_name(p), (long long)n);
    spec_pair(h, &P, ctx, on, off);
    tu_problem_free(&P);
  }
  printf("check_gpu_pdp: %s tiles with the speculative redo: %llu kept, %llu speculative, "
         "%llu redone; without: %llu kept, %llu speculative, %llu redone\n", tu_prec_name(p),
         on[0], on[1], on[2], off[0], off[1], off[2]);
  TU_EXPECT(on[1] > 0, "%s: no tile took the speculative redo: the test does not test it",
            tu_prec_name(p));
  TU_EXPECT(off[1] == 0 && on[0] + on[1] + on[2] == off[0] + off[1] + off[2],
            "%s: counts without speculation %llu/%llu/%llu", tu_prec_name(p), off[0], off[1],
            off[2]);
  sweep_defaults();
  gtsv_destroy(h);
  tu_report();
}
END_TEST

/* one problem solved with tiles that forget (the default) and with the full product
   look-back: both judged against LAPACK; counts the tiles that forgot */
static void forget_pair(gtsv_handle h, tu_problem *P, const char *ctx,
                        unsigned long long *on, unsigned long long *off)
{
  dev_t_ D;
  char why[512];
  int64_t info = 0, row = -1;
  unsigned long long c;
  gtsv_status g;
  dev_up(P, &D);
  for (int f = 1; f >= 0; f--) {
    gtsv__pdp_forget = f;
    ck_assert_int_eq(gtsv__pdp_cuda_forgot(&c), GTSV_STATUS_SUCCESS); /* reset */
    ck_assert(cudaMemcpy(D.x, P->b, (size_t)P->blen * tu_elt(P->prec),
                         cudaMemcpyHostToDevice) == cudaSuccess);
    TU_EXPECT(tu_gtsv(h, P->prec, P->n, P->nrhs, D.dl, D.d, D.du, D.x, P->ldb) ==
                  GTSV_STATUS_SUCCESS, "%s: solve not queued", ctx);
    g = gtsv_get_info(h, &info, &row);
    ck_assert_int_eq(gtsv__pdp_cuda_forgot(&c), GTSV_STATUS_SUCCESS);
    *(f ? on : off) += c;
    dev_down(P, &D);
    TU_EXPECT(tu_problem_verdict(P, g, why, sizeof why), "%s, forget %d: %s", ctx, f, why);
  }
  gtsv__pdp_forget = 1;
  dev_free(&D);
}

/* Tiles that forget their entering state (pdp.cu, header) and the full product look-back
   both solve random, 2x2-forcing, near-singular-partition and zero-diagonal matrices and
   thesis types 13 (dorr) and 17 within the bound; random matrices do take the path. */
START_TEST(forget_paths)
{
  static const tu_kind kinds[] = {TU_RANDOM, TU_FORCE_2X2, TU_NEAR_SING_PART,
                                  TU_ZERO_DIAG_PAIRS};
  tu_prec p = (tu_prec)_i;
  const int64_t big = tu_small_run() ? 1 << 16 : 1 << 20;
  unsigned long long on = 0, off = 0, on_random = 0;
  gtsv_handle h;
  char ctx[160];
  int th = 0, c = 0;
  gtsv__pdp_cuda_shape(tu_elt(p), &th, &c);
  /* racecheck (GTSV_GPU_TEST_SMALL=2): the random matrix 8 tiles and a row, the
     others two tiles and a row */
  const int64_t tile = (int64_t)th * c;
  gtsv__pdp_sweep = 0; /* the checked-splice kernel alone: its tiles are what is counted */
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_PDP), GTSV_STATUS_SUCCESS);
  for (int k = 0; k < 4; k++) {
    const int64_t n = tu_tiny_run() ? (k == 0 ? 8 : 2) * tile + 1 : k == 0 ? big : (1 << 16) + 1;
    tu_problem P;
    unsigned long long before = on;
    snprintf(ctx, sizeof ctx, "gpu %s %s n=%lld", tu_prec_name(p), tu_kind_name(kinds[k]),
             (long long)n);
    tu_problem_init(&P, p, kinds[k], n, 1, n, 1, n, 51 + k);
    forget_pair(h, &P, ctx, &on, &off);
    if (k == 0) on_random = on - before;
    tu_problem_free(&P);
  }
  for (int t = 13; t <= 17; t += 4) {
    const int64_t n = 8192;
    tu_problem P;
    tu_problem_init(&P, p, TU_RANDOM, n, 1, n, 1, n, 1);
    thesis_problem(&P, t);
    snprintf(ctx, sizeof ctx, "gpu %s type %d n=%lld", tu_prec_name(p), t, (long long)n);
    forget_pair(h, &P, ctx, &on, &off);
    tu_problem_free(&P);
  }
  printf("check_gpu_pdp: %s tiles that forgot: %llu (random %llu), with the knob off %llu\n",
         tu_prec_name(p), on, on_random, off);
  TU_EXPECT(on_random > 0, "%s: no tile of the random matrix forgot: the path is not tested",
            tu_prec_name(p));
  TU_EXPECT(off == 0, "%s: %llu tiles forgot with gtsv__pdp_forget = 0", tu_prec_name(p), off);
  sweep_defaults();
  gtsv_destroy(h);
  tu_report();
}
END_TEST

int main(void)
{
  Suite *s;
  TCase *tc;
  SRunner *sr;
  int failed;
  if (!have_gpu()) {
    fprintf(stderr, "check_gpu_pdp: no CUDA device, skipped\n");
    return 77;
  }
  s = suite_create("gpu_pdp");
  tc = tcase_create("gpu_pdp");
  tcase_set_timeout(tc, 900);
  tcase_add_loop_test(tc, kinds_vs_lapack, 0, TU_NPREC * TU_NKINDS);
  tcase_add_loop_test(tc, large_sizes, 0, TU_NPREC);
  tcase_add_loop_test(tc, thesis_types, 0, TU_NPREC);
  tcase_add_loop_test(tc, normalisation_variants, 0, TU_NPREC);
  tcase_add_loop_test(tc, strided_batch, 0, TU_NPREC);
  tcase_add_loop_test(tc, stress_bitwise, 0, 2 * TU_NPREC);
  tcase_add_loop_test(tc, auto_long, 0, TU_NPREC);
  suite_add_tcase(s, tc);
  tc = tcase_create("sweep"); /* CK_RUN_CASE=sweep runs it alone */
  tcase_set_timeout(tc, 900);
  tcase_add_loop_test(tc, sweep_paths, 0, TU_NPREC);
  tcase_add_loop_test(tc, sweep_shapes, 0, TU_NPREC * 9);
  suite_add_tcase(s, tc);
  tc = tcase_create("splice"); /* CK_RUN_CASE=splice: the checked-splice kernel alone */
  tcase_set_timeout(tc, 900);
  tcase_add_loop_test(tc, kinds_vs_lapack_splice, 0, TU_NPREC * TU_NKINDS);
  tcase_add_loop_test(tc, thesis_types_splice, 0, TU_NPREC);
  suite_add_tcase(s, tc);
  tc = tcase_create("spec"); /* CK_RUN_CASE=spec runs it alone */
  tcase_set_timeout(tc, 900);
  tcase_add_loop_test(tc, speculative_redo, 0, TU_NPREC);
  suite_add_tcase(s, tc);
  tc = tcase_create("forget"); /* CK_RUN_CASE=forget runs it alone */
  tcase_set_timeout(tc, 900);
  tcase_add_loop_test(tc, forget_paths, 0, TU_NPREC);
  suite_add_tcase(s, tc);
  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
