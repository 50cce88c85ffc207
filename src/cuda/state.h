/* Device-side state of a handle, shared by the CUDA files of every algorithm
   folder (src/spike, src/batch, ...). C++ (CUDA) only. */
#ifndef GTSV_CUDA_STATE_H
#define GTSV_CUDA_STATE_H

#include <cuda_runtime.h>
#include "core/internal.h"

/* The first singular pivot of a device solve is kept as one 64-bit key,
   key = system * info_div + row, so an atomicMin finds the lowest system and,
   within it, the lowest row; GTSV_NO_INFO where none was.
   Two slots and an epoch (gtsv_info_dev, device memory), so that a solve of one kernel
   needs no reset before it (a cudaMemsetAsync is a node of its own: about 2 us a
   solve of a 512 x 512 batch in a CUDA graph on an H100,
   bench/results/gpu-batch-info-reset-h100-2026-11-27.md). The last solve's key is
   slot[epoch & 1], and between solves slot[(epoch + 1) & 1] is GTSV_NO_INFO:
     - a solve that resets (gtsv__cuda_begin) sets all the struct to 0xFF (both slots
       GTSV_NO_INFO, epoch = done = 0xFFFFFFFF) before its kernels, which report into
       slot[1] (gtsv__cuda_info);
     - a solve of one kernel (gtsv__cuda_begin_self, the on-chip batch kernel, up to
       kSelfMaxBlocks blocks: batch_tile.cu) does not: each block, at its start, reads
       the epoch E and counts itself in done; every block reports into
       slot[(E + 1) & 1]; the last block to count, before its stores, resets
       slot[E & 1], sets epoch = E + 1 and done = 0xFFFFFFFF (gtsv__info_count, _slot,
       _last below). Every block has read E before the last one counts, and the next
       solve starts after this kernel ends, so no block sees a changed epoch. Nothing
       of this lives on the host: a CUDA graph of such solves, replayed, goes on from
       the device's epoch. */
#define GTSV_NO_INFO 0xFFFFFFFFFFFFFFFFull

struct gtsv_info_dev {
  unsigned long long slot[2];
  unsigned epoch, done;
  /* systems the on-chip batch kernel deferred to its retry kernel in this solve, less
     one (batch_tile.cu, tile_retry_kernel): a resetting solve's reset sets it to
     0xFFFFFFFF, so the first deferral counts from 0; only resetting solves defer */
  unsigned deferred, pad;
};

struct gtsv_cuda_state {
  struct gtsv_info_dev *info; /* device: the keys (above) */
  int64_t info_div;         /* divisor of the key of the last solve */
  int self;                 /* the solve began with gtsv__cuda_begin_self */
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

/* Start a device solve on h: create the state on first use, reset the info keys
   (stream-ordered) and remember the key's divisor. */
gtsv_status gtsv__cuda_begin(gtsv_handle h, int64_t info_div);
/* The same for a solve that is exactly one launch of a kernel that runs the epoch
   protocol (above) with at least one block: no reset. The caller must launch it, or
   call gtsv__cuda_begin where it does not. */
gtsv_status gtsv__cuda_begin_self(gtsv_handle h, int64_t info_div);
/* A copy of the handle's keys (h->cuda set), once its stream's work is done. */
gtsv_status gtsv__cuda_read_info(gtsv_handle h, gtsv_info_dev *d);
/* The key a resetting solve's kernels report into (slot 1). */
static inline unsigned long long *gtsv__cuda_info(gtsv_handle h)
{
  return &h->cuda->info->slot[1];
}

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

/* The epoch protocol (above), by one thread of each block: gtsv__info_count at the
   block's start (the epoch E, read with acquire so that the count comes after it, and
   the block counted in done), the key to report into from E (gtsv__info_slot), and
   gtsv__info_last late in the block, before its stores of x (the last block to count
   resets slot[E & 1] and moves the epoch on). The count's result is needed only there,
   so its round trip overlaps the block's work, and the fence there has no stores to wait
   for (a fence and a count waited for at the start cost about 1 us of a 512 x 512
   solve: bench/results/gpu-batch-info-reset-h100-2026-11-27.md). */
struct gtsv_info_tick {
  unsigned epoch, count;
};
static __device__ __forceinline__ gtsv_info_tick gtsv__info_count(gtsv_info_dev *d)
{
  gtsv_info_tick t;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(t.epoch) : "l"(&d->epoch) : "memory");
  t.count = atomicAdd(&d->done, 1u);
  return t;
}
static __device__ __forceinline__ unsigned long long *gtsv__info_slot(gtsv_info_dev *d,
                                                                      unsigned epoch)
{
  return &d->slot[(epoch + 1u) & 1u];
}
static __device__ __forceinline__ void gtsv__info_last(gtsv_info_dev *d, gtsv_info_tick t)
{
  if (t.count == gridDim.x * gridDim.y * gridDim.z - 2u) { /* every block has counted */
    __threadfence();
    *(volatile unsigned long long *)&d->slot[t.epoch & 1u] = GTSV_NO_INFO;
    *(volatile unsigned *)&d->epoch = t.epoch + 1u;
    *(volatile unsigned *)&d->done = 0xFFFFFFFFu;
  }
}

/* Record a singular pivot from a kernel. */
static __device__ __forceinline__ void gtsv__report_singular(unsigned long long *info,
                                                             unsigned long long key)
{
  atomicMin(info, key);
}

#endif /* GTSV_CUDA_STATE_H */
