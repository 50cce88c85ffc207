#include <check.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/oracle.h"
#include "testutil.h"

double tu_urand(uint64_t *s)
{
  /* splitmix64 */
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return (double)(z >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

const char *tu_kind_name(tu_kind k)
{
  static const char *names[] = {"random", "zero_diag", "dominant", "force_2x2",
                                "near_singular_partitions", "zero_diag_pairs"};
  return k < TU_NKINDS ? names[k] : "?";
}

/* TU_ZERO_DIAG_PAIRS' couplings of row i from two U(-1,1) draws: strong inside the
   pair (2k, 2k+1) (du of the even row, dl of the odd row), weak across pairs. */
static void tu_pair_couplings(int64_t i, double a, double c, double *dl, double *du)
{
  if (i % 2 == 0) { *dl = 0.25 * a; *du = c + copysign(0.5, c); }
  else { *dl = a + copysign(0.5, a); *du = 0.25 * c; }
}

void tu_dfill(tu_kind k, int64_t n, uint64_t seed, double *dl, double *d, double *du,
              double *b)
{
  uint64_t s = seed * 7919 + (uint64_t)k * 104729 + (uint64_t)n;
  for (int64_t i = 0; i < n; i++) {
    double a = tu_urand(&s), c = tu_urand(&s), m = tu_urand(&s);
    switch (k) {
    case TU_RANDOM: dl[i] = a; du[i] = c; d[i] = m; break;
    case TU_ZERO_DIAG:
      dl[i] = a + copysign(0.25, a); du[i] = c + copysign(0.25, c); d[i] = 0; break;
    case TU_DOMINANT: dl[i] = a; du[i] = c; d[i] = 4 + m; break;
    case TU_FORCE_2X2:
      dl[i] = 2 + a; du[i] = 2 + c; d[i] = 1e-3 * m; break;
    case TU_NEAR_SING_PART:
      dl[i] = 1; du[i] = 1; d[i] = (i % 37 == 0) ? 1 : 1e-14 * m; break;
    case TU_ZERO_DIAG_PAIRS:
      tu_pair_couplings(i, a, c, &dl[i], &du[i]); d[i] = 0; break;
    default: break;
    }
    b[i] = tu_urand(&s);
  }
  if (n > 0) { dl[0] = 1e30; du[n - 1] = -1e30; }
}

void tu_sfill(tu_kind k, int64_t n, uint64_t seed, float *dl, float *d, float *du,
              float *b)
{
  uint64_t s = seed * 7919 + (uint64_t)k * 104729 + (uint64_t)n;
  for (int64_t i = 0; i < n; i++) {
    double a = tu_urand(&s), c = tu_urand(&s), m = tu_urand(&s);
    switch (k) {
    case TU_RANDOM: dl[i] = (float)a; du[i] = (float)c; d[i] = (float)m; break;
    case TU_ZERO_DIAG:
      dl[i] = (float)(a + copysign(0.25, a)); du[i] = (float)(c + copysign(0.25, c));
      d[i] = 0; break;
    case TU_DOMINANT: dl[i] = (float)a; du[i] = (float)c; d[i] = (float)(4 + m); break;
    case TU_FORCE_2X2:
      dl[i] = (float)(2 + a); du[i] = (float)(2 + c); d[i] = (float)(1e-3 * m); break;
    case TU_NEAR_SING_PART:
      dl[i] = 1; du[i] = 1; d[i] = (i % 37 == 0) ? 1.0f : (float)(1e-6 * m); break;
    case TU_ZERO_DIAG_PAIRS: {
      double l, u;
      tu_pair_couplings(i, a, c, &l, &u);
      dl[i] = (float)l; du[i] = (float)u; d[i] = 0; break;
    }
    default: break;
    }
    b[i] = (float)tu_urand(&s);
  }
  if (n > 0) { dl[0] = 1e30f; du[n - 1] = -1e30f; }
}

/* ---- precisions ---------------------------------------------------------------- */

const char *tu_prec_name(tu_prec p) { return p == TU_FLOAT ? "float" : "double"; }
size_t tu_elt(tu_prec p) { return p == TU_FLOAT ? sizeof(float) : sizeof(double); }
double tu_eps(tu_prec p) { return p == TU_FLOAT ? (double)FLT_EPSILON : DBL_EPSILON; }

void *tu_alloc(tu_prec p, int64_t count)
{
  void *a = calloc(count > 0 ? (size_t)count : 1, tu_elt(p));
  if (!a) {
    fprintf(stderr, "testutil: out of memory (%lld elements)\n", (long long)count);
    exit(2);
  }
  return a;
}

void *tu_dup(tu_prec p, const void *a, int64_t count)
{
  void *c = tu_alloc(p, count);
  if (count > 0) memcpy(c, a, (size_t)count * tu_elt(p));
  return c;
}

void *tu_at(tu_prec p, const void *a, int64_t i)
{
  return (char *)a + (size_t)i * tu_elt(p);
}

double tu_get(tu_prec p, const void *a, int64_t i)
{
  return p == TU_FLOAT ? (double)((const float *)a)[i] : ((const double *)a)[i];
}

void tu_set(tu_prec p, void *a, int64_t i, double v)
{
  if (p == TU_FLOAT) ((float *)a)[i] = (float)v;
  else ((double *)a)[i] = v;
}

void tu_fill(tu_prec p, tu_kind k, int64_t n, uint64_t seed, void *dl, void *d,
             void *du, void *b)
{
  if (p == TU_FLOAT) tu_sfill(k, n, seed, (float *)dl, (float *)d, (float *)du, (float *)b);
  else tu_dfill(k, n, seed, (double *)dl, (double *)d, (double *)du, (double *)b);
}

int tu_all_finite(tu_prec p, const void *a, int64_t count)
{
  for (int64_t i = 0; i < count; i++)
    if (!isfinite(tu_get(p, a, i))) return 0;
  return 1;
}

int tu_same(tu_prec p, const void *a, const void *b, int64_t count)
{
  return count <= 0 || memcmp(a, b, (size_t)count * tu_elt(p)) == 0;
}

gtsv_status tu_gtsv(gtsv_handle h, tu_prec p, int64_t n, int64_t nrhs, const void *dl,
                    const void *d, const void *du, void *B, int64_t ldb)
{
  if (p == TU_FLOAT)
    return gtsv_sgtsv(h, n, nrhs, (const float *)dl, (const float *)d,
                      (const float *)du, (float *)B, ldb);
  return gtsv_dgtsv(h, n, nrhs, (const double *)dl, (const double *)d,
                    (const double *)du, (double *)B, ldb);
}

gtsv_status tu_gtsv_batch(gtsv_handle h, tu_prec p, int64_t n, const void *dl,
                          const void *d, const void *du, void *x, int64_t batch,
                          int64_t stride)
{
  if (p == TU_FLOAT)
    return gtsv_sgtsv_strided_batch(h, n, (const float *)dl, (const float *)d,
                                    (const float *)du, (float *)x, batch, stride);
  return gtsv_dgtsv_strided_batch(h, n, (const double *)dl, (const double *)d,
                                  (const double *)du, (double *)x, batch, stride);
}

int tu_oracle_gtsv(tu_prec p, int64_t n, int64_t nrhs, const void *dl, const void *d,
                   const void *du, void *B, int64_t ldb)
{
  if (p == TU_FLOAT)
    return gtsv_oracle_sgtsv(n, nrhs, (const float *)dl, (const float *)d,
                             (const float *)du, (float *)B, ldb);
  return gtsv_oracle_dgtsv(n, nrhs, (const double *)dl, (const double *)d,
                           (const double *)du, (double *)B, ldb);
}

double tu_residual(tu_prec p, int64_t n, const void *dl, const void *d, const void *du,
                   const void *x, const void *b)
{
  if (p == TU_FLOAT)
    return gtsv_oracle_sresidual(n, (const float *)dl, (const float *)d,
                                 (const float *)du, (const float *)x, (const float *)b);
  return gtsv_oracle_dresidual(n, (const double *)dl, (const double *)d,
                               (const double *)du, (const double *)x, (const double *)b);
}

const char *tu_status_name(gtsv_status s)
{
  switch (s) {
  case GTSV_STATUS_SUCCESS: return "SUCCESS";
  case GTSV_STATUS_INVALID_VALUE: return "INVALID_VALUE";
  case GTSV_STATUS_SINGULAR: return "SINGULAR";
  case GTSV_STATUS_ALLOC_FAILED: return "ALLOC_FAILED";
  case GTSV_STATUS_NOT_SUPPORTED: return "NOT_SUPPORTED";
  case GTSV_STATUS_DEVICE_ERROR: return "DEVICE_ERROR";
  }
  return "(unknown status)";
}

/* ---- test problems ------------------------------------------------------------- */

void *tu_sys_dl(const tu_problem *P, int64_t k) { return tu_at(P->prec, P->dl, k * P->stride); }
void *tu_sys_d(const tu_problem *P, int64_t k) { return tu_at(P->prec, P->d, k * P->stride); }
void *tu_sys_du(const tu_problem *P, int64_t k) { return tu_at(P->prec, P->du, k * P->stride); }
void *tu_sys_b(const tu_problem *P, int64_t k) { return tu_at(P->prec, P->b, k * P->stride); }
void *tu_sys_x(const tu_problem *P, int64_t k) { return tu_at(P->prec, P->x, k * P->stride); }

/* Whether element i of x belongs to a solution (else: padding or a gap). */
static int tu_is_slot(const tu_problem *P, int64_t i)
{
  if (P->batch == 1) return i / P->ldb < P->nrhs && i % P->ldb < P->n;
  return i / P->stride < P->batch && i % P->stride < P->n;
}

void tu_problem_init(tu_problem *P, tu_prec p, tu_kind k, int64_t n, int64_t nrhs,
                     int64_t ldb, int64_t batch, int64_t stride, uint64_t seed)
{
  uint64_t s = seed ^ 0x5bd1e995u;
  memset(P, 0, sizeof *P);
  P->prec = p;
  P->n = n;
  P->batch = batch;
  P->stride = stride > n ? stride : n;
  P->nrhs = batch == 1 ? nrhs : 1;
  P->ldb = batch == 1 ? ldb : P->stride;
  P->mlen = batch * P->stride;
  P->blen = batch == 1 ? P->ldb * P->nrhs : P->mlen;
  P->dl = tu_alloc(p, P->mlen);
  P->d = tu_alloc(p, P->mlen);
  P->du = tu_alloc(p, P->mlen);
  P->b = tu_alloc(p, P->blen);
  for (int64_t i = 0; i < P->mlen; i++) { /* the gaps: never read */
    tu_set(p, P->dl, i, NAN);
    tu_set(p, P->d, i, NAN);
    tu_set(p, P->du, i, NAN);
  }
  for (int64_t i = 0; i < P->blen; i++)
    tu_set(p, P->b, i, tu_is_slot(P, i) ? tu_urand(&s) : TU_SENTINEL);
  for (int64_t sys = 0; sys < batch; sys++)
    tu_fill(p, k, n, seed + (uint64_t)sys, tu_sys_dl(P, sys), tu_sys_d(P, sys),
            tu_sys_du(P, sys), tu_sys_b(P, sys));
  tu_problem_prepare(P);
}

void tu_problem_reset_x(tu_problem *P)
{
  memcpy(P->x, P->b, (size_t)P->blen * tu_elt(P->prec));
}

/* ||T|| = max(||T||_1, ||T||_inf) of system k, in double. */
static double tu_norm(const tu_problem *P, int64_t k)
{
  tu_prec p = P->prec;
  const void *dl = tu_sys_dl(P, k), *d = tu_sys_d(P, k), *du = tu_sys_du(P, k);
  double rmax = 0, cmax = 0;
  for (int64_t i = 0; i < P->n; i++) {
    double r = fabs(tu_get(p, d, i)), c = r;
    if (i > 0) { r += fabs(tu_get(p, dl, i)); c += fabs(tu_get(p, du, i - 1)); }
    if (i + 1 < P->n) { r += fabs(tu_get(p, du, i)); c += fabs(tu_get(p, dl, i + 1)); }
    rmax = r > rmax ? r : rmax;
    cmax = c > cmax ? c : cmax;
  }
  return rmax > cmax ? rmax : cmax;
}

/* ||x||_2 / ||b||_2 (x of precision xp) and max |x|. */
static double tu_ratio(tu_prec xp, const void *x, tu_prec bp, const void *b, int64_t n,
                       double *xmax)
{
  long double xs = 0, bs = 0;
  for (int64_t i = 0; i < n; i++) {
    double xi = tu_get(xp, x, i), bi = tu_get(bp, b, i);
    xs += (long double)xi * xi;
    bs += (long double)bi * bi;
    if (fabs(xi) > *xmax) *xmax = fabs(xi);
  }
  return bs > 0 ? (double)sqrtl(xs / bs) : (double)sqrtl(xs);
}

/* A float system that sgtsv calls singular or solves with Inf/NaN: solve it in
   double. TU_INFO_RANGE and
   the double solution's scale when dgtsv succeeds, else the float info stays. */
static void tu_range_check(tu_problem *P, int64_t k, double tnorm)
{
  int64_t n = P->n, nrhs = P->nrhs;
  double *w = (double *)tu_alloc(TU_DOUBLE, 4 * n + n * nrhs);
  double *dl = w, *d = w + n, *du = w + 2 * n, *x = w + 3 * n;
  for (int64_t i = 0; i < n; i++) {
    dl[i] = tu_get(TU_FLOAT, tu_sys_dl(P, k), i);
    d[i] = tu_get(TU_FLOAT, tu_sys_d(P, k), i);
    du[i] = tu_get(TU_FLOAT, tu_sys_du(P, k), i);
  }
  for (int64_t j = 0; j < nrhs; j++)
    for (int64_t i = 0; i < n; i++)
      x[i + j * n] = tu_get(TU_FLOAT, tu_sys_b(P, k), i + j * P->ldb);
  if (gtsv_oracle_dgtsv(n, nrhs, dl, d, du, x, n) == 0) {
    P->info[k] = TU_INFO_RANGE;
    for (int64_t j = 0; j < nrhs; j++) {
      P->lres[k * nrhs + j] = 0;
      P->lscale[k * nrhs + j] =
          tnorm * tu_ratio(TU_DOUBLE, x + j * n, TU_FLOAT,
                           tu_at(TU_FLOAT, tu_sys_b(P, k), j * P->ldb), n, &P->xmax[k]);
    }
  }
  free(w);
}

void tu_problem_prepare(tu_problem *P)
{
  tu_prec p = P->prec;
  int64_t nc = P->batch * P->nrhs;
  free(P->dl0); free(P->d0); free(P->du0); free(P->x); free(P->xl);
  free(P->info); free(P->lres); free(P->lscale); free(P->xmax);
  P->dl0 = tu_dup(p, P->dl, P->mlen);
  P->d0 = tu_dup(p, P->d, P->mlen);
  P->du0 = tu_dup(p, P->du, P->mlen);
  P->x = tu_dup(p, P->b, P->blen);
  P->xl = tu_dup(p, P->b, P->blen);
  P->info = (int *)calloc((size_t)P->batch, sizeof(int));
  P->lres = (double *)calloc((size_t)nc, sizeof(double));
  P->lscale = (double *)calloc((size_t)nc, sizeof(double));
  P->xmax = (double *)calloc((size_t)P->batch, sizeof(double));
  if (!P->info || !P->lres || !P->lscale || !P->xmax) {
    fprintf(stderr, "testutil: out of memory\n");
    exit(2);
  }
  for (int64_t k = 0; k < P->batch; k++) {
    void *xl = tu_at(p, P->xl, k * P->stride);
    double tnorm = tu_norm(P, k);
    P->info[k] = tu_oracle_gtsv(p, P->n, P->nrhs, tu_sys_dl(P, k), tu_sys_d(P, k),
                                tu_sys_du(P, k), xl, P->ldb);
    if (p == TU_FLOAT && P->info[k] >= 0) {
      int finite = P->info[k] == 0;
      for (int64_t j = 0; j < P->nrhs && finite; j++)
        finite = tu_all_finite(p, tu_at(p, xl, j * P->ldb), P->n);
      if (!finite) tu_range_check(P, k, tnorm); /* sgtsv failed: float range? */
    }
    for (int64_t j = 0; j < P->nrhs && P->info[k] == 0; j++) {
      const void *xj = tu_at(p, xl, j * P->ldb), *bj = tu_at(p, tu_sys_b(P, k), j * P->ldb);
      P->lres[k * P->nrhs + j] =
          tu_residual(p, P->n, tu_sys_dl(P, k), tu_sys_d(P, k), tu_sys_du(P, k), xj, bj);
      P->lscale[k * P->nrhs + j] = tnorm * tu_ratio(p, xj, p, bj, P->n, &P->xmax[k]);
    }
  }
}

/* The bound of column j of system k with the slack on the given scale. */
static double tu_bound_at(const tu_problem *P, int64_t k, int64_t j, double scale)
{
  return TU_RESID_FACTOR * P->lres[k * P->nrhs + j] +
         TU_RESID_SLACK_EPS * tu_eps(P->prec) * (scale > 1 ? scale : 1);
}

double tu_problem_bound(const tu_problem *P, int64_t k, int64_t j)
{
  return tu_bound_at(P, k, j, P->lscale[k * P->nrhs + j]);
}

double tu_problem_own_bound(const tu_problem *P, int64_t k, int64_t j, const void *xj,
                            double *own_scale)
{
  double xmax = 0, bound = tu_problem_bound(P, k, j);
  /* the slack on the solver's own scale ||T|| ||x||_2 / ||b||_2 where that is larger
     (testutil.h: backward stability, as LAPACK's own tests judge a solve) */
  const double own = tu_norm(P, k) * tu_ratio(P->prec, xj, P->prec,
                                              tu_at(P->prec, tu_sys_b(P, k), j * P->ldb), P->n,
                                              &xmax);
  if (own_scale) *own_scale = own;
  return tu_bound_at(P, k, j, own) > bound ? tu_bound_at(P, k, j, own) : bound;
}

void tu_problem_free(tu_problem *P)
{
  free(P->dl); free(P->d); free(P->du); free(P->dl0); free(P->d0); free(P->du0);
  free(P->b); free(P->x); free(P->xl); free(P->info); free(P->lres);
  free(P->lscale); free(P->xmax);
  memset(P, 0, sizeof *P);
}

void tu_problem_zero_row(tu_problem *P, int64_t k, int64_t r)
{
  tu_set(P->prec, tu_sys_dl(P, k), r, 0);
  tu_set(P->prec, tu_sys_d(P, k), r, 0);
  tu_set(P->prec, tu_sys_du(P, k), r, 0);
}

int64_t tu_problem_first_singular(const tu_problem *P)
{
  for (int64_t k = 0; k < P->batch; k++)
    if (P->info[k] > 0) return k;
  return -1;
}

int tu_problem_info_ok(const tu_problem *P, int64_t info)
{
  if (info < 1 || info > P->batch || P->info[info - 1] == 0) return 0;
  for (int64_t k = 0; k < info - 1; k++)
    if (P->info[k] > 0) return 0;
  return 1;
}

int tu_problem_x_unchanged(const tu_problem *P)
{
  return tu_same(P->prec, P->x, P->b, P->blen);
}

int tu_problem_verdict(const tu_problem *P, gtsv_status st, char *why, size_t len)
{
  tu_prec p = P->prec;
  int64_t bad = tu_problem_first_singular(P), range = -1;
  for (int64_t k = 0; k < P->batch && range < 0; k++)
    if (P->info[k] == TU_INFO_RANGE) range = k;
  if (!tu_same(p, P->dl, P->dl0, P->mlen) || !tu_same(p, P->d, P->d0, P->mlen) ||
      !tu_same(p, P->du, P->du0, P->mlen)) {
    snprintf(why, len, "the solver modified dl, d or du");
    return 0;
  }
  if (bad >= 0 && st != GTSV_STATUS_SINGULAR) {
    snprintf(why, len, "status %s, expected SINGULAR (LAPACK info %d in system %lld)",
             tu_status_name(st), P->info[bad], (long long)bad);
    return 0;
  }
  if (bad < 0 && st != GTSV_STATUS_SUCCESS &&
      !(range >= 0 && st == GTSV_STATUS_SINGULAR)) {
    snprintf(why, len, "status %s, expected SUCCESS (LAPACK solves every system)",
             tu_status_name(st));
    return 0;
  }
  for (int64_t i = 0; i < P->blen; i++)
    if (!tu_is_slot(P, i) && !tu_same(p, tu_at(p, P->x, i), tu_at(p, P->b, i), 1)) {
      snprintf(why, len, "wrote x[%lld], outside every solution (padding or gap)",
               (long long)i);
      return 0;
    }
  for (int64_t k = 0; k < P->batch; k++) {
    if (P->info[k] > 0) continue; /* singular: x unspecified */
    if (P->info[k] == TU_INFO_RANGE && st != GTSV_STATUS_SUCCESS) continue;
    if (!tu_problem_system_ok(P, k, why, len)) return 0;
  }
  return 1;
}

int tu_problem_system_ok(const tu_problem *P, int64_t k, char *why, size_t len)
{
  tu_prec p = P->prec;
  int finite = 1;
  if (P->info[k] > 0) {
    snprintf(why, len, "system %lld: LAPACK info %d, no reference", (long long)k,
             P->info[k]);
    return 0;
  }
  for (int64_t j = 0; j < P->nrhs; j++)
    finite = finite && tu_all_finite(p, tu_at(p, tu_sys_x(P, k), j * P->ldb), P->n);
  if (P->info[k] == TU_INFO_RANGE) {
    if (!finite) return 1; /* reported, not hidden */
    if (P->xmax[k] > FLT_MAX) {
      snprintf(why, len, "system %lld: finite answer, but the solution (%.3g in double) "
               "overflows float", (long long)k, P->xmax[k]);
      return 0;
    }
  }
  for (int64_t j = 0; j < P->nrhs; j++) {
    int64_t off = j * P->ldb;
    const void *xj = tu_at(p, tu_sys_x(P, k), off), *bj = tu_at(p, tu_sys_b(P, k), off);
    double r = tu_residual(p, P->n, tu_sys_dl(P, k), tu_sys_d(P, k), tu_sys_du(P, k), xj, bj);
    double own = 0, bound = tu_problem_own_bound(P, k, j, xj, &own);
    if (!(r <= bound)) { /* NaN fails too */
      snprintf(why, len, "system %lld column %lld: residual %.3g > bound %.3g "
               "(LAPACK %.3g, scale %.3g, own scale %.3g)%s", (long long)k, (long long)j, r,
               bound, P->lres[k * P->nrhs + j], P->lscale[k * P->nrhs + j], own,
               P->info[k] == TU_INFO_RANGE ? " [float range]" : "");
      return 0;
    }
  }
  return 1;
}

/* ---- soft assertions ------------------------------------------------------------ */

#define TU_PRINT_MAX 12
static int tu_nfail;
static char tu_first[1024];

int tu_expect(int ok, const char *file, int line, const char *fmt, ...)
{
  char msg[900];
  va_list ap;
  if (ok) return 1;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (tu_nfail == 0) snprintf(tu_first, sizeof tu_first, "%s:%d: %s", file, line, msg);
  if (tu_nfail < TU_PRINT_MAX) fprintf(stderr, "%s:%d: FAIL: %s\n", file, line, msg);
  else if (tu_nfail == TU_PRINT_MAX) fprintf(stderr, "(further failures not printed)\n");
  tu_nfail++;
  return 0;
}

int tu_failures(void) { return tu_nfail; }
const char *tu_first_failure(void) { return tu_nfail ? tu_first : ""; }
void tu_reset_failures(void) { tu_nfail = 0; tu_first[0] = 0; }

void tu_report(void)
{
  char first[1024];
  const int nf = tu_failures();
  snprintf(first, sizeof first, "%s", tu_first_failure());
  tu_reset_failures();
  ck_assert_msg(nf == 0, "%d failure(s); first: %s", nf, first);
}

int tu_small_run(void)
{
  const char *e = getenv("GTSV_GPU_TEST_SMALL");
  return e && *e && strcmp(e, "0") != 0;
}

int tu_tiny_run(void)
{
  const char *e = getenv("GTSV_GPU_TEST_SMALL");
  return e && strcmp(e, "2") == 0;
}
