/* The GPU PDP's forward pass by warm-up sweeps (src/pdp/pdp_sweep.cu): each thread runs
   DP_SEQ's sweep over its own C rows, started W rows early from a fresh state, and the
   threads' starts are checked against their predecessors' exits. C++ (CUDA) only:
   included by pdp.cu, which queues it before the checked-splice forward kernel (now
   its fallback) and the backward kernel. */
#ifndef GTSV_PDP_PDP_SWEEP_H
#define GTSV_PDP_PDP_SWEEP_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cuda_runtime.h>
#include "core/internal.h"

namespace gtsv_pdp_sweep {

/* Flag words the caller zeroes before each column (with its other message words):
   [0] the forward fallback flag (nonzero: the sweep's g, y and start bits are not to be
   used), [1] the count of threads whose start disagreed with their predecessor's exit;
   [2], [3] the same for the backward pass (nonzero [2]: its x is not to be used). */
constexpr int kFlagWords = 4;

/* Rows from which the library takes the sweep by default (gtsv__pdp_sweep = 1): below,
   the checked-splice kernel alone was faster on the H200 (session 39, 2^20 rows: double
   random 0.1735 against 0.2025 ms, float 0.0981 against 0.1184;
   bench/results/gpu-pdp-sweep-h200-2026-11-28.md), at 2^23 and 2^25 the sweep. */
constexpr int64_t kSweepFrom = (int64_t)1 << 22;

/* Workspace bytes of the per-thread start and exit records for n rows and elements of
   elt bytes. */
size_t record_bytes(int64_t n, size_t elt);

/* Queue the sweep of one column z (n rows) on stream: g, y and the start bits (bit i of
   bits[i / 32]: row i starts a pivot block) in the layout pdp_backward_kernel reads,
   then the check of every thread's start, the repair of up to a few threads from their
   predecessors' exits, and the fallback flag where that is not enough (a thread's
   repaired exit differs from its first one, too many disagree, or a pivot is zero or
   not finite). rec: record_bytes(n, sizeof(T)) bytes; flags: kFlagWords words,
   zeroed. */
template <typename T>
gtsv_status forward(cudaStream_t stream, int64_t n, const T *dl, const T *d, const T *du,
                    const T *z, T *y, T *g, unsigned *bits, void *rec, unsigned *flags);

/* Queue the backward pass of one column by warm-down sweeps (x_i = y_i - g_i q from WB
   rows below a thread's rows, q = 0 there), x into x (n rows), then its check and repairs;
   flags[2] raised where they are not enough (the caller's backward kernel then redoes x
   from y, g and bits, which this pass only reads). rec and flags as for forward. */
template <typename T>
gtsv_status backward(cudaStream_t stream, int64_t n, const T *y, const T *g,
                     const unsigned *bits, T *x, void *rec, unsigned *flags);

/* The shapes the sweeps of n rows of T take (after the switches): forward rows a thread
   (C) and rows a stage (K), then the backward sweep's C and K, then the forward and the
   backward sweep's warps a block. */
template <typename T> void shapes(int64_t n, int out[6]);

/* The integer value of environment variable name, or dflt where it is not set: the PDP's
   A/B and test switches (read once by each caller, into a static). */
inline int env_int(const char *name, int dflt)
{
  const char *v = getenv(name);
  return v ? atoi(v) : dflt;
}

/* a and b equal bit for bit (the sweeps' checks; pdp.cu's splice checks) */
template <typename U> __device__ __forceinline__ bool same_bits(U a, U b);
template <> __device__ __forceinline__ bool same_bits<double>(double a, double b)
{
  return __double_as_longlong(a) == __double_as_longlong(b);
}
template <> __device__ __forceinline__ bool same_bits<float>(float a, float b)
{
  return __float_as_int(a) == __float_as_int(b);
}

/* Counts since the last call (synchronises the device, then resets them): [0] columns
   swept, [1] forward threads repaired, [2] 0 (the caller's count of forward fallbacks
   goes there), [3] backward threads repaired. For the tests. */
gtsv_status stats(unsigned long long out[4]);

} // namespace gtsv_pdp_sweep

#endif /* GTSV_PDP_PDP_SWEEP_H */
