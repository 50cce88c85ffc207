/* Host (CPU) solvers. Each is generic over precision: gtsv__s_* (float) and
   gtsv__d_* (double), instantiated from a *_gen.c body. Solvers return -1 on
   success or the 0-based row of the first singular (zero or non-finite) pivot
   block; argument checking is the caller's (src/core/api.c). */
#ifndef GTSV_HOST_H
#define GTSV_HOST_H

#include <stddef.h>
#include <stdint.h>
#include "core/internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Layout of the diagonal-pivoting factor of an n-row system in a workspace:
   p[n], g[n] of the element type, then f[n] flags; one function for the size
   query and the solver (gtsv__dp_layout). */
typedef struct {
  size_t p, g, f, bytes; /* byte offsets and total size */
} gtsv_dp_layout;
gtsv_dp_layout gtsv__dp_layout(int64_t n, size_t elt);

#define GTSV_HOST_DECLARE(T, P)                                                  \
  int64_t gtsv__##P##_dp_factor_solve(int64_t n, const T *dl, const T *d,        \
                                      const T *du, T *z, T *p, T *g, uint8_t *f); \
  void gtsv__##P##_dp_solve(int64_t n, const T *dl, const T *d, const T *du,     \
                            const T *p, const T *g, const uint8_t *f, T *z);     \
  int64_t gtsv__##P##_dp_seq(int64_t n, int64_t nrhs, const T *dl, const T *d,   \
                             const T *du, T *B, int64_t ldb, void *ws);          \
  int64_t gtsv__##P##_thomas(int64_t n, int64_t nrhs, const T *dl, const T *d,   \
                             const T *du, T *B, int64_t ldb, void *ws);          \
  gtsv_status gtsv__##P##_spike_host(gtsv_handle h, int64_t n, int64_t nrhs,     \
                                     const T *dl, const T *d, const T *du, T *B, \
                                     int64_t ldb, int64_t *bad);
/* gtsv__?_spike_host: SPIKE-DP on host threads (src/host/spike_host.c); uses
   h->ws, h->spike_parts and gtsv__threads(h). Returns SUCCESS or ALLOC_FAILED (B
   untouched); *bad = -1 or the singular row, as the solvers above. */
GTSV_HOST_DECLARE(float, s)
GTSV_HOST_DECLARE(double, d)
#undef GTSV_HOST_DECLARE

#ifdef __cplusplus
}
#endif

#endif /* GTSV_HOST_H */
