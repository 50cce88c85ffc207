/* GPU offload of libgtsv_lapack (GTSV_LAPACK_GPU_MIN_N): copy the system to the
   device, solve it through the public API on device pointers, copy X back.
   Any failure (no device, NOT_SUPPORTED while the device solvers are missing, a
   CUDA error) answers "not done" with B untouched, and the caller solves on the
   host: the offload can make a call slower, never wrong. */
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include "lapack/gtsv_lapack.h"

namespace {

/* Typed public entry point, so one template serves both precisions. */
gtsv_status solve(gtsv_handle h, int64_t n, int64_t nrhs, const float *dl,
                  const float *d, const float *du, float *B, int64_t ldb)
{
  return gtsv_sgtsv(h, n, nrhs, dl, d, du, B, ldb);
}
gtsv_status solve(gtsv_handle h, int64_t n, int64_t nrhs, const double *dl,
                  const double *d, const double *du, double *B, int64_t ldb)
{
  return gtsv_dgtsv(h, n, nrhs, dl, d, du, B, ldb);
}

template <typename T>
int offload(gtsv_handle h, int64_t n, int64_t nrhs, const T *dl, const T *d,
            const T *du, T *B, int64_t ldb, int64_t *row)
{
  const size_t col = (size_t)n * sizeof(T);
  int count = 0, done = 0;
  int64_t info = 0, r = -1;
  T *w = nullptr, *x = nullptr;
  gtsv_status s;
  /* device memory: dl, d, du, then X with leading dimension n */
  if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) goto out;
  if (cudaMalloc((void **)&w, (size_t)(3 + nrhs) * col) != cudaSuccess) goto out;
  if (cudaMemcpy(w, dl, col, cudaMemcpyHostToDevice) != cudaSuccess ||
      cudaMemcpy(w + n, d, col, cudaMemcpyHostToDevice) != cudaSuccess ||
      cudaMemcpy(w + 2 * n, du, col, cudaMemcpyHostToDevice) != cudaSuccess ||
      cudaMemcpy2D(w + 3 * n, col, B, (size_t)ldb * sizeof(T), col, (size_t)nrhs,
                   cudaMemcpyHostToDevice) != cudaSuccess)
    goto out;
  s = solve(h, n, nrhs, w, w + n, w + 2 * n, w + 3 * n, n);
  if (s != GTSV_STATUS_SUCCESS && s != GTSV_STATUS_SINGULAR) goto out;
  /* the one call that waits for the device solve */
  s = gtsv_get_info(h, &info, &r);
  if (s == GTSV_STATUS_SINGULAR && r >= 0) {
    *row = r; /* LAPACK: X not computed, B unspecified; leave it as it was */
    done = 1;
    goto out;
  }
  if (s != GTSV_STATUS_SUCCESS) goto out;
  /* through a host copy: a copy that fails half-way must not leave B half
     overwritten, since the host solve then starts again from B */
  x = (T *)malloc((size_t)nrhs * col);
  if (!x || cudaMemcpy(x, w + 3 * n, (size_t)nrhs * col, cudaMemcpyDeviceToHost) != cudaSuccess)
    goto out;
  for (int64_t k = 0; k < nrhs; k++) memcpy(B + k * ldb, x + k * n, col);
  *row = -1;
  done = 1;
out:
  if (w) cudaFree(w);
  free(x);
  (void)cudaGetLastError(); /* clear a non-sticky error so later calls start clean */
  return done;
}

} // namespace

extern "C" int gtsv_lapack__sgpu(gtsv_handle h, int64_t n, int64_t nrhs, const float *dl,
                                 const float *d, const float *du, float *B, int64_t ldb,
                                 int64_t *row)
{
  return offload(h, n, nrhs, dl, d, du, B, ldb, row);
}

extern "C" int gtsv_lapack__dgpu(gtsv_handle h, int64_t n, int64_t nrhs, const double *dl,
                                 const double *d, const double *du, double *B, int64_t ldb,
                                 int64_t *row)
{
  return offload(h, n, nrhs, dl, d, du, B, ldb, row);
}
