/* The pivot-block decision of ARCR, once for the host reference (arcr_host_gen.c)
   and the GPU kernel (arcr.cu): __host__ __device__ under nvcc, C11 otherwise.
   One generic body (arcr_kind_gen.h) per precision: gtsv_s_arcr_kind (float) and
   gtsv_d_arcr_kind (double). The arithmetic is core/pivot.h's; this file only
   applies its Bunch-Kaufman test in both directions (see arcr_host.c for why). */
#ifndef GTSV_ARCR_KIND_H
#define GTSV_ARCR_KIND_H

#include <stdint.h>
#include <float.h>
#include <math.h>
#include "core/pivot.h"

/* What row j of a level can start (gtsv_?_arcr_kind's answer). */
enum {
  GTSV_ARCR_KEEP_ONLY = 0, /* no good pivot block starts here: the row is kept */
  GTSV_ARCR_BLOCK_1 = 1,   /* a 1x1 pivot block that may be eliminated */
  GTSV_ARCR_BLOCK_2 = 2    /* a 2x2 pivot block (rows j, j+1) that may be eliminated */
};

#define GTSV_T float
#define GTSV_FN(name) gtsv_s_##name
#define GTSV_SQRT sqrtf
#define GTSV_EPS FLT_EPSILON
#include "arcr_kind_gen.h"
#undef GTSV_T
#undef GTSV_FN
#undef GTSV_SQRT
#undef GTSV_EPS

#define GTSV_T double
#define GTSV_FN(name) gtsv_d_##name
#define GTSV_SQRT sqrt
#define GTSV_EPS DBL_EPSILON
#include "arcr_kind_gen.h"
#undef GTSV_T
#undef GTSV_FN
#undef GTSV_SQRT
#undef GTSV_EPS

#endif /* GTSV_ARCR_KIND_H */
