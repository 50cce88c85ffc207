/* Placeholder: replaced by the GPU SPIKE-DP (issue 4) in this session. */
#include "spike/spike.h"
extern "C" gtsv_status gtsv__s_spike_cuda(gtsv_handle, int64_t, int64_t, const float *,
                                          const float *, const float *, float *, int64_t)
{
  return GTSV_STATUS_NOT_SUPPORTED;
}
extern "C" gtsv_status gtsv__d_spike_cuda(gtsv_handle, int64_t, int64_t, const double *,
                                          const double *, const double *, double *, int64_t)
{
  return GTSV_STATUS_NOT_SUPPORTED;
}
