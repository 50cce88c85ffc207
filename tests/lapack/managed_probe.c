/* dgtsv_ on CUDA managed memory, as an nvfortran code with managed arrays calls
   LAPACK (ctest lapack_managed, CUDA builds; exit 77 without a device): the
   library classifies D and B as device memory while the shim's DL/DU copies are
   host memory, and the shim must still solve it (on the host, from copies).
   Also run with GTSV_LAPACK_GPU_MIN_N=1 to exercise the offload. Exit 0 pass. */
#include <math.h>
#include <stdio.h>
#include <cuda_runtime.h>

void dgtsv_(const int *n, const int *nrhs, double *dl, double *d, double *du, double *b,
            const int *ldb, int *info);
long gtsv_lapack_calls(void);

int main(void)
{
  const int n = 4096, nrhs = 2;
  double *dl, *d, *du, *b, err = 0;
  int count = 0, info = -99;
  long c0 = gtsv_lapack_calls();
  if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) return 77;
  if (cudaMallocManaged((void **)&dl, sizeof(double) * n, cudaMemAttachGlobal) ||
      cudaMallocManaged((void **)&d, sizeof(double) * n, cudaMemAttachGlobal) ||
      cudaMallocManaged((void **)&du, sizeof(double) * n, cudaMemAttachGlobal) ||
      cudaMallocManaged((void **)&b, sizeof(double) * n * nrhs, cudaMemAttachGlobal))
    return 1;
  /* zero diagonal, even order: regular, 2x2 pivots; x = (1, 2, 3, ...) */
  for (int i = 0; i < n; i++) {
    d[i] = 0;
    if (i < n - 1) { dl[i] = 1 + (i % 3); du[i] = 2 - (i % 2); }
  }
  for (int j = 0; j < nrhs; j++)
    for (int i = 0; i < n; i++) {
      double ax = 0;
      if (i > 0) ax += dl[i - 1] * ((i - 1) % 5 + 1 + j);
      if (i < n - 1) ax += du[i] * ((i + 1) % 5 + 1 + j);
      b[i + j * n] = ax;
    }
  dgtsv_(&n, &nrhs, dl, d, du, b, &n, &info);
  for (int j = 0; j < nrhs; j++)
    for (int i = 0; i < n; i++) err = fmax(err, fabs(b[i + j * n] - ((i % 5) + 1 + j)));
  printf("managed: INFO %d, max error %.3g, calls %ld\n", info, err, gtsv_lapack_calls() - c0);
  cudaFree(dl); cudaFree(d); cudaFree(du); cudaFree(b);
  return info == 0 && err < 1e-8 && gtsv_lapack_calls() == c0 + 1 ? 0 : 1;
}
