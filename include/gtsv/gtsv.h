/*
 * gtsv: tridiagonal linear systems with pivoting, on the CPU and on NVIDIA GPUs.
 *
 * Solves A X = B where A is an n-by-n tridiagonal matrix
 *
 *       [ d[0]  du[0]                          ]
 *       [ dl[1] d[1]  du[1]                    ]
 *   A = [       dl[2] d[2]  du[2]              ]
 *       [              ...   ...    ...        ]
 *       [                    dl[n-1] d[n-1]    ]
 *
 * (cuSPARSE layout: dl, d, du all have length n; dl[0] and du[n-1] are never read).
 *
 * Every solver pivots except GTSV_ALGO_THOMAS: the matrix is factored as
 * A = L B M^T with 1x1 and 2x2 diagonal pivot blocks chosen by the asymmetric
 * Bunch-Kaufman rule (diagonal pivoting; no row interchanges), which is backward
 * stable in the same practical sense as LAPACK's partial-pivoting dgtsv.
 *
 * Memory: on each call, the pointers are either all host memory or all device
 * memory (CUDA); the library detects which. Device solves need a library built
 * with CUDA (otherwise GTSV_STATUS_NOT_SUPPORTED).
 *
 * Synchronisation: a host solve is synchronous and returns GTSV_STATUS_SINGULAR
 * itself. A device solve is queued on the handle's stream and returns at once;
 * its numerical outcome (singularity) is read with gtsv_get_info(), the one call
 * that waits for the device.
 *
 * Inputs are never modified except B (or x), which is overwritten by the solution.
 * On any status other than SUCCESS or SINGULAR, B is left unchanged.
 *
 * Threads: a handle must not be used by two threads at once; separate handles are
 * independent.
 *
 * Example (host memory, one system, one right-hand side):
 *
 *     gtsv_handle h;
 *     if (gtsv_create(&h) != GTSV_STATUS_SUCCESS) return -1;
 *     gtsv_status s = gtsv_dgtsv(h, n, 1, dl, d, du, b, n);  // b := A \ b
 *     if (s == GTSV_STATUS_SINGULAR) { int64_t info, row; gtsv_get_info(h, &info, &row); }
 *     gtsv_destroy(h);
 */
#ifndef GTSV_GTSV_H
#define GTSV_GTSV_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Symbols of the shared library are hidden unless marked. */
#if defined(GTSV_BUILDING) && defined(__GNUC__)
#define GTSV_EXPORT __attribute__((visibility("default")))
#else
#define GTSV_EXPORT
#endif

#define GTSV_VERSION_MAJOR 0
#define GTSV_VERSION_MINOR 1
#define GTSV_VERSION_PATCH 0

/* Status of every call. */
typedef enum {
  GTSV_STATUS_SUCCESS = 0,
  GTSV_STATUS_INVALID_VALUE,    /* bad argument: n < 0, nrhs < 0, ldb < max(1,n),
                                   stride < n, batch < 0, NULL where data is needed,
                                   NULL handle, unknown algorithm */
  GTSV_STATUS_SINGULAR,         /* an exactly singular (or non-finite) pivot block;
                                   gtsv_get_info() names the system and the row */
  GTSV_STATUS_ALLOC_FAILED,     /* host or device workspace could not be allocated */
  GTSV_STATUS_NOT_SUPPORTED,    /* e.g. device pointers in a build without CUDA,
                                   mixed host/device pointers, an algorithm not
                                   available for this memory space */
  GTSV_STATUS_DEVICE_ERROR,     /* a CUDA call failed */
} gtsv_status;

/* Which solver to use (gtsv_set_algo). */
typedef enum {
  GTSV_ALGO_AUTO = 0,     /* the library picks the fastest stable path */
  GTSV_ALGO_SPIKE_DP,     /* SPIKE partitioning + diagonal pivoting (thesis ch. 3) */
  GTSV_ALGO_PDP,          /* parallel diagonal pivoting (thesis ch. 4) */
  GTSV_ALGO_ARCR,         /* adaptive R-cyclic reduction (thesis ch. 5) */
  GTSV_ALGO_DP_SEQ,       /* sequential diagonal pivoting (the host reference) */
  GTSV_ALGO_THOMAS,       /* no pivoting: only for diagonally dominant systems;
                             a zero pivot is still reported as SINGULAR, but a
                             tiny one is not, and the result may be inaccurate */
} gtsv_algo;

typedef struct gtsv_context *gtsv_handle;

/* Create a handle: algorithm AUTO, the default (legacy) CUDA stream, no workspace
   yet. *h is set to NULL on failure. Returns SUCCESS, INVALID_VALUE (h NULL) or
   ALLOC_FAILED. */
GTSV_EXPORT gtsv_status gtsv_create(gtsv_handle *h);

/* Release a handle and all its workspace (host and device). Waits for the
   handle's device work. NULL is accepted (no-op, SUCCESS). */
GTSV_EXPORT gtsv_status gtsv_destroy(gtsv_handle h);

/* Choose the solver for later calls on h. INVALID_VALUE for an unknown value. */
GTSV_EXPORT gtsv_status gtsv_set_algo(gtsv_handle h, gtsv_algo algo);
GTSV_EXPORT gtsv_status gtsv_get_algo(gtsv_handle h, gtsv_algo *algo);

/* Stream (a cudaStream_t passed as void *; NULL = default stream) on which device
   solves are queued. Ignored by host solves. */
GTSV_EXPORT gtsv_status gtsv_set_stream(gtsv_handle h, void *cuda_stream);

/* Number of SPIKE partitions; 0 (the default) lets the library choose. A larger
   count than n allows is reduced. Used by numerical-stability suites to force many
   partitions on small matrices. INVALID_VALUE when p < 0. */
GTSV_EXPORT gtsv_status gtsv_set_spike_partitions(gtsv_handle h, int64_t p);

/* Solver of SPIKE's reduced (separator) system in the SPIKE_DP paths:
   GTSV_ALGO_DP_SEQ (the default, sequential diagonal pivoting) or GTSV_ALGO_ARCR
   (adaptive R-cyclic reduction, thesis 5.3: the reduced system's pivot structure
   is found level by level instead of in one sequential sweep). Either is factored
   once per call and reused for every right-hand side. Host: ARCR solves the whole
   reduced system. Device: the recursion of the GPU SPIKE stops at its first
   reduced system of at most 1024 rows, which the on-chip ARCR kernel solves (the
   default goes on down to 64 rows, solved by DP). Affects later solves on h.
   INVALID_VALUE for a NULL handle or any other algorithm. */
GTSV_EXPORT gtsv_status gtsv_set_spike_reduced_solver(gtsv_handle h, gtsv_algo a);

/* Number of host threads (OpenMP) the handle may use; 0 (default) = the OpenMP
   default. INVALID_VALUE when t < 0. */
GTSV_EXPORT gtsv_status gtsv_set_num_threads(gtsv_handle h, int t);

/* A short English description of a status; never NULL. */
GTSV_EXPORT const char *gtsv_status_string(gtsv_status s);

/* Human-readable name of an algorithm ("spike_dp", ...); "unknown" otherwise. */
GTSV_EXPORT const char *gtsv_algo_string(gtsv_algo a);

/* Whether this build has the CUDA backend (1) or not (0). */
GTSV_EXPORT int gtsv_has_cuda(void);

/*
 * Solve A X = B for one tridiagonal matrix and nrhs right-hand sides.
 *
 *   h     handle.
 *   n     order of A, n >= 0.
 *   nrhs  number of right-hand sides, nrhs >= 0.
 *   dl    [n] sub-diagonal; dl[i] = A(i, i-1); dl[0] is not read.      (in)
 *   d     [n] diagonal; d[i] = A(i, i).                                 (in)
 *   du    [n] super-diagonal; du[i] = A(i, i+1); du[n-1] is not read.   (in)
 *   B     [ldb * nrhs] column-major right-hand sides.
 *         On entry B; on exit X (SUCCESS). On SINGULAR with a host solve, B is
 *         unspecified: the factorisation stopped at the singular pivot.
 *   ldb   leading dimension of B, ldb >= max(1, n).
 *
 * All pointers host, or all device. The factorisation is computed once and reused
 * by every column of B.
 *
 * Returns SUCCESS; INVALID_VALUE (nothing written); SINGULAR (host: at once; device:
 * through gtsv_get_info); ALLOC_FAILED; NOT_SUPPORTED; DEVICE_ERROR.
 * n = 0 or nrhs = 0 is a successful no-op (pointers may then be NULL).
 */
GTSV_EXPORT gtsv_status gtsv_sgtsv(gtsv_handle h, int64_t n, int64_t nrhs,
                       const float *dl, const float *d, const float *du,
                       float *B, int64_t ldb);
GTSV_EXPORT gtsv_status gtsv_dgtsv(gtsv_handle h, int64_t n, int64_t nrhs,
                       const double *dl, const double *d, const double *du,
                       double *B, int64_t ldb);

/*
 * Solve batch independent systems A_k x_k = b_k, each of order n.
 *
 *   n       order of each system, n >= 0.
 *   dl, d, du, x
 *           system k occupies elements [k*stride, k*stride + n) of each array
 *           (same layout as gtsv_?gtsv for one system; dl of row 0 and du of row
 *           n-1 of each system are not read).
 *           x: on entry the right-hand sides, on exit the solutions.
 *   batch   number of systems, batch >= 0.
 *   stride  distance between systems, stride >= n (and >= 1 when batch > 1).
 *
 * A singular system does not affect the others: they are solved. The call returns
 * SINGULAR (host) and gtsv_get_info() names the first singular system.
 * n = 0 or batch = 0 is a successful no-op.
 */
GTSV_EXPORT gtsv_status gtsv_sgtsv_strided_batch(gtsv_handle h, int64_t n,
                       const float *dl, const float *d, const float *du,
                       float *x, int64_t batch, int64_t stride);
GTSV_EXPORT gtsv_status gtsv_dgtsv_strided_batch(gtsv_handle h, int64_t n,
                       const double *dl, const double *d, const double *du,
                       double *x, int64_t batch, int64_t stride);

/*
 * Solve batch independent systems A_k x_k = b_k of order n stored interleaved, as
 * cuSPARSE's gtsvInterleavedBatch: row i of system k is element i*batch + k.
 *
 *   n       order of each system, n >= 0.
 *   dl, d, du
 *           [n*batch] sub-diagonal, diagonal, super-diagonal; dl[i*batch + k] =
 *           A_k(i, i-1), d[i*batch + k] = A_k(i, i), du[i*batch + k] = A_k(i, i+1).
 *           Row 0 of dl and row n-1 of du are not read (cuSPARSE asks for zeros
 *           there; any value is accepted here). Not modified (cuSPARSE's
 *           gtsvInterleavedBatch overwrites them; this function does not).   (in)
 *   x       [n*batch] on entry the right-hand sides b_k (same interleaving), on
 *           exit the solutions x_k (SUCCESS; on SINGULAR the x of every
 *           non-singular system; a singular system's x is left as it was).
 *   batch   number of systems, batch >= 0; n*batch must fit in int64_t.
 *
 * Pivoting: diagonal pivoting, the pivots of GTSV_ALGO_DP_SEQ (THOMAS on the host
 * when that algorithm is set). Device memory: queued on the handle's stream, no
 * host synchronisation; gtsv_get_info() waits and names the first singular system
 * (info = 1 + k, row = its pivot row). Host memory: synchronous; each system is
 * gathered into contiguous scratch (OpenMP over systems) and solved by DP_SEQ.
 *
 * Returns SUCCESS; INVALID_VALUE (NULL handle, n < 0, batch < 0, n*batch overflow,
 * NULL pointer when n*batch > 0; nothing written); SINGULAR (host); ALLOC_FAILED;
 * NOT_SUPPORTED (device memory in a build without CUDA, mixed memory, algorithm
 * PDP or ARCR); DEVICE_ERROR. n = 0 or batch = 0 is a successful no-op.
 *
 * Example (device arrays of n*batch doubles):
 *
 *     gtsv_dgtsv_interleaved_batch(h, n, dl, d, du, x, batch);  // x := A_k \ x
 *     ... more work on the same stream ...
 *     int64_t info, row;
 *     if (gtsv_get_info(h, &info, &row) == GTSV_STATUS_SINGULAR) { system info-1 }
 */
GTSV_EXPORT gtsv_status gtsv_sgtsv_interleaved_batch(gtsv_handle h, int64_t n,
                       const float *dl, const float *d, const float *du,
                       float *x, int64_t batch);
GTSV_EXPORT gtsv_status gtsv_dgtsv_interleaved_batch(gtsv_handle h, int64_t n,
                       const double *dl, const double *d, const double *du,
                       double *x, int64_t batch);

/*
 * Numerical outcome of the last solve on h (waits for it to finish when it ran on
 * the device).
 *   info  0: every system solved. > 0: 1 + the index of the first (lowest-index)
 *         system that met a singular or non-finite pivot block. For gtsv_?gtsv the
 *         system index is 0, so info = 1.
 *   row   0-based row of that pivot block within its system; -1 when info = 0.
 * Either pointer may be NULL. Returns SINGULAR when info > 0, SUCCESS when info = 0,
 * DEVICE_ERROR if the device work failed, INVALID_VALUE for a NULL handle.
 */
GTSV_EXPORT gtsv_status gtsv_get_info(gtsv_handle h, int64_t *info, int64_t *row);

#ifdef __cplusplus
}
#endif

#endif /* GTSV_GTSV_H */
