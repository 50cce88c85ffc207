/* Uses an installed gtsv: solves a 3x3 system whose zero diagonal needs a 2x2
   pivot block, in double and float, and checks the answer. Exit 0 when right. */
#include <math.h>
#include <stdio.h>
#include <gtsv/gtsv.h>

int main(void)
{
  /*     [0 1 0]        [ 1]       [-2]
     A = [2 0 3],   x = [-2],  b = [11]
         [0 1 1]        [ 3]       [ 1]   (dl[0], du[2] are not read) */
  const double dl[3] = {99, 2, 1}, d[3] = {0, 0, 1}, du[3] = {1, 3, 99};
  const double want[3] = {1, -2, 3};
  double b[3] = {-2, 11, 1};
  float fdl[3], fd[3], fdu[3], fb[3];
  gtsv_handle h;
  gtsv_status s;
  int bad = 0;

  for (int i = 0; i < 3; i++) {
    fdl[i] = (float)dl[i]; fd[i] = (float)d[i]; fdu[i] = (float)du[i]; fb[i] = (float)b[i];
  }
  if ((s = gtsv_create(&h)) != GTSV_STATUS_SUCCESS) {
    fprintf(stderr, "gtsv_create: %s\n", gtsv_status_string(s));
    return 1;
  }
  s = gtsv_dgtsv(h, 3, 1, dl, d, du, b, 3);
  if (s != GTSV_STATUS_SUCCESS) {
    fprintf(stderr, "gtsv_dgtsv: %s\n", gtsv_status_string(s));
    bad = 1;
  }
  s = gtsv_sgtsv(h, 3, 1, fdl, fd, fdu, fb, 3);
  if (s != GTSV_STATUS_SUCCESS) {
    fprintf(stderr, "gtsv_sgtsv: %s\n", gtsv_status_string(s));
    bad = 1;
  }
  for (int i = 0; i < 3; i++)
    if (!(fabs(b[i] - want[i]) <= 1e-12) || !(fabs(fb[i] - want[i]) <= 1e-5)) {
      fprintf(stderr, "x[%d]: double %.17g, float %.9g, expected %g\n", i, b[i],
              (double)fb[i], want[i]);
      bad = 1;
    }
  gtsv_destroy(h);
  printf("gtsv %d.%d.%d consumer (CUDA backend %s): %s\n", GTSV_VERSION_MAJOR,
         GTSV_VERSION_MINOR, GTSV_VERSION_PATCH, gtsv_has_cuda() ? "on" : "off",
         bad ? "WRONG" : "ok, x = [1 -2 3]");
  return bad;
}
