/* gtsv-dp-latency: how long one row of the sequential diagonal pivoting takes on
   the GPU, per thread, where the rows come from: L2 (ld.global.cg, as the SPIKE
   tail's base solve reads them), shared memory (as the sweeps of src/spike and
   src/batch read their tiles), and for reference a chain of dependent double
   reciprocals. Developer tool (one GPU, no arguments): prints cycles per row.
   The latency-bound phases of the SPIKE tail (bench/results/gpu-single-2026-11-22.md:
   6 to 15 us for a phase one warp does alone) are what it is meant to explain. */
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include "cuda_ck.h"
#include "core/pivot_cxx.h"

using namespace gtsv_piv;


constexpr int kN = 64;

/* Forward DP sweep of rows 0..n-1 with one right-hand side, y and g kept in
   arrays Y, G (the base solve's shape). LD reads element i of an array. */
template <typename LD>
__device__ double dp_rows(int n, LD ld, const double *dl, const double *d, const double *du,
                          const double *b, double *Y, double *G)
{
  double bt = ld(d, 0), z = ld(b, 0);
  int i = 0;
  while (i < n) {
    const bool h1 = i + 1 < n, h2 = i + 2 < n;
    const double c0 = h1 ? ld(du, i) : 0.0, a1 = h1 ? ld(dl, i + 1) : 0.0,
                 b1 = h1 ? ld(d, i + 1) : 0.0;
    const double c1 = h2 ? ld(du, i + 1) : 0.0, a2 = h2 ? ld(dl, i + 2) : 0.0;
    double z1 = h1 ? ld(b, i + 1) : 0.0;
    if (!h1 || piv_1x1(bt, c0, a1, b1, c1, a2)) {
      double p, g;
      const double nbt = fac_1x1(bt, c0, a1, b1, &p, &g);
      Y[i] = fsol_1x1(p, z, a1, &z1);
      G[i] = g;
      bt = nbt;
      z = z1;
      i += 1;
    } else {
      const double b2 = h2 ? ld(d, i + 2) : 0.0;
      double z2 = h2 ? ld(b, i + 2) : 0.0, delta, p0, p1, g0, g1, y0, y1;
      const double nbt = fac_2x2(bt, c0, a1, b1, c1, a2, b2, &delta, &p0, &p1, &g0, &g1);
      fsol_2x2(p0, p1, c0, a1, b1, a2, z, z1, &y0, &y1, &z2);
      Y[i] = y0;
      Y[i + 1] = y1;
      G[i] = g0;
      G[i + 1] = g1;
      bt = nbt;
      z = z2;
      i += 2;
    }
  }
  return bt + z;
}

struct LdGlobal {
  __device__ double operator()(const double *p, int i) const { return __ldcg(p + i); }
};
struct LdPlain {
  __device__ double operator()(const double *p, int i) const { return p[i]; }
};

/* out[0..]: cycles of: global rows, shared rows, kN dependent reciprocals */
__global__ void probe(const double *dl, const double *d, const double *du, const double *b,
                      long long *out, double *sink)
{
  __shared__ double s[4][kN];
  __shared__ double Y[kN], G[kN];
  if (threadIdx.x != 0) return;
  /* warm L2 (the tail reads data another block just wrote: L2 hits) */
  double acc = 0;
  for (int i = 0; i < kN; i++) acc += __ldcg(dl + i) + __ldcg(d + i) + __ldcg(du + i) + __ldcg(b + i);
  long long t0 = clock64();
  acc += dp_rows(kN, LdGlobal(), dl, d, du, b, Y, G);
  long long t1 = clock64();
  for (int i = 0; i < kN; i++) {
    s[0][i] = dl[i];
    s[1][i] = d[i];
    s[2][i] = du[i];
    s[3][i] = b[i];
  }
  long long t2 = clock64();
  acc += dp_rows(kN, LdPlain(), s[0], s[1], s[2], s[3], Y, G);
  long long t3 = clock64();
  double r = d[0] + 1.5;
  for (int i = 0; i < kN; i++) r = 1.0 / r + 1.0;
  long long t4 = clock64();
  out[0] = t1 - t0;
  out[1] = t3 - t2;
  out[2] = t4 - t3;
  *sink = acc + r + Y[kN - 1] + G[kN - 2];
}

int main()
{
  std::vector<double> h(4 * kN);
  srand(7);
  for (double &v : h) v = 2.0 * rand() / RAND_MAX - 1.0;
  double *dv, *sink;
  long long *out;
  CK(cudaMalloc(&dv, h.size() * sizeof(double)));
  CK(cudaMalloc(&sink, sizeof(double)));
  CK(cudaMalloc(&out, 3 * sizeof(long long)));
  CK(cudaMemcpy(dv, h.data(), h.size() * sizeof(double), cudaMemcpyHostToDevice));
  int clk = 0;
  CK(cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0));
  for (int rep = 0; rep < 3; rep++) {
    probe<<<1, 32>>>(dv, dv + kN, dv + 2 * kN, dv + 3 * kN, out, sink);
    CK(cudaDeviceSynchronize());
    long long o[3];
    CK(cudaMemcpy(o, out, sizeof o, cudaMemcpyDeviceToHost));
    std::printf("rep %d, %d rows, random U(-1,1), one thread (SM clock %.2f GHz):\n"
                "  rows from L2 (ld.global.cg): %6.0f cycles/row (%.0f ns)\n"
                "  rows from shared memory:     %6.0f cycles/row (%.0f ns)\n"
                "  dependent 1/x + 1:           %6.0f cycles each\n",
                rep, kN, clk / 1e6, (double)o[0] / kN, o[0] / (clk / 1e6) / kN,
                (double)o[1] / kN, o[1] / (clk / 1e6) / kN, (double)o[2] / kN);
  }
  return 0;
}
