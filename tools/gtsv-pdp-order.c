/* gtsv-pdp-order: why the GPU PDP (src/pdp/pdp.cu) loses accuracy, reproduced on the
   host, and the check that restores it (issue 5).

     gtsv-pdp-order [--check] [--neutral] [--no-forget] [--float] [--threads TH] [--rows C] [--warm W]
                    [--K K] [--Kedge KE] [--rounds R] [--max-ratio X] [--seed S] TYPE N

   TYPE is a thesis matrix type (gtsv_testmat, 1..18), N the order; the right-hand side
   is gtsv_testmat_rhs (seeds 1234 and 99; --seed S: S and S + 1). Prints LAPACK's residual (thesis eq. 6.1), the residual of the
   PDP recurrences evaluated in a GPU tile-scan order (pdp_order_gen.h) and the ratio.

   Without --check: the order of pdp.cu as of commit 56c88e1 (TH = 256 threads x C = 4
   rows, every thread's entering state taken from products of transfer matrices over up
   to a tile). Those products are normwise accurate but the state they give a thread is
   not the one the sequential recurrence reaches: where theta follows a subdominant
   solution (type 13, dorr) it is wrong in every digit, and on random matrices every
   thread boundary splices two trajectories that disagree by 10^2..10^3 rounding errors
   of the last step (the scan's depth), which the residual sees.

   With --check: the checked splice of pdp.cu (whose tile is --threads 512 --rows 8
   --warm 8 since session 26; --threads 128 --rows 16 --warm 16 before);
   every thread starts W rows early from the product state and runs them (warm-up),
   then runs its C rows; its exit is compared with the next thread's entering state
   (pdp_consistent: cross products of the two states against the magnitudes of the
   terms of the last steps, K rounding errors allowed); a thread that disagrees takes
   its predecessor's exit and runs again, for at most R rounds. A tile is kept when
   its rounds settle and its first thread's start is the previous tile's exit E up to
   KE errors; otherwise it is redone: its first thread takes E and the rounds run until
   they settle (at most TH + 1 rounds: the sequential recurrence at worst). Every
   splice that remains is within K rounding errors of the sequential run, so the
   result is backward-stable whatever the products were: the exact fallback. The
   counts printed: repairs (thread starts replaced), max rounds of the provisional
   pass, tiles unsettled after R rounds, tiles whose edge check failed, the redone
   tiles whose redo ended on their provisional exit and magnitudes bit for bit (pdp.cu's
   speculative redo then lets later tiles pass them without waiting), the most rounds
   a redone tile took. --neutral: every thread's warm-up starts from the initial state
   (theta_{-1} = 1, theta_{-2} = 0, w = 0) W rows up instead of from the products (a
   measurement: random 2^20, W = 16..64, repairs 106 000 - 296 000 against 5300 - 7000
   from the products, 2026-11-27). As pdp.cu, a tile whose aggregate forgets its entering
   state (pdp_agg_forgets) hands the next tile its aggregate applied to the initial state
   instead of the full product; --no-forget: the full product (pdp.cu before 2026-11-27,
   GTSV_PDP_FORGET=0); --seq-back: the backward M^T solve row by row instead of by the
   scan of affine maps (an experiment: how much of an error the backward scan adds).
   With --K 0 --Kedge 0 --seq-back every splice is exact: the recurrences run row by
   row, the accuracy of the formulation itself. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gtsv/testmat.h"
#include "host/oracle.h"
#include "pdp/pdp_arith.h"

typedef struct {
  int check, threads, rows, warm, rounds, neutral, forget, seq_back;
  double K, Kedge; /* errors allowed at thread and at tile boundaries */
} order_opts;
typedef struct {
  long long repairs, tile_fail, edge_fail, dirty, redo_same, forgets;
  long long first_bad; /* the first row whose pivot block is bad (singular), or -1 */
  int max_rounds, max_redo;
} order_stats;

#define T double
#define FN(x) gtsv_d_##x
#define PRE(x) d_##x
#define EPS 2.220446049250313e-16
#include "pdp_order_gen.h"
#undef T
#undef FN
#undef PRE
#undef EPS
#define T float
#define FN(x) gtsv_s_##x
#define PRE(x) s_##x
#define EPS 1.1920929e-7
#include "pdp_order_gen.h"
#undef T
#undef FN
#undef PRE
#undef EPS

int main(int argc, char **argv)
{
  order_opts o = {0, 256, 4, 16, 8, 0, 1, 0, 2.0, 8.0}; /* forget, KERR, KEDGE as pdp.cu */
  order_stats st;
  int single = 0, type, fail, info;
  uint64_t seed = 1234, rseed = 99; /* the matrix's and the right-hand side's */
  double max_ratio = 0; /* --max-ratio: exit 1 above it (the ctest cases, tests/pdp.cmake) */
  int64_t n;
  double rl, rp, bl, bp, xl, xp;
  int a = 1;
  for (; a < argc && argv[a][0] == '-'; a++) {
    if (!strcmp(argv[a], "--check")) o.check = 1;
    else if (!strcmp(argv[a], "--float")) single = 1;
    else if (!strcmp(argv[a], "--neutral")) o.neutral = 1;
    else if (!strcmp(argv[a], "--no-forget")) o.forget = 0;
    else if (!strcmp(argv[a], "--seq-back")) o.seq_back = 1;
    else if (a + 1 < argc && !strcmp(argv[a], "--seed")) {
      seed = strtoull(argv[++a], NULL, 10);
      rseed = seed + 1;
    }
    else if (a + 1 < argc && !strcmp(argv[a], "--threads")) o.threads = atoi(argv[++a]);
    else if (a + 1 < argc && !strcmp(argv[a], "--rows")) o.rows = atoi(argv[++a]);
    else if (a + 1 < argc && !strcmp(argv[a], "--warm")) o.warm = atoi(argv[++a]);
    else if (a + 1 < argc && !strcmp(argv[a], "--rounds")) o.rounds = atoi(argv[++a]);
    else if (a + 1 < argc && !strcmp(argv[a], "--K")) o.K = atof(argv[++a]);
    else if (a + 1 < argc && !strcmp(argv[a], "--Kedge")) o.Kedge = atof(argv[++a]);
    else if (a + 1 < argc && !strcmp(argv[a], "--max-ratio")) max_ratio = atof(argv[++a]);
    else break;
  }
  if (argc - a != 2 || o.threads < 32 || o.threads > 1024 || o.threads % 32 || o.rows < 1 ||
      o.warm < 0 || o.rounds < 1) {
    fprintf(stderr, "usage: %s [--check] [--neutral] [--no-forget] [--seq-back] [--float] [--threads TH] [--rows C] [--warm W] "
                    "[--K K] [--Kedge KE] [--rounds R] [--max-ratio X] [--seed S] TYPE N\n", argv[0]);
    return 2;
  }
  type = atoi(argv[a]);
  n = atoll(argv[a + 1]);
  if (n < 1) return 2;
  {
    size_t e = single ? sizeof(float) : sizeof(double), un = (size_t)n;
    char *dl = malloc(un * e), *d = malloc(un * e), *du = malloc(un * e);
    char *b = malloc(un * e), *x = malloc(un * e);
    if (!dl || !d || !du || !b || !x) return 1;
    if (single) {
      if (gtsv_testmat_s(type, n, seed, (float *)dl, (float *)d, (float *)du)) return 1;
      gtsv_testmat_rhs_s(n, rseed, (float *)b);
      memcpy(x, b, un * e);
      info = gtsv_oracle_sgtsv(n, 1, (float *)dl, (float *)d, (float *)du, (float *)x, n);
      rl = gtsv_oracle_sresidual(n, (float *)dl, (float *)d, (float *)du, (float *)x, (float *)b);
      bl = gtsv_oracle_sberr(n, (float *)dl, (float *)d, (float *)du, (float *)x, (float *)b, &xl);
      memcpy(x, b, un * e);
      fail = s_solve(n, (float *)dl, (float *)d, (float *)du, (float *)x, &o, &st);
      rp = gtsv_oracle_sresidual(n, (float *)dl, (float *)d, (float *)du, (float *)x, (float *)b);
      bp = gtsv_oracle_sberr(n, (float *)dl, (float *)d, (float *)du, (float *)x, (float *)b, &xp);
    } else {
      if (gtsv_testmat_d(type, n, seed, (double *)dl, (double *)d, (double *)du)) return 1;
      gtsv_testmat_rhs_d(n, rseed, (double *)b);
      memcpy(x, b, un * e);
      info = gtsv_oracle_dgtsv(n, 1, (double *)dl, (double *)d, (double *)du, (double *)x, n);
      rl = gtsv_oracle_dresidual(n, (double *)dl, (double *)d, (double *)du, (double *)x, (double *)b);
      bl = gtsv_oracle_dberr(n, (double *)dl, (double *)d, (double *)du, (double *)x, (double *)b, &xl);
      memcpy(x, b, un * e);
      fail = d_solve(n, (double *)dl, (double *)d, (double *)du, (double *)x, &o, &st);
      rp = gtsv_oracle_dresidual(n, (double *)dl, (double *)d, (double *)du, (double *)x, (double *)b);
      bp = gtsv_oracle_dberr(n, (double *)dl, (double *)d, (double *)du, (double *)x, (double *)b, &xp);
    }
    printf("type %2d %-15s n %9lld %s %s TH %d C %d: LAPACK %.3g (info %d)  PDP-order %.3g  "
           "ratio %.3g", type, gtsv_testmat_name(type), (long long)n, single ? "float " : "double",
           o.check ? "check" : "plain", o.threads, o.rows, rl, info, rp, rp / rl);
    if (o.check)
      printf("  [W %d K %g R %d: repairs %lld, tiles repaired %lld, max rounds %d, tiles unsettled %lld, "
             "edges failed %lld, redone back onto their provisional exit %lld, redo rounds <= %d, tiles that forget %lld%s]", o.warm, o.K, o.rounds, st.repairs,
             st.dirty, st.max_rounds, st.tile_fail, st.edge_fail, st.redo_same, st.max_redo, st.forgets,
             fail ? ", REDO UNSETTLED" : "");
    printf("  {backward error LAPACK %.2g PDP-order %.2g; ||x|| %.3g / %.3g}\n", bl, bp, xl, xp);
    free(dl); free(d); free(du); free(b); free(x);
    if (max_ratio > 0 && !(rp <= max_ratio * rl)) return 1; /* NaN fails too */
  }
  return 0;
}
