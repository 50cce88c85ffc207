/* CUDA plumbing: memory-space detection, the handle's device state (info key and
   workspace), and the device entry points that the C drivers call. */
#include <cuda_runtime.h>
#include "cuda/cuda.h"
#include "cuda/state.h"

extern "C" int gtsv__cuda_built(void) { return 1; }

/* Whether a usable device exists; asked once per process (C++ static init is
   thread-safe). Without one every pointer is host memory. */
static bool device_present()
{
  static const bool present = [] {
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) (void)cudaGetLastError();
    return e == cudaSuccess && count > 0;
  }();
  return present;
}

extern "C" gtsv_mem gtsv__mem_space(const void *const *ptrs, int count)
{
  int host = 0, dev = 0;
  if (!device_present()) return GTSV_MEM_HOST;
  for (int i = 0; i < count; i++) {
    cudaPointerAttributes a;
    if (!ptrs[i]) continue;
    if (cudaPointerGetAttributes(&a, ptrs[i]) != cudaSuccess) {
      (void)cudaGetLastError();
      host = 1; /* not known to CUDA: plain host memory */
      continue;
    }
    if (a.type == cudaMemoryTypeDevice || a.type == cudaMemoryTypeManaged) dev = 1;
    else host = 1;
  }
  return dev && host ? GTSV_MEM_MIXED : dev ? GTSV_MEM_DEVICE : GTSV_MEM_HOST;
}

/* The state on first use; its keys reset there (both paths rely on it). */
static gtsv_status cuda_state(gtsv_handle h, int64_t info_div, bool *fresh)
{
  *fresh = false;
  if (!h->cuda) {
    gtsv_cuda_state *c = (gtsv_cuda_state *)gtsv__malloc(sizeof *c);
    if (!c) return GTSV_STATUS_ALLOC_FAILED;
    c->info = NULL;
    c->ws = NULL;
    c->ws_size = 0;
    c->stage = NULL;
    c->stage_size = 0;
    c->info_div = 1;
    c->self = 0;
    cudaError_t e = cudaMalloc((void **)&c->info, sizeof *c->info);
    if (e != cudaSuccess) {
      gtsv__free(c);
      return gtsv__cuda_status(e);
    }
    h->cuda = c;
    *fresh = true;
  }
  h->cuda->info_div = info_div > 0 ? info_div : 1;
  h->info_on_device = 1;
  return GTSV_STATUS_SUCCESS;
}

/* A solve's start: the keys reset unless the solve keeps them itself (self) and the
   state is not new. */
static gtsv_status begin(gtsv_handle h, int64_t info_div, bool self)
{
  bool fresh;
  gtsv_status s = cuda_state(h, info_div, &fresh);
  if (s != GTSV_STATUS_SUCCESS) return s;
  h->cuda->self = self;
  if (!self || fresh)
    GTSV_CUDA_TRY(cudaMemsetAsync(h->cuda->info, 0xFF, sizeof *h->cuda->info,
                                  gtsv__cuda_stream(h)));
  return GTSV_STATUS_SUCCESS;
}

gtsv_status gtsv__cuda_begin(gtsv_handle h, int64_t info_div) { return begin(h, info_div, false); }

gtsv_status gtsv__cuda_begin_self(gtsv_handle h, int64_t info_div)
{
  return begin(h, info_div, true);
}

/* *buf of at least bytes, grow-only; the old buffer may still be in use by queued
   work, so a grow waits for the stream. On failure *buf keeps the old buffer. */
static gtsv_status grow(gtsv_handle h, void **buf, size_t *size, size_t bytes)
{
  if (bytes > *size) {
    void *p = NULL;
    GTSV_CUDA_TRY(cudaStreamSynchronize(gtsv__cuda_stream(h)));
    GTSV_CUDA_TRY(cudaMalloc(&p, bytes));
    cudaFree(*buf);
    *buf = p;
    *size = bytes;
  }
  return GTSV_STATUS_SUCCESS;
}

gtsv_status gtsv__cuda_workspace(gtsv_handle h, size_t bytes, void **ws)
{
  gtsv_status s = grow(h, &h->cuda->ws, &h->cuda->ws_size, bytes);
  *ws = h->cuda->ws;
  return s;
}

gtsv_status gtsv__cuda_stage(gtsv_handle h, size_t bytes, void **stage)
{
  gtsv_status s = grow(h, &h->cuda->stage, &h->cuda->stage_size, bytes);
  *stage = h->cuda->stage;
  return s;
}

gtsv_status gtsv__cuda_read_info(gtsv_handle h, gtsv_info_dev *d)
{
  GTSV_CUDA_TRY(cudaMemcpyAsync(d, h->cuda->info, sizeof *d, cudaMemcpyDeviceToHost,
                                gtsv__cuda_stream(h)));
  return gtsv__cuda_status(cudaStreamSynchronize(gtsv__cuda_stream(h)));
}

extern "C" gtsv_status gtsv__cuda_get_info(gtsv_handle h, int64_t *info, int64_t *row)
{
  gtsv_info_dev d;
  *info = 0;
  *row = -1;
  if (!h->cuda) return GTSV_STATUS_SUCCESS;
  gtsv_status s = gtsv__cuda_read_info(h, &d);
  if (s != GTSV_STATUS_SUCCESS) return s;
  const unsigned long long key = d.slot[d.epoch & 1u];
  if (key == GTSV_NO_INFO) return GTSV_STATUS_SUCCESS;
  *info = (int64_t)(key / (unsigned long long)h->cuda->info_div) + 1;
  *row = (int64_t)(key % (unsigned long long)h->cuda->info_div);
  return GTSV_STATUS_SINGULAR;
}

extern "C" gtsv_status gtsv__cuda_release(gtsv_handle h)
{
  gtsv_status s = GTSV_STATUS_SUCCESS;
  if (!h->cuda) return s;
  s = gtsv__cuda_status(cudaStreamSynchronize(gtsv__cuda_stream(h)));
  cudaFree(h->cuda->info);
  cudaFree(h->cuda->ws);
  cudaFree(h->cuda->stage);
  gtsv__free(h->cuda);
  h->cuda = NULL;
  return s;
}
