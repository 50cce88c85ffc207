/* Asynchronous copies from global to shared memory (cp.async: Ampere and later),
   one element at a time, for the on-chip kernels (batch_tile.cu, batch_nrhs.cu), and
   the L2 prefetch of batch_tile.cu's tile_kernel. Device code only. */
#ifndef GTSV_BATCH_CP_ASYNC_H
#define GTSV_BATCH_CP_ASYNC_H

namespace gtsv_cp {

/* smem[dst] := global[src], asynchronously. */
template <typename T> __device__ __forceinline__ void cp_elt(T *dst, const T *src)
{
  const unsigned s = (unsigned)__cvta_generic_to_shared(dst);
  if (sizeof(T) == 8)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(s), "l"(src) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(s), "l"(src) : "memory");
}
/* The 128-byte line of global[p] into L2: no register, nothing waits for it. */
__device__ __forceinline__ void l2_prefetch(const void *p)
{
  asm volatile("prefetch.global.L2 [%0];\n" ::"l"(p));
}
/* every copy of this thread has landed */
__device__ __forceinline__ void cp_wait() { asm volatile("cp.async.wait_all;\n" ::: "memory"); }
/* the copies issued since the last commit form a group */
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
/* every group but the most recent one has landed */
__device__ __forceinline__ void cp_wait_but_last()
{
  asm volatile("cp.async.wait_group 1;\n" ::: "memory");
}

} /* namespace gtsv_cp */

#endif /* GTSV_BATCH_CP_ASYNC_H */
