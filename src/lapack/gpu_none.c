/* The GPU offload of libgtsv_lapack in a build without CUDA: never offloads, so
   every solve runs on the host. */
#include "lapack/gtsv_lapack.h"

int gtsv_lapack__sgpu(gtsv_handle h, int64_t n, int64_t nrhs, const float *dl,
                      const float *d, const float *du, float *B, int64_t ldb,
                      int64_t *row)
{
  (void)h; (void)n; (void)nrhs; (void)dl; (void)d; (void)du; (void)B; (void)ldb;
  (void)row;
  return 0;
}

int gtsv_lapack__dgpu(gtsv_handle h, int64_t n, int64_t nrhs, const double *dl,
                      const double *d, const double *du, double *B, int64_t ldb,
                      int64_t *row)
{
  (void)h; (void)n; (void)nrhs; (void)dl; (void)d; (void)du; (void)B; (void)ldb;
  (void)row;
  return 0;
}
