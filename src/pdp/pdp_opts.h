/* Internal switches of the PDP solvers, for the tests and the ablations: the
   normalisation variant (pdp_arith.h), the host chunk length, and a view of the
   pivot structure the host reference chose. The public entry points (pdp.h)
   call these with the defaults. C-includable. */
#ifndef GTSV_PDP_PDP_OPTS_H
#define GTSV_PDP_PDP_OPTS_H

#include <stddef.h>
#include <stdint.h>
#include "core/internal.h"
#include "pdp/pdp_arith.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GTSV_PDP_HOST_CHUNK 32 /* rows per chunk of the host reference */

typedef struct {
  int norm;       /* GTSV_PDP_NORM_THRESHOLD (default, 0), _EVERY or _NONE */
  int64_t chunk;  /* host: rows per chunk, 0 = GTSV_PDP_HOST_CHUNK; chunk >= n is
                     the purely sequential recurrence */
  uint8_t *flags; /* host, optional (n entries): on success the pivot blocks in
                     DP_SEQ's encoding (GTSV_PIV_1x1, _2x2_FIRST, _2x2_SECOND) */
} gtsv_pdp_opts;

/* Host workspace layout (byte offsets) of one n-row solve with a given chunk:
   one function for the size and the solver. */
typedef struct {
  size_t g, role, agg, sin, aff, qin, fin, fmap, bytes;
  int64_t nchunks;
} gtsv_pdp_host_layout;
gtsv_pdp_host_layout gtsv__pdp_host_layout(int64_t n, int64_t chunk, size_t elt);

#define GTSV_PDP_OPTS_DECLARE(T, P)                                                \
  /* gtsv__?_pdp_host with switches; opts may be NULL (defaults). */                \
  gtsv_status gtsv__##P##_pdp_host_opts(gtsv_handle h, int64_t n, int64_t nrhs,    \
                                         const T *dl, const T *d, const T *du,      \
                                         T *B, int64_t ldb, int64_t *bad,           \
                                         const gtsv_pdp_opts *opts);                \
  /* gtsv__?_pdp_cuda with a normalisation variant (CUDA builds only). */          \
  gtsv_status gtsv__##P##_pdp_cuda_opts(gtsv_handle h, int64_t n, int64_t nrhs,    \
                                         const T *dl, const T *d, const T *du,      \
                                         T *B, int64_t ldb, int norm);
GTSV_PDP_OPTS_DECLARE(float, s)
GTSV_PDP_OPTS_DECLARE(double, d)
#undef GTSV_PDP_OPTS_DECLARE

/* GPU forward kernel (CUDA builds only): a tile whose start disagrees with the
   provisional exit of the tile above redoes its rows from that exit at once (1, the
   default) or only once the exact exit above is known (0, as before the speculative
   redo; the answers are the same bitwise). GTSV_PDP_SPEC=0/1 overrides it where set.
   Process-wide, not synchronised: set it between solves only. */
extern int gtsv__pdp_spec;
/* GPU forward kernel (CUDA builds only): a tile whose aggregate forgets its entering
   state (pdp_agg_forgets) posts its product state at once, from the initial state,
   so that the tiles below need not wait for the look-back over the tiles above it
   (1, the default), or every tile's product state is the product of all rows above
   (0, as before). Either way the checked splice and the exact exit decide the
   answer; the answers differ where a tile forgets. GTSV_PDP_FORGET=0/1 overrides it
   where set. Process-wide, not synchronised: set it between solves only. */
extern int gtsv__pdp_forget;
/* GPU solves with the default normalisation (CUDA builds only): the forward pass by
   warm-up sweeps first (pdp_sweep.cu), the checked-splice kernel only where the sweep's
   check fails: from gtsv_pdp_sweep::kSweepFrom rows (1, the default) or at every n (2);
   or the checked-splice kernel always (0, as before session 39). GTSV_PDP_SWEEP=0/1/2
   overrides it where set. Process-wide, not synchronised: set it
   between solves only. */
extern int gtsv__pdp_sweep;
/* Where the forward sweep runs, the backward pass by warm-down sweeps as well
   (pdp_sweep.cu, backward; the scan kernel where its check fails): 1 or -1 (the
   default) always (in double only before session 41), 0 never. GTSV_PDP_SWEEP_BWD=0/1
   overrides it where set.
   Process-wide, not synchronised: set it between solves only. */
extern int gtsv__pdp_sweep_bwd;
/* The warm-up sweeps' shapes (pdp_sweep.cu): forward rows a thread (C: a multiple of 32
   from 128 to 4096) and rows a stage (K: 16 or 32), then the backward sweep's C and K,
   then the warps a block of the forward (1 to 4) and the backward sweep (1 to 8); 0 (the
   default) or any other value: the library's choice for the size and the device
   (pdp_sweep.cu, default_rows() and shape()). GTSV_PDP_SWEEP_FC, _FK, _BC, _BK, _FW, _BW
   override them where set. Process-wide, not synchronised: set them between solves only. */
extern int gtsv__pdp_sweep_shape[6];
/* The shapes the sweeps of a column of n rows of elt-byte elements take now (CUDA builds
   only): out[0] forward C, [1] forward K, [2] backward C, [3] backward K, [4] forward
   warps a block, [5] backward warps a block. */
void gtsv__pdp_cuda_sweep_shapes(int64_t n, size_t elt, int out[6]);
/* The warm-up sweeps' counts since the last call (CUDA builds only): counts[0] columns
   swept, [1] forward threads whose start was repaired, [2] columns whose forward pass fell
   back to the checked-splice kernel, [3] backward threads repaired, [4] columns whose
   backward pass fell back to the scan kernel. Synchronises the device, then resets them.
   For the tests. */
gtsv_status gtsv__pdp_cuda_sweep_stats(unsigned long long counts[5]);
/* How the tiles of the GPU solves since the last call ended (CUDA builds only):
   modes[0] kept their provisional starts, [1] took the speculative redo, [2] were
   redone once the exact exit above was known. Synchronises the device, then
   resets the counts. For the tests. */
gtsv_status gtsv__pdp_cuda_modes(unsigned long long modes[3]);
/* The GPU kernels' tile shape for elements of elt bytes (4 float, 8 double; CUDA
   builds only): threads a tile and rows a thread (a tile is threads x rows rows, a
   warp 32 x rows). For the tests' sizes. */
void gtsv__pdp_cuda_shape(size_t elt, int *threads, int *rows);
/* How many tiles of the GPU solves since the last call forgot their entering state
   (gtsv__pdp_forget). Synchronises the device, then resets the count. For the tests. */
gtsv_status gtsv__pdp_cuda_forgot(unsigned long long *tiles);

#ifdef __cplusplus
}
#endif

#endif /* GTSV_PDP_PDP_OPTS_H */
