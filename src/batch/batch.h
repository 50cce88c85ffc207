/* Thread-per-system diagonal pivoting on the GPU: many independent tridiagonal
   systems (or one matrix with many right-hand sides), each solved by one thread
   with exactly the pivots of the host DP_SEQ (src/host/dp_seq_gen.c). Kernels and
   launchers in batch.cu; the entry points of src/cuda/solve.cu and the interleaved
   batch call them. C-includable; implemented in CUDA. */
#ifndef GTSV_BATCH_BATCH_H
#define GTSV_BATCH_BATCH_H

#include <stddef.h>
#include <stdint.h>
#include "core/internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Longest system the batch kernels take (row indices are 32-bit inside them). */
#define GTSV_BATCH_MAX_N 0x7FFFFF00LL

/* Systems s = 0..nsys-1 of n rows. Row r of system s is element
       s * m_sys + r * m_row   of dl, d, du       (m_sys = 0: all share one matrix)
       s * b_sys + r * b_row   of x (rhs in, solution out).
   Two shapes are supported: rows contiguous (m_row = b_row = 1: strided batch,
   one matrix with nrhs columns, SPIKE partitions) or systems contiguous
   (m_sys = b_sys = 1, m_row = b_row: interleaved batch). A singular pivot block at row r of
   system s is reported with key s * key_sys + r (key_sys = 0 when the systems
   are right-hand sides of one matrix: the key is then the row). */
typedef struct {
  int64_t n, nsys;
  int64_t m_sys, m_row;
  int64_t b_sys, b_row;
  int64_t key_sys;
  /* NULL: always solve. Otherwise the kernel does nothing unless *gate != 0 when
     it runs (stream order): a conditional fallback queued without a host sync. */
  const unsigned *gate;
  /* The on-chip kernel only (gtsv__?_batch_tile), for a solve inside another
     method (the GPU SPIKE's smallest reduced system): NULL, report a singular
     system through the handle's info; else set fail_bit in *fail instead. */
  unsigned *fail;
  unsigned fail_bit;
  /* The on-chip kernel only: nonzero, every system by the sequential pivoting of
     DP_SEQ in one lane (partitions of M >= n rows, P = 1; n <= GTSV_BATCH_SEQ_MAX_N):
     DP_SEQ's pivots, x and singular row. */
  int seq;
} gtsv_batch_desc;

/* Longest system the on-chip kernel solves in one lane (desc.seq): its largest M. */
#define GTSV_BATCH_SEQ_MAX_N 64

/* Device workspace of one warp slot: y[n][w], g[n][w] of the element type and
   flags f[ceil(n/32)][w] (uint32, bit r%32 = a 2x2 block starts at row r), w =
   min(32, nsys) systems interleaved so that a warp's accesses are coalesced. One
   function for the size query and the kernel's pointers. */
typedef struct {
  size_t y, g, f, slot; /* byte offsets inside a slot, slot size */
} gtsv_batch_layout;
gtsv_batch_layout gtsv__batch_layout(int64_t n, int64_t w, size_t elt);

/* Queue the solve of desc's systems on h's stream (gtsv__cuda_begin already
   called by the caller, which chose the info divisor). x is overwritten by the
   solutions; the x of a singular system is left as it was. Returns SUCCESS,
   NOT_SUPPORTED (n too large), ALLOC_FAILED or DEVICE_ERROR. */
/* Device workspace bytes the solve of desc needs (depends on the device's SM
   count and the kernel's occupancy). SUCCESS or DEVICE_ERROR. */
gtsv_status gtsv__batch_ws_bytes(const gtsv_batch_desc *desc, size_t elt, size_t *bytes);

/* As gtsv__?_batch_solve, in the caller's workspace ws (gtsv__batch_ws_bytes). */
gtsv_status gtsv__s_batch_solve_in(gtsv_handle h, const gtsv_batch_desc *desc,
                                   const float *dl, const float *d, const float *du,
                                   float *x, void *ws);
gtsv_status gtsv__d_batch_solve_in(gtsv_handle h, const gtsv_batch_desc *desc,
                                   const double *dl, const double *d, const double *du,
                                   double *x, void *ws);

gtsv_status gtsv__s_batch_solve(gtsv_handle h, const gtsv_batch_desc *desc,
                                const float *dl, const float *d, const float *du,
                                float *x);
gtsv_status gtsv__d_batch_solve(gtsv_handle h, const gtsv_batch_desc *desc,
                                const double *dl, const double *d, const double *du,
                                double *x);

/* The device solves behind the public entry points: arguments checked, pointers
   device memory, n >= 1, batch (nrhs) >= 1. They call gtsv__cuda_begin. */
gtsv_status gtsv__s_batch_strided(gtsv_handle h, int64_t n, const float *dl,
                                  const float *d, const float *du, float *x,
                                  int64_t batch, int64_t stride);
gtsv_status gtsv__d_batch_strided(gtsv_handle h, int64_t n, const double *dl,
                                  const double *d, const double *du, double *x,
                                  int64_t batch, int64_t stride);
/* One matrix, nrhs columns of B (leading dimension ldb), DP_SEQ's pivots: n <= 64 on
   chip with a column a lane (desc.seq), else factored once (nrhs >= 2) or one thread. */
gtsv_status gtsv__s_batch_nrhs(gtsv_handle h, int64_t n, int64_t nrhs, const float *dl,
                               const float *d, const float *du, float *B, int64_t ldb);
gtsv_status gtsv__d_batch_nrhs(gtsv_handle h, int64_t n, int64_t nrhs, const double *dl,
                               const double *d, const double *du, double *B,
                               int64_t ldb);

/* One matrix (n <= 2048), nrhs columns of B (leading dimension ldb), by the on-chip
   kernel below, each column a system that shares the matrix (m_sys = 0), in one launch
   that keeps the info keys itself. A singular matrix is reported (its row, DP_SEQ's) and
   B left as it was. */
gtsv_status gtsv__s_batch_cols(gtsv_handle h, int64_t n, int64_t nrhs, const float *dl,
                               const float *d, const float *du, float *B, int64_t ldb);
gtsv_status gtsv__d_batch_cols(gtsv_handle h, int64_t n, int64_t nrhs, const double *dl,
                               const double *d, const double *du, double *B, int64_t ldb);

/* The on-chip kernel (batch_tile.cu): one pass, systems in shared memory, SPIKE
   inside a warp for n > 16 (not DP_SEQ's pivots; DP_SEQ's answer where it falls
   back; desc.seq: DP_SEQ's in every system). Takes n <= 2048 with rows contiguous (m_row = b_row = 1) or systems
   contiguous (m_sys = b_sys = 1), and no workspace. */
int gtsv__batch_tile_takes(const gtsv_batch_desc *desc);
gtsv_status gtsv__s_batch_tile(gtsv_handle h, const gtsv_batch_desc *desc,
                               const float *dl, const float *d, const float *du, float *x);
gtsv_status gtsv__d_batch_tile(gtsv_handle h, const gtsv_batch_desc *desc,
                               const double *dl, const double *d, const double *du,
                               double *x);
/* As gtsv__?_batch_tile, for the GPU SPIKE's smallest reduced system: in double,
   513..2048 rows (rows contiguous) go to one system a block of four warps
   (tile_block_kernel: a lane per 16 rows, two levels, a row-wise backward-error check;
   the one-warp path where that fails); float and other shapes to gtsv__?_batch_tile. */
gtsv_status gtsv__s_batch_tile_base(gtsv_handle h, const gtsv_batch_desc *desc,
                                    const float *dl, const float *d, const float *du,
                                    float *x);
gtsv_status gtsv__d_batch_tile_base(gtsv_handle h, const gtsv_batch_desc *desc,
                                    const double *dl, const double *d, const double *du,
                                    double *x);
/* Long systems (n > 1024 interleaved, or strided with stride > 2n) packed into a
   contiguous strided copy, solved by the on-chip kernel (n <= 2048) or the GPU
   SPIKE, unpacked (batch_pack.cu).
   Rows contiguous or systems contiguous, as the tile kernel. ALLOC_FAILED: nothing
   of the caller's was written; solve another way. */
gtsv_status gtsv__s_batch_packed(gtsv_handle h, const gtsv_batch_desc *desc,
                                 const float *dl, const float *d, const float *du, float *x);
gtsv_status gtsv__d_batch_packed(gtsv_handle h, const gtsv_batch_desc *desc,
                                 const double *dl, const double *d, const double *du,
                                 double *x);
/* Benchmark and test knob: 0 = solve those shapes one thread per system, as before
   the packed path existed (default 1). Process-wide; set it between solves only. */
extern int gtsv__batch_pack;

/* Benchmark and test knob for the interleaved batch: -1 (default) automatic, 0 =
   never one thread per system (the on-chip kernel up to n = 1024, the packed path
   beyond, as before batch_dp_inter), 1 = always one thread per system
   (batch_dp_inter). Process-wide, not synchronised: set it between solves only. */
extern int gtsv__batch_inter_dp;
/* Benchmark knob: the rows batch_dp_inter keeps ahead, 8 or 16 (0 = automatic). */
extern int gtsv__batch_inter_ahead;

/* Benchmark and test knob: rows per partition of the tile kernel (8, 16, 32 or 64;
   0 = automatic). Process-wide, not synchronised: set it between solves only. */
extern int gtsv__batch_tile_m;
/* Benchmark and test knob: the tile kernel's reduced systems of 16 rows or more
   solved in two levels (1, the default), sequentially by one lane (0), or in two
   levels always judged failed, so that the sequential solve follows (2: tests).
   Process-wide, not synchronised: set it between solves only. */
extern int gtsv__batch_tile_red2;
/* Benchmark and test knob: the tile kernel's attempt without pivoting for strictly
   diagonally dominant systems (spike_attempt_np) first (1, the default), not at all
   (0), or always judged failed, so that those systems are reloaded and take the
   pivoting attempts (2: tests). Process-wide, not synchronised. */
extern int gtsv__batch_tile_np;
/* Benchmark and test knob: the tile kernel's reduced systems of kPcrMinRows rows or
   more first by checked cyclic reduction (1, the default: batch_tile.cu,
   pcr_checked), not (0), or that solve always refused, so that the pivoting solves
   follow (2: tests). Process-wide, not synchronised: set it between solves only. */
extern int gtsv__batch_tile_pcr;
/* Benchmark and test knob for gtsv__?_batch_tile_base: one system a block for 513..2048
   rows in double (1, the default), the one-warp kernel (0), or the block kernel with its first
   level always judged failed, so that its one-warp path follows (2: tests).
   Process-wide, not synchronised: set it between solves only. */
extern int gtsv__batch_tile_block;
/* Benchmark and test knob: strided batches whose grid fits one wave of the speculative
   kernel (batch_tile.cu, tile_spec_kernel: the first attempt and both shifted retries
   at once, three warps a block) take it (1, the default), never (0), or always, whatever
   the grid (2: tests; the answers are bitwise those of the one-warp kernel).
   Process-wide, not synchronised: set it between solves only. */
extern int gtsv__batch_tile_spec;
/* Benchmark and test knob: in the speculative kernel (one system a block), a strictly
   dominant system is first solved by two warps without pivoting (batch_tile.cu,
   block_np: 1, the default), never (0), or that attempt is judged failed (2: tests; the
   system then takes the one-warp attempts, as with 0). Process-wide, not synchronised:
   set it between solves only. */
extern int gtsv__batch_tile_bnp;
/* Benchmark and test knob: a user's solve by the on-chip kernels is a programmatic
   dependent launch (batch_tile.cu, cuda/pdl.h: its blocks may be scheduled while the
   kernel before it in the stream ends, and wait for it before they read anything)
   whose blocks let the next kernel's be scheduled as soon as they have waited (1, the
   default), or only as they exit (2); or an ordinary launch (0). The answers are the
   same. Process-wide, not synchronised: set it between solves only. */
extern int gtsv__batch_tile_pdl;
/* Benchmark and test knob: a user's strided batch of many waves (a resetting solve, rows
   contiguous) defers the systems that fail their first attempt to a second kernel, which
   runs their retries and sequential fallback (batch_tile.cu, tile_retry_kernel: 1, the
   default), or its warps run them in place (0). The answers are the same, bitwise.
   Process-wide, not synchronised: set it between solves only. */
extern int gtsv__batch_tile_defer;
/* Test hook: the systems the last resetting solve on h deferred (gtsv__batch_tile_defer),
   read from the device after its stream's work; 0 where none (or no device state). */
int64_t gtsv__batch_tile_deferred(gtsv_handle h);

/* Single systems up to this order go to the nrhs kernels from gtsv_?gtsv; longer
   ones need SPIKE. */
#define GTSV_BATCH_NRHS_MAX_N 1024

/* One matrix (n <= GTSV_BATCH_NRHS_MAX_N), nrhs >= 1 columns of B: factored once
   with DP_SEQ's pivots, every column solved with that factorisation
   (batch_nrhs.cu). gtsv__cuda_begin already called. A singular matrix is reported
   (its row) and B is left as it was. */
gtsv_status gtsv__s_batch_nrhs_factored(gtsv_handle h, int64_t n, int64_t nrhs,
                                        const float *dl, const float *d, const float *du,
                                        float *B, int64_t ldb);
gtsv_status gtsv__d_batch_nrhs_factored(gtsv_handle h, int64_t n, int64_t nrhs,
                                        const double *dl, const double *d,
                                        const double *du, double *B, int64_t ldb);
/* Benchmark and test knob: 0 = gtsv_?gtsv with nrhs >= 2 and n <= 1024 on the
   device takes the thread-per-column kernel (every thread factors the matrix
   again), as before batch_nrhs.cu (default 1). Set it between solves only. */
extern int gtsv__batch_nrhs_factored;
/* Benchmark and test knob: where the factored path runs (gtsv__batch_nrhs_factored = 1),
   nrhs_fused (each warp factors the matrix as it solves its columns; batch_nrhs.cu) for
   few columns (-1, the default: batch_nrhs.cu's rule), always (1), or never (0: the
   factorisation's kernel, then the solve's). Set it between solves only. */
extern int gtsv__batch_nrhs_fused;
/* Benchmark and test knob: gtsv_?gtsv on the device with n <= GTSV_BATCH_SEQ_MAX_N and
   DP_SEQ's pivots (GTSV_ALGO_AUTO or DP_SEQ) takes the on-chip kernel with one column a
   lane (desc.seq) up to batch.cu's column limit (-1, the default), never (0: the
   kernels above), or whatever the columns (1). Set it between solves only. */
extern int gtsv__batch_nrhs_seq;
/* Benchmark and test knob: gtsv_?gtsv on the device, GTSV_ALGO_AUTO, 65..1024 rows with
   the columns for which AUTO took the GPU SPIKE (src/cuda/solve.cu), by the on-chip kernel
   (gtsv__?_batch_cols: 1, the default) or the GPU SPIKE (0). Set it between solves only. */
extern int gtsv__batch_single_tile;

#ifdef __cplusplus
}
#endif

#endif /* GTSV_BATCH_BATCH_H */
