/*
 * Adaptive R-cyclic reduction on the GPU (GTSV_ALGO_ARCR, thesis ch. 5): one
 * thread block per system, the whole system and its plan in shared memory
 * (conventional scratchpad tiling, thesis 5.4).
 *
 * Method: exactly the host reference's (src/arcr/arcr_host.c explains it with a
 * worked example), the same arithmetic (core/pivot.h via pivot_cxx.h, the block
 * test gtsv_?_arcr_kind and the reduced row gtsv_?_arcr_reduce_row of
 * arcr_kind.h) in the same order, and this file is compiled without FMA
 * contraction (-fmad=false, src/arcr/CMakeLists.txt): host and GPU compute the
 * same bits, which check_gpu_arcr asserts, so the host tests in CI (many seeds of
 * every kind, the thesis types) speak for the kernel's numerics. Per level of m rows (compact arrays a, b, c and the original row ids):
 *   1. every thread evaluates arcr_kind for its rows (the pivot tests, in
 *      parallel); thread 0 then walks the m kinds (one byte each) to alternate
 *      eliminated blocks and kept rows, appends the eliminated rows to ord and
 *      gives each kept row its position in the next level. This walk is the one
 *      serial step: m byte reads per level, about 2n for the whole plan;
 *   2. every eliminated block computes its pivot data, w, v and couplings
 *      (arrays indexed by the original row, as on the host);
 *   3. every kept row computes its reduced a', b', c' (registers), the block
 *      synchronises, and the kept rows are written compacted: the next level.
 * A level keeping more than 3/4 of its rows becomes the base, factored by thread 0
 * with diagonal pivoting. Then each right-hand side column is reduced level by
 * level (y = D^{-1} z_E; then the pushes into the kept row below each block,
 * then into the one above: two phases so no row is written twice at once, in
 * the host's order), the base is solved,
 * and the back substitution x_E = y - w x_prev - v x_next runs level by level in
 * reverse. With nrhs > 1 the plan is built once and reused for every column.
 *
 * Example (n = 6, all 1x1): level 0 eliminates rows 0, 2, 4 and keeps 1, 3, 5;
 * level 1 (ids 1, 3, 5) eliminates 1 and 5 and keeps 3; level 2 eliminates 3.
 * ord = [0 2 4 | 1 5 | 3], lev = {0, 3, 5, 6}. The back substitution solves 3,
 * then 1 and 5 (their neighbour 3 is known), then 0, 2, 4.
 *
 * Shared memory per row: ten arrays of T (P, W, V, K1..K3, a, b, c, z), four of
 * int16 (prv, nxt, ord, ids) and two of bytes (role, lr): 10 T + 10 bytes, i.e.
 * 90 B (double) and 50 B (float). With the 227 KB a block may opt in to on an
 * H100/H200, n <= 2574 in double and n <= 4633 in float (arcr_max_n computes it
 * from the device's limit); a larger n answers NOT_SUPPORTED without touching
 * anything. 1024 threads per block; each thread keeps at most kRowsPerThread
 * reduced rows in registers between the compute and the compacted write.
 *
 * Fallback, as on the host: a non-finite reduced coefficient, a 1x1 pivot on a
 * noise diagonal or a bad base pivot rebuilds the plan with T as the base
 * (diagonal pivoting by thread 0, sequential but stable); so does a column whose
 * solution is not finite (that column and the later ones use the new plan).
 * Singularity: a non-finite matrix entry or a bad pivot of that DP factor of
 * system s at original row r reports key s * info_div + r (atomicMin: lowest
 * system, then row); that system's x is not written (unless a column before the
 * fallback already was), the other systems of the batch are solved.
 */
#include <climits>
#include <atomic>
#include <cuda_runtime.h>
#include "arcr/arcr.h"
#include "arcr/arcr_kind.h"
#include "core/pivot_cxx.h"
#include "cuda/state.h"

namespace {
using namespace gtsv_piv;

constexpr int kThreads = 1024;
constexpr int kRowsPerThread = 5;            /* n <= 5120 rows per block */
constexpr int kMaxN = kThreads * kRowsPerThread;
constexpr int kMaxLevels = GTSV_ARCR_MAX_LEVELS;

/* roles by original row, as on the host (R_NOISY: kept, with a noise diagonal) */
enum { R_KEEP = 0, R_E1 = 1, R_E2A = 2, R_E2B = 3, R_NOISY = 4 };

__device__ __forceinline__ int arcr_kind(const float *a, const float *b, const float *c,
                                         int j, int m)
{
  return gtsv_s_arcr_kind(a, b, c, j, m);
}
__device__ __forceinline__ int arcr_kind(const double *a, const double *b,
                                         const double *c, int j, int m)
{
  return gtsv_d_arcr_kind(a, b, c, j, m);
}

__device__ __forceinline__ int reduce_row(float a, float b, float c, int up, float vu,
                                          float wu, int dn, float wd, float vd, float *na,
                                          float *nb, float *nc)
{
  return gtsv_s_arcr_reduce_row(a, b, c, up, vu, wu, dn, wd, vd, na, nb, nc);
}
__device__ __forceinline__ int reduce_row(double a, double b, double c, int up, double vu,
                                          double wu, int dn, double wd, double vd,
                                          double *na, double *nb, double *nc)
{
  return gtsv_d_arcr_reduce_row(a, b, c, up, vu, wu, dn, wd, vd, na, nb, nc);
}

template <typename T> __device__ __forceinline__ bool finite(T v) { return v - v == 0; }

/* Shared-memory bytes for an n-row system; one function for the launch and the
   size limit. */
template <typename T> __host__ __device__ constexpr size_t smem_bytes(int n)
{
  return (size_t)n * (10 * sizeof(T) + 4 * sizeof(short) + 2) +
         (kMaxLevels + 1) * sizeof(int);
}

template <typename T> struct Arrays {
  T *P, *W, *V, *K1, *K2, *K3, *a, *b, *c, *z;
  short *prv, *nxt, *ord, *ids;
  unsigned char *role, *lr;
  int *lev;
};

template <typename T> __device__ Arrays<T> carve(unsigned char *raw, int n)
{
  Arrays<T> A;
  T *t = reinterpret_cast<T *>(raw);
  A.P = t; A.W = t + n; A.V = t + 2 * n; A.K1 = t + 3 * n; A.K2 = t + 4 * n;
  A.K3 = t + 5 * n; A.a = t + 6 * n; A.b = t + 7 * n; A.c = t + 8 * n; A.z = t + 9 * n;
  short *s = reinterpret_cast<short *>(t + 10 * n);
  A.prv = s; A.nxt = s + n; A.ord = s + 2 * n; A.ids = s + 3 * n;
  A.lev = reinterpret_cast<int *>(s + 4 * n); /* 8n bytes after T arrays: aligned */
  A.role = reinterpret_cast<unsigned char *>(A.lev + kMaxLevels + 1);
  A.lr = A.role + n;
  return A;
}

/* Record the eliminated block at level rows j..j+s-1 (host: arcr_block). */
template <typename T> __device__ void elim_block(Arrays<T> &A, int j, int s, int m)
{
  const T z = 0;
  const int i0 = A.ids[j], i1 = A.ids[j + s - 1];
  const short prv = j > 0 ? A.ids[j - 1] : -1, nxt = j + s < m ? A.ids[j + s] : -1;
  const T cup = j > 0 ? A.c[j - 1] : z, adn = j + s < m ? A.a[j + s] : z;
  T dummy = 0, g0, g1, delta;
  if (s == 1) {
    (void)fac_1x1(A.b[j], z, z, z, &A.P[i0], &g0);
    A.W[i0] = fsol_1x1(A.P[i0], A.a[j], z, &dummy);
    A.V[i0] = fsol_1x1(A.P[i0], A.c[j], z, &dummy);
    A.K1[i0] = cup;
    A.K2[i0] = adn;
    A.role[i0] = R_E1;
  } else {
    const T c0 = A.c[j], a1 = A.a[j + 1], b1 = A.b[j + 1];
    (void)fac_2x2(A.b[j], c0, a1, b1, z, z, z, &delta, &A.P[i0], &A.P[i1], &g0, &g1);
    fsol_2x2(A.P[i0], A.P[i1], c0, a1, b1, z, A.a[j], z, &A.W[i0], &A.W[i1], &dummy);
    fsol_2x2(A.P[i0], A.P[i1], c0, a1, b1, z, z, A.c[j + 1], &A.V[i0], &A.V[i1], &dummy);
    A.K1[i0] = c0;  A.K2[i0] = cup;
    A.K1[i1] = a1;  A.K2[i1] = b1;  A.K3[i1] = adn;
    A.role[i0] = R_E2A;
    A.role[i1] = R_E2B;
  }
  A.prv[i0] = prv; A.nxt[i0] = nxt;
  A.prv[i1] = prv; A.nxt[i1] = nxt;
}

/* Thread 0: diagonal pivoting factor of the m-row base (compact a, b, c); p in
   P[id], g in W[id], flags in lr. Returns -1 or the position of a bad pivot. */
template <typename T> __device__ int base_factor(Arrays<T> &A, int m)
{
  T bt = A.b[0], delta;
  int i = 0;
  while (i < m) {
    T c0 = i + 1 < m ? A.c[i] : T(0), a1 = i + 1 < m ? A.a[i + 1] : T(0);
    T b1 = i + 1 < m ? A.b[i + 1] : T(0), c1 = i + 2 < m ? A.c[i + 1] : T(0);
    T a2 = i + 2 < m ? A.a[i + 2] : T(0);
    int id = A.ids[i];
    if (i + 1 == m || piv_1x1(bt, c0, a1, b1, c1, a2)) {
      if (bad_piv(bt)) return i;
      bt = fac_1x1(bt, c0, a1, b1, &A.P[id], &A.W[id]);
      A.lr[i] = GTSV_PIV_1x1;
      i += 1;
    } else {
      T b2 = i + 2 < m ? A.b[i + 2] : T(0);
      int id1 = A.ids[i + 1];
      bt = fac_2x2(bt, c0, a1, b1, c1, a2, b2, &delta, &A.P[id], &A.P[id1], &A.W[id],
                   &A.W[id1]);
      if (bad_piv(delta)) return i;
      A.lr[i] = GTSV_PIV_2x2_FIRST;
      A.lr[i + 1] = GTSV_PIV_2x2_SECOND;
      i += 2;
    }
  }
  return -1;
}

/* Thread 0: solve the base for the column in z (by original row). */
template <typename T> __device__ void base_solve(Arrays<T> &A, int m)
{
  T dummy = 0;
  int i = 0;
  while (i < m) {
    int id = A.ids[i];
    if (A.lr[i] == GTSV_PIV_1x1) {
      dummy = 0;
      A.z[id] = fsol_1x1(A.P[id], A.z[id], i + 1 < m ? A.a[i + 1] : T(0),
                         i + 1 < m ? &A.z[A.ids[i + 1]] : &dummy);
      i += 1;
    } else {
      int id1 = A.ids[i + 1];
      T y0, y1;
      dummy = 0;
      fsol_2x2(A.P[id], A.P[id1], A.c[i], A.a[i + 1], A.b[i + 1],
               i + 2 < m ? A.a[i + 2] : T(0), A.z[id], A.z[id1], &y0, &y1,
               i + 2 < m ? &A.z[A.ids[i + 2]] : &dummy);
      A.z[id] = y0;
      A.z[id1] = y1;
      i += 2;
    }
  }
  if (m < 2) return;
  if (A.lr[m - 2] != GTSV_PIV_2x2_FIRST)
    A.z[A.ids[m - 2]] -= A.W[A.ids[m - 2]] * A.z[A.ids[m - 1]];
  for (int k = m - 3; k >= 0; k--)
    A.z[A.ids[k]] -= A.W[A.ids[k]] * A.z[A.ids[k + 1 + (A.lr[k] == GTSV_PIV_2x2_FIRST)]];
}

/* The plan of one system in shared memory (host: arcr_plan_try), with reduction
   (whole = false) or with T itself as the base (whole = true). Returns the
   original row of a bad pivot or a non-finite entry, or -1; on return s_m holds
   the base size and s_nlev the levels. Every thread returns the same value. */
template <typename T>
__device__ int plan_system(Arrays<T> &A, int n, const T *dl, const T *d, const T *du,
                           bool whole, int &s_fail, int &s_m, int &s_cnt, int &s_nlev,
                           int &s_stall)
{
  const int tid = threadIdx.x, nt = blockDim.x;
  __syncthreads(); /* every thread is done with the shared arrays and scalars */
  if (tid == 0) {
    s_fail = INT_MAX;
    s_m = n;
    s_cnt = 0;
    s_nlev = 0;
    A.lev[0] = 0;
  }
  __syncthreads();
  for (int j = tid; j < n; j += nt) {
    T a = j > 0 ? dl[j] : T(0), b = d[j], c = j + 1 < n ? du[j] : T(0);
    A.ids[j] = (short)j;
    A.a[j] = a;
    A.b[j] = b;
    A.c[j] = c;
    A.role[j] = R_KEEP;
    if (!finite(a) || !finite(b) || !finite(c)) atomicMin(&s_fail, j);
  }
  __syncthreads();
  if (s_fail != INT_MAX) return s_fail;

  for (;;) {
    const int m = s_m;
    if (m == 0) break;
    /* 1. kinds in parallel, then the alternating walk (thread 0) */
    for (int j = tid; j < m; j += nt) A.lr[j] = (unsigned char)arcr_kind(A.a, A.b, A.c, j, m);
    __syncthreads();
    if (tid == 0) {
      int cnt = s_cnt, kept = 0, prev = 0;
      for (int j = 0; j < m;) {
        int k = prev ? (int)GTSV_ARCR_KEEP_ONLY : (int)A.lr[j];
        if (k == GTSV_ARCR_BLOCK_1) {
          A.lr[j] = R_E1;
          A.ord[cnt++] = A.ids[j];
          j += 1;
          prev = 1;
        } else if (k == GTSV_ARCR_BLOCK_2) {
          A.lr[j] = R_E2A;
          A.lr[j + 1] = R_E2B;
          A.ord[cnt++] = A.ids[j];
          A.ord[cnt++] = A.ids[j + 1];
          j += 2;
          prev = 1;
        } else {
          A.lr[j] = R_KEEP;
          A.nxt[A.ids[j]] = (short)kept++; /* its position in the next level */
          j += 1;
          prev = 0;
        }
      }
      s_stall = whole || 4 * kept > 3 * m || s_nlev == kMaxLevels;
      if (!s_stall) {
        s_cnt = cnt;
        s_m = kept;
      }
    }
    __syncthreads();
    if (s_stall) break;
    /* 2. eliminated blocks; a 1x1 on a noise diagonal sends the plan back */
    for (int j = tid; j < m; j += nt) {
      if (A.lr[j] == R_E1) {
        if (A.role[A.ids[j]] == R_NOISY) atomicMin(&s_fail, (int)A.ids[j]);
        else elim_block(A, j, 1, m);
      } else if (A.lr[j] == R_E2A) {
        elim_block(A, j, 2, m);
      }
    }
    __syncthreads();
    if (s_fail != INT_MAX) return s_fail;
    /* 3. kept rows: reduced coefficients in registers, then the compacted write */
    T ra[kRowsPerThread], rb[kRowsPerThread], rc[kRowsPerThread];
    int rpos[kRowsPerThread];
    short rid[kRowsPerThread];
#pragma unroll
    for (int q = 0; q < kRowsPerThread; q++) {
      int j = tid + q * nt;
      rpos[q] = -1;
      if (j >= m || A.lr[j] != R_KEEP) continue;
      const T z = 0;
      int up = j > 0 && (A.lr[j - 1] == R_E1 || A.lr[j - 1] == R_E2B);
      int dn = j + 1 < m && (A.lr[j + 1] == R_E1 || A.lr[j + 1] == R_E2A);
      int uu = up ? A.ids[j - 1] : 0, ud = dn ? A.ids[j + 1] : 0;
      T na, nb, nc;
      int noisy = reduce_row(A.a[j], A.b[j], A.c[j], up, up ? A.V[uu] : z,
                             up ? A.W[uu] : z, dn, dn ? A.W[ud] : z, dn ? A.V[ud] : z,
                             &na, &nb, &nc);
      if (!finite(na) || !finite(nb) || !finite(nc)) atomicMin(&s_fail, (int)A.ids[j]);
      A.role[A.ids[j]] = noisy ? R_NOISY : R_KEEP; /* by original row: no conflict */
      rid[q] = A.ids[j];
      rpos[q] = A.nxt[A.ids[j]];
      ra[q] = na;
      rb[q] = nb;
      rc[q] = nc;
    }
    __syncthreads();
    if (s_fail != INT_MAX) return s_fail;
#pragma unroll
    for (int q = 0; q < kRowsPerThread; q++) {
      int p = rpos[q];
      if (p < 0) continue;
      A.ids[p] = rid[q];
      A.a[p] = ra[q];
      A.b[p] = rb[q];
      A.c[p] = rc[q];
    }
    if (tid == 0) A.lev[++s_nlev] = s_cnt;
    __syncthreads();
  }

  /* 4. the base (empty unless a level could not be reduced, or whole) */
  if (tid == 0 && s_m > 0) {
    int bad = base_factor(A, s_m);
    if (bad >= 0) s_fail = A.ids[bad];
  }
  __syncthreads();
  return s_fail != INT_MAX ? s_fail : -1;
}

/* Solve the column in A.z with the plan (nlev levels, an nb-row base), in the
   host's order of operations (arcr_solve): per level, y = D^{-1} z_E; then each
   kept row gets the push of the block above it, then that of the block below (on
   the host the blocks of a level run in row order, so a kept row hears from the
   block above first). Returns whether the solution is finite (all threads). */
template <typename T> __device__ bool solve_column(Arrays<T> &A, int n, int nlev, int nb)
{
  const int tid = threadIdx.x, nt = blockDim.x;
  for (int l = 0; l < nlev; l++) {
    const int lo = A.lev[l], hi = A.lev[l + 1];
    for (int t = lo + tid; t < hi; t += nt) { /* y = D^{-1} z_E */
      int i = A.ord[t], r = A.role[i];
      T dummy = 0;
      if (r == R_E1) {
        A.z[i] = fsol_1x1(A.P[i], A.z[i], T(0), &dummy);
      } else if (r == R_E2A) {
        int i1 = A.ord[t + 1];
        T y0, y1;
        fsol_2x2(A.P[i], A.P[i1], A.K1[i], A.K1[i1], A.K2[i1], T(0), A.z[i], A.z[i1], &y0,
                 &y1, &dummy);
        A.z[i] = y0;
        A.z[i1] = y1;
      }
    }
    __syncthreads();
    for (int t = lo + tid; t < hi; t += nt) { /* into the kept row below the block */
      int i = A.ord[t], r = A.role[i], nx = A.nxt[i];
      if (nx >= 0 && (r == R_E1 || r == R_E2B))
        A.z[nx] -= (r == R_E1 ? A.K2[i] : A.K3[i]) * A.z[i];
    }
    __syncthreads();
    for (int t = lo + tid; t < hi; t += nt) { /* into the kept row above the block */
      int i = A.ord[t], r = A.role[i], pv = A.prv[i];
      if (pv >= 0 && (r == R_E1 || r == R_E2A))
        A.z[pv] -= (r == R_E1 ? A.K1[i] : A.K2[i]) * A.z[i];
    }
    __syncthreads();
  }
  if (tid == 0 && nb > 0) base_solve(A, nb);
  __syncthreads();
  for (int l = nlev - 1; l >= 0; l--) {
    for (int t = A.lev[l] + tid; t < A.lev[l + 1]; t += nt) {
      int i = A.ord[t], pv = A.prv[i], nx = A.nxt[i];
      T xp = pv >= 0 ? A.z[pv] : T(0), xn = nx >= 0 ? A.z[nx] : T(0);
      A.z[i] -= A.W[i] * xp + A.V[i] * xn;
    }
    __syncthreads();
  }
  int bad = 0;
  for (int j = tid; j < n; j += nt) bad |= !finite(A.z[j]);
  return !__syncthreads_or(bad);
}

/* One system: plan, then nrhs columns of x (leading dim ldb). Returns the
   original row of a singular pivot, or -1 (x written). Every thread returns the
   same value. As on the host (gtsv__?_arcr_host): a plan that fails at a reduced
   level is rebuilt with T as the base, and so is one whose solution of a column
   is not finite (an intermediate overflow of the reduction, which DP's sweep may
   avoid); that column and the later ones are solved with it. */
template <typename T>
__device__ int solve_system(Arrays<T> &A, int n, int64_t nrhs, const T *dl, const T *d,
                            const T *du, T *x, int64_t ldb, bool *nonfinite)
{
  __shared__ int s_fail, s_m, s_cnt, s_nlev, s_stall;
  const int tid = threadIdx.x, nt = blockDim.x;
  bool whole = false;
  int bad = plan_system(A, n, dl, d, du, false, s_fail, s_m, s_cnt, s_nlev, s_stall);
  if (bad >= 0) {
    whole = true;
    bad = plan_system(A, n, dl, d, du, true, s_fail, s_m, s_cnt, s_nlev, s_stall);
  }
  if (bad >= 0) return bad;
  *nonfinite = false;
  for (int64_t col = 0; col < nrhs;) {
    T *xc = x + col * ldb;
    const int nlev = s_nlev, nb = s_m;
    for (int j = tid; j < n; j += nt) A.z[j] = xc[j];
    __syncthreads();
    const bool fin = solve_column(A, n, nlev, nb);
    *nonfinite |= !fin;
    if (!fin && !whole) {
      whole = true;
      bad = plan_system(A, n, dl, d, du, true, s_fail, s_m, s_cnt, s_nlev, s_stall);
      if (bad >= 0) return bad;
      continue; /* this column again, with T as the base */
    }
    for (int j = tid; j < n; j += nt) xc[j] = A.z[j];
    __syncthreads();
    col++;
  }
  return -1;
}

/* Systems blockIdx.x, blockIdx.x + gridDim.x, ...: matrix and x of system s at
   s * stride; nrhs columns of x with leading dim ldb. A singular system s reports
   key s * info_div + row into info; or, when flag is not NULL (SPIKE's reduced
   system, gtsv__?_arcr_cuda_reduced), ORs fbit into *flag, as does a non-finite
   solution there. */
template <typename T>
__global__ void __launch_bounds__(kThreads)
    arcr_kernel(int n, int64_t batch, int64_t stride, int64_t nrhs, int64_t ldb,
                const T *dl, const T *d, const T *du, T *x, unsigned long long *info,
                int64_t info_div, unsigned *flag, unsigned fbit)
{
  extern __shared__ __align__(16) unsigned char smem_raw[];
  Arrays<T> A = carve<T>(smem_raw, n);
  for (int64_t s = blockIdx.x; s < batch; s += gridDim.x) {
    bool nonfinite = false;
    int bad = solve_system(A, n, nrhs, dl + s * stride, d + s * stride, du + s * stride,
                           x + s * stride, ldb, &nonfinite);
    if (threadIdx.x != 0) continue;
    if (flag) {
      if (bad >= 0 || nonfinite) atomicOr(flag, fbit);
    } else if (bad >= 0) {
      gtsv__report_singular(info, (unsigned long long)(s * info_div + bad));
    }
  }
}

/* Largest n the on-chip kernel takes on the current device (0 on error). The
   first call on a device also opts the kernel in to the shared memory of that n;
   both are kept per device, so a solve costs no device query after the first. */
template <typename T> int arcr_max_n()
{
  static std::atomic<int> cache[64];
  int dev = 0, optin = 0;
  if (cudaGetDevice(&dev) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  const bool slot = dev >= 0 && dev < 64;
  int v = slot ? cache[dev].load(std::memory_order_relaxed) : 0;
  if (v > 0) return v;
  if (cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) !=
      cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  /* 128 bytes stay for the kernel's static __shared__ scalars */
  size_t fixed = smem_bytes<T>(0) + 128, per = smem_bytes<T>(1) - smem_bytes<T>(0);
  if ((size_t)optin <= fixed) return 0;
  size_t nmax = ((size_t)optin - fixed) / per;
  if (nmax > (size_t)kMaxN) nmax = kMaxN;
  if (nmax > 32767) nmax = 32767; /* int16 row ids */
  if (cudaFuncSetAttribute(arcr_kernel<T>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                           (int)smem_bytes<T>((int)nmax)) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  if (slot) cache[dev].store((int)nmax, std::memory_order_relaxed);
  return (int)nmax;
}

/* Launch on batch systems. flag == NULL: the public path (gtsv__cuda_begin starts
   the solve's info); else SPIKE's reduced system inside a SPIKE solve, whose info
   is SPIKE's: failures go to *flag. */
template <typename T>
gtsv_status launch(gtsv_handle h, int64_t n, int64_t batch, int64_t stride, int64_t nrhs,
                   int64_t ldb, const T *dl, const T *d, const T *du, T *x, int64_t info_div,
                   unsigned *flag = NULL, unsigned fbit = 0)
{
  if (n < 1 || batch < 1 || nrhs < 1) return GTSV_STATUS_SUCCESS;
  if (n > arcr_max_n<T>()) return GTSV_STATUS_NOT_SUPPORTED; /* nothing touched */
  const size_t smem = smem_bytes<T>((int)n); /* opted in by arcr_max_n */
  if (!flag) {
    gtsv_status s = gtsv__cuda_begin(h, info_div);
    if (s != GTSV_STATUS_SUCCESS) return s;
  }
  int threads = (int)((n + 31) / 32 * 32);
  if (threads > kThreads) threads = kThreads;
  const int64_t grid = batch < (1ll << 30) ? batch : (1ll << 30);
  arcr_kernel<T><<<(unsigned)grid, threads, smem, gtsv__cuda_stream(h)>>>(
      (int)n, batch, stride, nrhs, ldb, dl, d, du, x, flag ? NULL : gtsv__cuda_info(h), info_div,
      flag, fbit);
  GTSV_CUDA_TRY(cudaGetLastError());
  return GTSV_STATUS_SUCCESS;
}

} /* namespace */

extern "C" gtsv_status gtsv__s_arcr_cuda(gtsv_handle h, int64_t n, int64_t nrhs,
                                        const float *dl, const float *d, const float *du,
                                        float *B, int64_t ldb)
{
  return launch<float>(h, n, 1, n, nrhs, ldb, dl, d, du, B, n);
}
extern "C" gtsv_status gtsv__d_arcr_cuda(gtsv_handle h, int64_t n, int64_t nrhs,
                                        const double *dl, const double *d,
                                        const double *du, double *B, int64_t ldb)
{
  return launch<double>(h, n, 1, n, nrhs, ldb, dl, d, du, B, n);
}
extern "C" gtsv_status gtsv__s_arcr_cuda_strided(gtsv_handle h, int64_t n, const float *dl,
                                                const float *d, const float *du, float *x,
                                                int64_t batch, int64_t stride)
{
  return launch<float>(h, n, batch, stride, 1, stride, dl, d, du, x, stride);
}
extern "C" gtsv_status gtsv__d_arcr_cuda_strided(gtsv_handle h, int64_t n,
                                                const double *dl, const double *d,
                                                const double *du, double *x,
                                                int64_t batch, int64_t stride)
{
  return launch<double>(h, n, batch, stride, 1, stride, dl, d, du, x, stride);
}

extern "C" int64_t gtsv__arcr_cuda_max_n(size_t elt)
{
  return elt == sizeof(float) ? arcr_max_n<float>() : arcr_max_n<double>();
}
extern "C" gtsv_status gtsv__s_arcr_cuda_reduced(gtsv_handle h, int64_t n, int64_t nrhs,
                                                const float *dl, const float *d,
                                                const float *du, float *B, int64_t ldb,
                                                unsigned *flag, unsigned fbit)
{
  return launch<float>(h, n, 1, n, nrhs, ldb, dl, d, du, B, n, flag, fbit);
}
extern "C" gtsv_status gtsv__d_arcr_cuda_reduced(gtsv_handle h, int64_t n, int64_t nrhs,
                                                const double *dl, const double *d,
                                                const double *du, double *B, int64_t ldb,
                                                unsigned *flag, unsigned fbit)
{
  return launch<double>(h, n, 1, n, nrhs, ldb, dl, d, du, B, n, flag, fbit);
}
