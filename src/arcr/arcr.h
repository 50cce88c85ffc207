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

/* Device, for the GPU SPIKE's reduced system (src/spike/spike.cu, thesis 5.3):
   one n-row system with nrhs columns (ldb), stream-ordered, inside a SPIKE solve
   (the solve's info is not touched). A singular pivot or a non-finite solution
   ORs fbit into *flag (device memory), which gates SPIKE's fallback; x is then
   unspecified. NOT_SUPPORTED (nothing launched) when n > gtsv__arcr_cuda_max_n. */
int64_t gtsv__arcr_cuda_max_n(size_t elt); /* 0 on error or without a device */
gtsv_status gtsv__s_arcr_cuda_reduced(gtsv_handle h, int64_t n, int64_t nrhs,
                                      const float *dl, const float *d, const float *du,
                                      float *B, int64_t ldb, unsigned *flag, unsigned fbit);
gtsv_status gtsv__d_arcr_cuda_reduced(gtsv_handle h, int64_t n, int64_t nrhs,
                                      const double *dl, const double *d, const double *du,
                                      double *B, int64_t ldb, unsigned *flag, unsigned fbit);

/* ---- internal: the host plan (structure of every level), reusable per column ----
   Used by gtsv__?_arcr_host and by host SPIKE for its reduced system. */

/* Levels of a plan: each level keeps at most 3/4 of the rows of the one before
   (else it becomes the base), so log(n)/log(4/3) + 2 <= 152 for any int64 n. */
#define GTSV_ARCR_MAX_LEVELS 160

/* Byte offsets of the plan's arrays in a workspace (one function for the size
   query and the solver). Per original row: P, W, V, K1..K3 (element type),
   prv, nxt (int64), role (byte); the eliminated-row order ord and the level rows
   ids (int64); the current level a, b, c and per-row flags lr; the base factor
   bp, bg, bf; a gather buffer zs; a column buffer xs (gtsv__?_arcr_host). */
typedef struct {
  size_t P, W, V, K1, K2, K3, prv, nxt, ord, ids, a, b, c, bp, bg, zs, role, lr, bf, xs;
  size_t bytes;
} gtsv_arcr_layout;
gtsv_arcr_layout gtsv__arcr_layout(int64_t n, size_t elt);

/* A factored system: rows eliminated at level l are ord[lev_off[l] .. lev_off[l+1]),
   the base rows (solved by diagonal pivoting) ord[lev_off[nlev] .. n). */
typedef struct {
  int64_t n, nlev, nbase;
  int64_t lev_off[GTSV_ARCR_MAX_LEVELS + 1];
  char *ws;
  gtsv_arcr_layout L;
  int64_t stalls;   /* 1 when the base is a level that could not be reduced */
  int64_t fallback; /* 1 when a reduced level hit a bad pivot and the base is T */
} gtsv_arcr_plan;

#define GTSV_ARCR_PLAN_DECLARE(T, P)                                                 \
  /* Build the plan of T (n >= 1) in ws (gtsv__arcr_layout(n).bytes). Returns -1, or \
     the 0-based row of a singular (zero or non-finite) pivot block. */              \
  int64_t gtsv__##P##_arcr_plan(gtsv_arcr_plan *pl, int64_t n, const T *dl,          \
                                const T *d, const T *du, void *ws);                  \
  /* Solve T x = z with a plan; z (n) is overwritten by x. */                        \
  void gtsv__##P##_arcr_solve(const gtsv_arcr_plan *pl, T *z);
GTSV_ARCR_PLAN_DECLARE(float, s)
GTSV_ARCR_PLAN_DECLARE(double, d)
#undef GTSV_ARCR_PLAN_DECLARE

#ifdef __cplusplus
}
#endif

#endif /* GTSV_ARCR_ARCR_H */
