/* GPU SPIKE with diagonal pivoting (thesis chapter 3): one long system, any nrhs,
   or a strided batch of long systems, on device memory. Kernels and driver in src/spike/spike.cu. C-includable. */
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

/* A strided batch (system k from element k stride, stride >= n): solved as one
   block-diagonal system of (batch - 1) stride + n rows, the couplings between
   systems read as 0 whatever dl[0] and du[n-1] of each system hold, the rows of
   the gaps (stride > n) as identity rows that are read but never written, the
   cancellation check made per system, and a fallback that re-solves every system
   with the sequential DP and reports the first singular system and row as the
   batch kernels do. For n too long for the on-chip batch kernel. Calls
   gtsv__cuda_begin itself (info divisor stride). batch >= 1. */
gtsv_status gtsv__s_spike_cuda_batch(gtsv_handle h, int64_t n, const float *dl,
                                     const float *d, const float *du, float *x,
                                     int64_t batch, int64_t stride);
gtsv_status gtsv__d_spike_cuda_batch(gtsv_handle h, int64_t n, const double *dl,
                                     const double *d, const double *du, double *x,
                                     int64_t batch, int64_t stride);

/* Benchmark knob: rows per partition of the GPU SPIKE (8, 16 or 32; 0 = the
   default, 16). Process-wide, not synchronised: set it
   between solves only. */
extern int gtsv__spike_m;

/* Test knob: the first reduced system of at most this many rows (at most 2048,
   more than 64) is solved by the on-chip batch kernel (src/batch/batch_tile.cu);
   0 = never (the levels go on down to the sequential base of <= 64 rows); -1 (the
   default) = 2048, or the environment's GTSV_SPIKE_TILE_BASE where set.
   Process-wide, not synchronised: set it between solves only. */
extern int gtsv__spike_tile_base;
/* Test and benchmark knob: 0 = the top level's columns never cut into slices (each
   warp sweeps all of them, as before); 1 (default) = slices where the top level
   has few warps. Set it between solves only. */
extern int gtsv__spike_col_slices;
/* Test knob: a first reduced level of at least this many partitions runs on the top
   kernels (-1, the default: 2^15, or the environment's GTSV_SPIKE_SPLIT_P where set;
   0 = never). Set it between solves only. */
extern int64_t gtsv__spike_split_p;
/* Test knob: 0 = a single system's top pass 1 keeps a copy of b for the fallback
   (as a batch's does); 1 = it keeps none, and top pass 2 keeps b where needed
   (spike.cu, "Keeping b"); -1 (the default) = 1, or the environment's
   GTSV_SPIKE_LEAN where set. Set it between solves only. */
extern int gtsv__spike_lean;
/* Test knob, with the lean top level: bit 0: top pass 2's warps 3j+1 leave b in
   their rows and set the flag (as for a non-finite x); bit 1: warps 3j+2 save
   their b before writing x (as for a cancelling partition end). With bit 0 the
   solve falls back and spike_restore_lean puts b back from all three kinds of
   region. 0 (default): off. Set it between solves only. */
extern int gtsv__spike_lean_test;

/* Whether the last GPU SPIKE solve on h fell back to the sequential DP (waits for
   the stream): *taken = 0, or the reasons as bits (1 partition singular in both
   options, 2 smallest reduced system singular, 4 singular re-solve, 8 cancellation,
   16 a single system's top pass 2 or top-level cancellation without a copy of b).
   For the benchmark and the tests. */
gtsv_status gtsv__spike_fallback_taken(gtsv_handle h, int *taken);

#ifdef __cplusplus
}
#endif

#endif /* GTSV_SPIKE_SPIKE_H */
