/* Placeholder until the ARCR issue lands: the host ARCR path answers
   NOT_SUPPORTED and leaves B untouched. Replaced by the real solver. */
#include "arcr/arcr.h"

#define GTSV_ARCR_STUB(T, P)                                                    \
  gtsv_status gtsv__##P##_arcr_host(gtsv_handle h, int64_t n, int64_t nrhs,      \
                                    const T *dl, const T *d, const T *du, T *B,   \
                                    int64_t ldb, int64_t *bad)                    \
  {                                                                               \
    (void)h; (void)n; (void)nrhs; (void)dl; (void)d; (void)du; (void)B;           \
    (void)ldb;                                                                    \
    *bad = -1;                                                                    \
    return GTSV_STATUS_NOT_SUPPORTED;                                             \
  }
GTSV_ARCR_STUB(float, s)
GTSV_ARCR_STUB(double, d)
