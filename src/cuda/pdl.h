/* Programmatic dependent launch (Hopper, sm_90): a kernel launched with it may start
   before the kernel launched before it in the stream has finished. Its blocks are
   scheduled once every block of that kernel has passed pdl_trigger (or exited), and
   pdl_wait returns once that kernel has completed and its writes are visible; it
   returns at once where the kernel was launched without the attribute. The kernels
   that use it (src/spike, src/batch) trigger only after they have waited, so a kernel
   that starts early finds every kernel before its predecessor complete, and read
   nothing their predecessor may write before they have waited (the GPU SPIKE's top
   passes read the caller's arrays early: the kernel before them writes none of
   those). C++ (CUDA) only. */
#ifndef GTSV_CUDA_PDL_H
#define GTSV_CUDA_PDL_H

#include <utility>
#include <cuda_runtime.h>

namespace gtsv_pdl {

__device__ __forceinline__ void pdl_wait()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}
__device__ __forceinline__ void pdl_trigger()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}
/* Both, in the one order allowed here. */
__device__ __forceinline__ void pdl_wait_trigger()
{
  pdl_wait();
  pdl_trigger();
}

/* Launch k<<<grid, block, smem, st>>>(args...), as a programmatic dependent launch
   where pdl, else an ordinary one. */
template <typename... K, typename... A>
cudaError_t launch_pdl(bool pdl, void (*k)(K...), dim3 grid, dim3 block, size_t smem,
                       cudaStream_t st, A &&...args)
{
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = grid;
  cfg.blockDim = block;
  cfg.dynamicSmemBytes = smem;
  cfg.stream = st;
  cudaLaunchAttribute at[1];
  at[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  at[0].val.programmaticStreamSerializationAllowed = 1;
  cfg.attrs = at;
  cfg.numAttrs = pdl ? 1 : 0;
  return cudaLaunchKernelEx(&cfg, k, std::forward<A>(args)...);
}

} /* namespace gtsv_pdl */

#endif /* GTSV_CUDA_PDL_H */
