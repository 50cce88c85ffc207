/* Allocation failures: a fault-injecting allocator (gtsv__set_alloc) fails the k-th
   allocation of a scripted sequence of public calls, for k = 1, 2, ... until the
   script runs without reaching a k-th allocation; in a second mode every
   allocation from the k-th on fails. Each call must succeed (with an accurate
   answer) or return ALLOC_FAILED with B unchanged; after ALLOC_FAILED the handle
   still works; after gtsv_destroy no allocation is live. */
#include <check.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/internal.h"
#include "gtsv/gtsv.h"
#include "testutil.h"

/* ---- the allocator ------------------------------------------------------------ */

static atomic_long n_allocs;  /* calls of the malloc hook since reset */
static atomic_long n_live;    /* allocations not yet freed */
static atomic_long n_failed;  /* allocations refused */
static long fail_at;          /* refuse the fail_at-th call (0: never) ... */
static int fail_after;        /* ... or every call from the fail_at-th on */

static void *hook_malloc(size_t size)
{
  long k = atomic_fetch_add(&n_allocs, 1) + 1;
  void *p;
  if (fail_at > 0 && (k == fail_at || (fail_after && k > fail_at))) {
    atomic_fetch_add(&n_failed, 1);
    return NULL;
  }
  p = malloc(size ? size : 1);
  if (p) atomic_fetch_add(&n_live, 1);
  return p;
}

static void hook_free(void *p)
{
  if (p) atomic_fetch_sub(&n_live, 1);
  free(p);
}

static void hook_install(long k, int after)
{
  atomic_store(&n_allocs, 0);
  atomic_store(&n_live, 0);
  atomic_store(&n_failed, 0);
  fail_at = k;
  fail_after = after;
  gtsv__set_alloc(hook_malloc, hook_free);
}

static void hook_remove(void) { gtsv__set_alloc(NULL, NULL); }

/* ---- the script ----------------------------------------------------------------- */

typedef struct {
  gtsv_algo algo;
  int64_t parts;
  const char *label;
} variant;

static const variant variants[] = {
  {GTSV_ALGO_DP_SEQ, 0, "dp_seq"},
  {GTSV_ALGO_THOMAS, 0, "thomas"},
  {GTSV_ALGO_SPIKE_DP, 0, "spike_dp"},
  {GTSV_ALGO_SPIKE_DP, 7, "spike_dp(partitions=7)"},
  {GTSV_ALGO_AUTO, 0, "auto"},
};
#define NVARIANTS ((int)(sizeof variants / sizeof *variants))

/* The solves of the script, in order; sizes grow so the workspace grows, then a
   small one reuses it. batch = 0: one system (nrhs, ldb). */
typedef struct {
  int64_t n, nrhs, ldb, batch, stride;
} step;

static const step script[] = {
  {33, 1, 33, 0, 0},
  {512, 3, 515, 0, 0},
  {64, 1, 0, 100, 70},
  {100000, 1, 100000, 0, 0},
  {70000, 1, 0, 1, 70001},
  {33, 2, 40, 0, 0},
};
#define NSTEPS ((int)(sizeof script / sizeof *script))

static gtsv_status run_step(gtsv_handle h, const step *s, tu_problem *P)
{
  if (s->batch == 0)
    return tu_gtsv(h, P->prec, s->n, s->nrhs, P->dl, P->d, P->du, P->x, s->ldb);
  return tu_gtsv_batch(h, P->prec, s->n, P->dl, P->d, P->du, P->x, s->batch, s->stride);
}

/* One run of the script with the hook failing at k (mode after). Returns the
   number of hook calls the run made; *alloc_failures counts ALLOC_FAILED
   statuses seen from solves. */
static long run_script(const variant *v, tu_prec p, tu_problem *probs, long k, int after,
                       int *alloc_failures)
{
  gtsv_handle h = (gtsv_handle)&h;
  char ctx[256], why[512];
  gtsv_status st;
  long calls;
  snprintf(ctx, sizeof ctx, "%s %s, fail %s allocation %ld", v->label, tu_prec_name(p),
           after ? "from" : "only", k);
  hook_install(k, after);
  st = gtsv_create(&h);
  if (st != GTSV_STATUS_SUCCESS) {
    TU_EXPECT(st == GTSV_STATUS_ALLOC_FAILED && h == NULL,
              "%s: gtsv_create gives %s, handle %p", ctx, tu_status_name(st), (void *)h);
    goto done;
  }
  TU_EXPECT(gtsv_set_algo(h, v->algo) == GTSV_STATUS_SUCCESS, "%s: set_algo", ctx);
  TU_EXPECT(gtsv_set_spike_partitions(h, v->parts) == GTSV_STATUS_SUCCESS,
            "%s: set_spike_partitions", ctx);
  for (int i = 0; i < NSTEPS; i++) {
    const step *s = &script[i];
    tu_problem *P = &probs[i];
    char sctx[320];
    snprintf(sctx, sizeof sctx, "%s, step %d (n=%lld %s=%lld)", ctx, i, (long long)s->n,
             s->batch ? "batch" : "nrhs", (long long)(s->batch ? s->batch : s->nrhs));
    tu_problem_reset_x(P);
    st = run_step(h, s, P);
    if (st == GTSV_STATUS_ALLOC_FAILED) {
      ++*alloc_failures;
      TU_EXPECT(tu_problem_x_unchanged(P), "%s: ALLOC_FAILED but B written", sctx);
      if (after) continue;
      /* only one allocation fails: the same call on the same handle now works */
      st = run_step(h, s, P);
      TU_EXPECT(st == GTSV_STATUS_SUCCESS, "%s: retry after ALLOC_FAILED gives %s", sctx,
                tu_status_name(st));
    }
    TU_EXPECT(st == GTSV_STATUS_SUCCESS || st == GTSV_STATUS_ALLOC_FAILED,
              "%s: status %s", sctx, tu_status_name(st));
    if (st == GTSV_STATUS_SUCCESS)
      TU_EXPECT(tu_problem_verdict(P, st, why, sizeof why), "%s: %s", sctx, why);
  }
  {
    int64_t info = -7, row = -7;
    (void)gtsv_get_info(h, &info, &row); /* the outcome depends on the last status */
  }
  st = gtsv_destroy(h);
  TU_EXPECT(st == GTSV_STATUS_SUCCESS, "%s: gtsv_destroy gives %s", ctx, tu_status_name(st));
done:
  calls = atomic_load(&n_allocs);
  TU_EXPECT(atomic_load(&n_live) == 0, "%s: %ld allocation(s) leaked", ctx,
            (long)atomic_load(&n_live));
  hook_remove();
  return calls;
}

START_TEST(fail_each_allocation)
{
  const variant *v = &variants[_i / (2 * TU_NPREC)];
  const tu_prec p = (tu_prec)(_i / 2 % TU_NPREC);
  const int after = _i % 2;
  const tu_kind kind = v->algo == GTSV_ALGO_THOMAS ? TU_DOMINANT : TU_RANDOM;
  tu_problem probs[NSTEPS];
  int alloc_failures = 0;
  long clean, k;

  for (int i = 0; i < NSTEPS; i++) {
    const step *s = &script[i];
    if (s->batch == 0)
      tu_problem_init(&probs[i], p, kind, s->n, s->nrhs, s->ldb, 1, s->n, 100 + (uint64_t)i);
    else
      tu_problem_init(&probs[i], p, kind, s->n, 1, s->stride, s->batch, s->stride,
                      100 + (uint64_t)i);
  }
  /* a clean run counts the allocations: handle plus workspace at least */
  clean = run_script(v, p, probs, 0, 0, &alloc_failures);
  TU_EXPECT(clean >= 2 && alloc_failures == 0,
            "%s %s: the script made %ld allocation(s) and %d failed without injection",
            v->label, tu_prec_name(p), clean, alloc_failures);
  for (k = 1; k <= clean + 1 && k <= 1000; k++) {
    long calls = run_script(v, p, probs, k, after, &alloc_failures);
    if (calls < k) break; /* the k-th allocation never happened: every point tried */
  }
  TU_EXPECT(k > clean, "%s %s: stopped at k = %ld of %ld allocations", v->label,
            tu_prec_name(p), k, clean);
  /* solves, not only gtsv_create, met a failed allocation */
  TU_EXPECT(alloc_failures > 0, "%s %s: no solve ever returned ALLOC_FAILED", v->label,
            tu_prec_name(p));
  for (int i = 0; i < NSTEPS; i++) tu_problem_free(&probs[i]);
  tu_report();
}
END_TEST

int main(void)
{
  Suite *s = suite_create("alloc");
  TCase *tc = tcase_create("alloc");
  SRunner *sr;
  int failed;
  tcase_add_checked_fixture(tc, NULL, hook_remove);
  tcase_set_timeout(tc, 300);
  tcase_add_loop_test(tc, fail_each_allocation, 0, NVARIANTS * TU_NPREC * 2);
  suite_add_tcase(s, tc);
  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
