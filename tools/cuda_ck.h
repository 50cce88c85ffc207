/* CK(call): a CUDA runtime call in a GPU diagnostic (tools/), which prints the error and
   exits on failure. */
#ifndef GTSV_TOOLS_CUDA_CK_H
#define GTSV_TOOLS_CUDA_CK_H
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(x)                                                                    \
  do {                                                                           \
    cudaError_t e_ = (x);                                                        \
    if (e_ != cudaSuccess) {                                                     \
      std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));             \
      std::exit(1);                                                              \
    }                                                                            \
  } while (0)

#endif /* GTSV_TOOLS_CUDA_CK_H */
