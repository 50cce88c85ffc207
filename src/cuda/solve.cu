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
  static constexpr auto spike = gtsv__s_spike_cuda;
  static constexpr auto pdp = gtsv__s_pdp_cuda;
  static constexpr auto arcr = gtsv__s_arcr_cuda;
  static constexpr auto strided = gtsv__s_batch_strided;
  static constexpr auto pdp_strided = gtsv__s_pdp_cuda_strided;
  static constexpr auto arcr_strided = gtsv__s_arcr_cuda_strided;
};
template <> struct Paths<double> {
  static constexpr auto nrhs = gtsv__d_batch_nrhs;
  static constexpr auto spike = gtsv__d_spike_cuda;
  static constexpr auto pdp = gtsv__d_pdp_cuda;
  static constexpr auto arcr = gtsv__d_arcr_cuda;
  static constexpr auto strided = gtsv__d_batch_strided;
  static constexpr auto pdp_strided = gtsv__d_pdp_cuda_strided;
  static constexpr auto arcr_strided = gtsv__d_arcr_cuda_strided;
};

/* GTSV_ALGO_AUTO, one right-hand side: up to this order one thread's DP_SEQ, beyond
   it SPIKE (see gtsv_dev) */
constexpr int64_t kAutoSpikeMinN = 64;

template <typename T>
gtsv_status gtsv_dev(gtsv_handle h, int64_t n, int64_t nrhs, const T *dl, const T *d,
                     const T *du, T *B, int64_t ldb)
{
  switch (h->algo) {
  case GTSV_ALGO_PDP: return Paths<T>::pdp(h, n, nrhs, dl, d, du, B, ldb);
  case GTSV_ALGO_ARCR: return Paths<T>::arcr(h, n, nrhs, dl, d, du, B, ldb);
  case GTSV_ALGO_SPIKE_DP: return Paths<T>::spike(h, n, nrhs, dl, d, du, B, ldb);
  case GTSV_ALGO_DP_SEQ:
    /* the sequential pivots exactly: factored once for all right-hand sides
       (batch_nrhs.cu), or one thread for a single one */
    if (n <= GTSV_BATCH_NRHS_MAX_N) return Paths<T>::nrhs(h, n, nrhs, dl, d, du, B, ldb);
    return GTSV_STATUS_NOT_SUPPORTED;
  case GTSV_ALGO_AUTO:
    /* several right-hand sides of a short system: DP_SEQ's pivots, factored once (as
       above); one right-hand side: SPIKE from n = kAutoSpikeMinN + 1 up, where one
       thread's sequential DP is a chain of n steps (H200, double, one right-hand
       side: n = 256 0.043 ms against 0.123, n = 1024 0.043 against 0.465, cuSPARSE
       gtsv2 0.080; n = 64 0.036 both; bench/results/gpu-small-2026-11-24.md) */
    if (n <= GTSV_BATCH_NRHS_MAX_N && (nrhs >= 2 || n <= kAutoSpikeMinN))
      return Paths<T>::nrhs(h, n, nrhs, dl, d, du, B, ldb);
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
