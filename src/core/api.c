/* Handle, status strings, allocation and workspace: the parts of the public API
   that do not depend on the precision. The typed solver entry points are in
   api_gen.c (included by solve.c). */
#include <stdlib.h>
#include "core/internal.h"
#include "cuda/cuda.h"

#ifdef _OPENMP
#include <omp.h>
#endif

static gtsv_malloc_fn alloc_fn = NULL;
static gtsv_free_fn free_fn = NULL;

void gtsv__set_alloc(gtsv_malloc_fn m, gtsv_free_fn f) { alloc_fn = m; free_fn = f; }
void *gtsv__malloc(size_t size) { return alloc_fn ? alloc_fn(size) : malloc(size); }
void gtsv__free(void *p) { if (free_fn) free_fn(p); else free(p); }

gtsv_status gtsv__buffer_reserve(gtsv_buffer *buf, size_t size)
{
  void *p;
  if (size <= buf->size) return GTSV_STATUS_SUCCESS;
  p = gtsv__malloc(size);
  if (!p) return GTSV_STATUS_ALLOC_FAILED; /* the old buffer stays valid */
  gtsv__free(buf->ptr);
  buf->ptr = p;
  buf->size = size;
  return GTSV_STATUS_SUCCESS;
}

void gtsv__buffer_release(gtsv_buffer *buf)
{
  gtsv__free(buf->ptr);
  buf->ptr = NULL;
  buf->size = 0;
}

int gtsv__threads(gtsv_handle h)
{
#ifdef _OPENMP
  int t = h->nthreads > 0 ? h->nthreads : omp_get_max_threads();
  return t > 0 ? t : 1;
#else
  (void)h;
  return 1;
#endif
}

gtsv_status gtsv__batch_slots(gtsv_handle h, int64_t batch, size_t per, int *threads)
{
  int t = gtsv__threads(h);
  if (t > batch) t = (int)batch;
  if (per > SIZE_MAX / (size_t)t) return GTSV_STATUS_ALLOC_FAILED;
  *threads = t;
  return gtsv__buffer_reserve(&h->ws, per * (size_t)t);
}

void *gtsv__batch_slot(gtsv_handle h, size_t per)
{
#ifdef _OPENMP
  return (char *)h->ws.ptr + per * (size_t)omp_get_thread_num();
#else
  (void)per;
  return h->ws.ptr;
#endif
}

gtsv_status gtsv_create(gtsv_handle *h)
{
  struct gtsv_context *c;
  if (!h) return GTSV_STATUS_INVALID_VALUE;
  *h = NULL;
  c = (struct gtsv_context *)gtsv__malloc(sizeof *c);
  if (!c) return GTSV_STATUS_ALLOC_FAILED;
  c->algo = GTSV_ALGO_AUTO;
  c->stream = NULL;
  c->spike_parts = 0;
  c->spike_reduced = GTSV_ALGO_DP_SEQ;
  c->spike_opts = 0;
  c->nthreads = 0;
  c->info = 0;
  c->row = -1;
  c->info_on_device = 0;
  c->ws.ptr = NULL;
  c->ws.size = 0;
  c->cuda = NULL;
  *h = c;
  return GTSV_STATUS_SUCCESS;
}

gtsv_status gtsv_destroy(gtsv_handle h)
{
  gtsv_status s;
  if (!h) return GTSV_STATUS_SUCCESS;
  s = gtsv__cuda_release(h);
  gtsv__buffer_release(&h->ws);
  gtsv__free(h);
  return s;
}

gtsv_status gtsv_set_algo(gtsv_handle h, gtsv_algo algo)
{
  if (!h) return GTSV_STATUS_INVALID_VALUE;
  switch (algo) {
  case GTSV_ALGO_AUTO: case GTSV_ALGO_SPIKE_DP: case GTSV_ALGO_PDP:
  case GTSV_ALGO_ARCR: case GTSV_ALGO_DP_SEQ: case GTSV_ALGO_THOMAS:
    h->algo = algo;
    return GTSV_STATUS_SUCCESS;
  }
  return GTSV_STATUS_INVALID_VALUE;
}

gtsv_status gtsv_get_algo(gtsv_handle h, gtsv_algo *algo)
{
  if (!h || !algo) return GTSV_STATUS_INVALID_VALUE;
  *algo = h->algo;
  return GTSV_STATUS_SUCCESS;
}

gtsv_status gtsv_set_stream(gtsv_handle h, void *cuda_stream)
{
  if (!h) return GTSV_STATUS_INVALID_VALUE;
  h->stream = cuda_stream;
  return GTSV_STATUS_SUCCESS;
}

gtsv_status gtsv_set_spike_partitions(gtsv_handle h, int64_t p)
{
  if (!h || p < 0) return GTSV_STATUS_INVALID_VALUE;
  h->spike_parts = p;
  return GTSV_STATUS_SUCCESS;
}

gtsv_status gtsv_set_spike_reduced_solver(gtsv_handle h, gtsv_algo a)
{
  if (!h || (a != GTSV_ALGO_DP_SEQ && a != GTSV_ALGO_ARCR)) return GTSV_STATUS_INVALID_VALUE;
  h->spike_reduced = a;
  return GTSV_STATUS_SUCCESS;
}

gtsv_status gtsv_set_num_threads(gtsv_handle h, int t)
{
  if (!h || t < 0) return GTSV_STATUS_INVALID_VALUE;
  h->nthreads = t;
  return GTSV_STATUS_SUCCESS;
}

gtsv_status gtsv_get_info(gtsv_handle h, int64_t *info, int64_t *row)
{
  int64_t i, r;
  if (!h) return GTSV_STATUS_INVALID_VALUE;
  if (h->info_on_device) {
    gtsv_status s = gtsv__cuda_get_info(h, &i, &r);
    if (s != GTSV_STATUS_SUCCESS && s != GTSV_STATUS_SINGULAR) return s;
  } else {
    i = h->info;
    r = h->row;
  }
  if (info) *info = i;
  if (row) *row = r;
  return i > 0 ? GTSV_STATUS_SINGULAR : GTSV_STATUS_SUCCESS;
}

const char *gtsv_status_string(gtsv_status s)
{
  switch (s) {
  case GTSV_STATUS_SUCCESS: return "success";
  case GTSV_STATUS_INVALID_VALUE: return "invalid argument";
  case GTSV_STATUS_SINGULAR: return "singular or non-finite pivot block";
  case GTSV_STATUS_ALLOC_FAILED: return "workspace allocation failed";
  case GTSV_STATUS_NOT_SUPPORTED: return "not supported by this build or memory space";
  case GTSV_STATUS_DEVICE_ERROR: return "CUDA device error";
  }
  return "unknown status";
}

const char *gtsv_algo_string(gtsv_algo a)
{
  switch (a) {
  case GTSV_ALGO_AUTO: return "auto";
  case GTSV_ALGO_SPIKE_DP: return "spike_dp";
  case GTSV_ALGO_PDP: return "pdp";
  case GTSV_ALGO_ARCR: return "arcr";
  case GTSV_ALGO_DP_SEQ: return "dp_seq";
  case GTSV_ALGO_THOMAS: return "thomas";
  }
  return "unknown";
}

int gtsv_has_cuda(void) { return gtsv__cuda_built(); }
