/*
 * gtsv-stability: the numerical-stability report of thesis section 6.1.
 *
 * For each of the 18 matrix types of thesis table 6.1 (libgtsv_testmat) it solves
 * T x = b (b from U(-1,1)) with every solver path of this build and prints the
 * backward residual ||T x - b||_2 / ||b||_2 (thesis eq. 6.1, in long double) next
 * to LAPACK's partial-pivoting ?gtsv on the same data, like thesis table 6.2.
 *
 * Columns: every host algorithm through the public API (gtsv_set_algo), then, when
 * the library has CUDA and a GPU is present, the same algorithms on device memory
 * and cuSPARSE gtsv2 / gtsv2_nopivot, then LAPACK. An algorithm this build does not
 * have yet (GTSV_STATUS_NOT_SUPPORTED) shows "n/a", so new paths appear by
 * themselves once they land.
 *
 * Marks (thesis table 6.2: bold = 100x, struck = 1e6x worse than the baseline):
 *   *  residual > 100 x max(LAPACK, u)       u = unit roundoff of the precision
 *   !  residual > 1e6 x max(LAPACK, u), or non-finite or "sing" while LAPACK's
 *      residual is finite
 * The floor u keeps an exact LAPACK solve (residual 0) from making every other
 * path look infinitely worse.
 *
 * --check fails (exit 1) on any pivoting path of this library marked * or ! (or
 * failing with an error) on a type where LAPACK's residual is finite and below
 * 1e-3. THOMAS and cuSPARSE gtsv2_nopivot do not pivot: they are shown but never
 * checked. cuSPARSE gtsv2 is a reference like LAPACK: it is marked, and where it
 * would fail the check it is listed as a note, but it does not fail the check
 * (it fails types 17 and 18 on an H200 with CUDA 13, as thesis table 6.2 predicts
 * for a solver that partitions without looking at the pivots).
 *
 * --metric berr prints the normwise backward error ||Tx - b|| / (||T|| ||x|| + ||b||)
 * (infinity norms) instead of eq. 6.1. Where cond(T) > 1/u, x is free along a
 * near-null vector and eq. 6.1 measures how far each solver's x went along it: dorr
 * (type 13) at n = 2048 gives DP_SEQ 2.06e16 against LAPACK's 38.2 by eq. 6.1, and a
 * backward error of 1.41e-16 against LAPACK's 9.12e-17 (double, seed 1). With --check, berr judges every
 * finite backward error (100x LAPACK's, floor u), and SINGULAR or non-finite answers
 * only where cond1 < 1/u.
 */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gtsv/gtsv.h>
#include <gtsv/testmat.h>
#include "host/oracle.h"

#ifdef GTSV_STABILITY_CUDA
#include <cuda_runtime_api.h>
#include <cusparse.h>
#endif

/* ---- columns and cells -------------------------------------------------------- */

typedef enum { COL_HOST, COL_GPU, COL_CUSPARSE, COL_CUSPARSE_NOPIV, COL_LAPACK } col_kind;

typedef struct {
  char label[32];
  col_kind kind;
  gtsv_algo algo;
  int checked; /* 1: --check judges it; 0: shown only (no pivoting, or a reference) */
  int reference; /* another library's solver (cuSPARSE): failures become notes */
} column;

typedef enum { CELL_OK, CELL_NA, CELL_SING, CELL_ERR } cell_state;

typedef struct {
  cell_state st;
  double r;  /* residual when st == CELL_OK */
  char mark; /* ' ', '*', '!' */
} cell;

#define MAX_COLS 16

static const gtsv_algo host_algos[] = { GTSV_ALGO_DP_SEQ, GTSV_ALGO_THOMAS,
                                        GTSV_ALGO_SPIKE_DP, GTSV_ALGO_PDP,
                                        GTSV_ALGO_ARCR, GTSV_ALGO_AUTO };
#define N_ALGOS ((int)(sizeof host_algos / sizeof host_algos[0]))

static const char *algo_label(gtsv_algo a)
{
  switch (a) {
  case GTSV_ALGO_DP_SEQ: return "DP_SEQ";
  case GTSV_ALGO_THOMAS: return "THOMAS";
  case GTSV_ALGO_SPIKE_DP: return "SPIKE_DP";
  case GTSV_ALGO_PDP: return "PDP";
  case GTSV_ALGO_ARCR: return "ARCR";
  case GTSV_ALGO_AUTO: return "AUTO";
  }
  return "?";
}

/* Thesis table 6.2 (n = 512, 64 partitions, double), copied as published. */
static const char *thesis_cols[6] = { "th:SPIKE-DP", "th:PDP", "th:A-R-CR",
                                      "th:CUSPARSE", "th:MKL", "th:Matlab" };
static const char *thesis_62[GTSV_TESTMAT_NTYPES][6] = {
  { "1.82e-14", "3.72e-14", "1.23e-13", "7.14e-12", "1.88e-14", "1.21e-14" },
  { "1.27e-16", "1.28e-16", "1.18e-16", "1.69e-16", "1.03e-16", "1.03e-16" },
  { "1.55e-16", "1.46e-16", "1.45e-16", "2.57e-16", "1.35e-16", "1.32e-16" },
  { "1.37e-14", "5.09e-15", "3.76e-14", "1.39e-12", "3.10e-15", "3.24e-15" },
  { "1.07e-14", "7.84e-15", "1.29e-14", "1.82e-14", "1.56e-14", "1.07e-14" },
  { "1.05e-16", "1.05e-16", "9.97e-17", "1.57e-16", "9.34e-17", "9.34e-17" },
  { "2.42e-16", "2.41e-16", "2.37e-16", "5.13e-16", "2.52e-16", "2.20e-16" },
  { "2.14e-04", "1.40e-03", "2.14e-04", "1.50e+10", "3.76e-04", "2.14e-04" },
  { "2.32e-05", "3.82e-05", "9.80e-05", "1.93e+08", "3.15e-05", "1.35e-05" },
  { "4.27e-05", "4.27e-05", "3.38e-05", "2.74e+05", "3.21e-05", "2.68e-05" },
  { "7.52e-04", "6.79e-04", "2.91e-02", "4.54e+11", "2.99e-04", "3.03e-04" },
  { "5.58e-05", "4.88e-05", "5.04e-05", "5.55e-04", "2.24e-05", "3.06e-05" },
  { "5.51e-01", "3.42e+01", "3.37e-01", "1.12e+16", "3.34e-01", "3.47e-01" },
  { "2.86e+49", "3.19e+49", "2.97e+55", "2.92e+51", "1.77e+48", "2.21e+47" },
  { "2.09e+60", "1.53e+60", "9.79e+59", "Nan", "1.47e+59", "3.69e+58" },
  { "Inf", "Inf", "Inf", "Nan", "Inf", "4.7e+171" },
  { "Nan", "8.14e-16", "7.38e-16", "Nan", "4.87e-16", "4.87e-16" },
  { "3.26e-03", "3.13e-14", "3.31e-14", "Nan", "9.93e-15", "9.10e-15" },
};

/* ---- one problem: the matrix and right-hand side in the chosen precision ------- */

typedef struct {
  int64_t n;
  int single;
  double *dl, *d, *du, *b, *x; /* double precision (and the float matrix widened) */
  float *sdl, *sd, *sdu, *sb, *sx;
} problem;

/* --metric berr: the normwise backward error (oracle.h) instead of eq. 6.1 */
static int g_berr;

static double residual(const problem *p)
{
  if (g_berr)
    return p->single ? gtsv_oracle_sberr(p->n, p->sdl, p->sd, p->sdu, p->sx, p->sb, NULL)
                     : gtsv_oracle_dberr(p->n, p->dl, p->d, p->du, p->x, p->b, NULL);
  return p->single ? gtsv_oracle_sresidual(p->n, p->sdl, p->sd, p->sdu, p->sx, p->sb)
                   : gtsv_oracle_dresidual(p->n, p->dl, p->d, p->du, p->x, p->b);
}

static void reset_x(const problem *p)
{
  if (p->single) memcpy(p->sx, p->sb, sizeof(float) * (size_t)p->n);
  else memcpy(p->x, p->b, sizeof(double) * (size_t)p->n);
}

static cell cell_of_status(gtsv_status s, const problem *p, const char *what, int type)
{
  cell c = { CELL_OK, 0.0, ' ' };
  if (s == GTSV_STATUS_SUCCESS) c.r = residual(p);
  else if (s == GTSV_STATUS_SINGULAR) c.st = CELL_SING;
  else if (s == GTSV_STATUS_NOT_SUPPORTED) c.st = CELL_NA;
  else {
    c.st = CELL_ERR;
    fprintf(stderr, "gtsv-stability: type %d, %s: %s\n", type, what, gtsv_status_string(s));
  }
  return c;
}

static cell solve_host(gtsv_handle h, gtsv_algo a, const problem *p, int type)
{
  gtsv_status s = gtsv_set_algo(h, a);
  reset_x(p);
  if (s == GTSV_STATUS_SUCCESS)
    s = p->single ? gtsv_sgtsv(h, p->n, 1, p->sdl, p->sd, p->sdu, p->sx, p->n)
                  : gtsv_dgtsv(h, p->n, 1, p->dl, p->d, p->du, p->x, p->n);
  return cell_of_status(s, p, algo_label(a), type);
}

static cell solve_lapack(const problem *p, int type)
{
  cell c = { CELL_OK, 0.0, ' ' };
  int info;
  reset_x(p);
  info = p->single ? gtsv_oracle_sgtsv(p->n, 1, p->sdl, p->sd, p->sdu, p->sx, p->n)
                   : gtsv_oracle_dgtsv(p->n, 1, p->dl, p->d, p->du, p->x, p->n);
  if (info > 0) c.st = CELL_SING;
  else if (info < 0) {
    c.st = CELL_ERR;
    fprintf(stderr, "gtsv-stability: type %d, LAPACK: INFO = %d\n", type, info);
  } else c.r = residual(p);
  return c;
}

/* ---- device columns (library built with CUDA and a GPU present) ---------------- */

#ifdef GTSV_STABILITY_CUDA
typedef struct {
  int on;
  char name[256];
  void *dl, *d, *du, *x, *buf;
  size_t buf_size;
  cusparseHandle_t sp;
} gpu_state;

static int cuda_ok(cudaError_t e, const char *what)
{
  if (e == cudaSuccess) return 1;
  fprintf(stderr, "gtsv-stability: %s: %s\n", what, cudaGetErrorString(e));
  return 0;
}

static void gpu_close(gpu_state *g)
{
  cudaFree(g->dl);
  cudaFree(g->d);
  cudaFree(g->du);
  cudaFree(g->x);
  cudaFree(g->buf);
  if (g->sp) cusparseDestroy(g->sp);
  memset(g, 0, sizeof *g);
}

/* 1 when the device columns can run; 0 (quietly) when there is no GPU. */
static int gpu_open(gpu_state *g, int64_t n)
{
  int count = 0;
  size_t bytes = sizeof(double) * (size_t)(n > 0 ? n : 1);
  struct cudaDeviceProp prop;
  memset(g, 0, sizeof *g);
  if (!gtsv_has_cuda()) return 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) {
    (void)cudaGetLastError(); /* clear "no device" */
    return 0;
  }
  if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess)
    snprintf(g->name, sizeof g->name, "%s", prop.name);
  if (!cuda_ok(cudaMalloc(&g->dl, bytes), "cudaMalloc") ||
      !cuda_ok(cudaMalloc(&g->d, bytes), "cudaMalloc") ||
      !cuda_ok(cudaMalloc(&g->du, bytes), "cudaMalloc") ||
      !cuda_ok(cudaMalloc(&g->x, bytes), "cudaMalloc")) {
    gpu_close(g);
    return 0;
  }
  if (cusparseCreate(&g->sp) != CUSPARSE_STATUS_SUCCESS) {
    fprintf(stderr, "gtsv-stability: cusparseCreate failed; no cuSPARSE columns\n");
    g->sp = NULL;
  }
  g->on = 1;
  return 1;
}

static int gpu_upload(gpu_state *g, const problem *p)
{
  size_t es = p->single ? sizeof(float) : sizeof(double), bytes = es * (size_t)p->n;
  const void *dl = p->single ? (const void *)p->sdl : (const void *)p->dl;
  const void *d = p->single ? (const void *)p->sd : (const void *)p->d;
  const void *du = p->single ? (const void *)p->sdu : (const void *)p->du;
  const void *b = p->single ? (const void *)p->sb : (const void *)p->b;
  return cuda_ok(cudaMemcpy(g->dl, dl, bytes, cudaMemcpyHostToDevice), "cudaMemcpy") &&
         cuda_ok(cudaMemcpy(g->d, d, bytes, cudaMemcpyHostToDevice), "cudaMemcpy") &&
         cuda_ok(cudaMemcpy(g->du, du, bytes, cudaMemcpyHostToDevice), "cudaMemcpy") &&
         cuda_ok(cudaMemcpy(g->x, b, bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
}

static int gpu_download(gpu_state *g, const problem *p)
{
  size_t es = p->single ? sizeof(float) : sizeof(double);
  void *x = p->single ? (void *)p->sx : (void *)p->x;
  return cuda_ok(cudaDeviceSynchronize(), "device solve") &&
         cuda_ok(cudaMemcpy(x, g->x, es * (size_t)p->n, cudaMemcpyDeviceToHost),
                 "cudaMemcpy");
}

static cell err_cell(void)
{
  cell c = { CELL_ERR, 0.0, ' ' };
  return c;
}

static cell solve_gpu(gpu_state *g, gtsv_handle h, gtsv_algo a, const problem *p, int type)
{
  char what[48];
  gtsv_status s;
  snprintf(what, sizeof what, "gpu:%s", algo_label(a));
  if (!gpu_upload(g, p)) return err_cell();
  s = gtsv_set_algo(h, a);
  if (s == GTSV_STATUS_SUCCESS)
    s = p->single ? gtsv_sgtsv(h, p->n, 1, (const float *)g->dl, (const float *)g->d,
                               (const float *)g->du, (float *)g->x, p->n)
                  : gtsv_dgtsv(h, p->n, 1, (const double *)g->dl, (const double *)g->d,
                               (const double *)g->du, (double *)g->x, p->n);
  if (s == GTSV_STATUS_SUCCESS) s = gtsv_get_info(h, NULL, NULL); /* waits */
  if (s == GTSV_STATUS_SUCCESS && !gpu_download(g, p)) return err_cell();
  return cell_of_status(s, p, what, type);
}

static cell solve_cusparse(gpu_state *g, int pivot, const problem *p, int type)
{
  const char *what = pivot ? "cusparse gtsv2" : "cusparse gtsv2_nopivot";
  int m = (int)p->n;
  size_t need = 0;
  cusparseStatus_t st;
  if (!g->sp || p->n > 0x7fffffff) {
    cell c = { CELL_NA, 0.0, ' ' };
    return c;
  }
  if (!gpu_upload(g, p)) return err_cell();
  if (p->single)
    st = pivot ? cusparseSgtsv2_bufferSizeExt(g->sp, m, 1, g->dl, g->d, g->du, g->x, m, &need)
               : cusparseSgtsv2_nopivot_bufferSizeExt(g->sp, m, 1, g->dl, g->d, g->du,
                                                      g->x, m, &need);
  else
    st = pivot ? cusparseDgtsv2_bufferSizeExt(g->sp, m, 1, g->dl, g->d, g->du, g->x, m, &need)
               : cusparseDgtsv2_nopivot_bufferSizeExt(g->sp, m, 1, g->dl, g->d, g->du,
                                                      g->x, m, &need);
  if (st == CUSPARSE_STATUS_SUCCESS && need > g->buf_size) {
    cudaFree(g->buf);
    g->buf = NULL;
    g->buf_size = 0;
    if (!cuda_ok(cudaMalloc(&g->buf, need), "cudaMalloc")) return err_cell();
    g->buf_size = need;
  }
  if (st == CUSPARSE_STATUS_SUCCESS) {
    if (p->single)
      st = pivot ? cusparseSgtsv2(g->sp, m, 1, g->dl, g->d, g->du, g->x, m, g->buf)
                 : cusparseSgtsv2_nopivot(g->sp, m, 1, g->dl, g->d, g->du, g->x, m, g->buf);
    else
      st = pivot ? cusparseDgtsv2(g->sp, m, 1, g->dl, g->d, g->du, g->x, m, g->buf)
                 : cusparseDgtsv2_nopivot(g->sp, m, 1, g->dl, g->d, g->du, g->x, m, g->buf);
  }
  if (st != CUSPARSE_STATUS_SUCCESS) {
    fprintf(stderr, "gtsv-stability: type %d, %s: %s\n", type, what,
            cusparseGetErrorString(st));
    return err_cell();
  }
  if (!gpu_download(g, p)) return err_cell();
  return cell_of_status(GTSV_STATUS_SUCCESS, p, what, type);
}
#endif /* GTSV_STABILITY_CUDA */

/* ---- marks and formatting ----------------------------------------------------- */

/* Mark c against LAPACK's cell. Returns 1 when it is a --check failure, 2 when a
   reference path (cuSPARSE gtsv2) would be one, 0 otherwise. */
/* berr: the check judges every finite backward error, and a singular or non-finite
   answer only where the matrix is not numerically singular (cond1 < 1/u): there a
   zero pivot block or an overflow is a fault, while beyond 1/u reporting SINGULAR is
   an answer (LAPACK's partial pivoting may or may not meet an exact zero there). */
static int judge(cell *c, const cell *lap, const column *col, double u, int berr, double cond)
{
  double ref;
  int lap_finite = lap->st == CELL_OK && isfinite(lap->r);
  c->mark = ' ';
  if (col->kind == COL_LAPACK || !lap_finite || c->st == CELL_NA) return 0;
  ref = lap->r > u ? lap->r : u;
  if (c->st == CELL_SING || c->st == CELL_ERR || !isfinite(c->r) || c->r > 1e6 * ref)
    c->mark = '!';
  else if (c->r > 100.0 * ref)
    c->mark = '*';
  if (c->st == CELL_ERR) c->mark = '!';
  if (c->mark == ' ') return 0;
  if (berr) {
    const int bad_answer = c->st == CELL_SING || !isfinite(c->r);
    if (bad_answer && c->st != CELL_ERR && !(cond < 1.0 / u)) return 0;
  } else if (lap->r >= 1e-3) {
    return 0;
  }
  if (col->checked) return 1;
  return col->kind == COL_CUSPARSE ? 2 : 0;
}

static void cell_text(const cell *c, char *buf, size_t len, int md)
{
  const char *m = c->mark == '*' ? (md ? "\\*" : "*") : c->mark == '!' ? "!" : "";
  switch (c->st) {
  case CELL_NA: snprintf(buf, len, "n/a"); return;
  case CELL_SING: snprintf(buf, len, "sing%s", m); return;
  case CELL_ERR: snprintf(buf, len, "err%s", m); return;
  case CELL_OK: break;
  }
  if (isnan(c->r)) snprintf(buf, len, "NaN%s", m);
  else if (isinf(c->r)) snprintf(buf, len, "Inf%s", m);
  else snprintf(buf, len, "%.2e%s", c->r, m);
}

static void cell_csv(const cell *c, char *buf, size_t len)
{
  switch (c->st) {
  case CELL_NA: snprintf(buf, len, "n/a"); return;
  case CELL_SING: snprintf(buf, len, "sing"); return;
  case CELL_ERR: snprintf(buf, len, "err"); return;
  case CELL_OK: break;
  }
  snprintf(buf, len, "%.6e", c->r);
}

/* ---- options ------------------------------------------------------------------ */

typedef enum { FMT_TABLE, FMT_CSV, FMT_MD } out_format;

typedef struct {
  int64_t n;
  uint64_t seed;
  int single;
  out_format fmt;
  int64_t partitions;
  int check;
  int thesis;
  int berr;
} options;

static void usage(FILE *f)
{
  fprintf(f,
    "usage: gtsv-stability [options]\n"
    "Backward residuals ||Tx-b||_2/||b||_2 of every gtsv path on the 18 matrix\n"
    "types of Chang's thesis (table 6.1), next to LAPACK's ?gtsv (thesis table 6.2).\n"
    "\n"
    "  --n N            matrix order (default 512, as in the thesis)\n"
    "  --seed S         seed of the random matrices and right-hand side (default 1)\n"
    "  --precision d|s  double (default) or float; float residuals are compared with\n"
    "                   LAPACK's sgtsv on the same float matrix\n"
    "  --format table|csv|md   output format (default table)\n"
    "  --partitions P   SPIKE partitions (gtsv_set_spike_partitions; default 64 as the\n"
    "                   thesis used at n = 512, so partition failures show; 0 = library)\n"
    "  --thesis         append thesis table 6.2's columns (published, double, n = 512)\n"
    "  --metric resid|berr  resid (default): ||Tx-b||_2/||b||_2 (thesis eq. 6.1);\n"
    "                   berr: the normwise backward error ||Tx-b||/(||T|| ||x|| + ||b||)\n"
    "                   (infinity norms), a few u for any backward-stable solve, also\n"
    "                   where cond(T) > 1/u and eq. 6.1 depends on how far x went along\n"
    "                   a near-null vector (types 8, 10-16); not with --thesis. With\n"
    "                   --check it judges every finite backward error, and SINGULAR or\n"
    "                   non-finite answers where cond1 < 1/u\n"
    "  --check          exit 1 when a pivoting gtsv path is 100x worse than LAPACK (or\n"
    "                   singular/non-finite/failing) on a type where LAPACK's residual\n"
    "                   is finite and below 1e-3; the failures are listed\n"
    "  --list           the 18 matrix types with their descriptions\n"
    "  --help           this text\n"
    "\n"
    "Columns: host algorithms DP_SEQ THOMAS SPIKE_DP PDP ARCR AUTO; with CUDA and a\n"
    "GPU also gpu:<algo> (device memory), cuSPARSE gtsv2 and gtsv2_nopivot; LAPACK.\n"
    "n/a: the path is not available in this build (NOT_SUPPORTED). sing: SINGULAR.\n"
    "Marks: * residual > 100 x max(LAPACK, u), ! > 1e6 x (or non-finite or sing while\n"
    "LAPACK is finite); u = unit roundoff.\n"
    "THOMAS and cuSPARSE gtsv2_nopivot do not pivot: they are shown (marked) but\n"
    "excluded from --check. cuSPARSE gtsv2 is a reference (another library): its\n"
    "marks are shown and its would-be failures listed as notes, but not checked.\n");
}

static int parse_i64(const char *s, int64_t *v)
{
  char *end;
  long long x;
  errno = 0;
  x = strtoll(s, &end, 10);
  if (errno || end == s || *end) return 0;
  *v = (int64_t)x;
  return 1;
}

static int parse_args(int argc, char **argv, options *o)
{
  o->n = 512;
  o->seed = 1;
  o->single = 0;
  o->fmt = FMT_TABLE;
  o->partitions = 64;
  o->check = 0;
  o->thesis = 0;
  o->berr = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(0);
    } else if (!strcmp(a, "--list")) {
      for (int t = 1; t <= GTSV_TESTMAT_NTYPES; t++)
        printf("%2d  %-16s %s (thesis cond %.3g)\n", t, gtsv_testmat_name(t),
               gtsv_testmat_description(t), gtsv_testmat_thesis_cond(t));
      exit(0);
    } else if (!strcmp(a, "--check")) o->check = 1;
    else if (!strcmp(a, "--thesis")) o->thesis = 1;
    else if (!v) {
      fprintf(stderr, "gtsv-stability: %s: missing value or unknown option\n", a);
      return 0;
    } else if (!strcmp(a, "--n")) {
      if (!parse_i64(v, &o->n) || o->n < 1) goto bad;
      i++;
    } else if (!strcmp(a, "--seed")) {
      char *end;
      errno = 0;
      o->seed = (uint64_t)strtoull(v, &end, 0);
      if (errno || end == v || *end) goto bad;
      i++;
    } else if (!strcmp(a, "--precision")) {
      if (!strcmp(v, "d")) o->single = 0;
      else if (!strcmp(v, "s")) o->single = 1;
      else goto bad;
      i++;
    } else if (!strcmp(a, "--format")) {
      if (!strcmp(v, "table")) o->fmt = FMT_TABLE;
      else if (!strcmp(v, "csv")) o->fmt = FMT_CSV;
      else if (!strcmp(v, "md")) o->fmt = FMT_MD;
      else goto bad;
      i++;
    } else if (!strcmp(a, "--metric")) {
      if (!strcmp(v, "resid")) o->berr = 0;
      else if (!strcmp(v, "berr")) o->berr = 1;
      else goto bad;
      i++;
    } else if (!strcmp(a, "--partitions")) {
      if (!parse_i64(v, &o->partitions) || o->partitions < 0) goto bad;
      i++;
    } else {
      fprintf(stderr, "gtsv-stability: unknown option %s\n", a);
      return 0;
    }
    continue;
  bad:
    fprintf(stderr, "gtsv-stability: bad value for %s: %s\n", a, v);
    return 0;
  }
  return 1;
}

/* ---- main ----------------------------------------------------------------------- */

static void *xcalloc(size_t count, size_t size)
{
  void *p = calloc(count ? count : 1, size);
  if (!p) {
    fprintf(stderr, "gtsv-stability: out of memory\n");
    exit(2);
  }
  return p;
}

int main(int argc, char **argv)
{
  options o;
  column cols[MAX_COLS];
  int ncol = 0, lap_col, failures = 0, gen_failures = 0;
  problem p;
  gtsv_handle h = NULL;
  gtsv_status s;
  double u;
  char (*fail_lines)[1600];
  int nfail_lines = 0;
#ifdef GTSV_STABILITY_CUDA
  gpu_state gpu;
#endif
  int have_gpu = 0;
  const char *gpu_name = "";

  if (!parse_args(argc, argv, &o)) {
    usage(stderr);
    return 2;
  }
  if (o.berr && o.thesis) {
    fprintf(stderr, "gtsv-stability: --thesis prints eq. 6.1 residuals; not with --metric berr\n");
    return 2;
  }
  g_berr = o.berr;
  u = o.single ? FLT_EPSILON / 2 : DBL_EPSILON / 2;

  s = gtsv_create(&h);
  if (s == GTSV_STATUS_SUCCESS) s = gtsv_set_spike_partitions(h, o.partitions);
  if (s != GTSV_STATUS_SUCCESS) {
    fprintf(stderr, "gtsv-stability: handle setup: %s\n", gtsv_status_string(s));
    gtsv_destroy(h);
    return 2;
  }

#ifdef GTSV_STABILITY_CUDA
  have_gpu = gpu_open(&gpu, o.n);
  gpu_name = gpu.name;
#endif

  for (int a = 0; a < N_ALGOS; a++) {
    column *c = &cols[ncol++];
    snprintf(c->label, sizeof c->label, "%s", algo_label(host_algos[a]));
    c->kind = COL_HOST;
    c->algo = host_algos[a];
    c->checked = host_algos[a] != GTSV_ALGO_THOMAS;
    c->reference = 0;
  }
  if (have_gpu) {
    for (int a = 0; a < N_ALGOS; a++) {
      column *c = &cols[ncol++];
      snprintf(c->label, sizeof c->label, "gpu:%s", algo_label(host_algos[a]));
      c->kind = COL_GPU;
      c->algo = host_algos[a];
      c->checked = host_algos[a] != GTSV_ALGO_THOMAS;
      c->reference = 0;
    }
    cols[ncol++] = (column){ "cusparse:gtsv2", COL_CUSPARSE, GTSV_ALGO_AUTO, 0, 1 };
    cols[ncol++] = (column){ "cusparse:nopivot", COL_CUSPARSE_NOPIV, GTSV_ALGO_AUTO, 0, 1 };
  }
  lap_col = ncol;
  cols[ncol++] = (column){ "", COL_LAPACK, GTSV_ALGO_AUTO, 0, 1 };
  snprintf(cols[lap_col].label, sizeof cols[lap_col].label, "LAPACK:%s",
           o.single ? "sgtsv" : "dgtsv");

  memset(&p, 0, sizeof p);
  p.n = o.n;
  p.single = o.single;
  p.dl = xcalloc((size_t)o.n, sizeof(double));
  p.d = xcalloc((size_t)o.n, sizeof(double));
  p.du = xcalloc((size_t)o.n, sizeof(double));
  p.b = xcalloc((size_t)o.n, sizeof(double));
  p.x = xcalloc((size_t)o.n, sizeof(double));
  if (o.single) {
    p.sdl = xcalloc((size_t)o.n, sizeof(float));
    p.sd = xcalloc((size_t)o.n, sizeof(float));
    p.sdu = xcalloc((size_t)o.n, sizeof(float));
    p.sb = xcalloc((size_t)o.n, sizeof(float));
    p.sx = xcalloc((size_t)o.n, sizeof(float));
  }
  fail_lines = xcalloc((size_t)GTSV_TESTMAT_NTYPES * MAX_COLS, sizeof *fail_lines);

  /* header */
  if (o.fmt != FMT_CSV) {
    const char *pre = o.fmt == FMT_MD ? "" : "# ";
    printf("%sgtsv-stability: n = %" PRId64 ", seed = %" PRIu64
           ", precision = %s, SPIKE partitions = %" PRId64 "; gtsv %d.%d.%d, CUDA %s%s%s%s\n",
           pre, o.n, o.seed, o.single ? "float" : "double", o.partitions,
           GTSV_VERSION_MAJOR, GTSV_VERSION_MINOR, GTSV_VERSION_PATCH,
           gtsv_has_cuda() ? "built" : "not built",
           gtsv_has_cuda() ? (have_gpu ? ", GPU " : ", no GPU present") : "",
           have_gpu ? gpu_name : "", o.fmt == FMT_MD ? "\n" : "");
    printf("%s%s; * > 100x, ! > 1e6x max(LAPACK, u = %.1e) or "
           "non-finite/sing while LAPACK is finite; n/a = not in this build; "
           "THOMAS and cusparse:nopivot do not pivot, cuSPARSE is a reference "
           "(none of them checked)%s\n",
           pre,
           o.berr ? "backward error ||Tx-b||/(||T|| ||x|| + ||b||), infinity norms"
                  : "residual ||Tx-b||_2/||b||_2",
           u, o.fmt == FMT_MD ? "\n" : "");
  }
  if (o.fmt == FMT_TABLE) {
    printf("%-4s %-16s %-9s %-9s", "type", "name", "cond1", "th:cond");
    for (int c = 0; c < ncol; c++) printf(" %-*s", c == lap_col ? 12 : 11, cols[c].label);
    if (o.thesis)
      for (int t = 0; t < 6; t++) printf(" %-11s", thesis_cols[t]);
    printf("\n");
  } else if (o.fmt == FMT_MD) {
    printf("| type | name | cond1 (dgtcon) | thesis cond |");
    for (int c = 0; c < ncol; c++) printf(" %s |", cols[c].label);
    if (o.thesis)
      for (int t = 0; t < 6; t++) printf(" %s |", thesis_cols[t]);
    printf("\n|---:|---|---:|---:|");
    for (int c = 0; c < ncol + (o.thesis ? 6 : 0); c++) printf("---:|");
    printf("\n");
  } else {
    printf("type,name,cond1,thesis_cond");
    for (int c = 0; c < ncol; c++) printf(",%s", cols[c].label);
    printf(",marks\n");
  }

  for (int type = 1; type <= GTSV_TESTMAT_NTYPES; type++) {
    cell cells[MAX_COLS];
    double cond;
    int st = gtsv_testmat_d(type, o.n, o.seed, p.dl, p.d, p.du);
    if (st == GTSV_TESTMAT_OK && o.single) {
      st = gtsv_testmat_s(type, o.n, o.seed, p.sdl, p.sd, p.sdu);
      for (int64_t i = 0; i < o.n; i++) { /* the condition of the matrix solved */
        p.dl[i] = p.sdl[i];
        p.d[i] = p.sd[i];
        p.du[i] = p.sdu[i];
      }
    }
    if (st != GTSV_TESTMAT_OK) {
      fprintf(stderr, "gtsv-stability: generator for type %d failed (%d)\n", type, st);
      gen_failures++;
      continue;
    }
    if (o.single) gtsv_testmat_rhs_s(o.n, o.seed, p.sb);
    else gtsv_testmat_rhs_d(o.n, o.seed, p.b);
    cond = gtsv_oracle_dcond(o.n, p.dl, p.d, p.du);

    cells[lap_col] = solve_lapack(&p, type);
    for (int c = 0; c < ncol; c++) {
      switch (cols[c].kind) {
      case COL_HOST: cells[c] = solve_host(h, cols[c].algo, &p, type); break;
#ifdef GTSV_STABILITY_CUDA
      case COL_GPU: cells[c] = solve_gpu(&gpu, h, cols[c].algo, &p, type); break;
      case COL_CUSPARSE: cells[c] = solve_cusparse(&gpu, 1, &p, type); break;
      case COL_CUSPARSE_NOPIV: cells[c] = solve_cusparse(&gpu, 0, &p, type); break;
#else
      case COL_GPU:
      case COL_CUSPARSE:
      case COL_CUSPARSE_NOPIV: cells[c].st = CELL_NA; break;
#endif
      case COL_LAPACK: break;
      }
      int verdict = judge(&cells[c], &cells[lap_col], &cols[c], u, o.berr, cond);
      if (verdict) {
        char txt[32];
        cell_text(&cells[c], txt, sizeof txt, 0);
        snprintf(fail_lines[nfail_lines++], sizeof fail_lines[0],
                 "%stype %d (%s), %s: %s %s vs LAPACK %.2e",
                 verdict == 2 ? "note (reference, not checked): " : "", type,
                 gtsv_testmat_name(type), cols[c].label, o.berr ? "backward error" : "residual",
                 txt, cells[lap_col].r);
        if (verdict == 1) failures++;
      }
    }

    if (o.fmt == FMT_CSV) {
      printf("%d,%s,%.3e,%.3g", type, gtsv_testmat_name(type), cond,
             gtsv_testmat_thesis_cond(type));
      for (int c = 0; c < ncol; c++) {
        char txt[32];
        cell_csv(&cells[c], txt, sizeof txt);
        printf(",%s", txt);
      }
      printf(",\"");
      for (int c = 0, first = 1; c < ncol; c++)
        if (cells[c].mark != ' ') {
          printf("%s%s:%c", first ? "" : ";", cols[c].label, cells[c].mark);
          first = 0;
        }
      printf("\"\n");
      continue;
    }
    if (o.fmt == FMT_TABLE)
      printf("%-4d %-16s %-9.2e %-9.3g", type, gtsv_testmat_name(type), cond,
             gtsv_testmat_thesis_cond(type));
    else
      printf("| %d | %s | %.2e | %.3g |", type, gtsv_testmat_name(type), cond,
             gtsv_testmat_thesis_cond(type));
    for (int c = 0; c < ncol; c++) {
      char txt[32];
      cell_text(&cells[c], txt, sizeof txt, o.fmt == FMT_MD);
      if (o.fmt == FMT_TABLE) printf(" %-*s", c == lap_col ? 12 : 11, txt);
      else printf(" %s |", txt);
    }
    if (o.thesis)
      for (int t = 0; t < 6; t++)
        printf(o.fmt == FMT_TABLE ? " %-11s" : " %s |", thesis_62[type - 1][t]);
    printf("\n");
  }

  if (o.check) {
    const char *pre = o.fmt == FMT_CSV ? "# " : "";
    if (o.fmt == FMT_MD) printf("\n");
    if (failures == 0 && o.berr)
      printf("%scheck: PASS (every pivoting gtsv path's backward error within 100x of "
             "LAPACK's (floor u), and no SINGULAR or non-finite answer where cond1 < 1/u; "
             "THOMAS, cuSPARSE not checked)\n", pre);
    else if (failures == 0)
      printf("%scheck: PASS (every pivoting gtsv path within 100x of LAPACK where "
             "LAPACK's residual is finite and < 1e-3; THOMAS, cuSPARSE not checked)\n",
             pre);
    else
      printf("%scheck: FAIL (%d)\n", pre, failures);
    for (int i = 0; i < nfail_lines; i++)
      printf("%s%s%s\n", pre, o.fmt == FMT_MD ? "- " : "  ", fail_lines[i]);
  }

#ifdef GTSV_STABILITY_CUDA
  if (have_gpu) gpu_close(&gpu);
#endif
  (void)gpu_name;
  gtsv_destroy(h);
  free(fail_lines);
  free(p.dl); free(p.d); free(p.du); free(p.b); free(p.x);
  free(p.sdl); free(p.sd); free(p.sdu); free(p.sb); free(p.sx);
  if (gen_failures) return 2;
  return o.check && failures ? 1 : 0;
}
