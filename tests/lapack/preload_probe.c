/* Run under LD_PRELOAD=libgtsv_lapack.so (ctest lapack_preload): a program linked
   against LAPACKE only, as an existing code would be, calls LAPACKE_dgtsv and
   LAPACKE_sgtsv. The shim is looked up in the global scope
   (dlsym(RTLD_DEFAULT, "gtsv_lapack_calls")), which holds only what the program
   and LD_PRELOAD brought in, and its counter must move by exactly one per call:
   LAPACKE's internal dgtsv_/sgtsv_ calls reached the shim, not LAPACK.
   "--expect-lapack" is the control run without the preload: no shim, and the
   answers must still be right. Exit 0 pass, 1 fail. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <lapacke.h>

#define N 1000

/* A with zero diagonal (even order: regular, but every pivot needs a partner
   row), off-diagonals in [0.5, 1.5) from a fixed recurrence; b small integers. */
static void make(double *dl, double *d, double *du, double *b)
{
  unsigned s = 12345;
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    double v = 0.5 + (double)(s >> 16 & 0x7fff) / 32768.0;
    d[i] = 0;
    b[i] = (double)(i % 7) - 3;
    if (i < N - 1) {
      dl[i] = v;
      du[i] = (i & 1) ? -v : 2 * v;
    }
  }
}

/* Normwise backward error max|A x - b| / (||A||_inf ||x||_inf + ||b||_inf), in
   double, A in LAPACK's layout: about the unit roundoff for a backward-stable
   solver, whatever the condition of A. */
static double resid(const double *dl, const double *d, const double *du, const double *x,
                    const double *b)
{
  double r = 0, na = 0, nx = 0, nb = 0;
  for (int i = 0; i < N; i++) {
    double ax = d[i] * x[i], row = fabs(d[i]);
    if (i > 0) {
      ax += dl[i - 1] * x[i - 1];
      row += fabs(dl[i - 1]);
    }
    if (i < N - 1) {
      ax += du[i] * x[i + 1];
      row += fabs(du[i]);
    }
    r = fmax(r, fabs(ax - b[i]));
    na = fmax(na, row);
    nx = fmax(nx, fabs(x[i]));
    nb = fmax(nb, fabs(b[i]));
  }
  return r / (na * nx + nb);
}

int main(int argc, char **argv)
{
  int expect_shim = !(argc > 1 && strcmp(argv[1], "--expect-lapack") == 0);
  long (*calls)(void);
  long c0 = 0, c1 = 0, c2 = 0;
  static double dl[N], d[N], du[N], b[N], x[N], xs[N];
  static float sdl[N], sd[N], sdu[N], sx[N];
  lapack_int info, sinfo;
  double r, rs;

  *(void **)&calls = dlsym(RTLD_DEFAULT, "gtsv_lapack_calls");
  if ((calls != NULL) != expect_shim) {
    fprintf(stderr, "gtsv_lapack_calls %s, expected %s\n", calls ? "found" : "absent",
            expect_shim ? "the shim (LD_PRELOAD)" : "plain LAPACK");
    return 1;
  }
  make(dl, d, du, b);
  for (int i = 0; i < N; i++) {
    x[i] = b[i];
    sdl[i] = (float)dl[i];
    sd[i] = (float)d[i];
    sdu[i] = (float)du[i];
    sx[i] = (float)b[i];
  }
  if (calls) c0 = calls();
  info = LAPACKE_dgtsv(LAPACK_COL_MAJOR, N, 1, dl, d, du, x, N);
  if (calls) c1 = calls();
  sinfo = LAPACKE_sgtsv(LAPACK_COL_MAJOR, N, 1, sdl, sd, sdu, sx, N);
  if (calls) c2 = calls();
  if (calls && (c1 != c0 + 1 || c2 != c0 + 2)) {
    fprintf(stderr, "LAPACKE did not reach the shim: counter %ld -> %ld -> %ld\n", c0, c1,
            c2);
    return 1;
  }
  if (info != 0 || sinfo != 0) {
    fprintf(stderr, "INFO %d, %d\n", (int)info, (int)sinfo);
    return 1;
  }
  /* LAPACK may overwrite dl, d, du; the float matrix is exact in double */
  make(dl, d, du, b);
  r = resid(dl, d, du, x, b);
  for (int i = 0; i < N; i++) {
    dl[i] = (float)dl[i];
    du[i] = (float)du[i];
    xs[i] = sx[i];
  }
  rs = resid(dl, d, du, xs, b);
  printf("%s: dgtsv backward error %.3g, sgtsv backward error %.3g\n", calls ? "shim" : "lapack", r, rs);
  return r < 1e-14 && rs < 1e-6 ? 0 : 1;
}
