/* gtsv-gpu-bench: every GPU path of gtsv against cuSPARSE, in one run, on one GPU.

   First the copy bandwidth (a device-to-device copy kernel, read + write bytes, as
   anchors/anchor_bench.cu measures it); then per case and solver: the median time
   of R timed runs after a warm-up (cudaEvents, only the solve inside the events),
   E = (bytes_per_row * rows / time) / copy_bandwidth with 40 B/row for double and
   20 B/row for float (DESIGN.md section 4), the speed relative to the cuSPARSE
   reference of that case (t_ref / t: > 1 is faster than cuSPARSE), and the largest
   backward residual ||T x - b|| / ||b|| over a sample of systems, in long double on
   the host. Inputs are restored before every run (outside the timing).

   Cases (default):
     batch:  n = 64, 128, 256, 512, 1024, 4096 with about 2^24 rows in all, and
             512 x 512; random U(-1,1) and diagonally dominant; double and float.
             gtsv strided batch, gtsv interleaved batch, cuSPARSE gtsv2StridedBatch
             (no pivoting), gtsvInterleavedBatch algo 1 (LU, pivoting: the
             reference) and algo 2 (QR); for n > 2048 also the strided batch with
             stride 2n + 64 and the interleaved batch, each with and without
             packing (batch_pack.cu). --n N: n = N only (2^24 rows), no 512 x 512.
     single: n = 2^20, 2^23, 2^25; random and dominant; double and float.
             gtsv_?gtsv (device) with GTSV_ALGO_SPIKE_DP, GTSV_ALGO_PDP and
             GTSV_ALGO_AUTO ("n/a" where a path answers NOT_SUPPORTED), cuSPARSE gtsv2
             (pivoting: the reference) and gtsv2_nopivot. Notes: the handle's device
             workspace, and whether SPIKE fell back to the sequential DP.
     ablation: the GPU SPIKE at n = 2^23 double, random, dominant and zero-diagonal
             (d = 0 in pairs: every pivot 2x2, see make_problem), with each
             optimisation switched off (thesis figs 3.3, 3.5) and with 8, 16 and 32
             rows per partition; float likewise.
     arcr:   GPU ARCR (one block per system, GTSV_ALGO_ARCR) on strided batches of
             n = 256 .. 4096 with 2^22 rows in all, random, double and float, next to
             the strided batch with GTSV_ALGO_AUTO and GTSV_ALGO_DP_SEQ and cuSPARSE
             gtsvInterleavedBatch a1 (reference) and gtsv2StridedBatch; then one
             system of n = 1024 (and 2048) with nrhs = 1 and 16: ARCR with the plan
             reused across the columns, ARCR called once per column, AUTO, and
             cuSPARSE gtsv2 (reference). B/row there counts the matrix once and
             each column twice: (3 + 2 nrhs) sizeof(T).

   gtsv-gpu-bench [--only batch|single|ablation|arcr] [--quick] [--lean] [--prec d|s|both] [--reps R]
                  [--n N] [--md FILE] [--commit SHA]
   --lean: a batch case's rows cut to cuSPARSE's references and the library's strided solve.
*/
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <string>
#include <vector>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "gtsv/gtsv.h"
#include "core/internal.h"
#include "cuda/cuda.h"
#include "cuda/state.h"
#include "spike/spike.h"
#include "batch/batch.h"
#include "cuda/pdl.h"
#include "pdp/pdp_opts.h"
#include "pdp/pdp_sweep.h"

#define CK(x)                                                                        \
  do {                                                                               \
    cudaError_t e_ = (x);                                                            \
    if (e_ != cudaSuccess) {                                                         \
      std::fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #x, __FILE__, __LINE__,   \
                   cudaGetErrorString(e_));                                          \
      std::exit(2);                                                                  \
    }                                                                                \
  } while (0)

static double g_copy_bw = 0; /* bytes per second */
static int g_reps = 15;
/* --lean: a batch case times only cuSPARSE's references (gtsvInterleavedBatch algo 1,
   gtsv2StridedBatch) and the library's strided solve (eager, and in a graph where the
   batch is small): A/B runs of variants, where the other rows only cost device time */
static bool g_lean = false;
static FILE *g_md = nullptr;
static cudaEvent_t g_e0, g_e1;

/* ---- cuSPARSE by precision ---------------------------------------------------- */

static cusparseStatus_t sp_strided_size(cusparseHandle_t h, int m, const float *dl, const float *d,
                                        const float *du, const float *x, int b, int s, size_t *sz)
{ return cusparseSgtsv2StridedBatch_bufferSizeExt(h, m, dl, d, du, x, b, s, sz); }
static cusparseStatus_t sp_strided_size(cusparseHandle_t h, int m, const double *dl, const double *d,
                                        const double *du, const double *x, int b, int s, size_t *sz)
{ return cusparseDgtsv2StridedBatch_bufferSizeExt(h, m, dl, d, du, x, b, s, sz); }
static cusparseStatus_t sp_strided(cusparseHandle_t h, int m, const float *dl, const float *d,
                                   const float *du, float *x, int b, int s, void *buf)
{ return cusparseSgtsv2StridedBatch(h, m, dl, d, du, x, b, s, buf); }
static cusparseStatus_t sp_strided(cusparseHandle_t h, int m, const double *dl, const double *d,
                                   const double *du, double *x, int b, int s, void *buf)
{ return cusparseDgtsv2StridedBatch(h, m, dl, d, du, x, b, s, buf); }
static cusparseStatus_t sp_inter_size(cusparseHandle_t h, int a, int m, const float *dl,
                                      const float *d, const float *du, const float *x, int b,
                                      size_t *sz)
{ return cusparseSgtsvInterleavedBatch_bufferSizeExt(h, a, m, dl, d, du, x, b, sz); }
static cusparseStatus_t sp_inter_size(cusparseHandle_t h, int a, int m, const double *dl,
                                      const double *d, const double *du, const double *x, int b,
                                      size_t *sz)
{ return cusparseDgtsvInterleavedBatch_bufferSizeExt(h, a, m, dl, d, du, x, b, sz); }
static cusparseStatus_t sp_inter(cusparseHandle_t h, int a, int m, float *dl, float *d, float *du,
                                 float *x, int b, void *buf)
{ return cusparseSgtsvInterleavedBatch(h, a, m, dl, d, du, x, b, buf); }
static cusparseStatus_t sp_inter(cusparseHandle_t h, int a, int m, double *dl, double *d,
                                 double *du, double *x, int b, void *buf)
{ return cusparseDgtsvInterleavedBatch(h, a, m, dl, d, du, x, b, buf); }
static cusparseStatus_t sp_gtsv2_size(cusparseHandle_t h, bool piv, int m, const float *dl,
                                      const float *d, const float *du, const float *x, size_t *sz)
{
  return piv ? cusparseSgtsv2_bufferSizeExt(h, m, 1, dl, d, du, x, m, sz)
             : cusparseSgtsv2_nopivot_bufferSizeExt(h, m, 1, dl, d, du, x, m, sz);
}
static cusparseStatus_t sp_gtsv2_size(cusparseHandle_t h, bool piv, int m, const double *dl,
                                      const double *d, const double *du, const double *x,
                                      size_t *sz)
{
  return piv ? cusparseDgtsv2_bufferSizeExt(h, m, 1, dl, d, du, x, m, sz)
             : cusparseDgtsv2_nopivot_bufferSizeExt(h, m, 1, dl, d, du, x, m, sz);
}
static cusparseStatus_t sp_gtsv2(cusparseHandle_t h, bool piv, int m, const float *dl,
                                 const float *d, const float *du, float *x, void *buf)
{
  return piv ? cusparseSgtsv2(h, m, 1, dl, d, du, x, m, buf)
             : cusparseSgtsv2_nopivot(h, m, 1, dl, d, du, x, m, buf);
}
static cusparseStatus_t sp_gtsv2(cusparseHandle_t h, bool piv, int m, const double *dl,
                                 const double *d, const double *du, double *x, void *buf)
{
  return piv ? cusparseDgtsv2(h, m, 1, dl, d, du, x, m, buf)
             : cusparseDgtsv2_nopivot(h, m, 1, dl, d, du, x, m, buf);
}

/* pivoting gtsv2 with q right-hand sides (ldb = m), for the arcr section */
static cusparseStatus_t sp_gtsv2q_size(cusparseHandle_t h, int m, int q, const float *dl,
                                       const float *d, const float *du, const float *x,
                                       size_t *sz)
{ return cusparseSgtsv2_bufferSizeExt(h, m, q, dl, d, du, x, m, sz); }
static cusparseStatus_t sp_gtsv2q_size(cusparseHandle_t h, int m, int q, const double *dl,
                                       const double *d, const double *du, const double *x,
                                       size_t *sz)
{ return cusparseDgtsv2_bufferSizeExt(h, m, q, dl, d, du, x, m, sz); }
static cusparseStatus_t sp_gtsv2q(cusparseHandle_t h, int m, int q, const float *dl,
                                  const float *d, const float *du, float *x, void *buf)
{ return cusparseSgtsv2(h, m, q, dl, d, du, x, m, buf); }
static cusparseStatus_t sp_gtsv2q(cusparseHandle_t h, int m, int q, const double *dl,
                                  const double *d, const double *du, double *x, void *buf)
{ return cusparseDgtsv2(h, m, q, dl, d, du, x, m, buf); }

/* ---- gtsv by precision ----------------------------------------------------------- */

static gtsv_status g_strided(gtsv_handle h, int64_t n, const float *dl, const float *d,
                             const float *du, float *x, int64_t b)
{ return gtsv_sgtsv_strided_batch(h, n, dl, d, du, x, b, n); }
static gtsv_status g_strided(gtsv_handle h, int64_t n, const double *dl, const double *d,
                             const double *du, double *x, int64_t b)
{ return gtsv_dgtsv_strided_batch(h, n, dl, d, du, x, b, n); }
static gtsv_status g_strided_s(gtsv_handle h, int64_t n, const float *dl, const float *d,
                               const float *du, float *x, int64_t b, int64_t stride)
{ return gtsv_sgtsv_strided_batch(h, n, dl, d, du, x, b, stride); }
static gtsv_status g_strided_s(gtsv_handle h, int64_t n, const double *dl, const double *d,
                               const double *du, double *x, int64_t b, int64_t stride)
{ return gtsv_dgtsv_strided_batch(h, n, dl, d, du, x, b, stride); }
static gtsv_status g_inter(gtsv_handle h, int64_t n, const float *dl, const float *d,
                           const float *du, float *x, int64_t b)
{ return gtsv_sgtsv_interleaved_batch(h, n, dl, d, du, x, b); }
static gtsv_status g_inter(gtsv_handle h, int64_t n, const double *dl, const double *d,
                           const double *du, double *x, int64_t b)
{ return gtsv_dgtsv_interleaved_batch(h, n, dl, d, du, x, b); }
static gtsv_status g_gtsv(gtsv_handle h, int64_t n, const float *dl, const float *d,
                          const float *du, float *x)
{ return gtsv_sgtsv(h, n, 1, dl, d, du, x, n); }
static gtsv_status g_gtsv(gtsv_handle h, int64_t n, const double *dl, const double *d,
                          const double *du, double *x)
{ return gtsv_dgtsv(h, n, 1, dl, d, du, x, n); }
static gtsv_status g_gtsvq(gtsv_handle h, int64_t n, int64_t q, const float *dl,
                           const float *d, const float *du, float *x)
{ return gtsv_sgtsv(h, n, q, dl, d, du, x, n); }
static gtsv_status g_gtsvq(gtsv_handle h, int64_t n, int64_t q, const double *dl,
                           const double *d, const double *du, double *x)
{ return gtsv_dgtsv(h, n, q, dl, d, du, x, n); }

static gtsv_status g_gtsv_nrhs(gtsv_handle h, int64_t n, int64_t nrhs, const float *dl,
                               const float *d, const float *du, float *x)
{ return gtsv_sgtsv(h, n, nrhs, dl, d, du, x, n); }
static gtsv_status g_gtsv_nrhs(gtsv_handle h, int64_t n, int64_t nrhs, const double *dl,
                               const double *d, const double *du, double *x)
{ return gtsv_dgtsv(h, n, nrhs, dl, d, du, x, n); }

/* ---- measurement -------------------------------------------------------------------- */

/* copy ceiling: read + write bytes of a large device-to-device copy */
/* Nothing but a launch: the floor a CUDA graph of small solves cannot go under
   (graph_rows' "launch floor" row: this kernel on the on-chip batch kernel's one-wave
   grid). */
__global__ void empty_kernel(int *never)
{
  if (never && blockIdx.x == 0xffffffffu) *never = 1;
}
/* The same as a programmatic dependent launch (cuda/pdl.h), waiting and triggering at
   its start as the on-chip batch kernels do: the floor of their launches. */
__global__ void empty_pdl_kernel(int *never)
{
  gtsv_pdl::pdl_wait_trigger();
  if (never && blockIdx.x == 0xffffffffu) *never = 1;
}

__global__ void copy_kernel(const double *__restrict__ a, double *__restrict__ b, size_t n)
{
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    b[i] = a[i];
}

static double measure_copy_bw()
{
  const size_t n = (size_t)1 << 27; /* 1 GiB each way */
  double *a, *b;
  int sms = 0, dev = 0;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CK(cudaMalloc(&a, n * 8));
  CK(cudaMalloc(&b, n * 8));
  CK(cudaMemset(a, 1, n * 8));
  std::vector<float> t;
  for (int r = 0; r < 12; r++) {
    CK(cudaEventRecord(g_e0));
    copy_kernel<<<sms * 16, 256>>>(a, b, n);
    CK(cudaEventRecord(g_e1));
    CK(cudaEventSynchronize(g_e1));
    float ms;
    CK(cudaEventElapsedTime(&ms, g_e0, g_e1));
    if (r >= 2) t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  CK(cudaFree(a));
  CK(cudaFree(b));
  return 2.0 * n * 8 / (t[t.size() / 2] * 1e-3);
}

/* median ms of g_reps runs of run() after one warm-up; prep() restores the inputs
   before each run, outside the events. run() returns 0 = ok, 1 = not supported,
   2 = failed; the result is -1 (n/a) or -2 (failed) then. */
static double time_ms(const std::function<void()> &prep, const std::function<int()> &run)
{
  std::vector<float> t;
  for (int r = 0; r <= g_reps; r++) {
    prep();
    CK(cudaEventRecord(g_e0));
    int s = run();
    CK(cudaEventRecord(g_e1));
    CK(cudaEventSynchronize(g_e1));
    if (s) return s == 1 ? -1 : -2;
    float ms;
    CK(cudaEventElapsedTime(&ms, g_e0, g_e1));
    if (r > 0) t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

/* ---- problems ------------------------------------------------------------------------- */

static uint64_t g_rng;
static double urand()
{
  g_rng ^= g_rng << 13;
  g_rng ^= g_rng >> 7;
  g_rng ^= g_rng << 17;
  return (double)(g_rng >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

/* batch systems of n rows, contiguous (stride n); dl of row 0 and du of row n-1 of
   each system are 0, as cuSPARSE requires (gtsv ignores them) */
template <typename T>
static void make_problem(int64_t n, int64_t batch, int kind, uint64_t seed,
                         std::vector<T> &dl, std::vector<T> &d, std::vector<T> &du,
                         std::vector<T> &b)
{
  /* 0 random, 1 dominant, 2 zero diagonal in pairs: d = 0, rows (2k, 2k+1) coupled
     by |du[2k]|, |dl[2k+1]| in [0.5, 1.5], the other couplings U(-0.25, 0.25)
     (tests/testutil.h TU_ZERO_DIAG_PAIRS): every pivot block 2x2, condition <= 7 at
     any even n. (With all couplings U(-1,1) and d = 0 the condition grows like
     exp(c sqrt(n)): at n = 2^23 LAPACK's dgtsv reports it singular, so no solver
     can be timed on it.) */
  const bool dominant = kind == 1, zero = kind == 2;
  const size_t N = (size_t)(n * batch);
  dl.resize(N); d.resize(N); du.resize(N); b.resize(N);
  g_rng = 0x9E3779B97F4A7C15ull ^ (seed * 0x2545F4914F6CDD1Dull);
  for (size_t i = 0; i < N; i++) {
    const double a = urand(), c = urand();
    if (zero) {
      const bool even = (i % (size_t)n) % 2 == 0;
      dl[i] = (T)(even ? 0.25 * a : a + std::copysign(0.5, a));
      du[i] = (T)(even ? c + std::copysign(0.5, c) : 0.25 * c);
    } else {
      dl[i] = (T)a;
      du[i] = (T)c;
    }
    d[i] = (T)(zero ? 0.0 : dominant ? 4.0 + urand() : urand());
    b[i] = (T)urand();
  }
  for (int64_t k = 0; k < batch; k++) {
    dl[(size_t)(k * n)] = 0;
    du[(size_t)(k * n + n - 1)] = 0;
  }
}

template <typename T>
static void to_inter(const std::vector<T> &a, std::vector<T> &out, int64_t n, int64_t batch)
{
  out.resize(a.size());
  for (int64_t k = 0; k < batch; k++)
    for (int64_t i = 0; i < n; i++) out[(size_t)(i * batch + k)] = a[(size_t)(k * n + i)];
}

/* ||T x - b|| / ||b|| of system k, in long double; x element i at x[xo + i*xs] */
template <typename T>
static long double residual(const std::vector<T> &dl, const std::vector<T> &d,
                            const std::vector<T> &du, const std::vector<T> &b,
                            const std::vector<T> &x, int64_t n, int64_t k, int64_t xo,
                            int64_t xs)
{
  long double r2 = 0, b2 = 0;
  const int64_t o = k * n;
  for (int64_t i = 0; i < n; i++) {
    long double t = (long double)d[o + i] * x[xo + i * xs];
    if (i > 0) t += (long double)dl[o + i] * x[xo + (i - 1) * xs];
    if (i + 1 < n) t += (long double)du[o + i] * x[xo + (i + 1) * xs];
    t -= b[o + i];
    r2 += t * t;
    b2 += (long double)b[o + i] * b[o + i];
  }
  return b2 > 0 ? sqrtl(r2 / b2) : sqrtl(r2);
}

/* max residual over a sample of systems (first 16, last 16, 32 spread between) */
template <typename T>
static double sample_residual(const std::vector<T> &dl, const std::vector<T> &d,
                              const std::vector<T> &du, const std::vector<T> &b,
                              const std::vector<T> &x, int64_t n, int64_t batch, bool inter)
{
  std::vector<int64_t> ks;
  for (int64_t k = 0; k < batch && k < 16; k++) ks.push_back(k);
  for (int64_t k = std::max<int64_t>(16, batch - 16); k < batch; k++) ks.push_back(k);
  for (int j = 1; j <= 32; j++) ks.push_back(batch * j / 33);
  long double worst = 0;
  for (int64_t k : ks) {
    if (k < 0 || k >= batch) continue;
    long double r = inter ? residual(dl, d, du, b, x, n, k, k, batch)
                          : residual(dl, d, du, b, x, n, k, k * n, 1);
    if (!(r <= worst)) worst = r; /* NaN wins */
  }
  return (double)worst;
}

/* ---- output ------------------------------------------------------------------------------ */

struct Row {
  std::string solver, note;
  double ms, resid; /* ms < 0: n/a (-1) or failed (-2) */
};

static void print_header()
{
  std::printf("%-30s %-30s %10s %7s %8s %10s  %s\n", "case", "solver", "ms(med)", "E",
              "vs ref", "max resid", "note");
  if (g_md)
    std::fprintf(g_md, "| case | solver | ms (median) | E | vs cuSPARSE ref | max resid | note |\n"
                       "|---|---|---:|---:|---:|---:|---|\n");
}

/* ref: index of the reference row (time ratio t_ref / t) */
static void print_case(const std::string &name, const std::vector<Row> &rows, size_t ref,
                       double bytes)
{
  const double tref = rows[ref].ms;
  for (const Row &r : rows) {
    char t[32], e[32], v[32], res[32];
    if (r.ms < 0) {
      std::snprintf(t, sizeof t, "%s", r.ms == -1 ? "n/a" : "FAILED");
      std::snprintf(e, sizeof e, "-");
      std::snprintf(v, sizeof v, "-");
      std::snprintf(res, sizeof res, "-");
    } else {
      std::snprintf(t, sizeof t, "%.4f", r.ms);
      std::snprintf(e, sizeof e, "%.1f%%", 100.0 * bytes / (r.ms * 1e-3) / g_copy_bw);
      if (tref > 0) std::snprintf(v, sizeof v, "%.2fx", tref / r.ms);
      else std::snprintf(v, sizeof v, "-");
      std::snprintf(res, sizeof res, "%.2e", r.resid);
    }
    std::printf("%-30s %-30s %10s %7s %8s %10s  %s\n", name.c_str(), r.solver.c_str(), t, e,
                v, res, r.note.c_str());
    if (g_md)
      std::fprintf(g_md, "| %s | %s | %s | %s | %s | %s | %s |\n", name.c_str(),
                   r.solver.c_str(), t, e, v, res, r.note.c_str());
  }
  std::fflush(stdout);
  if (g_md) std::fflush(g_md);
}

static std::string mb(size_t bytes)
{
  char s[48];
  std::snprintf(s, sizeof s, "buf %.1f MB", bytes / 1e6);
  return s;
}

static std::string info_note(gtsv_handle h)
{
  int64_t info = 0, row = -1;
  gtsv_status s = gtsv_get_info(h, &info, &row);
  if (s == GTSV_STATUS_SUCCESS) return "";
  char t[96];
  if (s == GTSV_STATUS_SINGULAR)
    std::snprintf(t, sizeof t, "singular: system %lld row %lld", (long long)info - 1,
                  (long long)row);
  else
    std::snprintf(t, sizeof t, "get_info: %s", gtsv_status_string(s));
  return t;
}

/* ---- the cases -------------------------------------------------------------------------- */

template <typename T> static const char *pname() { return sizeof(T) == 8 ? "double" : "float"; }

template <typename T>
static void graph_rows(gtsv_handle h, cusparseHandle_t sp, int64_t n, int64_t batch,
                       const T *Sdl, const T *Sd, const T *Sdu, const T *Sb,
                       const std::function<double(const T *)> &resid, std::vector<Row> &rows);

/* One cuSPARSE row: size (buffer size query) and solve (with the buffer) return
   cuSPARSE statuses; prep restores what the solve overwrites (outside the
   timing), fetch returns the residual. */
static Row cusparse_row(const std::string &name, const std::string &note,
                        const std::function<cusparseStatus_t(size_t *)> &size,
                        const std::function<cusparseStatus_t(void *)> &solve,
                        const std::function<void()> &prep, const std::function<double()> &fetch)
{
  size_t sz = 0;
  void *buf = nullptr;
  Row r{name, "", -2, 0};
  if (size(&sz) == CUSPARSE_STATUS_SUCCESS && cudaMalloc(&buf, sz + 8) == cudaSuccess) {
    r.ms = time_ms(prep, [&] { return solve(buf) == CUSPARSE_STATUS_SUCCESS ? 0 : 2; });
    if (r.ms >= 0) r.resid = fetch();
    r.note = mb(sz) + note;
    CK(cudaFree(buf));
  } else {
    (void)cudaGetLastError();
    r.note = "no buffer";
  }
  return r;
}

/* gtsvInterleavedBatch (algo 1 or 2) on (dl, d, du, X), interleaved layout */
template <typename T>
static Row cusparse_inter_row(cusparseHandle_t sp, int algo, int64_t n, int64_t batch, T *dl,
                              T *d, T *du, T *X, const std::function<void()> &prep,
                              const std::function<double()> &fetch)
{
  return cusparse_row(
      std::string("cusparse InterleavedBatch a") + char('0' + algo), "",
      [&](size_t *sz) { return sp_inter_size(sp, algo, (int)n, dl, d, du, X, (int)batch, sz); },
      [&](void *buf) { return sp_inter(sp, algo, (int)n, dl, d, du, X, (int)batch, buf); }, prep,
      fetch);
}

/* gtsv2StridedBatch (no pivoting) on a strided batch */
template <typename T>
static Row cusparse_strided_row(cusparseHandle_t sp, int64_t n, int64_t batch, T *dl, T *d,
                                T *du, T *X, const std::function<void()> &prep,
                                const std::function<double()> &fetch)
{
  return cusparse_row(
      "cusparse gtsv2StridedBatch", ", no pivoting",
      [&](size_t *sz) { return sp_strided_size(sp, (int)n, dl, d, du, X, (int)batch, (int)n, sz); },
      [&](void *buf) { return sp_strided(sp, (int)n, dl, d, du, X, (int)batch, (int)n, buf); },
      prep, fetch);
}

template <typename T>
static void batch_case(gtsv_handle h, cusparseHandle_t sp, int64_t n, int64_t batch, bool dom)
{
  const size_t N = (size_t)(n * batch), bytes = N * sizeof(T);
  std::vector<T> dl, d, du, b, idl, id, idu, ib, x(N);
  make_problem(n, batch, dom ? 1 : 0, (uint64_t)(n * 31 + batch + dom), dl, d, du, b);
  to_inter(dl, idl, n, batch);
  to_inter(d, id, n, batch);
  to_inter(du, idu, n, batch);
  to_inter(b, ib, n, batch);
  /* strided inputs, interleaved pristine inputs, work copies */
  T *Sdl, *Sd, *Sdu, *Sb, *Idl, *Id, *Idu, *Ib, *Wdl, *Wd, *Wdu, *X;
  T **all[] = {&Sdl, &Sd, &Sdu, &Sb, &Idl, &Id, &Idu, &Ib, &Wdl, &Wd, &Wdu, &X};
  for (T **p : all) CK(cudaMalloc(p, bytes));
  CK(cudaMemcpy(Sdl, dl.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sd, d.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sdu, du.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sb, b.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Idl, idl.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Id, id.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Idu, idu.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Ib, ib.data(), bytes, cudaMemcpyHostToDevice));

  std::vector<Row> rows;
  auto fetch = [&](bool inter) {
    CK(cudaMemcpy(x.data(), X, bytes, cudaMemcpyDeviceToHost));
    return sample_residual(dl, d, du, b, x, n, batch, inter);
  };
  auto prep_s = [&] { CK(cudaMemcpyAsync(X, Sb, bytes, cudaMemcpyDeviceToDevice)); };
  auto prep_i = [&] { CK(cudaMemcpyAsync(X, Ib, bytes, cudaMemcpyDeviceToDevice)); };
  auto prep_iw = [&] { /* cuSPARSE's interleaved batch overwrites dl, d, du */
    CK(cudaMemcpyAsync(X, Ib, bytes, cudaMemcpyDeviceToDevice));
    CK(cudaMemcpyAsync(Wdl, Idl, bytes, cudaMemcpyDeviceToDevice));
    CK(cudaMemcpyAsync(Wd, Id, bytes, cudaMemcpyDeviceToDevice));
    CK(cudaMemcpyAsync(Wdu, Idu, bytes, cudaMemcpyDeviceToDevice));
  };
  auto gst = [](gtsv_status s) { return s == GTSV_STATUS_SUCCESS ? 0 : s == GTSV_STATUS_NOT_SUPPORTED ? 1 : 2; };

  /* cuSPARSE gtsvInterleavedBatch algo 1 (reference) and 2 */
  for (int algo = 1; algo <= (g_lean ? 1 : 2); algo++)
    rows.push_back(cusparse_inter_row<T>(sp, algo, n, batch, Wdl, Wd, Wdu, X, prep_iw,
                                         [&] { return fetch(true); }));
  rows.push_back(cusparse_strided_row<T>(sp, n, batch, Sdl, Sd, Sdu, X, prep_s,
                                         [&] { return fetch(false); }));
  const double t_sb = rows.back().ms; /* cuSPARSE gtsv2StridedBatch */
  auto vs_sb = [&](double ms) {
    char t[48];
    if (ms > 0 && t_sb > 0) std::snprintf(t, sizeof t, "%.2fx gtsv2StridedBatch", t_sb / ms);
    else t[0] = 0;
    return std::string(t);
  };
  auto with = [](const std::string &a, const std::string &b) {
    return a.empty() ? b : b.empty() ? a : a + "; " + b;
  };
  {
    Row r{"gtsv strided_batch", "", -2, 0};
    r.ms = time_ms(prep_s, [&] { return gst(g_strided(h, n, Sdl, Sd, Sdu, X, batch)); });
    if (r.ms >= 0) { r.resid = fetch(false); r.note = with(info_note(h), vs_sb(r.ms)); }
    int fb = 0;
    const gtsv_batch_desc sd = {n, batch, n, 1, n, 1, n, NULL, NULL, 0, 0};
    if (r.ms >= 0 && !gtsv__batch_tile_takes(&sd) &&
        gtsv__spike_fallback_taken(h, &fb) == GTSV_STATUS_SUCCESS)
      r.note = with(r.note, fb ? "SPIKE over the batch, fell back to DP_SEQ (bits " +
                                     std::to_string(fb) + ")"
                               : std::string("SPIKE over the batch"));
    rows.push_back(r);
  }
  /* the case's end: a small batch's graph rows, then the table */
  auto finish = [&] {
    if (n * batch <= ((int64_t)1 << 20)) { /* small batch: graph replay of 20 solves */
      auto resid = [&](const T *Xd) {
        CK(cudaMemcpy(x.data(), Xd, bytes, cudaMemcpyDeviceToHost));
        return sample_residual(dl, d, du, b, x, n, batch, false);
      };
      graph_rows<T>(h, sp, n, batch, Sdl, Sd, Sdu, Sb, resid, rows);
    }
    for (T **p : all) CK(cudaFree(*p));
    char name[96];
    std::snprintf(name, sizeof name, "%s %lldx%lld %s", pname<T>(), (long long)n,
                  (long long)batch, dom ? "dominant" : "random");
    print_case(name, rows, 0, (double)(5 * sizeof(T)) * N);
  };
  if (g_lean) return finish();
  /* a strided row with a knob set around the timed solves (set, reset) */
  auto strided_knob = [&](const std::string &name, auto set, auto reset) {
    Row r{name, "", -2, 0};
    set();
    r.ms = time_ms(prep_s, [&] { return gst(g_strided(h, n, Sdl, Sd, Sdu, X, batch)); });
    if (r.ms >= 0) { r.resid = fetch(false); r.note = with(info_note(h), vs_sb(r.ms)); }
    reset();
    rows.push_back(r);
  };
  /* the on-chip kernel with each partition size it takes (tuning), and the
     thread-per-system kernel (GTSV_ALGO_DP_SEQ: two passes through a workspace) */
  for (int m : {8, 16, 32, 64})
    if (n <= 32 * m)
      strided_knob("gtsv strided, tile M=" + std::to_string(m), [&] { gtsv__batch_tile_m = m; },
                   [] { gtsv__batch_tile_m = 0; });
  if (n > 16 * 16) /* 17+ partitions of 16 rows or more: the two levels off */
    strided_knob("gtsv strided, one-level reduced", [] { gtsv__batch_tile_red2 = 0; },
                 [] { gtsv__batch_tile_red2 = 1; });
  /* dominant systems through the pivoting attempts, as before spike_attempt_np */
  strided_knob("gtsv strided, pivoting attempts only", [] { gtsv__batch_tile_np = 0; },
               [] { gtsv__batch_tile_np = 1; });
  if (n > 4 * 16) /* reduced systems of 4 rows or more: without the checked cyclic reduction */
    strided_knob("gtsv strided, no cyclic reduction", [] { gtsv__batch_tile_pcr = 0; },
                 [] { gtsv__batch_tile_pcr = 1; });
  strided_knob("gtsv strided, DP_SEQ kernel", [&] { gtsv_set_algo(h, GTSV_ALGO_DP_SEQ); },
               [&] { gtsv_set_algo(h, GTSV_ALGO_AUTO); });
  {
    Row r{"gtsv interleaved_batch", "", -2, 0};
    r.ms = time_ms(prep_i, [&] { return gst(g_inter(h, n, Idl, Id, Idu, X, batch)); });
    if (r.ms >= 0) { r.resid = fetch(true); r.note = with(info_note(h), vs_sb(r.ms)); }
    rows.push_back(r);
  }
  /* each path of the interleaved layout: one thread per system (batch_dp_inter),
     and the on-chip kernel (n <= 1024) or the packed path */
  for (int mode : {1, 8, 16, 0}) { /* 8, 16: rows ahead forced (gtsv__batch_inter_ahead) */
    Row r{mode == 1    ? "gtsv interleaved, thread per system"
          : mode == 8  ? "gtsv interleaved, thread per system, K=8"
          : mode == 16 ? "gtsv interleaved, thread per system, K=16"
          : n <= 1024  ? "gtsv interleaved, on-chip kernel"
                       : "gtsv interleaved, packed",
          "", -2, 0};
    gtsv__batch_inter_dp = mode ? 1 : 0;
    gtsv__batch_inter_ahead = mode > 1 ? mode : 0;
    r.ms = time_ms(prep_i, [&] { return gst(g_inter(h, n, Idl, Id, Idu, X, batch)); });
    gtsv__batch_inter_dp = -1;
    gtsv__batch_inter_ahead = 0;
    if (r.ms >= 0) { r.resid = fetch(true); r.note = with(info_note(h), vs_sb(r.ms)); }
    rows.push_back(r);
  }
  if (n > 2048) { /* strided with gaps longer than the systems: packed for SPIKE */
    const int64_t S = 2 * n + 64;
    const size_t gb = (size_t)(S * batch) * sizeof(T), row = (size_t)n * sizeof(T);
    T *G[5]; /* dl, d, du, b (pristine), x */
    for (T *&p : G) {
      CK(cudaMalloc(&p, gb));
      CK(cudaMemset(p, 0, gb));
    }
    const T *src[4] = {Sdl, Sd, Sdu, Sb};
    for (int a = 0; a < 4; a++)
      CK(cudaMemcpy2D(G[a], S * sizeof(T), src[a], row, row, (size_t)batch,
                      cudaMemcpyDeviceToDevice));
    auto prep_g = [&] { CK(cudaMemcpyAsync(G[4], G[3], gb, cudaMemcpyDeviceToDevice)); };
    auto fetch_g = [&] {
      CK(cudaMemcpy2D(X, row, G[4], S * sizeof(T), row, (size_t)batch, cudaMemcpyDeviceToDevice));
      return fetch(false);
    };
    char nm[80];
    for (int pack = 1; pack >= 0; pack--) {
      std::snprintf(nm, sizeof nm, "gtsv strided, stride 2n+64%s", pack ? "" : ", no packing");
      Row r{nm, "", -2, 0};
      gtsv__batch_pack = pack;
      r.ms = time_ms(prep_g, [&] {
        return gst(g_strided_s(h, n, G[0], G[1], G[2], G[4], batch, S));
      });
      gtsv__batch_pack = 1;
      if (r.ms >= 0) {
        r.resid = fetch_g();
        r.note = with(info_note(h), vs_sb(r.ms));
      }
      r.note = with(r.note, pack ? "packed for the GPU SPIKE (batch_pack.cu)"
                                 : "thread-per-system kernel");
      rows.push_back(r);
    }
    for (T *p : G) CK(cudaFree(p));
  }
  /* one matrix (system 0's), batch right-hand sides: factored once (batch_nrhs.cu),
     then, as before it, every thread factoring again (gtsv__batch_nrhs_factored = 0) */
  for (int fac = 1; fac >= 0 && n <= GTSV_BATCH_NRHS_MAX_N; fac--) {
    Row r{fac ? "gtsv gtsv nrhs=batch" : "gtsv gtsv nrhs=batch, factor per column", "", -2, 0};
    gtsv__batch_nrhs_factored = fac;
    r.ms = time_ms(prep_s, [&] { return gst(g_gtsv_nrhs(h, n, batch, Sdl, Sd, Sdu, X)); });
    gtsv__batch_nrhs_factored = 1;
    if (r.ms >= 0) {
      CK(cudaMemcpy(x.data(), X, bytes, cudaMemcpyDeviceToHost));
      long double worst = 0;
      for (int64_t k = 0; k < batch; k += std::max<int64_t>(1, batch / 64)) {
        std::vector<T> bk(b.begin() + k * n, b.begin() + (k + 1) * n);
        std::vector<T> xk(x.begin() + k * n, x.begin() + (k + 1) * n);
        const long double rk = residual(dl, d, du, bk, xk, n, 0, 0, 1);
        if (!(rk <= worst)) worst = rk;
      }
      r.resid = (double)worst;
      r.note = with(info_note(h), "one matrix: reads 1 + 1/batch arrays of n per column");
    }
    rows.push_back(r);
  }
  finish();
}

/* Median ms a call of a CUDA graph of kG calls captured on st: call(j) queues call j and
   returns whether it was queued (call(0) also runs once before the capture, for one-time
   setup); reset() is queued before each of the g_reps + 1 replays, outside the events
   (the first replay is a warm-up). -2: a call or the capture failed. */
static double graph_ms(cudaStream_t st, int kG, const std::function<bool(int)> &call,
                       const std::function<void()> &reset)
{
  double res = -2;
  bool ok = call(0);
  CK(cudaStreamSynchronize(st));
  cudaGraph_t g = nullptr;
  cudaGraphExec_t ge = nullptr;
  if (ok) {
    CK(cudaStreamBeginCapture(st, cudaStreamCaptureModeRelaxed));
    for (int j = 0; j < kG && ok; j++) ok = call(j);
    CK(cudaStreamEndCapture(st, &g));
  }
  if (ok && cudaGraphInstantiate(&ge, g, 0) == cudaSuccess) {
    std::vector<float> t;
    for (int rep = 0; rep <= g_reps; rep++) {
      reset();
      CK(cudaEventRecord(g_e0, st));
      CK(cudaGraphLaunch(ge, st));
      CK(cudaEventRecord(g_e1, st));
      CK(cudaEventSynchronize(g_e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, g_e0, g_e1));
      if (rep > 0) t.push_back(ms / kG);
    }
    std::sort(t.begin(), t.end());
    res = t[t.size() / 2];
    cudaGraphExecDestroy(ge);
  } else {
    (void)cudaGetLastError();
  }
  if (g) cudaGraphDestroy(g);
  return res;
}

/* Small batches: kG solves, each on its own copy of b, captured once in a CUDA
   graph on a created stream; per solve = (median replay time) / kG. The copies of
   b are restored before each replay, outside the timed interval. Rows for gtsv's
   strided batch and cuSPARSE gtsv2StridedBatch (neither modifies dl, d, du). */
template <typename T>
static void graph_rows(gtsv_handle h, cusparseHandle_t sp, int64_t n, int64_t batch,
                       const T *Sdl, const T *Sd, const T *Sdu, const T *Sb,
                       const std::function<double(const T *)> &resid, std::vector<Row> &rows)
{
  constexpr int kG = 20;
  const size_t N = (size_t)(n * batch), bytes = N * sizeof(T);
  cudaStream_t st;
  CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  std::vector<T *> Xs(kG);
  for (T *&p : Xs) CK(cudaMalloc(&p, bytes));
  size_t sz = 0;
  void *buf = nullptr;
  if (sp_strided_size(sp, (int)n, Sdl, Sd, Sdu, Xs[0], (int)batch, (int)n, &sz) != CUSPARSE_STATUS_SUCCESS)
    sz = 0;
  CK(cudaMalloc(&buf, sz + 8));
  gtsv_set_stream(h, st);
  cusparseSetStream(sp, st);
  static const char *const names[] = {"gtsv strided_batch (graph)",
                                      "cusparse gtsv2StridedBatch (graph)",
                                      "gtsv strided, one-level reduced (graph)",
                                      "gtsv strided, pivoting attempts only (graph)",
                                      "gtsv strided, no cyclic reduction (graph)",
                                      "gtsv strided, retries in turn (graph)",
                                      "launch floor: an empty kernel, 3 warps x batch (graph)",
                                      "launch floor, programmatic dependent launches (graph)"};
  for (int which = 0; which < 8; which++) {
    if (which == 2 && n <= 16 * 16) continue;
    if (which == 4 && n <= 4 * 16) continue;
    Row r{names[which], "", -2, 0};
    gtsv__batch_tile_red2 = which == 2 ? 0 : 1;
    gtsv__batch_tile_np = which == 3 ? 0 : 1;
    gtsv__batch_tile_pcr = which == 4 ? 0 : 1;
    gtsv__batch_tile_spec = which == 5 ? 0 : 1;
    auto solve = [&](int k) {
      if (which == 6) {
        empty_kernel<<<(unsigned)batch, 96, 0, st>>>(nullptr);
        return cudaGetLastError() == cudaSuccess;
      }
      if (which == 7)
        return gtsv_pdl::launch_pdl(true, empty_pdl_kernel, dim3((unsigned)batch), dim3(96), 0,
                                    st, (int *)nullptr) == cudaSuccess;
      if (which != 1) return g_strided(h, n, Sdl, Sd, Sdu, Xs[k], batch) == GTSV_STATUS_SUCCESS;
      return sp_strided(sp, (int)n, Sdl, Sd, Sdu, Xs[k], (int)batch, (int)n, buf) == CUSPARSE_STATUS_SUCCESS;
    };
    r.ms = graph_ms(st, kG, solve, [&] {
      for (T *p : Xs) CK(cudaMemcpyAsync(p, Sb, bytes, cudaMemcpyDeviceToDevice, st));
    });
    if (r.ms >= 0) {
      /* the last solve of the last replay; the launch floor solves nothing (NaN) */
      r.resid = which >= 6 ? NAN : resid(Xs[kG - 1]);
      char note[96];
      std::snprintf(note, sizeof note, "per solve: CUDA graph of %d %s, median of %d replays",
                    kG, which >= 6 ? "launches" : "solves", g_reps);
      r.note = note;
    } else {
      r.note = "graph capture failed";
    }
    gtsv__batch_tile_red2 = 1;
    gtsv__batch_tile_np = 1;
    gtsv__batch_tile_pcr = 1;
    gtsv__batch_tile_spec = 1;
    rows.push_back(r);
  }
  gtsv_set_stream(h, nullptr);
  cusparseSetStream(sp, nullptr);
  CK(cudaFree(buf));
  for (T *p : Xs) CK(cudaFree(p));
  CK(cudaStreamDestroy(st));
}

/* Short single systems (--only short): one matrix of n rows with q right-hand sides,
   random, the latency a caller sees. Eager rows: events around one call (time_ms);
   graph rows: a CUDA graph of kG calls on a created stream, each on its own copy of B,
   per call = median replay / kG. Solvers: cuSPARSE gtsv2 (the reference), gtsv AUTO;
   up to GTSV_BATCH_SEQ_MAX_N also AUTO with gtsv__batch_nrhs_seq = 0 (the kernels
   before the on-chip path: factored once, or one thread) and = 1 (on chip whatever
   q); beyond it AUTO with gtsv__batch_single_tile = 0 (the GPU SPIKE where AUTO takes
   the on-chip kernel; where AUTO takes the factored kernel both rows do). */
template <typename T>
static void short_case(gtsv_handle h, cusparseHandle_t sp, int64_t n, int64_t q)
{
  constexpr int kG = 20;
  const size_t N = (size_t)n, NB = (size_t)(n * q), bytes = NB * sizeof(T);
  std::vector<T> dl, d, du, b1, b(NB), x(NB), rdl, rd, rdu;
  make_problem(n, 1, 0, (uint64_t)(n * 7 + q), dl, d, du, b1);
  g_rng = 777 + (uint64_t)q;
  for (size_t i = 0; i < NB; i++) b[i] = (T)urand();
  for (int64_t k = 0; k < q; k++) {
    rdl.insert(rdl.end(), dl.begin(), dl.end());
    rd.insert(rd.end(), d.begin(), d.end());
    rdu.insert(rdu.end(), du.begin(), du.end());
  }
  T *Sdl, *Sd, *Sdu, *Sb;
  CK(cudaMalloc(&Sdl, N * sizeof(T)));
  CK(cudaMalloc(&Sd, N * sizeof(T)));
  CK(cudaMalloc(&Sdu, N * sizeof(T)));
  CK(cudaMalloc(&Sb, bytes));
  CK(cudaMemcpy(Sdl, dl.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sd, d.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sdu, du.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sb, b.data(), bytes, cudaMemcpyHostToDevice));
  std::vector<T *> Xs(kG);
  for (T *&p : Xs) CK(cudaMalloc(&p, bytes));
  size_t sz = 0;
  void *buf = nullptr;
  if (sp_gtsv2q_size(sp, (int)n, (int)q, Sdl, Sd, Sdu, Xs[0], &sz) != CUSPARSE_STATUS_SUCCESS) sz = 0;
  CK(cudaMalloc(&buf, sz + 8));
  auto resid = [&](const T *Xd) {
    CK(cudaMemcpy(x.data(), Xd, bytes, cudaMemcpyDeviceToHost));
    return sample_residual(rdl, rd, rdu, b, x, n, q, false);
  };
  /* solver k: 0 gtsv2, 1 AUTO, 2 AUTO seq 0, 3 AUTO seq 1, 4 AUTO single tile 0; with
     2+ columns, DP_SEQ's kernels for one matrix (seq off): 5 nrhs_fused, 6 the
     factorisation's kernel then the solve's, 7 a thread per column */
  const bool seq = n <= GTSV_BATCH_SEQ_MAX_N;
  std::vector<int> which = {0, 1};
  if (seq) { which.push_back(2); which.push_back(3); }
  else which.push_back(4);
  if (q >= 2 && n <= GTSV_BATCH_NRHS_MAX_N)
    for (int k : {5, 6, 7}) which.push_back(k);
  static const char *const names[] = {"cusparse gtsv2", "gtsv AUTO", "gtsv AUTO, seq off",
                                      "gtsv AUTO, seq always", "gtsv AUTO, not on chip",
                                      "gtsv DP_SEQ, fused", "gtsv DP_SEQ, two kernels",
                                      "gtsv DP_SEQ, thread per column"};
  auto call = [&](int k, T *X) {
    gtsv__batch_nrhs_seq = k == 2 || k >= 5 ? 0 : k == 3 ? 1 : -1;
    gtsv__batch_single_tile = k != 4;
    gtsv__batch_nrhs_fused = k == 5 ? 1 : k == 6 ? 0 : -1;
    gtsv__batch_nrhs_factored = k != 7;
    if (k >= 5) gtsv_set_algo(h, GTSV_ALGO_DP_SEQ);
    int e;
    if (k == 0) e = sp_gtsv2q(sp, (int)n, (int)q, Sdl, Sd, Sdu, X, buf) == CUSPARSE_STATUS_SUCCESS ? 0 : 2;
    else e = g_gtsvq(h, n, q, Sdl, Sd, Sdu, X) == GTSV_STATUS_SUCCESS ? 0 : 2;
    gtsv_set_algo(h, GTSV_ALGO_AUTO);
    gtsv__batch_nrhs_seq = -1;
    gtsv__batch_single_tile = 1;
    gtsv__batch_nrhs_fused = -1;
    gtsv__batch_nrhs_factored = 1;
    return e;
  };
  std::vector<Row> rows;
  for (int k : which) { /* eager */
    Row r{std::string(names[k]) + " (eager)", "", -2, 0};
    r.ms = time_ms([&] { CK(cudaMemcpyAsync(Xs[0], Sb, bytes, cudaMemcpyDeviceToDevice)); },
                   [&] { return call(k, Xs[0]); });
    if (r.ms >= 0) {
      r.resid = resid(Xs[0]);
      if (k) r.note = info_note(h);
    }
    rows.push_back(r);
  }
  cudaStream_t st;
  CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  gtsv_set_stream(h, st);
  cusparseSetStream(sp, st);
  for (int k : which) { /* graph */
    /* gtsv2 takes 8 ms at 1024 columns on an H100: 20 of them a replay, no graph */
    if (k == 0 && q > 64) continue;
    Row r{std::string(names[k]) + " (graph)", "", -2, 0};
    r.ms = graph_ms(st, kG, [&](int j) { return call(k, Xs[j]) == 0; }, [&] {
      for (T *p : Xs) CK(cudaMemcpyAsync(p, Sb, bytes, cudaMemcpyDeviceToDevice, st));
    });
    if (r.ms >= 0) {
      r.resid = resid(Xs[kG - 1]);
      char note[64];
      std::snprintf(note, sizeof note, "graph of %d calls", kG);
      r.note = note;
    } else {
      r.note = "graph capture failed";
    }
    rows.push_back(r);
  }
  gtsv_set_stream(h, nullptr);
  cusparseSetStream(sp, nullptr);
  CK(cudaStreamDestroy(st));
  CK(cudaFree(buf));
  for (T *p : Xs) CK(cudaFree(p));
  for (T *p : {Sdl, Sd, Sdu, Sb}) CK(cudaFree(p));
  char name[96];
  std::snprintf(name, sizeof name, "short %s n=%lld nrhs=%lld", pname<T>(), (long long)n,
                (long long)q);
  print_case(name, rows, 0, (double)(5 * sizeof(T)) * (double)NB);
}

/* GPU ARCR vs the batch paths and cuSPARSE on a strided batch (random) */
template <typename T>
static void arcr_batch_case(gtsv_handle h, cusparseHandle_t sp, int64_t n, int64_t batch)
{
  const size_t N = (size_t)(n * batch), bytes = N * sizeof(T);
  std::vector<T> dl, d, du, b, idl, id, idu, ib, x(N);
  make_problem(n, batch, 0, (uint64_t)(n * 77 + batch), dl, d, du, b);
  to_inter(dl, idl, n, batch);
  to_inter(d, id, n, batch);
  to_inter(du, idu, n, batch);
  to_inter(b, ib, n, batch);
  T *Sdl, *Sd, *Sdu, *Sb, *Idl, *Id, *Idu, *Ib, *X;
  T **all[] = {&Sdl, &Sd, &Sdu, &Sb, &Idl, &Id, &Idu, &Ib, &X};
  for (T **p : all) CK(cudaMalloc(p, bytes));
  CK(cudaMemcpy(Sdl, dl.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sd, d.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sdu, du.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sb, b.data(), bytes, cudaMemcpyHostToDevice));
  std::vector<Row> rows;
  auto fetch = [&](bool inter) {
    CK(cudaMemcpy(x.data(), X, bytes, cudaMemcpyDeviceToHost));
    return sample_residual(dl, d, du, b, x, n, batch, inter);
  };
  auto prep_s = [&] { CK(cudaMemcpyAsync(X, Sb, bytes, cudaMemcpyDeviceToDevice)); };
  auto gst = [](gtsv_status s) { return s == GTSV_STATUS_SUCCESS ? 0 : s == GTSV_STATUS_NOT_SUPPORTED ? 1 : 2; };
  { /* cuSPARSE gtsvInterleavedBatch algo 1 (LU, pivoting): the reference. It
       overwrites dl, d, du: restore them (outside the timing) from the host */
    CK(cudaMemcpy(Ib, ib.data(), bytes, cudaMemcpyHostToDevice));
    auto prep = [&] {
      CK(cudaMemcpy(X, Ib, bytes, cudaMemcpyDeviceToDevice));
      CK(cudaMemcpy(Idl, idl.data(), bytes, cudaMemcpyHostToDevice));
      CK(cudaMemcpy(Id, id.data(), bytes, cudaMemcpyHostToDevice));
      CK(cudaMemcpy(Idu, idu.data(), bytes, cudaMemcpyHostToDevice));
    };
    prep();
    rows.push_back(cusparse_inter_row<T>(sp, 1, n, batch, Idl, Id, Idu, X, prep,
                                         [&] { return fetch(true); }));
  }
  rows.push_back(cusparse_strided_row<T>(sp, n, batch, Sdl, Sd, Sdu, X, prep_s,
                                         [&] { return fetch(false); }));
  const gtsv_algo algos[] = {GTSV_ALGO_AUTO, GTSV_ALGO_DP_SEQ, GTSV_ALGO_ARCR};
  const char *names[] = {"gtsv strided_batch AUTO", "gtsv strided_batch DP_SEQ",
                         "gtsv strided_batch ARCR"};
  for (int a = 0; a < 3; a++) {
    Row r{names[a], "", -2, 0};
    gtsv_set_algo(h, algos[a]);
    r.ms = time_ms(prep_s, [&] { return gst(g_strided(h, n, Sdl, Sd, Sdu, X, batch)); });
    if (r.ms >= 0) { r.resid = fetch(false); r.note = info_note(h); }
    else if (r.ms == -1) r.note = "NOT_SUPPORTED (n above the on-chip limit)";
    rows.push_back(r);
  }
  gtsv_set_algo(h, GTSV_ALGO_AUTO);
  for (T **p : all) CK(cudaFree(*p));
  char name[96];
  std::snprintf(name, sizeof name, "arcr %s %lldx%lld random", pname<T>(), (long long)n,
                (long long)batch);
  print_case(name, rows, 0, (double)(5 * sizeof(T)) * N);
}

/* One system, nrhs columns (ldb = n): ARCR (plan reused), ARCR per column, AUTO,
   cuSPARSE gtsv2 (the reference) */
template <typename T>
static void arcr_rhs_case(gtsv_handle h, cusparseHandle_t sp, int64_t n, int64_t nrhs)
{
  const size_t N = (size_t)n, NB = (size_t)(n * nrhs);
  std::vector<T> dl, d, du, b1, b(NB), x(NB), rdl, rd, rdu;
  make_problem(n, 1, 0, (uint64_t)(n * 5 + nrhs), dl, d, du, b1);
  g_rng = 12345 + (uint64_t)nrhs;
  for (size_t i = 0; i < NB; i++) b[i] = (T)urand();
  for (int64_t k = 0; k < nrhs; k++) { /* the matrix once per column, for residual() */
    rdl.insert(rdl.end(), dl.begin(), dl.end());
    rd.insert(rd.end(), d.begin(), d.end());
    rdu.insert(rdu.end(), du.begin(), du.end());
  }
  T *Sdl, *Sd, *Sdu, *Sb, *X;
  CK(cudaMalloc(&Sdl, N * sizeof(T)));
  CK(cudaMalloc(&Sd, N * sizeof(T)));
  CK(cudaMalloc(&Sdu, N * sizeof(T)));
  CK(cudaMalloc(&Sb, NB * sizeof(T)));
  CK(cudaMalloc(&X, NB * sizeof(T)));
  CK(cudaMemcpy(Sdl, dl.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sd, d.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sdu, du.data(), N * sizeof(T), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sb, b.data(), NB * sizeof(T), cudaMemcpyHostToDevice));
  std::vector<Row> rows;
  auto fetch = [&] {
    CK(cudaMemcpy(x.data(), X, NB * sizeof(T), cudaMemcpyDeviceToHost));
    return sample_residual(rdl, rd, rdu, b, x, n, nrhs, false);
  };
  auto prep = [&] { CK(cudaMemcpyAsync(X, Sb, NB * sizeof(T), cudaMemcpyDeviceToDevice)); };
  auto gst = [](gtsv_status s) { return s == GTSV_STATUS_SUCCESS ? 0 : s == GTSV_STATUS_NOT_SUPPORTED ? 1 : 2; };
  { /* cuSPARSE gtsv2 (pivoting), nrhs columns */
    size_t sz = 0;
    void *buf = nullptr;
    Row r{"cusparse gtsv2", "", -2, 0};
    if (sp_gtsv2q_size(sp, (int)n, (int)nrhs, Sdl, Sd, Sdu, X, &sz) == CUSPARSE_STATUS_SUCCESS &&
        cudaMalloc(&buf, sz + 8) == cudaSuccess) {
      r.ms = time_ms(prep, [&] {
        return sp_gtsv2q(sp, (int)n, (int)nrhs, Sdl, Sd, Sdu, X, buf) == CUSPARSE_STATUS_SUCCESS ? 0 : 2;
      });
      if (r.ms >= 0) r.resid = fetch();
      r.note = mb(sz);
      CK(cudaFree(buf));
    } else {
      (void)cudaGetLastError();
      r.note = "no buffer";
    }
    rows.push_back(r);
  }
  {
    Row r{"gtsv ARCR, nrhs columns", "", -2, 0};
    gtsv_set_algo(h, GTSV_ALGO_ARCR);
    r.ms = time_ms(prep, [&] { return gst(g_gtsvq(h, n, nrhs, Sdl, Sd, Sdu, X)); });
    if (r.ms >= 0) { r.resid = fetch(); r.note = "plan built once " + info_note(h); }
    rows.push_back(r);
  }
  if (nrhs > 1) {
    Row r{"gtsv ARCR, 1 column per call", "", -2, 0};
    r.ms = time_ms(prep, [&] {
      int e = 0;
      for (int64_t k = 0; k < nrhs && !e; k++) e = gst(g_gtsvq(h, n, 1, Sdl, Sd, Sdu, X + k * n));
      return e;
    });
    if (r.ms >= 0) { r.resid = fetch(); r.note = "plan rebuilt per column " + info_note(h); }
    rows.push_back(r);
  }
  {
    Row r{"gtsv AUTO, nrhs columns", "", -2, 0};
    gtsv_set_algo(h, GTSV_ALGO_AUTO);
    r.ms = time_ms(prep, [&] { return gst(g_gtsvq(h, n, nrhs, Sdl, Sd, Sdu, X)); });
    if (r.ms >= 0) { r.resid = fetch(); r.note = info_note(h); }
    rows.push_back(r);
  }
  if (n <= GTSV_BATCH_NRHS_MAX_N) { /* AUTO's other choice: DP_SEQ's pivots (one
                                         thread, or factored once for the columns) */
    Row r{"gtsv DP_SEQ, nrhs columns", "", -2, 0};
    gtsv_set_algo(h, GTSV_ALGO_DP_SEQ);
    r.ms = time_ms(prep, [&] { return gst(g_gtsvq(h, n, nrhs, Sdl, Sd, Sdu, X)); });
    gtsv_set_algo(h, GTSV_ALGO_AUTO);
    if (r.ms >= 0) { r.resid = fetch(); r.note = info_note(h); }
    rows.push_back(r);
  }
  for (int sl = 1; sl >= 0 && (sl == 1 || nrhs > 1); sl--) {
    /* SPIKE with the top level's columns in slices (default) and each warp sweeping
       all its columns in turn (gtsv__spike_col_slices = 0) */
    Row r{sl ? "gtsv SPIKE_DP, nrhs columns" : "gtsv SPIKE_DP, columns in turn", "", -2, 0};
    gtsv_set_algo(h, GTSV_ALGO_SPIKE_DP);
    gtsv__spike_col_slices = sl;
    r.ms = time_ms(prep, [&] { return gst(g_gtsvq(h, n, nrhs, Sdl, Sd, Sdu, X)); });
    gtsv__spike_col_slices = 1;
    gtsv_set_algo(h, GTSV_ALGO_AUTO);
    if (r.ms >= 0) { r.resid = fetch(); r.note = info_note(h); }
    rows.push_back(r);
  }
  gtsv_set_algo(h, GTSV_ALGO_AUTO);
  CK(cudaFree(Sdl)); CK(cudaFree(Sd)); CK(cudaFree(Sdu)); CK(cudaFree(Sb)); CK(cudaFree(X));
  char name[96];
  std::snprintf(name, sizeof name, "arcr %s n=%lld nrhs=%lld", pname<T>(), (long long)n,
                (long long)nrhs);
  print_case(name, rows, 0, (double)((3 + 2 * nrhs) * sizeof(T)) * N);
}

static std::string ws_note(gtsv_handle h, gtsv_algo a)
{
  char t[128];
  int fb = 0;
  const size_t ws = h->cuda ? h->cuda->ws_size : 0;
  if (a == GTSV_ALGO_SPIKE_DP && gtsv__spike_fallback_taken(h, &fb) == GTSV_STATUS_SUCCESS)
  {
    if (fb)
      std::snprintf(t, sizeof t, "ws %.1f MB, FELL BACK to DP_SEQ (reasons %d)", ws / 1e6, fb);
    else
      std::snprintf(t, sizeof t, "ws %.1f MB", ws / 1e6);
  }
  else
    std::snprintf(t, sizeof t, "ws %.1f MB", ws / 1e6);
  return t;
}

/* The PDP sweeps' shapes a solve of n rows of T takes now, as a note: rows a thread C,
   rows a stage K and warps a block W, forward/backward */
template <typename T> static std::string sweep_note(int64_t n)
{
  int sh[6];
  char t[80];
  gtsv__pdp_cuda_sweep_shapes(n, sizeof(T), sh);
  std::snprintf(t, sizeof t, "sweep C %d/%d K %d/%d W %d/%d", sh[0], sh[2], sh[1], sh[3], sh[4],
                sh[5]);
  return t;
}

/* kind: 0 random, 1 dominant, 2 zero diagonal. ablation: SPIKE with each switch. shapes
   (--only pdpshape): SPIKE_DP, then PDP with each of these sweep shapes
   (gtsv__pdp_sweep_shape: forward C, K, backward C, K; 0 the library's), instead. */
template <typename T>
static void single_case(gtsv_handle h, cusparseHandle_t sp, int64_t n, int kind, bool ablation,
                        const std::vector<std::array<int, 4>> *shapes = nullptr)
{
  const size_t N = (size_t)n, bytes = N * sizeof(T);
  static const char *kname[] = {"random", "dominant", "zero-diag pairs"};
  std::vector<T> dl, d, du, b, x(N);
  make_problem(n, 1, kind, (uint64_t)(n + kind), dl, d, du, b);
  T *Sdl, *Sd, *Sdu, *Sb, *X;
  T **all[] = {&Sdl, &Sd, &Sdu, &Sb, &X};
  for (T **p : all) CK(cudaMalloc(p, bytes));
  CK(cudaMemcpy(Sdl, dl.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sd, d.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sdu, du.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(Sb, b.data(), bytes, cudaMemcpyHostToDevice));
  std::vector<Row> rows;
  auto fetch = [&] {
    CK(cudaMemcpy(x.data(), X, bytes, cudaMemcpyDeviceToHost));
    return (double)residual(dl, d, du, b, x, n, 0, 0, 1);
  };
  auto prep = [&] { CK(cudaMemcpyAsync(X, Sb, bytes, cudaMemcpyDeviceToDevice)); };
  auto gst = [](gtsv_status s) { return s == GTSV_STATUS_SUCCESS ? 0 : s == GTSV_STATUS_NOT_SUPPORTED ? 1 : 2; };
  for (int piv = 1; piv >= 0; piv--) {
    size_t sz = 0;
    void *buf = nullptr;
    Row r{piv ? "cusparse gtsv2" : "cusparse gtsv2_nopivot", "", -2, 0};
    if (sp_gtsv2_size(sp, piv, (int)n, Sdl, Sd, Sdu, X, &sz) == CUSPARSE_STATUS_SUCCESS &&
        cudaMalloc(&buf, sz + 8) == cudaSuccess) {
      r.ms = time_ms(prep, [&] {
        return sp_gtsv2(sp, piv, (int)n, Sdl, Sd, Sdu, X, buf) == CUSPARSE_STATUS_SUCCESS ? 0 : 2;
      });
      if (r.ms >= 0) r.resid = fetch();
      r.note = mb(sz) + (piv ? "" : ", no pivoting");
      CK(cudaFree(buf));
    } else {
      (void)cudaGetLastError();
      r.note = "no buffer";
    }
    rows.push_back(r);
  }
  struct Variant {
    gtsv_algo a;
    unsigned opts;
    const char *label;
  };
  /* opts kReducedArcr: SPIKE with ARCR solving its first reduced system of at
     most 1024 rows (gtsv_set_spike_reduced_solver) instead of recursing further */
  constexpr unsigned kReducedArcr = 0x100u;
  /* opts kM8, kM16, kM32: SPIKE with 8, 16 or 32 rows per partition (gtsv__spike_m) */
  constexpr unsigned kM8 = 0x200u, kM16 = 0x400u, kM32 = 0x800u;
  /* opts kSeqBase: SPIKE's levels down to the sequential base of <= 64 rows, as
     before the on-chip kernel solved the first reduced system of <= 2048 rows
     (gtsv__spike_tile_base = 0) */
  constexpr unsigned kSeqBase = 0x1000u;
  static const Variant normal[] = {{GTSV_ALGO_SPIKE_DP, 0, "SPIKE_DP"},
                                   {GTSV_ALGO_SPIKE_DP, kSeqBase, "SPIKE_DP, sequential base"},
                                   {GTSV_ALGO_SPIKE_DP, kReducedArcr, "SPIKE_DP, ARCR reduced"},
                                   {GTSV_ALGO_PDP, 0, "PDP"},
                                   {GTSV_ALGO_AUTO, 0, "AUTO"}};
  static const Variant abl[] = {
      {GTSV_ALGO_SPIKE_DP, 0, "SPIKE_DP all on"},
      {GTSV_ALGO_SPIKE_DP, GTSV_SPIKE_OPT_NO_STAGING, "SPIKE_DP no layout transf."},
      {GTSV_ALGO_SPIKE_DP, GTSV_SPIKE_OPT_NO_FUSION, "SPIKE_DP no fusion"},
      {GTSV_ALGO_SPIKE_DP, GTSV_SPIKE_OPT_NO_STAGING | GTSV_SPIKE_OPT_NO_FUSION,
       "SPIKE_DP neither"},
      {GTSV_ALGO_SPIKE_DP, kM8, "SPIKE_DP M=8"},
      {GTSV_ALGO_SPIKE_DP, kM16, "SPIKE_DP M=16"},
      {GTSV_ALGO_SPIKE_DP, kM32, "SPIKE_DP M=32"}};
  const Variant *vs = ablation ? abl : normal;
  const int nv = shapes ? 1 + (int)shapes->size() : ablation ? 7 : 5;
  for (int vi = 0; vi < nv; vi++) {
    const Variant &v = shapes && vi > 0 ? normal[3] : vs[vi];
    Row r{std::string("gtsv ") + v.label, "", -2, 0};
    for (int j = 0; j < 4; j++) gtsv__pdp_sweep_shape[j] = shapes && vi > 0 ? (*shapes)[vi - 1][j] : 0;
    gtsv_set_algo(h, v.a);
    h->spike_opts = v.opts & ~(kReducedArcr | kM8 | kM16 | kM32 | kSeqBase);
    gtsv__spike_m = (v.opts & kM8) ? 8 : (v.opts & kM16) ? 16 : (v.opts & kM32) ? 32 : 0;
    gtsv__spike_tile_base = (v.opts & kSeqBase) ? 0 : -1;
    gtsv_set_spike_reduced_solver(h, (v.opts & kReducedArcr) ? GTSV_ALGO_ARCR : GTSV_ALGO_DP_SEQ);
    /* the handle's device state freed, so that the "ws" note is this path's own
       workspace, not the largest an earlier row grew it to (the warm-up run of
       time_ms allocates it again, outside the timed runs) */
    CK(gtsv__cuda_release(h) == GTSV_STATUS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
    unsigned long long st[5] = {0, 0, 0, 0, 0};
    if (shapes && v.a == GTSV_ALGO_PDP) (void)gtsv__pdp_cuda_sweep_stats(st); /* reset */
    r.ms = time_ms(prep, [&] { return gst(g_gtsv(h, n, Sdl, Sd, Sdu, X)); });
    if (shapes && v.a == GTSV_ALGO_PDP && gtsv__pdp_cuda_sweep_stats(st) != GTSV_STATUS_SUCCESS)
      st[0] = 0;
    gtsv_set_spike_reduced_solver(h, GTSV_ALGO_DP_SEQ);
    gtsv__spike_m = 0;
    gtsv__spike_tile_base = -1;
    if (r.ms >= 0) {
      r.resid = fetch();
      r.note = info_note(h);
      r.note += (r.note.empty() ? "" : "; ") + ws_note(h, v.a);
      if (v.a == GTSV_ALGO_PDP && n >= gtsv_pdp_sweep::kSweepFrom) {
        r.note += "; " + sweep_note<T>(n);
        if (shapes) {
          char t[160];
          std::snprintf(t, sizeof t, "; of %llu columns swept %llu fell back forward, %llu "
                        "backward", st[0], st[2], st[4]);
          r.solver += " " + sweep_note<T>(n);
          r.note += t;
        }
      }
    }
    for (int j = 0; j < 4; j++) gtsv__pdp_sweep_shape[j] = 0;
    if (r.ms == -1) r.note = "NOT_SUPPORTED (path not written yet)";
    rows.push_back(r);
    if (!ablation && v.a == GTSV_ALGO_SPIKE_DP && v.opts == 0 && r.ms >= 0) {
      /* the same solve captured once into a CUDA graph and replayed: the GPU's
         time without the host's per-call work (what a time-stepping code that
         replays a graph pays) */
      Row g{"gtsv SPIKE_DP graph replay", "", -2, 0};
      cudaStream_t cs;
      cudaGraph_t graph;
      cudaGraphExec_t exec;
      CK(cudaStreamCreate(&cs));
      gtsv_set_stream(h, (void *)cs);
      CK(cudaStreamBeginCapture(cs, cudaStreamCaptureModeThreadLocal));
      const gtsv_status cap = g_gtsv(h, n, Sdl, Sd, Sdu, X);
      CK(cudaStreamEndCapture(cs, &graph));
      if (cap == GTSV_STATUS_SUCCESS && cudaGraphInstantiate(&exec, graph, 0) == cudaSuccess) {
        g.ms = time_ms(prep, [&] { return cudaGraphLaunch(exec, cs) == cudaSuccess ? 0 : 2; });
        if (g.ms >= 0) g.resid = fetch();
        CK(cudaGraphExecDestroy(exec));
      } else {
        (void)cudaGetLastError();
        g.note = "capture failed";
      }
      CK(cudaGraphDestroy(graph));
      gtsv_set_stream(h, NULL);
      CK(cudaStreamDestroy(cs));
      rows.push_back(g);
    }
  }
  h->spike_opts = 0;
  gtsv_set_algo(h, GTSV_ALGO_AUTO);
  for (T **p : all) CK(cudaFree(*p));
  char name[96];
  std::snprintf(name, sizeof name, "%s%s n=2^%d %s", ablation ? "ablation " : "", pname<T>(),
                (int)std::log2((double)n), kname[kind]);
  print_case(name, rows, 0, (double)(5 * sizeof(T)) * N);
}

int main(int argc, char **argv)
{
  const char *only = nullptr, *md = nullptr, *commit = "unknown", *prec = "both";
  bool quick = false;
  long long only_n = 0; /* --n: the batch, single, short and ablation cases at this size only */
  /* --shapes (--only pdpshape): the PDP sweeps' shapes to time, "FC:FK:BC:BK,..." (0: the
     library's) */
  const char *shapes_arg = "0:0:0:0";
  int pdp_kind = 0; /* --kind (--only pdpshape): 0 random, 1 dominant, 2 zero-diagonal pairs */
  long long only_b = 0; /* --batch: with --n, the batch cases with this many systems (short:
                           columns) */
  for (int i = 1; i < argc; i++) {
    if (!std::strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
    else if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--lean")) g_lean = true;
    else if (!std::strcmp(argv[i], "--prec") && i + 1 < argc) prec = argv[++i];
    else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) g_reps = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--md") && i + 1 < argc) md = argv[++i];
    else if (!std::strcmp(argv[i], "--commit") && i + 1 < argc) commit = argv[++i];
    else if (!std::strcmp(argv[i], "--n") && i + 1 < argc) only_n = std::atoll(argv[++i]);
    else if (!std::strcmp(argv[i], "--batch") && i + 1 < argc) only_b = std::atoll(argv[++i]);
    else if (!std::strcmp(argv[i], "--shapes") && i + 1 < argc) shapes_arg = argv[++i];
    else if (!std::strcmp(argv[i], "--kind") && i + 1 < argc) pdp_kind = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr, "usage: %s [--only batch|single|ablation|arcr|small|short|pdpshape] [--quick] [--lean] "
                           "[--prec d|s|both] [--reps R] [--n N [--batch B]] [--md FILE] [--commit SHA] "
                           "[--shapes FC:FK:BC:BK,...] [--kind 0|1|2]\n",
                   argv[0]);
      return 2;
    }
  }
  if (pdp_kind < 0 || pdp_kind > 2) {
    std::fprintf(stderr, "gtsv-gpu-bench: --kind is 0, 1 or 2\n");
    return 2;
  }
  if (g_reps < 10) g_reps = 10;
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::fprintf(stderr, "gtsv-gpu-bench: no CUDA device\n");
    return 77;
  }
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  CK(cudaEventCreate(&g_e0));
  CK(cudaEventCreate(&g_e1));
  char date[32];
  std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  if (md && !(g_md = std::fopen(md, "w"))) {
    std::fprintf(stderr, "cannot write %s\n", md);
    return 2;
  }
  g_copy_bw = measure_copy_bw();
  std::printf("gtsv GPU benchmark, %s, %s, commit %s\n", date, prop.name, commit);
  std::printf("copy bandwidth: %.1f GB/s (read + write); E = (B/row * rows / time) / copy "
              "bandwidth, 40 B/row double, 20 B/row float; median of %d runs; vs ref = "
              "t(cuSPARSE reference) / t: InterleavedBatch a1 for batches, gtsv2 for single "
              "systems\n",
              g_copy_bw / 1e9, g_reps);
  if (g_md) {
    std::fprintf(g_md, "# gtsv GPU benchmark — %s, %s, commit %s\n\n", date, prop.name, commit);
    std::fprintf(g_md, "Copy bandwidth %.1f GB/s (read + write). E = (B/row x rows / time) / "
                       "copy bandwidth, 40 B/row double, 20 B/row float. Median of %d runs "
                       "after a warm-up. \"vs cuSPARSE ref\" = t(reference) / t, reference = "
                       "gtsvInterleavedBatch algo 1 (batches), gtsv2 (single systems). Max "
                       "resid = max ||Tx-b||/||b|| over sampled systems (long double).%s\n\n",
                 g_copy_bw / 1e9, g_reps, quick ? " Quick run." : "");
  }
  gtsv_handle h;
  cusparseHandle_t sp;
  if (gtsv_create(&h) != GTSV_STATUS_SUCCESS || cusparseCreate(&sp) != CUSPARSE_STATUS_SUCCESS) {
    std::fprintf(stderr, "handle creation failed\n");
    return 2;
  }
  const bool dbl = std::strcmp(prec, "s") != 0, flt = std::strcmp(prec, "d") != 0;
  print_header();
  if (!only || !std::strcmp(only, "batch")) {
    std::vector<int64_t> ns = quick ? std::vector<int64_t>{256, 1024}
                                    : std::vector<int64_t>{64, 128, 256, 512, 1024, 4096};
    if (only_n > 0) ns = std::vector<int64_t>{only_n};
    for (int pi = 0; pi < 2; pi++) {
      if ((pi == 0 && !dbl) || (pi == 1 && !flt)) continue;
      for (int dom = 0; dom < 2; dom++) {
        for (int64_t n : ns) {
          const int64_t batch = only_b > 0 ? only_b : ((int64_t)1 << 24) / n;
          if (pi == 0) batch_case<double>(h, sp, n, batch, dom);
          else batch_case<float>(h, sp, n, batch, dom);
        }
        if (only_n > 0) continue;
        if (pi == 0) batch_case<double>(h, sp, 512, 512, dom);
        else batch_case<float>(h, sp, 512, 512, dom);
      }
    }
  }
  if (!only || !std::strcmp(only, "single")) {
    std::vector<int64_t> ns = quick ? std::vector<int64_t>{(int64_t)1 << 20}
                                    : std::vector<int64_t>{(int64_t)1 << 20, (int64_t)1 << 23,
                                                           (int64_t)1 << 25};
    if (only_n > 0) ns = std::vector<int64_t>{only_n};
    for (int pi = 0; pi < 2; pi++) {
      if ((pi == 0 && !dbl) || (pi == 1 && !flt)) continue;
      for (int dom = 0; dom < 2; dom++)
        for (int64_t n : ns) {
          if (pi == 0) single_case<double>(h, sp, n, dom, false);
          else single_case<float>(h, sp, n, dom, false);
        }
    }
  }
  if (only && !std::strcmp(only, "pdpshape")) { /* not in the default run */
    std::vector<std::array<int, 4>> shapes;
    for (const char *p = shapes_arg; *p;) {
      std::array<int, 4> a{0, 0, 0, 0};
      int used = 0;
      if (std::sscanf(p, "%d:%d:%d:%d%n", &a[0], &a[1], &a[2], &a[3], &used) != 4) break;
      shapes.push_back(a);
      p += used;
      if (*p == ',') p++;
    }
    std::vector<int64_t> ns{(int64_t)1 << 22, (int64_t)1 << 23, (int64_t)1 << 24,
                            (int64_t)1 << 25};
    if (only_n > 0) ns = std::vector<int64_t>{only_n};
    for (int64_t n : ns) {
      if (dbl) single_case<double>(h, sp, n, pdp_kind, false, &shapes);
      if (flt) single_case<float>(h, sp, n, pdp_kind, false, &shapes);
    }
  }
  if (!only || !std::strcmp(only, "ablation")) {
    const int64_t n = only_n > 0 ? only_n : quick ? (int64_t)1 << 20 : (int64_t)1 << 23;
    /* the three kinds of the thesis's figures, double and float */
    if (dbl)
      for (int kind = 0; kind < 3; kind++) single_case<double>(h, sp, n, kind, true);
    if (flt)
      for (int kind = 0; kind < 3; kind++) single_case<float>(h, sp, n, kind, true);
  }
  if (only && !std::strcmp(only, "small")) { /* not in the default run: --only small */
    for (int pi = 0; pi < 2; pi++) {
      if ((pi == 0 && !dbl) || (pi == 1 && !flt)) continue;
      for (int64_t n : {(int64_t)64, (int64_t)256, (int64_t)512, (int64_t)1024, (int64_t)4096})
        for (int64_t q : {(int64_t)1, (int64_t)4, (int64_t)16, (int64_t)64}) {
          if (pi == 0) arcr_rhs_case<double>(h, sp, n, q);
          else arcr_rhs_case<float>(h, sp, n, q);
        }
    }
  }
  if (only && !std::strcmp(only, "short")) { /* not in the default run: --only short */
    /* --n / --batch pick one size / column count */
    auto skip = [&](int64_t n, int64_t q) {
      return (only_n > 0 && n != only_n) || (only_b > 0 && q != only_b);
    };
    for (int pi = 0; pi < 2; pi++) {
      if ((pi == 0 && !dbl) || (pi == 1 && !flt)) continue;
      for (int64_t n : {(int64_t)8, (int64_t)16, (int64_t)32, (int64_t)64})
        for (int64_t q : {(int64_t)1, (int64_t)4, (int64_t)16, (int64_t)32, (int64_t)64,
                          (int64_t)1024}) {
          if (skip(n, q)) continue;
          if (pi == 0) short_case<double>(h, sp, n, q);
          else short_case<float>(h, sp, n, q);
        }
      for (int64_t n : {(int64_t)128, (int64_t)256, (int64_t)512, (int64_t)1024, (int64_t)2048})
        for (int64_t q : {(int64_t)1, (int64_t)4, (int64_t)16, (int64_t)64, (int64_t)256,
                          (int64_t)1024}) {
          if ((n == 2048 && q > 1) || skip(n, q)) continue;
          if (pi == 0) short_case<double>(h, sp, n, q);
          else short_case<float>(h, sp, n, q);
        }
      /* many columns: nrhs_fused against the two kernels where both may serve */
      for (int64_t n : {(int64_t)64, (int64_t)256, (int64_t)1024}) {
        const int64_t q = n == 64 ? 65536 : 16384;
        if (skip(n, q)) continue;
        if (pi == 0) short_case<double>(h, sp, n, q);
        else short_case<float>(h, sp, n, q);
      }
    }
  }

  if (only && !std::strcmp(only, "arcr")) { /* not in the default run: --only arcr */
    std::vector<int64_t> ns = quick ? std::vector<int64_t>{256, 1024}
                                    : std::vector<int64_t>{256, 512, 1024, 2048, 4096};
    for (int pi = 0; pi < 2; pi++) {
      if ((pi == 0 && !dbl) || (pi == 1 && !flt)) continue;
      for (int64_t n : ns) {
        const int64_t batch = ((int64_t)1 << 22) / n;
        if (pi == 0) arcr_batch_case<double>(h, sp, n, batch);
        else arcr_batch_case<float>(h, sp, n, batch);
      }
      for (int64_t n : {(int64_t)1024, (int64_t)2048})
        for (int64_t q : {(int64_t)1, (int64_t)16}) {
          if (pi == 0) arcr_rhs_case<double>(h, sp, n, q);
          else arcr_rhs_case<float>(h, sp, n, q);
        }
    }
  }
  cusparseDestroy(sp);
  gtsv_destroy(h);
  if (g_md) std::fclose(g_md);
  return 0;
}
