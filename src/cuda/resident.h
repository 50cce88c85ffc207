/* Resident blocks of a kernel (how many fit on the device at once), for persistent grids:
   the GPU SPIKE's top and tail kernels, the GPU PDP's gated kernels and sweeps. C++ (CUDA)
   only. */
#ifndef GTSV_CUDA_RESIDENT_H
#define GTSV_CUDA_RESIDENT_H

#include <atomic>
#include <cuda_runtime.h>

namespace gtsv_cuda {

/* Resident blocks of kernel on the current device with threads threads and smem bytes of
   dynamic shared memory a block, all of the SM's unified memory as shared memory (the
   kernel's attributes are so set; max_shared false: its carveout left as it is); -1 where
   the runtime cannot say. The kernel's dynamic shared memory limit is set to smem, or to
   limit where larger (a kernel launched with blocks of several sizes: its largest block's,
   one value for every host thread, so that no thread's setting undercuts another's launch).
   Asked once per device and kernel (the same answer every time: call it for a kernel with
   one max_shared and one limit only). */
template <auto kernel>
inline int resident_blocks(int threads, int smem, bool max_shared = true, int limit = 0)
{
  static std::atomic<int> cache[64];
  int dev = 0, sms = 0, per = 0;
  if (cudaGetDevice(&dev) != cudaSuccess) return -1;
  int v = dev >= 0 && dev < 64 ? cache[dev].load(std::memory_order_relaxed) : 0;
  if (v > 0) return v;
  /* the most shared memory an SM can give (the one-warp top blocks' occupancy needs it) */
  if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                           limit > smem ? limit : smem) !=
          cudaSuccess ||
      (max_shared &&
       cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                            cudaSharedmemCarveoutMaxShared) != cudaSuccess) ||
      cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, kernel, threads, smem) !=
          cudaSuccess ||
      per < 1) {
    (void)cudaGetLastError();
    return -1;
  }
  v = sms * per;
  if (dev >= 0 && dev < 64) cache[dev].store(v, std::memory_order_relaxed);
  return v;
}

} // namespace gtsv_cuda

#endif /* GTSV_CUDA_RESIDENT_H */
