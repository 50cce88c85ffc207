/* Placeholder until the PDP issue lands: the device PDP paths answer
   NOT_SUPPORTED without touching the data. Replaced by the real kernels. */
#include "pdp/pdp.h"

template <typename T>
static gtsv_status stub_gtsv(gtsv_handle, int64_t, int64_t, const T *, const T *,
                             const T *, T *, int64_t)
{
  return GTSV_STATUS_NOT_SUPPORTED;
}
template <typename T>
static gtsv_status stub_strided(gtsv_handle, int64_t, const T *, const T *, const T *,
                                T *, int64_t, int64_t)
{
  return GTSV_STATUS_NOT_SUPPORTED;
}
extern "C" gtsv_status gtsv__s_pdp_cuda(gtsv_handle h, int64_t n, int64_t nrhs,
                                        const float *dl, const float *d, const float *du,
                                        float *B, int64_t ldb)
{
  return stub_gtsv<float>(h, n, nrhs, dl, d, du, B, ldb);
}
extern "C" gtsv_status gtsv__d_pdp_cuda(gtsv_handle h, int64_t n, int64_t nrhs,
                                        const double *dl, const double *d,
                                        const double *du, double *B, int64_t ldb)
{
  return stub_gtsv<double>(h, n, nrhs, dl, d, du, B, ldb);
}
extern "C" gtsv_status gtsv__s_pdp_cuda_strided(gtsv_handle h, int64_t n, const float *dl,
                                                const float *d, const float *du, float *x,
                                                int64_t batch, int64_t stride)
{
  return stub_strided<float>(h, n, dl, d, du, x, batch, stride);
}
extern "C" gtsv_status gtsv__d_pdp_cuda_strided(gtsv_handle h, int64_t n,
                                                const double *dl, const double *d,
                                                const double *du, double *x,
                                                int64_t batch, int64_t stride)
{
  return stub_strided<double>(h, n, dl, d, du, x, batch, stride);
}
