/* Placeholder until the PDP issue lands: the host PDP path answers
   NOT_SUPPORTED and leaves B untouched. Replaced by the real solver. */
#include "pdp/pdp.h"

#define GTSV_PDP_STUB(T, P)                                                    \
  gtsv_status gtsv__##P##_pdp_host(gtsv_handle h, int64_t n, int64_t nrhs,      \
                                    const T *dl, const T *d, const T *du, T *B,   \
                                    int64_t ldb, int64_t *bad)                    \
  {                                                                               \
    (void)h; (void)n; (void)nrhs; (void)dl; (void)d; (void)du; (void)B;           \
    (void)ldb;                                                                    \
    *bad = -1;                                                                    \
    return GTSV_STATUS_NOT_SUPPORTED;                                             \
  }
GTSV_PDP_STUB(float, s)
GTSV_PDP_STUB(double, d)
