/* Programmatic dependent launch (Hopper and later) for the GPU paths (spike.cu,
   batch_tile.cu): a kernel launched with it may be scheduled before the kernel
   before it in the stream has finished; it must wait (pdl_wait) before it reads
   anything that kernel writes. CUDA C++ only. */
#ifndef GTSV_CUDA_PDL_H
#define GTSV_CUDA_PDL_H

#include <utility>
#include <cuda_runtime.h>

/* pdl_wait returns once the kernel launched before this one in the stream has
   completed and its writes are visible (at once when this kernel was launched
   without the attribute); pdl_trigger lets the next kernel's blocks be scheduled.
   Every kernel of this library triggers only after it has waited, so a kernel that
   starts early finds every kernel before its predecessor complete. */
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

/* Launch k on st: with pdl, as a programmatic dependent launch; with coop, as a
   cooperative launch (all blocks resident, grid-wide synchronisation). Neither:
   an ordinary launch. */
template <typename... K, typename... A>
cudaError_t gtsv__launch_ex(bool pdl, bool coop, void (*k)(K...), dim3 grid, dim3 block,
                            size_t smem, cudaStream_t st, A &&...args)
{
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = grid;
  cfg.blockDim = block;
  cfg.dynamicSmemBytes = smem;
  cfg.stream = st;
  cudaLaunchAttribute at[2];
  unsigned na = 0;
  if (pdl) {
    at[na].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    at[na++].val.programmaticStreamSerializationAllowed = 1;
  }
  if (coop) {
    at[na].id = cudaLaunchAttributeCooperative;
    at[na++].val.cooperative = 1;
  }
  cfg.attrs = at;
  cfg.numAttrs = na;
  return cudaLaunchKernelEx(&cfg, k, std::forward<A>(args)...);
}

#endif /* GTSV_CUDA_PDL_H */
