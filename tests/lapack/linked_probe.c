/* Linked as "-lgtsv_lapack -llapacke -llapack" (ctest lapack_linked): the shim is
   placed before LAPACK on the link line, as the README tells users. The program
   defines its own xerbla_, which must receive the shim's argument errors (it
   precedes the shim's weak reference and LAPACK's definition), and both a direct
   Fortran-style dgtsv_ call and LAPACKE_dgtsv must reach the shim. Exit 0 pass. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <lapacke.h>

void dgtsv_(const int *n, const int *nrhs, double *dl, double *d, double *du, double *b,
            const int *ldb, int *info);
long gtsv_lapack_calls(void);

static int xerbla_calls, xerbla_arg;
static char xerbla_name[8];

void xerbla_(const char *srname, const int *info, size_t len);
void xerbla_(const char *srname, const int *info, size_t len)
{
  xerbla_calls++;
  xerbla_arg = *info;
  memset(xerbla_name, 0, sizeof xerbla_name);
  memcpy(xerbla_name, srname, len < 7 ? len : 7);
}

#define FAIL(...) do { fprintf(stderr, __VA_ARGS__); return 1; } while (0)

int main(void)
{
  /* order 4, zero diagonal (every pivot block 2x2), sub 2 3 4, super 1 1 1 */
  const int n = 4, nrhs = 1, bad_ldb = 3;
  double dl[3] = {2, 3, 4}, d[4] = {0, 0, 0, 0}, du[3] = {1, 1, 1};
  double x[4] = {1, 2, 3, 4}; /* A x0 = b with x0 = {1, 2, 3, 4}: */
  double b[4] = {0 * 1 + 1 * 2, 2 * 1 + 0 * 2 + 1 * 3, 3 * 2 + 0 * 3 + 1 * 4, 4 * 3 + 0 * 4};
  int info = -99;
  long c0 = gtsv_lapack_calls();

  memcpy(x, b, sizeof x);
  dgtsv_(&n, &nrhs, dl, d, du, x, &n, &info);
  if (info != 0 || gtsv_lapack_calls() != c0 + 1) FAIL("dgtsv_: INFO %d\n", info);
  for (int i = 0; i < 4; i++)
    if (!(x[i] > i + 1 - 1e-13 && x[i] < i + 1 + 1e-13)) FAIL("dgtsv_: x[%d] = %.17g\n", i, x[i]);

  memcpy(x, b, sizeof x);
  if (LAPACKE_dgtsv(LAPACK_COL_MAJOR, n, nrhs, dl, d, du, x, n) != 0 ||
      gtsv_lapack_calls() != c0 + 2)
    FAIL("LAPACKE_dgtsv did not reach the shim\n");

  dgtsv_(&n, &nrhs, dl, d, du, x, &bad_ldb, &info);
  if (info != -7 || xerbla_calls != 1 || xerbla_arg != 7 || strcmp(xerbla_name, "DGTSV "))
    FAIL("bad LDB: INFO %d, xerbla calls %d arg %d name '%s'\n", info, xerbla_calls,
         xerbla_arg, xerbla_name);
  printf("linked: dgtsv_ and LAPACKE_dgtsv served by the shim, xerbla_ the program's\n");
  return 0;
}
