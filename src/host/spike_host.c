/* placeholder until SPIKE-DP on host threads lands */
#include "host/host.h"
gtsv_status gtsv__s_spike_host(gtsv_handle h, int64_t n, int64_t nrhs, const float *dl,
                               const float *d, const float *du, float *B, int64_t ldb,
                               int64_t *bad)
{
  (void)h; (void)n; (void)nrhs; (void)dl; (void)d; (void)du; (void)B; (void)ldb; (void)bad;
  return GTSV_STATUS_NOT_SUPPORTED;
}
gtsv_status gtsv__d_spike_host(gtsv_handle h, int64_t n, int64_t nrhs, const double *dl,
                               const double *d, const double *du, double *B, int64_t ldb,
                               int64_t *bad)
{
  (void)h; (void)n; (void)nrhs; (void)dl; (void)d; (void)du; (void)B; (void)ldb; (void)bad;
  return GTSV_STATUS_NOT_SUPPORTED;
}
