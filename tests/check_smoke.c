/* Smoke test: DP_SEQ and THOMAS against LAPACK on a few sizes (the full suite is
   check_host.c). */
#include <check.h>
#include <stdlib.h>
#include <math.h>
#include "gtsv/gtsv.h"
#include "host/oracle.h"
#include "testutil.h"

START_TEST(dp_seq_matches_lapack)
{
  int64_t sizes[] = {1, 2, 3, 4, 5, 31, 32, 33, 512, 4097};
  gtsv_handle h;
  ck_assert_int_eq(gtsv_create(&h), GTSV_STATUS_SUCCESS);
  ck_assert_int_eq(gtsv_set_algo(h, GTSV_ALGO_DP_SEQ), GTSV_STATUS_SUCCESS);
  for (int k = 0; k < TU_NKINDS; k++)
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
      int64_t n = sizes[si];
      double *dl = malloc(8 * n), *d = malloc(8 * n), *du = malloc(8 * n);
      double *b = malloc(8 * n), *x = malloc(8 * n), *xl = malloc(8 * n);
      tu_dfill((tu_kind)k, n, 1, dl, d, du, b);
      for (int64_t i = 0; i < n; i++) x[i] = xl[i] = b[i];
      gtsv_status st = gtsv_dgtsv(h, n, 1, dl, d, du, x, n);
      int info = gtsv_oracle_dgtsv(n, 1, dl, d, du, xl, n);
      /* exactly singular (zero diagonal of odd order): LAPACK agrees */
      ck_assert_msg(st == (info > 0 ? GTSV_STATUS_SINGULAR : GTSV_STATUS_SUCCESS),
                    "%s n=%ld: status %d, lapack info %d", tu_kind_name(k), (long)n,
                    (int)st, info);
      if (info > 0) { free(dl); free(d); free(du); free(b); free(x); free(xl); continue; }
      double r = gtsv_oracle_dresidual(n, dl, d, du, x, b);
      double rl = info == 0 ? gtsv_oracle_dresidual(n, dl, d, du, xl, b) : 1e300;
      ck_assert_msg(r <= 10 * rl + 1e-14, "%s n=%ld: %g vs lapack %g",
                    tu_kind_name(k), (long)n, r, rl);
      free(dl); free(d); free(du); free(b); free(x); free(xl);
    }
  gtsv_destroy(h);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("smoke");
  TCase *tc = tcase_create("dp_seq");
  tcase_add_test(tc, dp_seq_matches_lapack);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
