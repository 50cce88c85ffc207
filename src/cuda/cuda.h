/* The boundary between the C drivers and the CUDA backend. Implemented in
   the src/cuda .cu files when the library is built with CUDA, and by src/cuda/nocuda.c
   (every device call NOT_SUPPORTED, every pointer host) otherwise. */
#ifndef GTSV_CUDA_CUDA_H
#define GTSV_CUDA_CUDA_H

#include "core/internal.h"

#ifdef __cplusplus
extern "C" {
#endif

int gtsv__cuda_built(void);

/* Device solves: arguments already checked by api_gen.c, pointers are device
   memory, n >= 1, nrhs/batch >= 1. Queue the work on h->stream and return;
   singularity is recorded on the device and read by gtsv__cuda_get_info. */
gtsv_status gtsv__s_cuda_gtsv(gtsv_handle h, int64_t n, int64_t nrhs, const float *dl,
                             const float *d, const float *du, float *B, int64_t ldb);
gtsv_status gtsv__d_cuda_gtsv(gtsv_handle h, int64_t n, int64_t nrhs, const double *dl,
                             const double *d, const double *du, double *B, int64_t ldb);
gtsv_status gtsv__s_cuda_gtsv_strided_batch(gtsv_handle h, int64_t n, const float *dl,
                                           const float *d, const float *du, float *x,
                                           int64_t batch, int64_t stride);
gtsv_status gtsv__d_cuda_gtsv_strided_batch(gtsv_handle h, int64_t n, const double *dl,
                                           const double *d, const double *du, double *x,
                                           int64_t batch, int64_t stride);

/* Interleaved batch (element i of system k at i*batch + k); defined in
   src/batch/batch.cu. */
gtsv_status gtsv__s_cuda_gtsv_interleaved_batch(gtsv_handle h, int64_t n, const float *dl,
                                               const float *d, const float *du, float *x,
                                               int64_t batch);
gtsv_status gtsv__d_cuda_gtsv_interleaved_batch(gtsv_handle h, int64_t n, const double *dl,
                                               const double *d, const double *du,
                                               double *x, int64_t batch);

/* Wait for the handle's stream and read the info of the last device solve. */
gtsv_status gtsv__cuda_get_info(gtsv_handle h, int64_t *info, int64_t *row);

/* Free the handle's device state (waits for its stream). */
gtsv_status gtsv__cuda_release(gtsv_handle h);

#ifdef __cplusplus
}
#endif

#endif /* GTSV_CUDA_CUDA_H */
