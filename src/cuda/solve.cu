/* Device entry points called by src/core/api_gen.c: choose the GPU algorithm and
   launch it. GPU solvers land with their issues (src/spike, src/pdp, src/batch);
   until then a device call answers NOT_SUPPORTED without touching B. */
#include "cuda/cuda.h"
#include "cuda/state.h"

extern "C" gtsv_status gtsv__s_cuda_gtsv(gtsv_handle, int64_t, int64_t, const float *,
                                         const float *, const float *, float *, int64_t)
{
  return GTSV_STATUS_NOT_SUPPORTED;
}
extern "C" gtsv_status gtsv__d_cuda_gtsv(gtsv_handle, int64_t, int64_t, const double *,
                                         const double *, const double *, double *, int64_t)
{
  return GTSV_STATUS_NOT_SUPPORTED;
}
extern "C" gtsv_status gtsv__s_cuda_gtsv_strided_batch(gtsv_handle, int64_t, const float *,
                                                       const float *, const float *,
                                                       float *, int64_t, int64_t)
{
  return GTSV_STATUS_NOT_SUPPORTED;
}
extern "C" gtsv_status gtsv__d_cuda_gtsv_strided_batch(gtsv_handle, int64_t, const double *,
                                                       const double *, const double *,
                                                       double *, int64_t, int64_t)
{
  return GTSV_STATUS_NOT_SUPPORTED;
}
