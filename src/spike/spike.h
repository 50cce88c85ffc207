/* GPU SPIKE with diagonal pivoting (thesis chapter 3): one long system, any nrhs,
   on device memory. Kernels and driver in src/spike/spike.cu. C-includable. */
#ifndef GTSV_SPIKE_SPIKE_H
#define GTSV_SPIKE_SPIKE_H

#include <stdint.h>
#include "core/internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Ablation switches of the GPU SPIKE (h->spike_opts, internal; the benchmark sets
   them to show what each optimisation buys). 0 = everything on. */
#define GTSV_SPIKE_OPT_NO_STAGING 1u /* no on-chip layout transformation */
#define GTSV_SPIKE_OPT_NO_FUSION 2u  /* one sweep per column instead of one fused */

/* Arguments checked, pointers device memory, n >= 1, nrhs >= 1. Stream-ordered;
   calls gtsv__cuda_begin itself; a singular system shows in gtsv_get_info. */
gtsv_status gtsv__s_spike_cuda(gtsv_handle h, int64_t n, int64_t nrhs, const float *dl,
                               const float *d, const float *du, float *B, int64_t ldb);
gtsv_status gtsv__d_spike_cuda(gtsv_handle h, int64_t n, int64_t nrhs, const double *dl,
                               const double *d, const double *du, double *B, int64_t ldb);

/* Whether the last GPU SPIKE solve on h fell back to the sequential DP (waits for
   the stream): *taken = 0, or the reasons as bits (1 partition singular in both
   options, 2 smallest reduced system singular, 4 singular re-solve, 8 cancellation).
   For the benchmark and the tests. */
gtsv_status gtsv__spike_fallback_taken(gtsv_handle h, int *taken);

#ifdef __cplusplus
}
#endif

#endif /* GTSV_SPIKE_SPIKE_H */
