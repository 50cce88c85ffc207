/* Adaptive R-cyclic reduction (thesis chapter 5): host reference and GPU kernel.
   Host: src/arcr/arcr_host.c (+ arcr_host_gen.c); GPU: src/arcr/arcr.cu.
   C-includable. Solvers follow the conventions of src/host/host.h. */
#ifndef GTSV_ARCR_ARCR_H
#define GTSV_ARCR_ARCR_H

#include <stdint.h>
#include "core/internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GTSV_ARCR_DECLARE(T, P)                                                     \
  /* Host: A X = B with ARCR, nrhs columns of B (leading dim ldb); uses h->ws.      \
     Returns SUCCESS or ALLOC_FAILED (B untouched); *bad = -1, or the 0-based row   \
     of the first singular pivot block (B unspecified then). */                     \
  gtsv_status gtsv__##P##_arcr_host(gtsv_handle h, int64_t n, int64_t nrhs,         \
                                    const T *dl, const T *d, const T *du, T *B,     \
                                    int64_t ldb, int64_t *bad);                     \
  /* Device (CUDA builds only): pointers are device memory, arguments checked,      \
     n >= 1, nrhs/batch >= 1. Stream-ordered; singularity via gtsv__cuda_begin's    \
     info key. NOT_SUPPORTED when n is too large for the on-chip kernel. */          \
  gtsv_status gtsv__##P##_arcr_cuda(gtsv_handle h, int64_t n, int64_t nrhs,         \
                                    const T *dl, const T *d, const T *du, T *B,     \
                                    int64_t ldb);                                   \
  gtsv_status gtsv__##P##_arcr_cuda_strided(gtsv_handle h, int64_t n, const T *dl,  \
                                            const T *d, const T *du, T *x,          \
                                            int64_t batch, int64_t stride);
GTSV_ARCR_DECLARE(float, s)
GTSV_ARCR_DECLARE(double, d)
#undef GTSV_ARCR_DECLARE

#ifdef __cplusplus
}
#endif

#endif /* GTSV_ARCR_ARCR_H */
