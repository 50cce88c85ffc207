/* Host benchmark: every host path of gtsv against LAPACKE_dgtsv (the BLAS/LAPACK the
   build links, OpenBLAS on Debian), median of R runs, ratio to LAPACK and the
   backward residual next to every time.

   gtsv-host-bench [--n N]... [--reps R] [--md FILE] [--commit SHA]
   Default: n = 2^20 and 2^23, random U(-1,1) and diagonally dominant, double, R = 7.
   Each time covers one call on fresh copies of the inputs (LAPACK overwrites its
   matrix, so its copy is made before the timer starts, as for gtsv). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lapacke.h>
#include "gtsv/gtsv.h"
#include "host/oracle.h"

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static uint64_t rng = 88172645463325252ull;
static double urand(void)
{
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return (double)(rng >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

typedef struct { const char *name; gtsv_algo algo; int threads; } path;

int main(int argc, char **argv)
{
  int64_t ns[8] = {1 << 20, 1 << 23};
  int nn = 2, reps = 7, user_n = 0;
  const char *md = NULL, *commit = "unknown";
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--n") && i + 1 < argc) {
      if (!user_n) nn = 0;
      user_n = 1;
      if (nn < 8) ns[nn++] = atoll(argv[++i]);
    } else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--md") && i + 1 < argc) md = argv[++i];
    else if (!strcmp(argv[i], "--commit") && i + 1 < argc) commit = argv[++i];
    else { fprintf(stderr, "usage: %s [--n N]... [--reps R] [--md FILE] [--commit SHA]\n", argv[0]); return 2; }
  }
  if (reps < 5) reps = 5;
  path paths[] = {{"LAPACKE_dgtsv", (gtsv_algo)-1, 1}, {"dp_seq", GTSV_ALGO_DP_SEQ, 1},
                  {"thomas", GTSV_ALGO_THOMAS, 1},   {"spike_dp", GTSV_ALGO_SPIKE_DP, 1},
                  {"spike_dp", GTSV_ALGO_SPIKE_DP, 2}, {"auto", GTSV_ALGO_AUTO, 2},
                  {"arcr", GTSV_ALGO_ARCR, 1}};
  int np = (int)(sizeof paths / sizeof *paths);
  FILE *out = md ? fopen(md, "w") : NULL;
  char line[512];
  time_t tt = time(NULL);
  char date[32];
  strftime(date, sizeof date, "%Y-%m-%d", gmtime(&tt));
  snprintf(line, sizeof line,
           "| n | matrix | path | threads | median ms | vs LAPACK | residual |\n"
           "|---|---|---|---|---|---|---|\n");
  printf("# gtsv host benchmark, %s, commit %s, median of %d runs\n%s", date, commit, reps, line);
  if (out) fprintf(out, "# gtsv host benchmark\n\nDate %s, commit %s, median of %d runs, double, one right-hand side.\n\n%s", date, commit, reps, line);

  gtsv_handle h;
  if (gtsv_create(&h) != GTSV_STATUS_SUCCESS) return 1;
  for (int in = 0; in < nn; in++) {
    int64_t n = ns[in];
    double *dl = malloc(8 * n), *d = malloc(8 * n), *du = malloc(8 * n), *b = malloc(8 * n);
    double *x = malloc(8 * n), *w = malloc(8 * 3 * n), *t = malloc(8 * reps);
    if (!dl || !d || !du || !b || !x || !w || !t) { fprintf(stderr, "out of memory\n"); return 1; }
    for (int dom = 0; dom < 2; dom++) {
      for (int64_t i = 0; i < n; i++) {
        dl[i] = urand(); du[i] = urand(); d[i] = dom ? 4 + urand() : urand(); b[i] = urand();
      }
      double lapack_ms = 0;
      for (int ip = 0; ip < np; ip++) {
        path P = paths[ip];
        gtsv_status st = GTSV_STATUS_SUCCESS;
        int info = 0;
        if (P.algo == GTSV_ALGO_THOMAS && !dom) continue; /* no pivoting: dominant only */
        if ((int)P.algo >= 0) { gtsv_set_algo(h, P.algo); gtsv_set_num_threads(h, P.threads); }
        for (int r = -1; r < reps; r++) { /* r = -1: warm-up (workspace, pages) */
          memcpy(x, b, 8 * n);
          if ((int)P.algo < 0) {
            memcpy(w, dl + 1, 8 * (n - 1)); memcpy(w + n, d, 8 * n); memcpy(w + 2 * n, du, 8 * (n - 1));
          }
          double t0 = now();
          if ((int)P.algo < 0)
            info = LAPACKE_dgtsv(LAPACK_COL_MAJOR, (lapack_int)n, 1, w, w + n, w + 2 * n, x, (lapack_int)n);
          else
            st = gtsv_dgtsv(h, n, 1, dl, d, du, x, n);
          double t1 = now();
          if (r >= 0) t[r] = (t1 - t0) * 1e3;
        }
        qsort(t, reps, sizeof *t, cmp);
        double ms = t[reps / 2];
        if ((int)P.algo < 0) lapack_ms = ms;
        double res = (st == GTSV_STATUS_SUCCESS && info == 0) ? gtsv_oracle_dresidual(n, dl, d, du, x, b) : NAN;
        if (st != GTSV_STATUS_SUCCESS)
          snprintf(line, sizeof line, "| %lld | %s | %s | %d | %s | | |\n", (long long)n,
                   dom ? "dominant" : "random", P.name, P.threads, gtsv_status_string(st));
        else
          snprintf(line, sizeof line, "| %lld | %s | %s | %d | %.3f | %.2fx | %.2e |\n", (long long)n,
                   dom ? "dominant" : "random", P.name, P.threads, ms, lapack_ms / ms, res);
        fputs(line, stdout);
        fflush(stdout);
        if (out) fputs(line, out);
      }
    }
    free(dl); free(d); free(du); free(b); free(x); free(w); free(t);
  }
  gtsv_destroy(h);
  if (out) fclose(out);
  return 0;
}
