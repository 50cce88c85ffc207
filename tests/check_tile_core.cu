/* The on-chip batch kernel's method (src/batch/batch_tile.cu) against LAPACK on the
   host, where CI runs it without a GPU: tile_emul.h emulates the kernel's decisions
   for one system with the kernel's own steps (tile_core.h: part_solve, reduced_row,
   seq_dp, part_finish, the Starts flags of the shifted interiors). Every partition
   size M the kernel uses; systems of one partition, several, 16 and more (the
   two-level reduced solve) and 32 (the most); every test matrix kind; and modes
   that force each way through the method: the two levels (red2 1), one level (0),
   the two levels always failed so that the reduced rows go back to the sequential
   solve (2), and the first attempt failed so that every system takes the retries
   with shifted separators (at M = 64 interiors of up to 95 rows). Each case: every
   system against LAPACK (tu_problem_verdict), and the first singular system and
   row as the host DP_SEQ reports them. The GPU tests (check_gpu_batch) run the
   kernel itself. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <vector>
#include "testutil.h"
#include "batch/tile_emul.h"

using namespace gtsv_tile;

namespace {

struct Mode {
  const char *name;
  EmulOpts o;
};

/* Every system of P through emul_solve into P->x; returns the status a solver
   would (SINGULAR when a system is), and in *info, *row what gtsv_get_info would
   (1 + the first singular system and its row, or 0 and -1). */
template <typename T>
gtsv_status emulate(tu_problem *P, int M, const EmulOpts &o, EmulStats *st, int64_t *info,
                    int64_t *row)
{
  const int n = (int)P->n;
  std::vector<T> x(n);
  *info = 0;
  *row = -1;
  for (int64_t k = 0; k < P->batch; k++) {
    const T *a = (const T *)tu_sys_dl(P, k), *d = (const T *)tu_sys_d(P, k);
    const T *c = (const T *)tu_sys_du(P, k), *b = (const T *)tu_sys_b(P, k);
    const int bad = emul_solve<T>(n, M, a, d, c, b, x.data(), o, st);
    if (bad >= 0 && *info == 0) {
      *info = k + 1;
      *row = bad;
    }
    T *xo = (T *)tu_sys_x(P, k);
    for (int r = 0; r < n; r++) xo[r] = x[r];
  }
  return *info ? GTSV_STATUS_SINGULAR : GTSV_STATUS_SUCCESS;
}

/* The host DP_SEQ's gtsv_get_info on P's systems (the kernel's fallback runs its
   pivots, so a singular system is reported with DP_SEQ's row). */
void dp_seq_info(const tu_problem *P, int64_t *info, int64_t *row)
{
  gtsv_handle h;
  void *x = tu_dup(P->prec, P->b, P->blen);
  *info = -7;
  *row = -7;
  if (gtsv_create(&h) == GTSV_STATUS_SUCCESS) {
    gtsv_set_algo(h, GTSV_ALGO_DP_SEQ);
    (void)tu_gtsv_batch(h, P->prec, P->n, P->dl0, P->d0, P->du0, x, P->batch, P->stride);
    (void)gtsv_get_info(h, info, row);
    gtsv_destroy(h);
  }
  free(x);
}

void run_shape(tu_prec p, int M, int n, tu_kind kind, const Mode &m, uint64_t seed)
{
  tu_problem P;
  char why[256];
  const int64_t batch = 24;
  tu_problem_init(&P, p, kind, n, 1, n, batch, n, seed);
  EmulStats st;
  int64_t info, row, hi, hr;
  const gtsv_status s = p == TU_DOUBLE ? emulate<double>(&P, M, m.o, &st, &info, &row)
                                       : emulate<float>(&P, M, m.o, &st, &info, &row);
  TU_EXPECT(tu_problem_verdict(&P, s, why, sizeof why), "%s M=%d n=%d %s %s: %s", m.name, M,
            n, tu_prec_name(p), tu_kind_name(kind), why);
  dp_seq_info(&P, &hi, &hr);
  TU_EXPECT(info == hi && row == hr,
            "%s M=%d n=%d %s %s: info %lld row %lld, DP_SEQ %lld row %lld",
            m.name, M, n, tu_prec_name(p), tu_kind_name(kind), (long long)info, (long long)row,
            (long long)hi, (long long)hr);
  /* the mode took the way it is for */
  const int Pu = (n + M - 1) / M;
  if (m.o.fail_first && Pu >= 2)
    TU_EXPECT(st.retries >= batch, "%s M=%d n=%d: %ld retries", m.name, M, n, st.retries);
  if (m.o.red2 == 2)
    TU_EXPECT(st.red2_fails == st.red2_tries, "%s M=%d n=%d: two levels tried %ld, failed %ld",
              m.name, M, n, st.red2_tries, st.red2_fails);
  /* dominant systems pass their first attempt's parts: the reduced solve runs */
  if (kind == TU_DOMINANT && m.o.red2 != 0 && Pu - 1 >= kRed2MinRows)
    TU_EXPECT(st.red2_tries >= batch, "%s M=%d n=%d: two levels tried %ld times", m.name, M,
              n, st.red2_tries);
  if (m.o.red2 == 0) TU_EXPECT(st.red2_tries == 0, "%s: two levels tried", m.name);
  tu_problem_free(&P);
}

} /* namespace */

START_TEST(tile_method_matches_lapack)
{
  static const int ms[] = {8, 16, 32, 64};
  static const tu_kind kinds[] = {TU_RANDOM,        TU_ZERO_DIAG,      TU_DOMINANT,
                                  TU_FORCE_2X2,     TU_NEAR_SING_PART, TU_ZERO_DIAG_PAIRS};
  Mode modes[4];
  modes[0].name = "two levels";
  modes[1].name = "one level";
  modes[1].o.red2 = 0;
  modes[2].name = "two levels failed";
  modes[2].o.red2 = 2;
  modes[3].name = "first attempt failed";
  modes[3].o.fail_first = true;
  tu_reset_failures();
  for (int pi = 0; pi < TU_NPREC; pi++)
    for (int M : ms) {
      /* one partition; two; 5; 17 (two levels from here); 24; 32 */
      const int ns[] = {M - 1, M + 1, 5 * M + 3, 16 * M + 1, 24 * M, 32 * M};
      for (int ni = 0; ni < 6; ni++)
        for (size_t ki = 0; ki < sizeof kinds / sizeof *kinds; ki++)
          for (int mi = 0; mi < 4; mi++)
            run_shape((tu_prec)pi, M, ns[ni], kinds[ki], modes[mi],
                      7000 + 100 * ni + 10 * ki + M);
    }
  ck_assert_msg(tu_failures() == 0, "%d failures; first: %s", tu_failures(),
                tu_first_failure());
}
END_TEST

int main(void)
{
  Suite *s = suite_create("tile_core");
  TCase *tc = tcase_create("emulation");
  tcase_add_test(tc, tile_method_matches_lapack);
  tcase_set_timeout(tc, 600);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  const int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
