/* Typed public entry points: argument checks (in LAPACK's order), memory-space
   detection, and dispatch to the host or device solvers. Generic body included
   by solve.c once per precision with GTSV_T, GTSV_P (s or d) and the name macros
   GTSV_API(name) (public gtsv_?name) and GTSV_IFN(name) (internal gtsv__?_name). */

/* Host solve of one system, any nrhs; h->ws reserved here. */
static gtsv_status GTSV_IFN(host_solve)(gtsv_handle h, gtsv_algo algo, int64_t n,
                                        int64_t nrhs, const GTSV_T *dl,
                                        const GTSV_T *d, const GTSV_T *du,
                                        GTSV_T *B, int64_t ldb, int64_t *bad)
{
  gtsv_status s;
  if (algo == GTSV_ALGO_AUTO)
    algo = (n >= GTSV_SPIKE_HOST_MIN_N && gtsv__threads(h) >= GTSV_SPIKE_HOST_MIN_THREADS) ? GTSV_ALGO_SPIKE_DP
                                                                : GTSV_ALGO_DP_SEQ;
  switch (algo) {
  case GTSV_ALGO_SPIKE_DP:
    return GTSV_IFN(spike_host)(h, n, nrhs, dl, d, du, B, ldb, bad);
  case GTSV_ALGO_DP_SEQ:
  case GTSV_ALGO_THOMAS:
    s = gtsv__buffer_reserve(&h->ws, gtsv__dp_layout(n, sizeof(GTSV_T)).bytes);
    if (s != GTSV_STATUS_SUCCESS) return s;
    *bad = algo == GTSV_ALGO_THOMAS
               ? GTSV_IFN(thomas)(n, nrhs, dl, d, du, B, ldb, h->ws.ptr)
               : GTSV_IFN(dp_seq)(n, nrhs, dl, d, du, B, ldb, h->ws.ptr);
    return GTSV_STATUS_SUCCESS;
  case GTSV_ALGO_PDP:
    return GTSV_IFN(pdp_host)(h, n, nrhs, dl, d, du, B, ldb, bad);
  case GTSV_ALGO_ARCR:
    return GTSV_IFN(arcr_host)(h, n, nrhs, dl, d, du, B, ldb, bad);
  default:
    return GTSV_STATUS_NOT_SUPPORTED;
  }
}

gtsv_status GTSV_API(gtsv)(gtsv_handle h, int64_t n, int64_t nrhs,
                           const GTSV_T *dl, const GTSV_T *d, const GTSV_T *du,
                           GTSV_T *B, int64_t ldb)
{
  int done;
  int64_t bad = -1;
  gtsv_status s;
  gtsv_mem mem;
  if (!h || n < 0 || nrhs < 0 || ldb < (n > 1 ? n : 1)) return GTSV_STATUS_INVALID_VALUE;
  if (nrhs > 0 && ldb > INT64_MAX / nrhs) return GTSV_STATUS_INVALID_VALUE;
  s = gtsv__entry(h, n == 0 || nrhs == 0, dl, d, du, B, &mem, &done);
  if (done) return s;
  if (mem == GTSV_MEM_DEVICE)
    return GTSV_IFN(cuda_gtsv)(h, n, nrhs, dl, d, du, B, ldb);
  s = GTSV_IFN(host_solve)(h, h->algo, n, nrhs, dl, d, du, B, ldb, &bad);
  if (s != GTSV_STATUS_SUCCESS) return s;
  gtsv__set_info(h, bad >= 0 ? 0 : -1, bad);
  return bad >= 0 ? GTSV_STATUS_SINGULAR : GTSV_STATUS_SUCCESS;
}

gtsv_status GTSV_API(gtsv_strided_batch)(gtsv_handle h, int64_t n, const GTSV_T *dl,
                                         const GTSV_T *d, const GTSV_T *du,
                                         GTSV_T *x, int64_t batch, int64_t stride)
{
  int done;
  gtsv_mem mem;
  gtsv_status s = GTSV_STATUS_SUCCESS;
  int64_t first = INT64_MAX, first_row = -1;
  size_t per;
  int threads;
  if (!h || n < 0 || batch < 0 || stride < n) return GTSV_STATUS_INVALID_VALUE;
  if (batch > 1 && stride > (INT64_MAX - n) / (batch - 1)) return GTSV_STATUS_INVALID_VALUE;
  s = gtsv__entry(h, n == 0 || batch == 0, dl, d, du, x, &mem, &done);
  if (done) return s;
  if (mem == GTSV_MEM_DEVICE)
    return GTSV_IFN(cuda_gtsv_strided_batch)(h, n, dl, d, du, x, batch, stride);

  if (h->algo == GTSV_ALGO_SPIKE_DP || h->algo == GTSV_ALGO_PDP ||
      h->algo == GTSV_ALGO_ARCR ||
      (h->algo == GTSV_ALGO_AUTO && batch < gtsv__threads(h) && n >= GTSV_SPIKE_HOST_MIN_N &&
       gtsv__threads(h) >= GTSV_SPIKE_HOST_MIN_THREADS)) {
    /* few long systems, or an algorithm asked by name: one system at a time with
       the single-system path (parallel inside each system) */
    for (int64_t k = 0; k < batch; k++) {
      int64_t bad = -1;
      s = GTSV_IFN(host_solve)(h, h->algo, n, 1, dl + k * stride, d + k * stride,
                               du + k * stride, x + k * stride, n, &bad);
      if (s != GTSV_STATUS_SUCCESS) return s; /* only before the first system */
      if (bad >= 0 && first == INT64_MAX) { first = k; first_row = bad; }
    }
  } else {
    /* many systems: one system per thread, each thread its own factor space */
    per = gtsv__dp_layout(n, sizeof(GTSV_T)).bytes;
    s = gtsv__batch_slots(h, batch, per, &threads);
    if (s != GTSV_STATUS_SUCCESS) return s;
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static)
#endif
    for (int64_t k = 0; k < batch; k++) {
      void *w = gtsv__batch_slot(h, per);
      int64_t bad = h->algo == GTSV_ALGO_THOMAS
          ? GTSV_IFN(thomas)(n, 1, dl + k * stride, d + k * stride, du + k * stride,
                             x + k * stride, n, w)
          : GTSV_IFN(dp_seq)(n, 1, dl + k * stride, d + k * stride, du + k * stride,
                             x + k * stride, n, w);
      if (bad >= 0) {
#ifdef _OPENMP
#pragma omp critical(gtsv_batch_info)
#endif
        if (k < first) { first = k; first_row = bad; }
      }
    }
  }
  return gtsv__batch_outcome(h, first, first_row);
}

gtsv_status GTSV_API(gtsv_interleaved_batch)(gtsv_handle h, int64_t n, const GTSV_T *dl,
                                             const GTSV_T *d, const GTSV_T *du,
                                             GTSV_T *x, int64_t batch)
{
  int done;
  gtsv_mem mem;
  gtsv_status s;
  int64_t first = INT64_MAX, first_row = -1;
  size_t per, fac;
  int threads;
  if (!h || n < 0 || batch < 0) return GTSV_STATUS_INVALID_VALUE;
  if (n > 0 && batch > INT64_MAX / n) return GTSV_STATUS_INVALID_VALUE;
  s = gtsv__entry(h, n == 0 || batch == 0, dl, d, du, x, &mem, &done);
  if (done) return s;
  if (mem == GTSV_MEM_DEVICE)
    return GTSV_IFN(cuda_gtsv_interleaved_batch)(h, n, dl, d, du, x, batch);

  /* host: gather each system into a contiguous scratch, solve it with DP_SEQ
     (THOMAS when asked), scatter the solution back; a singular system's x is
     left as it was */
  if (h->algo == GTSV_ALGO_PDP || h->algo == GTSV_ALGO_ARCR)
    return GTSV_STATUS_NOT_SUPPORTED;
  if ((uint64_t)n > SIZE_MAX / (4 * sizeof(GTSV_T)) - 64) return GTSV_STATUS_ALLOC_FAILED;
  fac = gtsv__dp_layout(n, sizeof(GTSV_T)).bytes;
  per = gtsv__align(4 * (size_t)n * sizeof(GTSV_T)) + fac;
  s = gtsv__batch_slots(h, batch, per, &threads);
  if (s != GTSV_STATUS_SUCCESS) return s;
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(static)
#endif
  for (int64_t k = 0; k < batch; k++) {
    char *w = (char *)gtsv__batch_slot(h, per);
    GTSV_T *cl = (GTSV_T *)w, *cd = cl + n, *cu = cd + n, *cb = cu + n;
    void *f = w + gtsv__align(4 * (size_t)n * sizeof(GTSV_T));
    int64_t bad;
    for (int64_t i = 0; i < n; i++) {
      cl[i] = dl[i * batch + k];
      cd[i] = d[i * batch + k];
      cu[i] = du[i * batch + k];
      cb[i] = x[i * batch + k];
    }
    bad = h->algo == GTSV_ALGO_THOMAS ? GTSV_IFN(thomas)(n, 1, cl, cd, cu, cb, n, f)
                                      : GTSV_IFN(dp_seq)(n, 1, cl, cd, cu, cb, n, f);
    if (bad >= 0) {
#ifdef _OPENMP
#pragma omp critical(gtsv_batch_info)
#endif
      if (k < first) { first = k; first_row = bad; }
      continue;
    }
    for (int64_t i = 0; i < n; i++) x[i * batch + k] = cb[i];
  }
  return gtsv__batch_outcome(h, first, first_row);
}
