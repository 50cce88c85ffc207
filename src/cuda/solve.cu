/* Device entry points called by src/core/api_gen.c: choose the GPU algorithm and
   launch it. Each algorithm lives in its folder (src/spike, src/pdp, src/arcr,
   src/batch); a path that cannot take a call answers NOT_SUPPORTED without
   touching B. */
#include "cuda/cuda.h"
#include "cuda/state.h"
#include "batch/batch.h"
#include "spike/spike.h"
#include "pdp/pdp.h"
#include "arcr/arcr.h"

namespace {

template <typename T> struct Paths;
template <> struct Paths<float> {
  static constexpr auto nrhs = gtsv__s_batch_nrhs;
  static constexpr auto cols = gtsv__s_batch_cols;
  static constexpr auto spike = gtsv__s_spike_cuda;
  static constexpr auto pdp = gtsv__s_pdp_cuda;
  static constexpr auto arcr = gtsv__s_arcr_cuda;
  static constexpr auto strided = gtsv__s_batch_strided;
  static constexpr auto pdp_strided = gtsv__s_pdp_cuda_strided;
  static constexpr auto arcr_strided = gtsv__s_arcr_cuda_strided;
};
template <> struct Paths<double> {
  static constexpr auto nrhs = gtsv__d_batch_nrhs;
  static constexpr auto cols = gtsv__d_batch_cols;
  static constexpr auto spike = gtsv__d_spike_cuda;
  static constexpr auto pdp = gtsv__d_pdp_cuda;
  static constexpr auto arcr = gtsv__d_arcr_cuda;
  static constexpr auto strided = gtsv__d_batch_strided;
  static constexpr auto pdp_strided = gtsv__d_pdp_cuda_strided;
  static constexpr auto arcr_strided = gtsv__d_arcr_cuda_strided;
};

/* GTSV_ALGO_AUTO: up to this order always DP_SEQ's pivots (see gtsv_dev) */
constexpr int64_t kAutoSpikeMinN = 64;
/* GTSV_ALGO_AUTO: up to this order the on-chip kernel where the GPU SPIKE was (gtsv_dev) */
constexpr int64_t kAutoTileMaxN = 1024;
/* GTSV_ALGO_AUTO: from these orders the GPU PDP for one column, double and float (gtsv_dev) */
constexpr int64_t kAutoPdpMinN = (int64_t)1 << 23, kAutoPdpMinNFloat = (int64_t)1 << 24;

template <typename T>
gtsv_status gtsv_dev(gtsv_handle h, int64_t n, int64_t nrhs, const T *dl, const T *d,
                     const T *du, T *B, int64_t ldb)
{
  switch (h->algo) {
  case GTSV_ALGO_PDP: return Paths<T>::pdp(h, n, nrhs, dl, d, du, B, ldb);
  case GTSV_ALGO_ARCR: return Paths<T>::arcr(h, n, nrhs, dl, d, du, B, ldb);
  case GTSV_ALGO_SPIKE_DP: return Paths<T>::spike(h, n, nrhs, dl, d, du, B, ldb);
  case GTSV_ALGO_DP_SEQ:
    /* the sequential pivots exactly: a short matrix (n <= 64) on chip with a column a
       lane, else factored once for all right-hand sides (batch_nrhs.cu), or one thread
       for a single one (src/batch/batch.cu, nrhs_solve) */
    if (n <= GTSV_BATCH_NRHS_MAX_N) return Paths<T>::nrhs(h, n, nrhs, dl, d, du, B, ldb);
    return GTSV_STATUS_NOT_SUPPORTED;
  case GTSV_ALGO_AUTO:
    /* Short systems: DP_SEQ's pivots (as above) or SPIKE, whichever is faster (figures
       from before the on-chip paths for n <= 64 and single columns below). One
       thread's sequential DP is a chain of n steps, and so is the factorisation that
       the right-hand sides share (batch_nrhs.cu: 0.10 / 0.19 / 0.37 ms at n = 256 /
       512 / 1024, whatever the columns up to thousands); SPIKE takes about 0.05-0.11
       ms for a short system with up to 64 columns (its top level's columns in slices
       across the SMs) but sweeps about 130 columns per slice in turn beyond. H200,
       double, ms, DP_SEQ / SPIKE (bench/results/gpu-batch-inter-2026-11-24.md,
       --only small): one column n = 256 0.123 / 0.043, 1024 0.465 / 0.043, 64 0.035
       / 0.036; n = 256 with 4 columns 0.100 / 0.057, 16 0.103 / 0.108, 64 0.106 /
       0.110; n = 512 with 16 0.194 / 0.107, 64 0.200 / 0.101; n = 1024 with 64 0.390
       / 0.104; n = 64 with 4 to 64 columns 0.034 / 0.05-0.10. */
    if (n <= kAutoSpikeMinN ||
        (n <= GTSV_BATCH_NRHS_MAX_N && nrhs >= 2 && (n < 256 || nrhs > (n < 512 ? 8 : 256))))
      return Paths<T>::nrhs(h, n, nrhs, dl, d, du, B, ldb);
    /* Where the rule above leaves the GPU SPIKE, up to kAutoTileMaxN rows: the on-chip
       kernel with each column a system of its own that shares the matrix
       (src/batch/batch_tile.cu: SPIKE inside a warp under its cancellation test, shifted
       retries, DP_SEQ where those fail; the accuracy of the GPU SPIKE, whose base it is),
       one launch without the info reset, where the GPU SPIKE queues several kernels
       around the same base. H100, us a call in a CUDA graph, GPU SPIKE / on-chip
       (bench/results/gpu-short-h100-2026-11-27.md, call 5): double one column n = 128
       21.5 / 10.6, 512 39.5 / 11.8, 1024 27.2 / 17.7; n = 512 with 64 columns 63.5 /
       15.0, 256 125.5 / 14.6; float 1024 26.0 / 15.8; at 2048 rows the GPU SPIKE was as
       fast (call 2: 27.5 against 31.4). Not where the rule above gives DP_SEQ's pivots:
       on chip those shapes were 3-9x faster too (n = 128 with 4 columns 11.2 against 46.3;
       1024 with 1024 columns 32.1 against 368.5) but their largest residual up to 22x the
       factored kernel's (n = 256, 64 columns: 3.99e-14 against 1.80e-15; gtsv2 3.86e-15).
       Since session 30 the factored path is nrhs_fused (128 x 4 32.8, 1024 x 1024 258 us:
       bench/results/gpu-nrhs-fused-h100-2026-11-27.md). gtsv__batch_single_tile = 0: the
       GPU SPIKE. */
    if (n <= kAutoTileMaxN && gtsv__batch_single_tile != 0)
      return Paths<T>::cols(h, n, nrhs, dl, d, du, B, ldb);
    /* One long column: the GPU PDP (warm-up sweeps, src/pdp/pdp_sweep.cu) from
       kAutoPdpMinN rows in double, kAutoPdpMinNFloat in float, faster there than the GPU
       SPIKE since session 42 and with nothing split into partitions. H200, ms a solve,
       PDP / SPIKE_DP, same runs (bench/results/gpu-pdp-spread-h200-2026-11-29.md, call
       4): double random 2^22 0.2178 / 0.2075, 2^23 0.3098 / 0.3236, 2^24 0.5290 / 0.5725,
       2^25 0.9313 / 1.0162; dominant 2^23 0.2996 / 0.2931, 2^25 0.9205 / 0.9698;
       zero-diagonal pairs 2^23 0.2930 / 0.6052. Float random 2^23 0.2296 / 0.2351
       (dominant 0.2186 / 0.2080), 2^24 0.3699 / 0.4085, 2^25 0.6696 / 0.7125. A column
       whose sweeps fall back (2x2-forcing or near-singular partitions, dorr) pays the
       sweeps and then the checked-splice kernel. */
    if (nrhs == 1 && n >= (sizeof(T) == sizeof(double) ? kAutoPdpMinN : kAutoPdpMinNFloat))
      return Paths<T>::pdp(h, n, nrhs, dl, d, du, B, ldb);
    return Paths<T>::spike(h, n, nrhs, dl, d, du, B, ldb);
  default: return GTSV_STATUS_NOT_SUPPORTED; /* THOMAS: no device path */
  }
}

template <typename T>
gtsv_status strided_dev(gtsv_handle h, int64_t n, const T *dl, const T *d, const T *du,
                        T *x, int64_t batch, int64_t stride)
{
  switch (h->algo) {
  case GTSV_ALGO_PDP: return Paths<T>::pdp_strided(h, n, dl, d, du, x, batch, stride);
  case GTSV_ALGO_ARCR: return Paths<T>::arcr_strided(h, n, dl, d, du, x, batch, stride);
  default: return Paths<T>::strided(h, n, dl, d, du, x, batch, stride);
  }
}

} /* namespace */

extern "C" gtsv_status gtsv__s_cuda_gtsv(gtsv_handle h, int64_t n, int64_t nrhs,
                                         const float *dl, const float *d, const float *du,
                                         float *B, int64_t ldb)
{
  return gtsv_dev<float>(h, n, nrhs, dl, d, du, B, ldb);
}
extern "C" gtsv_status gtsv__d_cuda_gtsv(gtsv_handle h, int64_t n, int64_t nrhs,
                                         const double *dl, const double *d,
                                         const double *du, double *B, int64_t ldb)
{
  return gtsv_dev<double>(h, n, nrhs, dl, d, du, B, ldb);
}
extern "C" gtsv_status gtsv__s_cuda_gtsv_strided_batch(gtsv_handle h, int64_t n,
                                                       const float *dl, const float *d,
                                                       const float *du, float *x,
                                                       int64_t batch, int64_t stride)
{
  return strided_dev<float>(h, n, dl, d, du, x, batch, stride);
}
extern "C" gtsv_status gtsv__d_cuda_gtsv_strided_batch(gtsv_handle h, int64_t n,
                                                       const double *dl, const double *d,
                                                       const double *du, double *x,
                                                       int64_t batch, int64_t stride)
{
  return strided_dev<double>(h, n, dl, d, du, x, batch, stride);
}
