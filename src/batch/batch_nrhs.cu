/*
 * One matrix, many right-hand sides, on the GPU (gtsv_?gtsv with device pointers,
 * n <= GTSV_BATCH_NRHS_MAX_N, nrhs >= 2): the matrix is factored once and every
 * column is solved with that factorisation (thesis 3.3.4).
 *
 * Method. nrhs_factor (one block): the matrix is staged in shared memory and one
 * thread runs the forward factorisation of the host DP_SEQ (src/host/dp_seq_gen.c,
 * core/pivot.h) over it: per row the pivot's reciprocal P (p = 1/bt of a 1x1
 * block; p0 = 1/Delta at a 2x2 block's first row, p1 = bt at its second), the M^T
 * coefficient G, and a bit "a 2x2 block starts here" (F). Those are DP_SEQ's pivots
 * and the same numbers DP_SEQ forms. A singular pivot block is reported (row, as
 * DP_SEQ reports it) and closes the gate, so that nrhs_solve writes nothing: B
 * keeps the right-hand sides, as the thread-per-system kernel leaves it.
 * nrhs_solve: every block copies P, G, F and the matrix into shared memory; a warp
 * takes 32 columns (a lane each) and runs DP_SEQ's L B y = b and M^T x = y with
 * those numbers (the same formulas: fsolve_1x1, fsolve_2x2 of core/pivot.h), all
 * lanes on the same row at every step (one pivot structure: no divergence, and no
 * pivot test or division on the way). The columns move through a ring of three
 * chunks of CH rows per warp (CH T = 128 bytes of a column: whole lines), copied
 * asynchronously (cp.async) two chunks ahead of the sweep, with consecutive lanes
 * on consecutive rows of a column (coalesced); a pivot block needs at most the
 * two rows after it, which the next chunk holds. y goes back into B between the
 * two sweeps, but for the last three chunks, which stay in the ring. A chunk is
 * swept at offsets known at compile time (its rows unrolled; the next chunk's
 * first two rows are copied behind the lane's own, and a 2x2 block across two
 * chunks is written back). H200, double 1024 x 16384: 0.596 ms with a ring of two
 * loaded through registers one element after the other, 0.469 with the cp.async
 * ring, 0.399 unrolled (bench/results/gpu-final-825459d-2026-11-24.md,
 * gpu-batch-nrhs-de8b80a-2026-11-24.md).
 *
 * Where the time goes (that case, ncu): the factorisation 219 us (one thread,
 * about 420 cycles a row), the solve 289 us (512 warps of 32 columns, four an
 * SM, each a chain of 2048 row steps).
 *
 * nrhs_fused (where its workspace fits kFusedMaxBytes, but float matrices of up to 64
 * rows with more than 1024 columns, where the kernels above were faster): no
 * factorisation kernel. Each warp of nrhs_solve's shape factors the matrix itself
 * during its forward sweep, every lane forming the same pivot test and the same
 * numbers (nrhs_factor's statements) and applying them to its column at once; lane 0
 * keeps G and F for the backward sweep. y goes through a workspace Y instead of B, so
 * that a singular block met halfway leaves B as it was. The answers are bitwise those
 * of the two kernels (tests/check_gpu_batch.c).
 * H100, us a call in a CUDA graph: double 256 x 64 66.1 against 93.7, 1024 x 1024 258
 * against 369; float 1024 x 1024 241 against 276 (bench/results/gpu-nrhs-fused-h100-
 * 2026-11-27.md, call 8).
 *
 * Bytes per row and column (T = sizeof element): read b, write y, read y, write x:
 * 4T, of which the round trip of y stays in L2 where the columns in flight fit (n
 * of a few hundred); the thread-per-system kernel (batch.cu), which factors the
 * matrix again in every thread, moves 9T (y and g through its workspace). The
 * factorisation is one thread's chain, once per solve.
 *
 * Example, n = 5, every block 1x1 but a 2x2 on rows 2, 3: F = 0b00100; forward
 * y0 = z0 P0, z1 = b1 - a1 y0, y1 = z1 P1, z2 = b2 - a2 y1, (y2, y3) from (z2, b3)
 * with P2 = 1/Delta, P3 = bt, z4 = b4 - a4 y3, y4 = z4 P4; backward x4 = y4,
 * x3 = y3 - G3 x4, x2 = y2 - G2 x4 (a 2x2 block's first row looks two rows down),
 * x1 = y1 - G1 x2, x0 = y0 - G0 x1.
 */
#include <cuda_runtime.h>
#include "batch/batch.h"
#include "core/pivot_cxx.h"
#include "batch/cp_async.h"
#include "cuda/state.h"

int gtsv__batch_nrhs_factored = 1;
int gtsv__batch_nrhs_fused = -1;

namespace {
using namespace gtsv_piv;
using namespace gtsv_cp;

constexpr int kWarps = 4;        /* warps per block of nrhs_solve */
constexpr int kSlots = 3;        /* chunks in each warp's ring */
constexpr int kFactorThreads = 256;

/* Rows per chunk: 128 bytes of a column. A column's chunk in the ring has CH + 3
   slots: its rows, a copy of the next chunk's first two rows (the pivot blocks
   of the last rows look there), and one more so that the stride is odd (no bank
   conflicts between lanes). */
template <typename T> struct Chunk {
  static constexpr int CH = 128 / (int)sizeof(T), LD = CH + 3;
};

/* Workspace: P[n], G[n] (T), F[ceil(n/32)] words, gate word. */
struct Lay {
  size_t p, g, f, gate, total;
};
Lay lay_of(int n, size_t t)
{
  Lay L;
  L.p = 0;
  L.g = gtsv__al256(L.p + (size_t)n * t);
  L.f = gtsv__al256(L.g + (size_t)n * t);
  L.gate = gtsv__al256(L.f + (size_t)((n + 31) / 32) * 4);
  L.total = gtsv__al256(L.gate + 4);
  return L;
}

template <typename T>
__global__ void __launch_bounds__(kFactorThreads)
nrhs_factor(int n, const T *__restrict__ dl, const T *__restrict__ dd,
            const T *__restrict__ du, T *P, T *G, uint32_t *F, unsigned *gate,
            unsigned long long *info)
{
  extern __shared__ __align__(16) unsigned char smem_raw[];
  T *sa = reinterpret_cast<T *>(smem_raw), *sd = sa + n, *sc = sd + n, *sp = sc + n,
    *sg = sp + n;
  uint32_t *sf = reinterpret_cast<uint32_t *>(sg + n);
  for (int r = threadIdx.x; r < n; r += blockDim.x) {
    sa[r] = dl[r];
    sd[r] = dd[r];
    sc[r] = du[r];
  }
  for (int w = threadIdx.x; w < (n + 31) / 32; w += blockDim.x) sf[w] = 0;
  __syncthreads();
  /* P, G and F into shared memory, then out with every thread (coalesced): the
     thread's chain waits on no global store */
  if (threadIdx.x == 0) {
    bool ok = true;
    T bt = sd[0];
    int i = 0;
    while (i < n) { /* DP_SEQ's forward factorisation (tile_core.h seq_step's) */
      const bool h1 = i + 1 < n, h2 = i + 2 < n;
      const T c0 = h1 ? sc[i] : T(0), a1 = h1 ? sa[i + 1] : T(0), b1 = h1 ? sd[i + 1] : T(0);
      const T c1 = h2 ? sc[i + 1] : T(0), a2 = h2 ? sa[i + 2] : T(0);
      const T rcp = rcp_early(bt);
      if (!h1 || piv_1x1(bt, c0, a1, b1, c1, a2)) {
        if (bad_piv(bt)) { ok = false; break; }
        T g;
        const T nbt = fac_1x1_r(rcp, c0, a1, b1, &g);
        sp[i] = rcp;
        sg[i] = g;
        bt = nbt;
        i += 1;
      } else {
        const T b2 = h2 ? sd[i + 2] : T(0);
        T delta, p0, p1, g0, g1;
        const T nbt = fac_2x2(bt, c0, a1, b1, c1, a2, b2, &delta, &p0, &p1, &g0, &g1);
        if (bad_piv(delta)) { ok = false; break; }
        sp[i] = p0;
        sp[i + 1] = p1;
        sg[i] = g0;
        sg[i + 1] = g1;
        sf[i >> 5] |= 1u << (i & 31);
        bt = nbt;
        i += 2;
      }
    }
    if (!ok) gtsv__report_singular(info, (unsigned long long)i);
    *gate = ok ? 1u : 0u;
  }
  __syncthreads();
  for (int r = threadIdx.x; r < n; r += blockDim.x) {
    P[r] = sp[r];
    G[r] = sg[r];
  }
  for (int w = threadIdx.x; w < (n + 31) / 32; w += blockDim.x) F[w] = sf[w];
}

/* Shared memory of nrhs_solve: the block's copy of dl, d, du, P, G (n each), F, and
   each warp's ring of kSlots chunks [32 columns][LD]. */
template <typename T> size_t solve_smem(int n)
{
  return gtsv__al256(5 * (size_t)n * sizeof(T) + (size_t)((n + 31) / 32) * 4) +
         (size_t)kWarps * kSlots * 32 * Chunk<T>::LD * sizeof(T);
}

/* Chunk m of the warp's columns c0.. (nc of them) between B and ring slot S
   ([32][LD]): lane L moves row m CH + L % CH of columns c0 + j, j = L / CH +
   t (32 / CH): whole 128-byte pieces of columns. The load is asynchronous (one
   commit group: the caller commits); the store waits for nothing. */
template <typename T>
__device__ __forceinline__ void load_chunk(T *S, const T *B, int64_t ldb, int64_t c0, int nc,
                                           int n, int m, int lane)
{
  constexpr int CH = Chunk<T>::CH, PER = 32 / CH;
  const int r = m * CH + lane % CH;
  if (m < 0 || r >= n) return;
#pragma unroll
  for (int t = 0; t < 32 / PER; t++) {
    const int j = lane / CH + t * PER;
    if (j < nc) cp_elt(S + j * Chunk<T>::LD + lane % CH, B + (c0 + j) * ldb + r);
  }
}
template <typename T>
__device__ __forceinline__ void store_chunk(const T *S, T *B, int64_t ldb, int64_t c0, int nc,
                                            int n, int m, int lane)
{
  constexpr int CH = Chunk<T>::CH, PER = 32 / CH;
  const int r = m * CH + lane % CH;
  if (r >= n) return;
  T v[32 / PER];
#pragma unroll
  for (int t = 0; t < 32 / PER; t++) {
    const int j = lane / CH + t * PER;
    v[t] = j < nc ? S[j * Chunk<T>::LD + lane % CH] : T(0);
  }
#pragma unroll
  for (int t = 0; t < 32 / PER; t++) {
    const int j = lane / CH + t * PER;
    if (j < nc) B[(c0 + j) * ldb + r] = v[t];
  }
}

/* The backward sweep of one warp's 32 columns (c0.., nc of them): x = M^-T y, from the
   last row up; x beyond n - 1 is 0. The forward sweep left its last kSlots chunks of y in
   the warp's ring (R0) and the others in Ys (column j at Ys + (c0 + j) ldy); x goes to B.
   Chunk m - 2 is requested (where it went out) when chunk m starts, into the slot of
   chunk m + 1, stored by then. G and the 2x2 starts F as nrhs_factor leaves them. */
template <typename T>
__device__ __forceinline__ void backward(T *R0, const T *Ys, int64_t ldy, T *B, int64_t ldb,
                                         int64_t c0, int nc, int n, int lane, const T *sg,
                                         const uint32_t *sf)
{
  constexpr int CH = Chunk<T>::CH, LD = Chunk<T>::LD, S = 32 * LD;
  const int nch = (n + CH - 1) / CH;
  auto slot = [&](int m) { return R0 + (m % kSlots) * S; };
  T x1 = 0, x2 = 0;
  for (int m = nch - 1; m >= 0; m--) {
    __syncwarp(); /* the slot of chunk m + 1 is read */
    load_chunk<T>(slot(m + 1), Ys, ldy, c0, nc, n, m - 2 >= 0 && m - 2 + kSlots < nch ? m - 2 : -1,
                  lane);
    cp_commit();
    cp_wait_but_last(); /* chunk m (and m - 1) */
    __syncwarp();
    T *const cur = slot(m) + lane * LD;
    const int base = m * CH;
    const uint32_t fw = sf[base >> 5] >> (base & 31);
#pragma unroll
    for (int k = CH - 1; k >= 0; k--) {
      const int r = base + k;
      if (r >= n) continue;
      const T xr = cur[k] - sg[r] * (((fw >> k) & 1u) ? x2 : x1);
      cur[k] = xr;
      x2 = x1;
      x1 = xr;
    }
    __syncwarp();
    store_chunk<T>(slot(m), B, ldb, c0, nc, n, m, lane);
  }
}

template <typename T>
__global__ void __launch_bounds__(kWarps * 32)
nrhs_solve(int n, int64_t nrhs, const T *__restrict__ dl, const T *__restrict__ dd,
           const T *__restrict__ du, const T *P, const T *G, const uint32_t *F,
           const unsigned *gate, T *B, int64_t ldb)
{
  constexpr int CH = Chunk<T>::CH, LD = Chunk<T>::LD, S = 32 * LD;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  if (*gate == 0u) return; /* singular: B keeps the right-hand sides */
  T *sa = reinterpret_cast<T *>(smem_raw), *sd = sa + n, *sc = sd + n, *sp = sc + n,
    *sg = sp + n;
  uint32_t *sf = reinterpret_cast<uint32_t *>(sg + n);
  T *ring = reinterpret_cast<T *>(smem_raw + gtsv__al256(5 * (size_t)n * sizeof(T) +
                                                   (size_t)((n + 31) / 32) * 4));
  for (int r = threadIdx.x; r < n; r += blockDim.x) {
    sa[r] = dl[r];
    sd[r] = dd[r];
    sc[r] = du[r];
    sp[r] = P[r];
    sg[r] = G[r];
  }
  for (int w = threadIdx.x; w < (n + 31) / 32; w += blockDim.x) sf[w] = F[w];
  __syncthreads();
  const int lane = threadIdx.x & 31, wib = threadIdx.x >> 5;
  T *const R0 = ring + wib * kSlots * S;
  const int nch = (n + CH - 1) / CH;
  const int64_t ngroups = (nrhs + 31) / 32;
  auto slot = [&](int m) { return R0 + (m % kSlots) * S; };
  for (int64_t grp = (int64_t)blockIdx.x * kWarps + wib; grp < ngroups;
       grp += (int64_t)gridDim.x * kWarps) {
    const int64_t c0 = grp * 32;
    const int nc = (int)(nrhs - c0 < 32 ? nrhs - c0 : 32);
    /* ---- forward: L B y = b, y over b. Chunk m + 2 is requested when chunk m
       starts, into the slot of chunk m - 1 (stored by then), and waited for one
       chunk later; a pivot block looks at most two rows ahead, into chunk m + 1.
       Chunk m goes back to B only where chunk m + 3 will take its slot: the last
       three stay in the ring for the backward sweep. ---- */
    __syncwarp(); /* the previous group's ring is read */
    load_chunk<T>(slot(0), B, ldb, c0, nc, n, 0, lane);
    cp_commit();
    load_chunk<T>(slot(1), B, ldb, c0, nc, n, nch > 1 ? 1 : -1, lane);
    cp_commit();
    T zt = 0;
    bool second = false; /* the next row is the second row of a 2x2 block: done */
    for (int m = 0; m < nch; m++) {
      __syncwarp(); /* the slot of chunk m - 1 is read (its store) */
      load_chunk<T>(slot(m + 2), B, ldb, c0, nc, n, m + 2 < nch ? m + 2 : -1, lane);
      cp_commit();
      cp_wait_but_last(); /* chunks m and m + 1 */
      __syncwarp();
      /* this lane's column: rows of chunk m at cur[0 .. CH-1], and (its own
         column of chunk m + 1, so no other lane is involved) a copy of the next
         two rows at cur[CH], cur[CH + 1]. Lanes past nc sweep their unused
         columns: nothing of theirs is stored. */
      T *const cur = slot(m) + lane * LD, *const nxt = slot(m + 1) + lane * LD;
      const bool more = m + 1 < nch;
      if (more) {
        cur[CH] = nxt[0];
        cur[CH + 1] = nxt[1];
      }
      if (m == 0) zt = cur[0];
      const int base = m * CH;
      const uint32_t fw = sf[base >> 5] >> (base & 31); /* the chunk's 2x2 starts */
      /* one row a step, at offsets known at compile time: the block structure is
         the flag bits, the same for every lane, so later rows' loads need not
         wait for this row's arithmetic */
#pragma unroll
      for (int k = 0; k < CH; k++) {
        const int r = base + k;
        if (r >= n) break;
        if (second) {
          second = false;
          continue;
        }
        const bool h1 = r + 1 < n, h2 = r + 2 < n;
        const T a1 = h1 ? sa[r + 1] : T(0);
        T z1 = h1 ? cur[k + 1] : T(0);
        if (!((fw >> k) & 1u)) {
          cur[k] = fsol_1x1(sp[r], zt, a1, &z1);
          zt = z1;
        } else {
          const T c0v = sc[r], b1 = sd[r + 1], a2 = h2 ? sa[r + 2] : T(0);
          T z2 = h2 ? cur[k + 2] : T(0), y0, y1;
          fsol_2x2(sp[r], sp[r + 1], c0v, a1, b1, a2, zt, z1, &y0, &y1, &z2);
          cur[k] = y0;
          cur[k + 1] = y1;
          zt = z2;
          second = true;
        }
      }
      if (more && second) nxt[0] = cur[CH]; /* a 2x2 block across the chunks */
      __syncwarp(); /* chunk m holds y */
      if (m + kSlots < nch) store_chunk<T>(slot(m), B, ldb, c0, nc, n, m, lane);
    }
    backward<T>(R0, B, ldb, B, ldb, c0, nc, n, lane, sg, sf);
  }
}

/* Rows of a chunk that nrhs_fused unrolls at a time. ncu (call 6) saw instruction-cache
   misses in 12% of the stall samples with a double chunk (16 rows) in one run; H100, us a
   call in a CUDA graph, runs of 8 / 16 / 32 rows (session 30 call 8): float 1024 x 1024
   240.9 / 323.4 / 333.0, 256 x 64 58.4 / 74.6 / 78.4; double 1024 x 1024 258.1 / 265.8,
   256 x 64 66.1 / 66.8, 64 x 65536 50.8 / 46.8 (bench/results/gpu-nrhs-fused-h100-2026-11-27.md). */
constexpr int kFusedRun = 8;

/* Shared memory of nrhs_fused: the block's copy of dl, d, du (n each), each warp's G (n)
   and F, and each warp's ring. */
template <typename T> size_t fused_smem(int n)
{
  const size_t f = (size_t)((n + 31) / 32) * 4;
  return gtsv__al256(3 * (size_t)n * sizeof(T)) +
         (size_t)kWarps * gtsv__al256((size_t)n * sizeof(T) + f) +
         (size_t)kWarps * kSlots * 32 * Chunk<T>::LD * sizeof(T);
}

/* nrhs_fused: nrhs_factor and nrhs_solve in one sweep. With few columns the
   factorisation's one-thread chain was most of the time; with many, every warp's own
   factorisation costs less than that chain did (batch_nrhs.cu's top). Each warp
   takes 32 columns and factors the matrix itself as it goes: at every row all its lanes
   form the same pivot test and the same P and G (nrhs_factor's statements: DP_SEQ's
   pivots and numbers), each lane applies them to its column at once, and lane 0 keeps G
   and F in the warp's shared memory for the backward sweep. The lanes agree on every
   decision, so the warp does not diverge. y goes to the workspace Y (column j at Y + j n),
   not to B: a singular pivot block shows only when the sweep reaches it, and B must then
   keep the right-hand sides. The warps of a solve all meet the same block (the same
   arithmetic on the same matrix): each reports it (atomicMin of the same key) and none
   writes B. */
template <typename T>
__global__ void __launch_bounds__(kWarps * 32)
nrhs_fused(int n, int64_t nrhs, const T *__restrict__ dl, const T *__restrict__ dd,
           const T *__restrict__ du, T *Y, T *B, int64_t ldb, unsigned long long *info)
{
  constexpr int CH = Chunk<T>::CH, LD = Chunk<T>::LD, S = 32 * LD;
  constexpr int SUB = kFusedRun < CH ? kFusedRun : CH;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const int lane = threadIdx.x & 31, wib = threadIdx.x >> 5, nw = (n + 31) / 32;
  T *sa = reinterpret_cast<T *>(smem_raw), *sd = sa + n, *sc = sd + n;
  const size_t wbytes = gtsv__al256((size_t)n * sizeof(T) + (size_t)nw * 4);
  unsigned char *const wbase = smem_raw + gtsv__al256(3 * (size_t)n * sizeof(T));
  T *const sg = reinterpret_cast<T *>(wbase + wib * wbytes);
  uint32_t *const sf = reinterpret_cast<uint32_t *>(sg + n);
  T *const R0 = reinterpret_cast<T *>(wbase + kWarps * wbytes) + wib * kSlots * S;
  for (int r = threadIdx.x; r < n; r += blockDim.x) {
    sa[r] = dl[r];
    sd[r] = dd[r];
    sc[r] = du[r];
  }
  for (int w = lane; w < nw; w += 32) sf[w] = 0;
  __syncthreads();
  const int64_t grp = (int64_t)blockIdx.x * kWarps + wib, ngroups = (nrhs + 31) / 32;
  if (grp >= ngroups) return;
  const int nch = (n + CH - 1) / CH;
  const int64_t c0 = grp * 32;
  const int nc = (int)(nrhs - c0 < 32 ? nrhs - c0 : 32);
  auto slot = [&](int m) { return R0 + (m % kSlots) * S; };
  /* forward, as nrhs_solve's (its ring and chunk order), y out to Y */
  load_chunk<T>(slot(0), B, ldb, c0, nc, n, 0, lane);
  cp_commit();
  load_chunk<T>(slot(1), B, ldb, c0, nc, n, nch > 1 ? 1 : -1, lane);
  cp_commit();
  /* A chunk's column values are read into registers before its first step, so that no
     step's loads wait behind the previous steps' stores (lane 0's G and F, which the
     compiler cannot tell apart from the column). Keeping the matrix's rows in registers
     one step ahead as well was slower (H100, session 30 call 3: double 256 x 64 74.0
     against 66.5 us), and so was forming 1/Delta before the pivot test beside 1/bt
     (call 2). ncu (call 6, double 1024 x 4): 127 warp instructions a row, over half of
     them integer and select work, 3.9 cycles each; yet the matrix padded with zeros
     past its end, so that a row reads its neighbours without tests (168 registers
     against 182), was slower as well (call 7: 256 x 64 75.4 against 66.4 us). */
  auto ga = [&](int i) { return i < n ? sa[i] : T(0); };
  auto gd = [&](int i) { return i < n ? sd[i] : T(0); };
  auto gc = [&](int i) { return i + 1 < n ? sc[i] : T(0); };
  T zt = 0, bt = sd[0];
  bool second = false;
  int bad = -1;
  for (int m = 0; m < nch && bad < 0; m++) {
    __syncwarp();
    load_chunk<T>(slot(m + 2), B, ldb, c0, nc, n, m + 2 < nch ? m + 2 : -1, lane);
    cp_commit();
    cp_wait_but_last();
    __syncwarp();
    T *const cur = slot(m) + lane * LD, *const nxt = slot(m + 1) + lane * LD;
    const bool more = m + 1 < nch;
    if (more) {
      cur[CH] = nxt[0];
      cur[CH + 1] = nxt[1];
    }
    /* the chunk in runs of SUB rows, each unrolled (kFusedRun) */
#pragma unroll 1
    for (int hs = 0; hs < CH / SUB && bad < 0; hs++) {
      T *const cs = cur + hs * SUB;
      T zc[SUB + 2];
#pragma unroll
      for (int k = 0; k < SUB + 2; k++) zc[k] = cs[k];
      if (m == 0 && hs == 0) zt = zc[0];
      const int base = m * CH + hs * SUB;
#pragma unroll
      for (int k = 0; k < SUB; k++) {
        const int r = base + k;
        if (r >= n) break;
        const T a1 = ga(r + 1), a2 = ga(r + 2), b1 = gd(r + 1), b2 = gd(r + 2), c0v = gc(r),
                c1 = gc(r + 1);
        if (second) {
          second = false;
          continue;
        }
        const bool h1 = r + 1 < n, h2 = r + 2 < n;
        const T rcp = rcp_early(bt);
        T z1 = h1 ? zc[k + 1] : T(0);
        if (!h1 || piv_1x1(bt, c0v, a1, b1, c1, a2)) {
          if (bad_piv(bt)) {
            bad = r;
            break;
          }
          T g;
          const T nbt = fac_1x1_r(rcp, c0v, a1, b1, &g);
          if (lane == 0) sg[r] = g;
          cs[k] = fsol_1x1(rcp, zt, a1, &z1);
          zt = z1;
          bt = nbt;
        } else {
          T delta, p0, p1, g0, g1;
          const T nbt = fac_2x2(bt, c0v, a1, b1, c1, a2, b2, &delta, &p0, &p1, &g0, &g1);
          if (bad_piv(delta)) {
            bad = r;
            break;
          }
          if (lane == 0) {
            sg[r] = g0;
            sg[r + 1] = g1;
            sf[r >> 5] |= 1u << (r & 31);
          }
          T z2 = h2 ? zc[k + 2] : T(0), y0, y1;
          fsol_2x2(p0, p1, c0v, a1, b1, a2, zt, z1, &y0, &y1, &z2);
          cs[k] = y0;
          cs[k + 1] = y1;
          zt = z2;
          bt = nbt;
          second = true;
        }
      }
    }
    if (bad >= 0) break;
    if (more && second) nxt[0] = cur[CH];
    __syncwarp();
    if (m + kSlots < nch) store_chunk<T>(slot(m), Y, n, c0, nc, n, m, lane);
  }
  if (bad >= 0) {
    cp_wait(); /* no copy lands after the warp has gone */
    if (lane == 0) gtsv__report_singular(info, (unsigned long long)bad);
    return;
  }
  backward<T>(R0, Y, n, B, ldb, c0, nc, n, lane, sg, sf);
}

/* nrhs_fused by default where its workspace Y (n nrhs elements) is at most
   kFusedMaxBytes, but for float matrices of n <= 64 with more than 1024 columns; else the
   two kernels (workspace 2n elements). H100, us a call in a CUDA graph, fused (runs of 8
   rows) against two kernels (bench/results/gpu-nrhs-fused-h100-2026-11-27.md, call 8):
   double 128 x 4 33.1 / 46.3, 256 x 64 66.1 / 93.7, 1024 x 1024 258.1 / 368.7,
   1024 x 16384 295.0 / 401.8, 64 x 65536 50.8 / 52.7 (1.34-1.45x at every other shape);
   float 256 x 64 58.4 / 71.1, 1024 x 1024 240.9 / 276.3, 1024 x 16384 256.1 / 284.4
   (1.11-1.47x), but 64 x 65536 37.1 / 31.7. */
constexpr size_t kFusedMaxBytes = (size_t)256 << 20;

template <typename T>
gtsv_status factored(gtsv_handle h, int64_t n64, int64_t nrhs, const T *dl, const T *d,
                     const T *du, T *B, int64_t ldb)
{
  const int n = (int)n64;
  cudaStream_t st = gtsv__cuda_stream(h);
  int dev = 0, sms = 0, per = 0;
  GTSV_CUDA_TRY(cudaGetDevice(&dev));
  GTSV_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  const int64_t ngroups = (nrhs + 31) / 32;
  const int64_t blocks = (ngroups + kWarps - 1) / kWarps;
  const size_t ybytes = (size_t)n * (size_t)nrhs * sizeof(T);
  const int fz = gtsv__batch_nrhs_fused;
  const bool fits = sizeof(T) == 8 || n > 64 || nrhs <= 1024;
  if (fz == 1 || (fz < 0 && fits && ybytes <= kFusedMaxBytes)) {
    const size_t fsm = fused_smem<T>(n);
    GTSV_CUDA_TRY(cudaFuncSetAttribute(nrhs_fused<T>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       (int)fsm));
    void *yv = NULL;
    const gtsv_status ws = gtsv__cuda_workspace(h, ybytes, &yv);
    if (ws == GTSV_STATUS_SUCCESS) {
      nrhs_fused<T><<<(unsigned)blocks, kWarps * 32, fsm, st>>>(n, nrhs, dl, d, du, (T *)yv, B,
                                                                ldb, gtsv__cuda_info(h));
      GTSV_CUDA_TRY(cudaGetLastError());
      return GTSV_STATUS_SUCCESS;
    }
    /* no room for Y (its error already cleared): the two kernels, which need 2n; any
       other failure (the stream's synchronisation before the grow) is the caller's */
    if (ws != GTSV_STATUS_ALLOC_FAILED) return ws;
  }
  const Lay L = lay_of(n, sizeof(T));
  void *wsv = NULL;
  gtsv_status s = gtsv__cuda_workspace(h, L.total, &wsv);
  if (s != GTSV_STATUS_SUCCESS) return s;
  char *ws = (char *)wsv;
  T *P = (T *)(ws + L.p), *G = (T *)(ws + L.g);
  uint32_t *F = (uint32_t *)(ws + L.f);
  unsigned *gate = (unsigned *)(ws + L.gate);
  const size_t fsm = 5 * (size_t)n * sizeof(T) + (size_t)((n + 31) / 32) * 4;
  const size_t ssm = solve_smem<T>(n);
  GTSV_CUDA_TRY(cudaFuncSetAttribute(nrhs_solve<T>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     (int)ssm));
  GTSV_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, nrhs_solve<T>, kWarps * 32,
                                                              ssm));
  if (per < 1) return GTSV_STATUS_DEVICE_ERROR;
  int64_t grid = blocks;
  if (grid > (int64_t)sms * per) grid = (int64_t)sms * per; /* persistent */
  nrhs_factor<T><<<1, kFactorThreads, fsm, st>>>(n, dl, d, du, P, G, F, gate, gtsv__cuda_info(h));
  GTSV_CUDA_TRY(cudaGetLastError());
  nrhs_solve<T><<<(unsigned)grid, kWarps * 32, ssm, st>>>(n, nrhs, dl, d, du, P, G, F, gate,
                                                           B, ldb);
  GTSV_CUDA_TRY(cudaGetLastError());
  return GTSV_STATUS_SUCCESS;
}

} /* namespace */

extern "C" gtsv_status gtsv__s_batch_nrhs_factored(gtsv_handle h, int64_t n, int64_t nrhs,
                                                   const float *dl, const float *d,
                                                   const float *du, float *B, int64_t ldb)
{
  return factored<float>(h, n, nrhs, dl, d, du, B, ldb);
}
extern "C" gtsv_status gtsv__d_batch_nrhs_factored(gtsv_handle h, int64_t n, int64_t nrhs,
                                                   const double *dl, const double *d,
                                                   const double *du, double *B, int64_t ldb)
{
  return factored<double>(h, n, nrhs, dl, d, du, B, ldb);
}
