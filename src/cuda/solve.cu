/* Device entry points called by src/core/api_gen.c: choose the GPU algorithm and
   launch it. GPU solvers land with their issues (src/spike, src/pdp, src/batch);
   until then a device call answers NOT_SUPPORTED without touching B. */
#include "cuda/cuda.h"
#include "cuda/state.h"
#include "batch/batch.h"

extern "C" gtsv_status gtsv__s_cuda_gtsv(gtsv_handle h, int64_t n, int64_t nrhs,
                                         const float *dl, const float *d, const float *du,
                                         float *B, int64_t ldb)
{
  /* short systems: one thread per right-hand side (src/batch); longer: SPIKE */
  if (n <= GTSV_BATCH_NRHS_MAX_N && (h->algo == GTSV_ALGO_AUTO || h->algo == GTSV_ALGO_DP_SEQ))
    return gtsv__s_batch_nrhs(h, n, nrhs, dl, d, du, B, ldb);
  return GTSV_STATUS_NOT_SUPPORTED;
}
extern "C" gtsv_status gtsv__d_cuda_gtsv(gtsv_handle h, int64_t n, int64_t nrhs,
                                         const double *dl, const double *d,
                                         const double *du, double *B, int64_t ldb)
{
  /* short systems: one thread per right-hand side (src/batch); longer: SPIKE */
  if (n <= GTSV_BATCH_NRHS_MAX_N && (h->algo == GTSV_ALGO_AUTO || h->algo == GTSV_ALGO_DP_SEQ))
    return gtsv__d_batch_nrhs(h, n, nrhs, dl, d, du, B, ldb);
  return GTSV_STATUS_NOT_SUPPORTED;
}
/* Thread-per-system diagonal pivoting with on-chip layout transformation and
   dynamic tiling (src/batch/batch.cu); every algorithm except PDP and ARCR (not
   available for batches, as on the host) runs it. */
extern "C" gtsv_status gtsv__s_cuda_gtsv_strided_batch(gtsv_handle h, int64_t n,
                                                       const float *dl, const float *d,
                                                       const float *du, float *x,
                                                       int64_t batch, int64_t stride)
{
  return gtsv__s_batch_strided(h, n, dl, d, du, x, batch, stride);
}
extern "C" gtsv_status gtsv__d_cuda_gtsv_strided_batch(gtsv_handle h, int64_t n,
                                                       const double *dl, const double *d,
                                                       const double *du, double *x,
                                                       int64_t batch, int64_t stride)
{
  return gtsv__d_batch_strided(h, n, dl, d, du, x, batch, stride);
}
