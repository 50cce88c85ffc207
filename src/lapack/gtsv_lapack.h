/* Internal declarations of libgtsv_lapack (the LAPACK drop-in, gtsv_lapack.c).
   Never installed. C11, includable from the CUDA offload file (gpu.cu). */
#ifndef GTSV_LAPACK_INTERNAL_H
#define GTSV_LAPACK_INTERNAL_H

#include <stdint.h>
#include "gtsv/gtsv.h"

#ifdef __cplusplus
extern "C" {
#endif

/* INFO returned when the shim cannot run the solve at all (scratch or handle
   allocation failed, or an unexpected library status). LAPACK's dgtsv has no such
   case; the value is LAPACKE's LAPACK_WORK_MEMORY_ERROR. B is unchanged. */
#define GTSV_LAPACK_INFO_NO_MEMORY (-1010)

/* Offload of one solve to the GPU through the public API (gpu.cu; gpu_none.c in a
   build without CUDA). dl, d, du (gtsv layout, length n), B (ldb >= n) are host
   memory; n >= 1, nrhs >= 1.
   Returns 1 when the device solved it: *row = -1 (B holds X) or the 0-based row
   of the singular pivot block (B unspecified). Returns 0 when it did not (no
   device, NOT_SUPPORTED, any CUDA or library error): B is then unchanged and the
   caller solves on the host. Never prints. */
int gtsv_lapack__sgpu(gtsv_handle h, int64_t n, int64_t nrhs, const float *dl,
                      const float *d, const float *du, float *B, int64_t ldb,
                      int64_t *row);
int gtsv_lapack__dgpu(gtsv_handle h, int64_t n, int64_t nrhs, const double *dl,
                      const double *d, const double *du, double *B, int64_t ldb,
                      int64_t *row);

#ifdef __cplusplus
}
#endif

#endif /* GTSV_LAPACK_INTERNAL_H */
