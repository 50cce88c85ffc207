/* Device-side state of a handle, shared by the CUDA files of every algorithm
   folder (src/spike, src/batch, ...). C++ (CUDA) only. */
#ifndef GTSV_CUDA_STATE_H
#define GTSV_CUDA_STATE_H

#include <cuda_runtime.h>
#include "core/internal.h"

/* The first singular pivot of a device solve is kept as one 64-bit key,
   key = system * info_div + row, so an atomicMin finds the lowest system and,
   within it, the lowest row. Reset to GTSV_NO_INFO before each solve. */
#define GTSV_NO_INFO 0xFFFFFFFFFFFFFFFFull

struct gtsv_cuda_state {
  unsigned long long *info; /* device: one key */
  int64_t info_div;         /* divisor of the key of the last solve */
  void *ws;                 /* device workspace, grow-only */
  size_t ws_size;
  void *stage;              /* device staging copy of a batch's arrays (batch_pack.cu),
                               grow-only, separate because the solver it feeds uses ws */
  size_t stage_size;
};

/* cudaError_t -> status; clears the sticky-free error state. */
static inline gtsv_status gtsv__cuda_status(cudaError_t e)
{
  if (e == cudaSuccess) return GTSV_STATUS_SUCCESS;
  (void)cudaGetLastError();
  return e == cudaErrorMemoryAllocation ? GTSV_STATUS_ALLOC_FAILED : GTSV_STATUS_DEVICE_ERROR;
}

#define GTSV_CUDA_TRY(call)                                  \
  do {                                                       \
    gtsv_status gtsv_try_s_ = gtsv__cuda_status(call);       \
    if (gtsv_try_s_ != GTSV_STATUS_SUCCESS) return gtsv_try_s_; \
  } while (0)

/* Start a device solve on h: create the state on first use, reset the info key
   (stream-ordered) and remember its divisor. */
gtsv_status gtsv__cuda_begin(gtsv_handle h, int64_t info_div);

/* v rounded up to 256 bytes: workspace regions start on whole sectors. */
static __host__ __device__ inline size_t gtsv__al256(size_t v) { return (v + 255) & ~(size_t)255; }

/* Device workspace of at least bytes (grow-only; a grow waits for the stream). */
gtsv_status gtsv__cuda_workspace(gtsv_handle h, size_t bytes, void **ws);
/* The staging buffer, likewise. */
gtsv_status gtsv__cuda_stage(gtsv_handle h, size_t bytes, void **stage);

static inline cudaStream_t gtsv__cuda_stream(gtsv_handle h)
{
  return (cudaStream_t)h->stream;
}

/* Record a singular pivot from a kernel. */
static __device__ __forceinline__ void gtsv__report_singular(unsigned long long *info,
                                                             unsigned long long key)
{
  atomicMin(info, key);
}

#endif /* GTSV_CUDA_STATE_H */
