/* The CUDA backend of a build without CUDA: every pointer is host memory and
   every device entry point answers NOT_SUPPORTED. */
#include "cuda/cuda.h"

int gtsv__cuda_built(void) { return 0; }

gtsv_mem gtsv__mem_space(const void *const *ptrs, int count)
{
  (void)ptrs;
  (void)count;
  return GTSV_MEM_HOST;
}

gtsv_status gtsv__s_cuda_gtsv(gtsv_handle h, int64_t n, int64_t nrhs, const float *dl,
                             const float *d, const float *du, float *B, int64_t ldb)
{
  (void)h; (void)n; (void)nrhs; (void)dl; (void)d; (void)du; (void)B; (void)ldb;
  return GTSV_STATUS_NOT_SUPPORTED;
}
gtsv_status gtsv__d_cuda_gtsv(gtsv_handle h, int64_t n, int64_t nrhs, const double *dl,
                             const double *d, const double *du, double *B, int64_t ldb)
{
  (void)h; (void)n; (void)nrhs; (void)dl; (void)d; (void)du; (void)B; (void)ldb;
  return GTSV_STATUS_NOT_SUPPORTED;
}
gtsv_status gtsv__s_cuda_gtsv_strided_batch(gtsv_handle h, int64_t n, const float *dl,
                                           const float *d, const float *du, float *x,
                                           int64_t batch, int64_t stride)
{
  (void)h; (void)n; (void)dl; (void)d; (void)du; (void)x; (void)batch; (void)stride;
  return GTSV_STATUS_NOT_SUPPORTED;
}
gtsv_status gtsv__d_cuda_gtsv_strided_batch(gtsv_handle h, int64_t n, const double *dl,
                                           const double *d, const double *du, double *x,
                                           int64_t batch, int64_t stride)
{
  (void)h; (void)n; (void)dl; (void)d; (void)du; (void)x; (void)batch; (void)stride;
  return GTSV_STATUS_NOT_SUPPORTED;
}
gtsv_status gtsv__s_cuda_gtsv_interleaved_batch(gtsv_handle h, int64_t n, const float *dl,
                                               const float *d, const float *du, float *x,
                                               int64_t batch)
{
  (void)h; (void)n; (void)dl; (void)d; (void)du; (void)x; (void)batch;
  return GTSV_STATUS_NOT_SUPPORTED;
}
gtsv_status gtsv__d_cuda_gtsv_interleaved_batch(gtsv_handle h, int64_t n, const double *dl,
                                               const double *d, const double *du,
                                               double *x, int64_t batch)
{
  (void)h; (void)n; (void)dl; (void)d; (void)du; (void)x; (void)batch;
  return GTSV_STATUS_NOT_SUPPORTED;
}
gtsv_status gtsv__cuda_get_info(gtsv_handle h, int64_t *info, int64_t *row)
{
  (void)h;
  *info = 0;
  *row = -1;
  return GTSV_STATUS_SUCCESS;
}
gtsv_status gtsv__cuda_release(gtsv_handle h)
{
  (void)h;
  return GTSV_STATUS_SUCCESS;
}
