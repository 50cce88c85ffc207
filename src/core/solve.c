/* Instantiates the typed public entry points (api_gen.c) for float and double. */
#include <stdint.h>
#include "core/internal.h"
#include "host/host.h"
#include "cuda/cuda.h"
#include "pdp/pdp.h"
#include "arcr/arcr.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* Below this size the host AUTO path runs DP_SEQ: SPIKE's extra passes and thread
   start-up cost more than they save (bench/results/host-*.md). */
#define GTSV_SPIKE_HOST_MIN_N 65536
/* On 2 threads SPIKE-DP measured slower than DP_SEQ (it sweeps each partition more
   than once, bench/results/host-*.md); AUTO uses it from this many threads on. */
#define GTSV_SPIKE_HOST_MIN_THREADS 4

#define GTSV_T float
#define GTSV_API(name) gtsv_s##name
#define GTSV_IFN(name) gtsv__s_##name
#include "api_gen.c"
#undef GTSV_T
#undef GTSV_API
#undef GTSV_IFN

#define GTSV_T double
#define GTSV_API(name) gtsv_d##name
#define GTSV_IFN(name) gtsv__d_##name
#include "api_gen.c"
#undef GTSV_T
#undef GTSV_API
#undef GTSV_IFN
