/*
 * Batched diagonal pivoting with the systems on chip: one pass over global memory
 * (read dl, d, du, b; write x: 5T bytes per row, 40 B double, 20 B float).
 *
 * Method. A warp owns G = 32/P systems of n <= 32 M rows (M = 8..64 a power of two,
 * P a power of two, P M >= n). It copies them, with asynchronous element copies
 * (cp.async, no registers held), into a shared-memory tile of 32 lane columns of
 * M+1 rows per array (the odd row stride keeps the lanes on distinct banks); row r
 * of the warp's system g is in column g P + r / M, row r % M. Lane g P + p then owns
 * partition p of system g, rows p M .. p M + M-1, and:
 *   P = 1 (short systems, n <= M): the lane runs the sequential diagonal pivoting
 *     of the host DP_SEQ on its system, in place (gtsv_tile::seq_dp): the same
 *     pivots, the same x, the same singular row;
 *   P > 1: SPIKE with separators (thesis 3.1, as in src/spike). The last row of
 *     each partition but the last is a separator; the other rows (the interior)
 *     are solved by the lane with diagonal pivoting for three right-hand sides,
 *     u = T_p^-1 b_p and the spikes v (left coupling) and w (right coupling)
 *     (gtsv_tile::part_solve). Eliminating the interiors leaves a tridiagonal
 *     system in the Pu-1 separators (Pu = ceil(n/M) partitions), written over the
 *     separator rows of the tile (gtsv_tile::reduced_row) and solved by the
 *     system's first lane with the same sequential pivoting; then every lane forms
 *     x = u - v x_left - w x_right (gtsv_tile::part_finish).
 * Finally the warp stores x with coalesced stores. Nothing but dl, d, du, b and x
 * touches global memory: no workspace.
 *
 * Worked example, M = 4, n = 8, P = 2: partition 0 = rows 0..3 with separator 3,
 * interior 0..2; partition 1 = rows 4..7, interior 4..7 (the last partition has no
 * separator). Row 3, a3 x2 + b3 x3 + c3 x4 = r3, with x2 = u0[2] - w0[2] x3 and
 * x4 = u1[0] - v1[0] x3, becomes the 1x1 reduced system
 * (b3 - a3 w0[2] - c3 v1[0]) x3 = r3 - a3 u0[2] - c3 u1[0].
 *
 * Robustness. SPIKE can lose accuracy where a partition's interior is (nearly)
 * singular: its spikes are large and cancel in the separator rows. A system falls
 * back when a pivot block of an interior or of the reduced system is singular or
 * not finite, when x is not finite, or when the cancellation
 *     rho = max over partition ends of (|u| + |v x_left| + |w x_right|) / max |x|
 * exceeds kRho (16: on random U(-1,1) systems of 64..2048 rows this sent 1.5-3% of
 * the systems to the fallback, and no system below it missed the tests' accuracy
 * bound in a host run of 60000 systems per size). The fallback, per system and
 * inside the same kernel, reloads that system into its part of the tile and runs
 * the sequential pivoting on it with one lane: the answer and a reported singular
 * row are exactly DP_SEQ's, and no other system is affected.
 *
 * Layouts. Rows contiguous (strided batch; one matrix with many right-hand sides,
 * m_sys = 0): a warp loads and stores one system at a time, consecutive lanes on
 * consecutive rows. Systems contiguous (interleaved batch): consecutive lanes on
 * consecutive systems of one row (G systems: G elements per row contiguous).
 *
 * Occupancy (smem per warp = 4 arrays x 32 x (M+1) x T): double M = 16: 17 KB
 * (13 warps per SM), M = 32: 34 KB (6), M = 64: 67 KB (3); float half of that.
 * Each warp is a block, so warps start and finish independently and the loads of
 * some overlap the sequential compute of others.
 */
#include <atomic>
#include <cuda_runtime.h>
#include "batch/batch.h"
#include "batch/tile_core.h"
#include "cuda/state.h"

int gtsv__batch_tile_m = 0;

namespace {
using namespace gtsv_tile;

constexpr double kRho = 16.0; /* cancellation limit (see the top of the file) */

template <typename T, int M> __host__ __device__ constexpr int tile_smem()
{
  return 4 * 32 * (M + 1) * (int)sizeof(T);
}

/* smem[dst] := global[src], asynchronously (cp.async: Ampere and later). */
template <typename T> __device__ __forceinline__ void cp_elt(T *dst, const T *src)
{
  const unsigned s = (unsigned)__cvta_generic_to_shared(dst);
  if (sizeof(T) == 8)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(s), "l"(src) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(s), "l"(src) : "memory");
}
__device__ __forceinline__ void cp_wait() { asm volatile("cp.async.wait_all;\n" ::: "memory"); }

template <int M> struct SysIdx { /* row r of a system -> tile offset from its column */
  __host__ __device__ int operator()(int r) const { return r + r / M; }
};
template <int M> struct SepIdx { /* separator j -> tile offset */
  __host__ __device__ int operator()(int j) const { return j * (M + 1) + M - 1; }
};
struct Ident {
  __host__ __device__ int operator()(int r) const { return r; }
};

/* Copy system s (warp's slot g) into the tile; rows contiguous. */
template <typename T, int M>
__device__ __forceinline__ void load_sys(const gtsv_batch_desc &ds, int64_t s, T *A, T *D,
                                         T *C, T *B, const T *dl, const T *dd, const T *du,
                                         const T *x, int lane)
{
  const int n = (int)ds.n;
  const T *pl = dl + s * ds.m_sys, *pd = dd + s * ds.m_sys, *pu = du + s * ds.m_sys;
  const T *pb = x + s * ds.b_sys;
  for (int r = lane; r < n; r += 32) {
    const int k = r + r / M;
    cp_elt(A + k, pl + (int64_t)r * ds.m_row);
    cp_elt(D + k, pd + (int64_t)r * ds.m_row);
    cp_elt(C + k, pu + (int64_t)r * ds.m_row);
    cp_elt(B + k, pb + (int64_t)r * ds.b_row);
  }
}

template <typename T> __device__ __forceinline__ T group_max(T v, int P)
{
  for (int o = 1; o < P; o <<= 1) v = tmax(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

/* One warp per block. P: partitions per system (power of two, 1..32). INTER:
   systems contiguous (interleaved), else rows contiguous. */
template <typename T, int M, bool INTER>
__global__ void __launch_bounds__(32)
tile_kernel(gtsv_batch_desc ds, int P, int lgG, const T *__restrict__ dl,
            const T *__restrict__ dd, const T *__restrict__ du, T *x,
            unsigned long long *info)
{
  constexpr int S = M + 1;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  T *const tA = reinterpret_cast<T *>(smem_raw), *const tD = tA + 32 * S;
  T *const tC = tD + 32 * S, *const tB = tC + 32 * S;
  const int lane = threadIdx.x, G = 1 << lgG, n = (int)ds.n;
  const int64_t s0 = (int64_t)blockIdx.x * G;
  if (ds.gate && *ds.gate == 0u) return; /* conditional solve not needed */
  const int nact = (int)min((int64_t)G, ds.nsys - s0);

  /* ---- load: the warp's systems into the tile ---- */
  if (!INTER) {
    for (int g = 0; g < nact; g++) {
      const int c = g * P * S;
      load_sys<T, M>(ds, s0 + g, tA + c, tD + c, tC + c, tB + c, dl, dd, du, x, lane);
    }
  } else {
    for (int e = lane; e < (n << lgG); e += 32) {
      const int g = e & (G - 1), r = e >> lgG;
      if (g >= nact) continue;
      const int k = g * P * S + r + r / M;
      const int64_t s = s0 + g;
      cp_elt(tA + k, dl + s * ds.m_sys + (int64_t)r * ds.m_row);
      cp_elt(tD + k, dd + s * ds.m_sys + (int64_t)r * ds.m_row);
      cp_elt(tC + k, du + s * ds.m_sys + (int64_t)r * ds.m_row);
      cp_elt(tB + k, x + s * ds.b_sys + (int64_t)r * ds.b_row);
    }
  }
  cp_wait();
  __syncwarp(); /* every lane reads rows other lanes copied */

  const int g = lane / P, p = lane & (P - 1);
  const int Pu = (n + M - 1) / M; /* partitions in use */
  const bool active = g < nact && p < Pu;
  T *const A = tA + lane * S, *const D = tD + lane * S, *const C = tC + lane * S,
           *const B = tB + lane * S;
  const unsigned gmask = P == 32 ? 0xffffffffu : ((1u << P) - 1u) << (g * P);
  bool singular = false, fail = false;

  if (P == 1) {
    if (active) {
      const int bad = seq_dp(n, A, D, C, B, Ident());
      if (bad >= 0) {
        gtsv__report_singular(info, (unsigned long long)((s0 + g) * ds.key_sys + bad));
        singular = true;
      }
    }
  } else {
    const int L = p < Pu - 1 ? M - 1 : n - (Pu - 1) * M;
    Ends<T> e;
    e.bad = false;
    e.xf = e.xl = e.vf = e.vl = e.wf = e.wl = T(0);
    if (active) e = part_solve(L, A, D, C, B, p > 0, p < Pu - 1);
    const T qvf = __shfl_down_sync(0xffffffffu, e.vf, 1);
    const T qwf = __shfl_down_sync(0xffffffffu, e.wf, 1);
    const T qxf = __shfl_down_sync(0xffffffffu, e.xf, 1);
    if (active && p < Pu - 1)
      reduced_row(A[M - 1], D[M - 1], C[M - 1], B[M - 1], e.vl, e.wl, e.xl, qvf, qwf, qxf,
                  &A[M - 1], &D[M - 1], &C[M - 1], &B[M - 1]);
    fail = (__ballot_sync(0xffffffffu, active && e.bad) & gmask) != 0u;
    __syncwarp(); /* the reduced rows of the other lanes */
    bool rbad = false;
    if (active && p == 0 && !fail && Pu > 1) rbad = seq_dp(Pu - 1, A, D, C, B, SepIdx<M>()) >= 0;
    fail |= (__ballot_sync(0xffffffffu, rbad) & gmask) != 0u;
    __syncwarp(); /* the separators' x */
    T num = 0, xm = 0;
    bool nonfinite = false;
    if (active && !fail) {
      const T xl = p > 0 ? tB[(lane - 1) * S + M - 1] : T(0);
      const T xr = p < Pu - 1 ? B[M - 1] : T(0);
      num = part_finish(L, A, D, B, xl, xr, &xm);
      xm = tmax(xm, tabs(xr));
      const T big = sizeof(T) == 8 ? T(1.7e308) : T(3.4e38); /* NaN fails too */
      nonfinite = !(num <= big) || !(xm <= big);
    }
    num = group_max(num, P);
    xm = group_max(xm, P);
    fail |= (__ballot_sync(0xffffffffu, nonfinite) & gmask) != 0u;
    fail |= !(num <= T(kRho) * xm);

    /* ---- fallback: the sequential pivoting on a failed system, alone ---- */
    unsigned fm = __ballot_sync(0xffffffffu, active && p == 0 && fail);
    while (fm) {
      const int l0 = __ffs(fm) - 1, gg = l0 / P;
      fm &= fm - 1u;
      const int c = l0 * S;
      __syncwarp(); /* the tile columns of system gg are free */
      if (!INTER) {
        load_sys<T, M>(ds, s0 + gg, tA + c, tD + c, tC + c, tB + c, dl, dd, du, x, lane);
      } else {
        const int64_t s = s0 + gg;
        for (int r = lane; r < n; r += 32) {
          const int k = c + r + r / M;
          cp_elt(tA + k, dl + s * ds.m_sys + (int64_t)r * ds.m_row);
          cp_elt(tD + k, dd + s * ds.m_sys + (int64_t)r * ds.m_row);
          cp_elt(tC + k, du + s * ds.m_sys + (int64_t)r * ds.m_row);
          cp_elt(tB + k, x + s * ds.b_sys + (int64_t)r * ds.b_row);
        }
      }
      cp_wait();
      __syncwarp();
      if (lane == l0) {
        const int bad = seq_dp(n, tA + c, tD + c, tC + c, tB + c, SysIdx<M>());
        if (bad >= 0) {
          gtsv__report_singular(info, (unsigned long long)((s0 + gg) * ds.key_sys + bad));
          singular = true;
        }
      }
    }
  }
  /* a singular system keeps its x: one bit per system, at its first lane */
  const unsigned sing = __ballot_sync(0xffffffffu, singular);
  __syncwarp(); /* x of every lane's rows is in the tile */

  /* ---- store x ---- */
  if (!INTER) {
    for (int gg = 0; gg < nact; gg++) {
      if ((sing >> (gg * P)) & 1u) continue;
      const T *Bs = tB + gg * P * S;
      T *px = x + (s0 + gg) * ds.b_sys;
      for (int r = lane; r < n; r += 32) __stcs(px + (int64_t)r * ds.b_row, Bs[r + r / M]);
    }
  } else {
    for (int e = lane; e < (n << lgG); e += 32) {
      const int gg = e & (G - 1), r = e >> lgG;
      if (gg >= nact || ((sing >> (gg * P)) & 1u)) continue;
      __stcs(x + (s0 + gg) * ds.b_sys + (int64_t)r * ds.b_row, tB[gg * P * S + r + r / M]);
    }
  }
}

/* Rows per partition for n (0: the tile kernel does not take n). The automatic
   choice is the fastest forced size of bench/results/gpu-batch-2026-11-22.md
   (H200, random and dominant): double 16 up to n = 256, float 32 from n = 64. */
int choose_m(int64_t n, size_t elt)
{
  const int f = gtsv__batch_tile_m;
  if ((f == 8 || f == 16 || f == 32 || f == 64) && n <= 32 * f) return f;
  if (n <= 256 && (elt == sizeof(double) || n < 64)) return 16;
  if (n <= 1024) return 32;
  if (n <= 2048) return 64;
  return 0;
}

/* Shared memory of tile_kernel<T, M, INTER> opted in on device dev (once). */
template <typename T, int M, bool INTER> gtsv_status opt_in(int dev)
{
  static std::atomic<int> done[64];
  if (dev >= 0 && dev < 64 && done[dev].load(std::memory_order_relaxed)) return GTSV_STATUS_SUCCESS;
  GTSV_CUDA_TRY(cudaFuncSetAttribute(tile_kernel<T, M, INTER>,
                                     cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     tile_smem<T, M>()));
  if (dev >= 0 && dev < 64) done[dev].store(1, std::memory_order_relaxed);
  return GTSV_STATUS_SUCCESS;
}

template <typename T, int M, bool INTER>
gtsv_status launch_m(gtsv_handle h, const gtsv_batch_desc *ds, const T *dl, const T *d,
                     const T *du, T *x)
{
  int dev = 0;
  GTSV_CUDA_TRY(cudaGetDevice(&dev));
  gtsv_status st = opt_in<T, M, INTER>(dev);
  if (st != GTSV_STATUS_SUCCESS) return st;
  int P = 1, lgG = 0;
  while ((int64_t)P * M < ds->n) P <<= 1;
  while ((1 << lgG) * P < 32) lgG++;
  const int64_t grid = (ds->nsys + (1 << lgG) - 1) >> lgG;
  tile_kernel<T, M, INTER><<<(unsigned)grid, 32, tile_smem<T, M>(), gtsv__cuda_stream(h)>>>(
      *ds, P, lgG, dl, d, du, x, h->cuda->info);
  GTSV_CUDA_TRY(cudaGetLastError());
  return GTSV_STATUS_SUCCESS;
}

template <typename T, bool INTER>
gtsv_status launch(gtsv_handle h, const gtsv_batch_desc *ds, const T *dl, const T *d,
                   const T *du, T *x)
{
  switch (choose_m(ds->n, sizeof(T))) {
  case 8: return launch_m<T, 8, INTER>(h, ds, dl, d, du, x);
  case 16: return launch_m<T, 16, INTER>(h, ds, dl, d, du, x);
  case 32: return launch_m<T, 32, INTER>(h, ds, dl, d, du, x);
  case 64: return launch_m<T, 64, INTER>(h, ds, dl, d, du, x);
  default: return GTSV_STATUS_NOT_SUPPORTED;
  }
}

bool rows_contiguous(const gtsv_batch_desc *ds) { return ds->m_row == 1 && ds->b_row == 1; }
bool systems_contiguous(const gtsv_batch_desc *ds) { return ds->m_sys == 1 && ds->b_sys == 1; }

template <typename T>
gtsv_status tile_solve(gtsv_handle h, const gtsv_batch_desc *ds, const T *dl, const T *d,
                       const T *du, T *x)
{
  if (ds->n < 1 || ds->nsys < 1) return GTSV_STATUS_SUCCESS;
  if (!gtsv__batch_tile_takes(ds)) return GTSV_STATUS_NOT_SUPPORTED;
  if (rows_contiguous(ds)) return launch<T, false>(h, ds, dl, d, du, x);
  return launch<T, true>(h, ds, dl, d, du, x);
}

} /* namespace */

extern "C" int gtsv__batch_tile_takes(const gtsv_batch_desc *ds)
{
  if (choose_m(ds->n, sizeof(double)) == 0 || ds->nsys > (int64_t)0x7FFFFFFF) return 0;
  return rows_contiguous(ds) || systems_contiguous(ds);
}

extern "C" gtsv_status gtsv__s_batch_tile(gtsv_handle h, const gtsv_batch_desc *ds,
                                          const float *dl, const float *d, const float *du,
                                          float *x)
{
  return tile_solve<float>(h, ds, dl, d, du, x);
}
extern "C" gtsv_status gtsv__d_batch_tile(gtsv_handle h, const gtsv_batch_desc *ds,
                                          const double *dl, const double *d,
                                          const double *du, double *x)
{
  return tile_solve<double>(h, ds, dl, d, du, x);
}
