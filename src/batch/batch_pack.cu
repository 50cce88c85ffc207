/*
 * Batches of long systems in a layout the GPU SPIKE cannot read directly: packed
 * into a contiguous strided copy, solved there (on-chip kernel or GPU SPIKE),
 * unpacked.
 *
 * Why. The GPU SPIKE (src/spike) solves a strided batch of long systems as one
 * block-diagonal system; its warps read 32 partitions of 16 consecutive rows, so
 * a system's rows must be contiguous and the gaps between systems few. Two shapes
 * miss that and would otherwise run one thread per system through n dependent
 * steps (batch.cu; H200, double 4096 x 4096 interleaved: 5.7 ms, 0.66x cuSPARSE
 * gtsvInterleavedBatch):
 *   - the interleaved layout (row r of system s at r * batch + s) with n longer
 *     than the on-chip kernel takes for it (batch.cu, kTileInterMaxN);
 *   - strided batches of long systems whose gaps are most of the rows
 *     (stride > 2n), which SPIKE would sweep as identity rows.
 *
 * Method (the thesis's data layout transformation, 3.2.1, done as a separate pass
 * because the solver reads its input twice):
 *   1. pack: dl, d, du and b into the staging buffer (gtsv__cuda_stage) as four
 *      arrays of nsys systems of n rows, stride n. A block moves a tile of 32
 *      systems x 32 rows through shared memory, so that both the read (lanes along
 *      the user layout's contiguous index) and the write (lanes along rows) are
 *      coalesced;
 *   2. solve: the on-chip batch kernel (batch_tile.cu) where it takes the packed
 *      shape (n <= 2048: interleaved batches of 1025..2048 rows), else the GPU
 *      SPIKE batch (gtsv__?_spike_cuda_batch); either writes x over the packed b
 *      and falls back to the sequential DP where it must. (H200, interleaved,
 *      about 2^24 rows: SPIKE's fallback is for the whole batch, and one failing
 *      system of 1536 rows made double random 1536 x 10922 take 3.34 ms, 0.51x
 *      gtsvInterleavedBatch; the tile kernel retries per system; see
 *      bench/results/gpu-batch-m64-2026-11-24.md);
 *   3. unpack: the packed b (now x) into the user's x, the same tiles the other
 *      way. Only rows < n of each system are written: the gaps of a strided batch
 *      are never touched.
 * Bytes per row (T = element size): pack 8T, SPIKE about 10T (the tile kernel
 * 5T), unpack 2T: 20T (15T), against the 5T floor; still far less time than n
 * dependent steps per thread.
 *
 * Singular systems: both solvers report the first singular system and row with
 * key system * n + row, which decodes to the same pair as the caller's key (the
 * divisor is the last one set); both leave a singular system's b in place, so
 * unpacking writes the user's b back unchanged.
 *
 * Workspace: the staging buffer holds 4 n nsys elements (the input's size) and
 * SPIKE's workspace comes on top. Where either cannot be allocated,
 * gtsv__?_batch_packed returns ALLOC_FAILED with nothing of the caller's written
 * (at most the pack is queued, which only reads them), and the caller takes the
 * thread-per-system kernel instead.
 *
 * Example: interleaved, n = 3, batch = 2, user d = (d00 d01 d10 d11 d20 d21)
 * (d_rs: row r of system s). The tile of systems 0..1, rows 0..2 is read row by
 * row (d00 d01 | d10 d11 | d20 d21) and written system by system: packed d =
 * (d00 d10 d20 d01 d11 d21), i.e. a strided batch with stride 3.
 */
#include <cuda_runtime.h>
#include "batch/batch.h"
#include "spike/spike.h"
#include "cuda/state.h"

int gtsv__batch_pack = 1;

namespace {

constexpr int kTile = 32;  /* systems and rows per tile */
constexpr int kRowsY = 8;  /* threadIdx.y extent: each thread moves 4 elements */

/* One array's element (s, r) is at base + s * sys + r * row. */
template <typename T> struct View {
  T *base;
  int64_t sys, row;
};

/* Copy nsys x n elements of up to 4 arrays (blockIdx.z) from src to dst. SRC_SYS
   (DST_SYS): consecutive systems are adjacent in src (dst), so lanes walk along
   systems there; otherwise along rows. */
template <typename T, bool SRC_SYS, bool DST_SYS>
__global__ void __launch_bounds__(kTile * kRowsY)
relayout(int64_t n, int64_t nsys, View<const T> s0, View<const T> s1, View<const T> s2,
         View<const T> s3, View<T> d0, View<T> d1, View<T> d2, View<T> d3)
{
  __shared__ T tile[kTile][kTile + 1]; /* [system][row] */
  const int z = blockIdx.z;
  const View<const T> src = z == 0 ? s0 : z == 1 ? s1 : z == 2 ? s2 : s3;
  const View<T> dst = z == 0 ? d0 : z == 1 ? d1 : z == 2 ? d2 : d3;
  const int64_t r0 = (int64_t)blockIdx.x * kTile;
  const int tx = threadIdx.x;
  for (int64_t sb = blockIdx.y; sb * kTile < nsys; sb += gridDim.y) {
    const int64_t q0 = sb * kTile;
    for (int k = threadIdx.y; k < kTile; k += kRowsY) {
      const int so = SRC_SYS ? tx : k, ro = SRC_SYS ? k : tx;
      const int64_t s = q0 + so, r = r0 + ro;
      if (s < nsys && r < n) tile[so][ro] = src.base[s * src.sys + r * src.row];
    }
    __syncthreads();
    for (int k = threadIdx.y; k < kTile; k += kRowsY) {
      const int so = DST_SYS ? tx : k, ro = DST_SYS ? k : tx;
      const int64_t s = q0 + so, r = r0 + ro;
      if (s < nsys && r < n) dst.base[s * dst.sys + r * dst.row] = tile[so][ro];
    }
    __syncthreads(); /* the tile is refilled for the next systems */
  }
}

template <typename T, bool SRC_SYS, bool DST_SYS>
gtsv_status relayout_launch(cudaStream_t st, int64_t n, int64_t nsys, int narr,
                            const View<const T> *src, const View<T> *dst)
{
  const int64_t rt = (n + kTile - 1) / kTile, stiles = (nsys + kTile - 1) / kTile;
  if (rt > 0x7FFFFFFF) return GTSV_STATUS_NOT_SUPPORTED;
  const dim3 grid((unsigned)rt, (unsigned)(stiles < 65535 ? stiles : 65535), (unsigned)narr);
  relayout<T, SRC_SYS, DST_SYS><<<grid, dim3(kTile, kRowsY), 0, st>>>(
      n, nsys, src[0], src[narr > 1 ? 1 : 0], src[narr > 2 ? 2 : 0], src[narr > 3 ? 3 : 0],
      dst[0], dst[narr > 1 ? 1 : 0], dst[narr > 2 ? 2 : 0], dst[narr > 3 ? 3 : 0]);
  GTSV_CUDA_TRY(cudaGetLastError());
  return GTSV_STATUS_SUCCESS;
}

/* The two solvers of the packed copy (see the top of the file). */
template <typename T> struct Solvers;
template <> struct Solvers<float> {
  static constexpr auto spike = gtsv__s_spike_cuda_batch;
  static constexpr auto tile = gtsv__s_batch_tile;
};
template <> struct Solvers<double> {
  static constexpr auto spike = gtsv__d_spike_cuda_batch;
  static constexpr auto tile = gtsv__d_batch_tile;
};


template <typename T>
gtsv_status packed(gtsv_handle h, const gtsv_batch_desc *ds, const T *dl, const T *d,
                   const T *du, T *x)
{
  const int64_t n = ds->n, nsys = ds->nsys;
  const bool sys_fast = ds->m_sys == 1 && ds->b_sys == 1; /* interleaved */
  if (!sys_fast && !(ds->m_row == 1 && ds->b_row == 1)) return GTSV_STATUS_NOT_SUPPORTED;
  if (n < 1 || nsys < 1) return GTSV_STATUS_SUCCESS;
  const size_t arr = gtsv__al256((size_t)n * (size_t)nsys * sizeof(T));
  void *stv = NULL;
  gtsv_status s = gtsv__cuda_stage(h, 4 * arr, &stv);
  if (s != GTSV_STATUS_SUCCESS) return s;
  char *stage = (char *)stv;
  T *p[4];
  for (int a = 0; a < 4; a++) p[a] = (T *)(stage + a * arr);
  cudaStream_t st = gtsv__cuda_stream(h);

  const View<const T> user[4] = {{dl, ds->m_sys, ds->m_row},
                                 {d, ds->m_sys, ds->m_row},
                                 {du, ds->m_sys, ds->m_row},
                                 {x, ds->b_sys, ds->b_row}};
  const View<T> pk[4] = {{p[0], n, 1}, {p[1], n, 1}, {p[2], n, 1}, {p[3], n, 1}};
  s = sys_fast ? relayout_launch<T, true, false>(st, n, nsys, 4, user, pk)
               : relayout_launch<T, false, false>(st, n, nsys, 4, user, pk);
  if (s != GTSV_STATUS_SUCCESS) return s;

  const gtsv_batch_desc pd = {n, nsys, n, 1, n, 1, n, NULL, NULL, 0, 0};
  s = gtsv__batch_tile_takes(&pd) ? Solvers<T>::tile(h, &pd, p[0], p[1], p[2], p[3])
                                  : Solvers<T>::spike(h, n, p[0], p[1], p[2], p[3], nsys, n);
  if (s != GTSV_STATUS_SUCCESS) return s;

  const View<const T> from[1] = {{p[3], n, 1}};
  const View<T> to[1] = {{x, ds->b_sys, ds->b_row}};
  return sys_fast ? relayout_launch<T, false, true>(st, n, nsys, 1, from, to)
                  : relayout_launch<T, false, false>(st, n, nsys, 1, from, to);
}

} /* namespace */

extern "C" gtsv_status gtsv__s_batch_packed(gtsv_handle h, const gtsv_batch_desc *desc,
                                            const float *dl, const float *d,
                                            const float *du, float *x)
{
  return packed<float>(h, desc, dl, d, du, x);
}
extern "C" gtsv_status gtsv__d_batch_packed(gtsv_handle h, const gtsv_batch_desc *desc,
                                            const double *dl, const double *d,
                                            const double *du, double *x)
{
  return packed<double>(h, desc, dl, d, du, x);
}
