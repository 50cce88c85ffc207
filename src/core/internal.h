/* Internal declarations shared by the drivers of every algorithm folder.
   Never installed; C11 and includable from CUDA (.cu) files. */
#ifndef GTSV_CORE_INTERNAL_H
#define GTSV_CORE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "gtsv/gtsv.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Grow-only host workspace owned by a handle. */
typedef struct {
  void *ptr;
  size_t size;
} gtsv_buffer;

struct gtsv_cuda_state; /* defined in src/cuda; NULL until the first device call */

struct gtsv_context {
  gtsv_algo algo;
  void *stream;            /* cudaStream_t */
  int64_t spike_parts;     /* 0 = automatic */
  gtsv_algo spike_reduced; /* solver of SPIKE's reduced system: DP_SEQ (default) or ARCR */
  unsigned spike_opts;     /* GPU SPIKE ablation switches (src/spike/spike.cu) */
  int nthreads;            /* 0 = OpenMP default */
  int64_t info, row;       /* outcome of the last host solve */
  int info_on_device;      /* the last solve ran on the device: ask the device */
  gtsv_buffer ws;          /* host workspace */
  struct gtsv_cuda_state *cuda;
};

/* Allocation goes through these so tests can inject failures (gtsv__set_alloc). */
void *gtsv__malloc(size_t size);
void gtsv__free(void *p);
typedef void *(*gtsv_malloc_fn)(size_t);
typedef void (*gtsv_free_fn)(void *);
void gtsv__set_alloc(gtsv_malloc_fn m, gtsv_free_fn f); /* NULL, NULL = libc */

/* Make buf hold at least size bytes (content not kept). 0 or ALLOC_FAILED. */
gtsv_status gtsv__buffer_reserve(gtsv_buffer *buf, size_t size);
void gtsv__buffer_release(gtsv_buffer *buf);

/* Byte offset of the next 64-byte aligned slot after 'used' bytes. */
static inline size_t gtsv__align(size_t used) { return (used + 63) & ~(size_t)63; }

/* Threads a host solve may use on handle h (>= 1). */
int gtsv__threads(gtsv_handle h);

/* Host batches: one workspace slot of per bytes for each of *threads threads
   (at most batch) in h->ws; inside the parallel loop, the calling thread's slot. */
gtsv_status gtsv__batch_slots(gtsv_handle h, int64_t batch, size_t per, int *threads);
void *gtsv__batch_slot(gtsv_handle h, size_t per);

/* Record the outcome of a host solve: first failing system, its row. */
static inline void gtsv__set_info(gtsv_handle h, int64_t sys, int64_t row)
{
  h->info = sys < 0 ? 0 : sys + 1;
  h->row = sys < 0 ? -1 : row;
  h->info_on_device = 0;
}

/* The outcome of a host batch: first = the first failing system (INT64_MAX:
   none), row = its row. */
static inline gtsv_status gtsv__batch_outcome(gtsv_handle h, int64_t first, int64_t row)
{
  if (first == INT64_MAX) {
    gtsv__set_info(h, -1, -1);
    return GTSV_STATUS_SUCCESS;
  }
  gtsv__set_info(h, first, row);
  return GTSV_STATUS_SINGULAR;
}

/* Memory space of a call's pointers. */
typedef enum { GTSV_MEM_HOST = 0, GTSV_MEM_DEVICE = 1, GTSV_MEM_MIXED = 2 } gtsv_mem;

/* Classify pointers (NULLs are skipped). Host when the library has no CUDA or no
   device is usable. Defined in src/cuda/device.cu, or src/core/nocuda.c. */
gtsv_mem gtsv__mem_space(const void *const *ptrs, int count);

/* What every entry point does after checking its sizes: an empty problem
   (empty != 0) succeeds at once with the info cleared (*mem untouched); null
   arrays are INVALID_VALUE; arrays in both memory spaces NOT_SUPPORTED; else
   *mem says where they are and the return is SUCCESS with *done = 0. */
static inline gtsv_status gtsv__entry(gtsv_handle h, int empty, const void *dl, const void *d,
                                      const void *du, const void *x, gtsv_mem *mem, int *done)
{
  const void *ptrs[4];
  *done = 1;
  if (empty) {
    gtsv__set_info(h, -1, -1);
    return GTSV_STATUS_SUCCESS;
  }
  if (!dl || !d || !du || !x) return GTSV_STATUS_INVALID_VALUE;
  ptrs[0] = dl; ptrs[1] = d; ptrs[2] = du; ptrs[3] = x;
  *mem = gtsv__mem_space(ptrs, 4);
  if (*mem == GTSV_MEM_MIXED) return GTSV_STATUS_NOT_SUPPORTED;
  *done = 0;
  return GTSV_STATUS_SUCCESS;
}

#ifdef __cplusplus
}
#endif

#endif /* GTSV_CORE_INTERNAL_H */
