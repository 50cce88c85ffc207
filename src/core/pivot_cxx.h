/* C++ (CUDA) overloads of the shared pivot arithmetic of core/pivot.h, so that
   templated kernels call one name for float and double. Thin forwarding only: the
   arithmetic itself stays in pivot_gen.h. Included by .cu files. */
#ifndef GTSV_CORE_PIVOT_CXX_H
#define GTSV_CORE_PIVOT_CXX_H

#include "core/pivot.h"

namespace gtsv_piv {

__host__ __device__ __forceinline__ int piv_1x1(float bt, float c0, float a1, float b1, float c1,
                                       float a2)
{
  return gtsv_s_pivot_is_1x1(bt, c0, a1, b1, c1, a2);
}
__host__ __device__ __forceinline__ int piv_1x1(double bt, double c0, double a1, double b1,
                                       double c1, double a2)
{
  return gtsv_d_pivot_is_1x1(bt, c0, a1, b1, c1, a2);
}
__host__ __device__ __forceinline__ int bad_piv(float p) { return gtsv_s_bad_pivot(p); }
__host__ __device__ __forceinline__ int bad_piv(double p) { return gtsv_d_bad_pivot(p); }
__host__ __device__ __forceinline__ float fac_1x1(float bt, float c0, float a1, float b1, float *p,
                                         float *g)
{
  return gtsv_s_factor_1x1(bt, c0, a1, b1, p, g);
}
__host__ __device__ __forceinline__ double fac_1x1(double bt, double c0, double a1, double b1,
                                          double *p, double *g)
{
  return gtsv_d_factor_1x1(bt, c0, a1, b1, p, g);
}
/* 1/bt, formed where the caller wants it: inline PTX (volatile), so that the
   compiler does not sink it into the 1x1 branch; rcp.rn is the correctly rounded
   reciprocal, the same value as 1/bt. Host: the division. GTSV_RCP_EARLY=0: the
   plain division, which the compiler may move into the branch (for comparison).
   For bt = 0, which is never used as a 1x1 pivot (bad_piv), it returns 1/1: a zero
   operand sends the reciprocal down its slow path, and a zero diagonal at every 2x2
   block (d = 0 in pairs) made SPIKE 9% slower (gpu-bench-dffc1f5-2026-11-24.md). Plain
   (not volatile) asm measured within 0.3% in the on-chip batch kernels, whose row sweep
   forms the reciprocal at every row anyway (gpu-batch-ncu-h200-2026-11-28.md). */
#ifndef GTSV_RCP_EARLY
#define GTSV_RCP_EARLY 1
#endif
__host__ __device__ __forceinline__ float rcp_early(float bt)
{
#if defined(__CUDA_ARCH__) && GTSV_RCP_EARLY
  float r;
  asm volatile("rcp.rn.f32 %0, %1;" : "=f"(r) : "f"(bt != 0.0f ? bt : 1.0f));
  return r;
#else
  return 1.0f / bt;
#endif
}
__host__ __device__ __forceinline__ double rcp_early(double bt)
{
#if defined(__CUDA_ARCH__) && GTSV_RCP_EARLY
  double r;
  asm volatile("rcp.rn.f64 %0, %1;" : "=d"(r) : "d"(bt != 0.0 ? bt : 1.0));
  return r;
#else
  return 1.0 / bt;
#endif
}
__host__ __device__ __forceinline__ float fac_1x1_r(float r, float c0, float a1, float b1, float *g)
{
  return gtsv_s_factor_1x1_rcp(r, c0, a1, b1, g);
}
__host__ __device__ __forceinline__ double fac_1x1_r(double r, double c0, double a1, double b1,
                                            double *g)
{
  return gtsv_d_factor_1x1_rcp(r, c0, a1, b1, g);
}
__host__ __device__ __forceinline__ float fac_2x2(float bt, float c0, float a1, float b1, float c1,
                                         float a2, float b2, float *dl, float *p0,
                                         float *p1, float *g0, float *g1)
{
  return gtsv_s_factor_2x2(bt, c0, a1, b1, c1, a2, b2, dl, p0, p1, g0, g1);
}
__host__ __device__ __forceinline__ double fac_2x2(double bt, double c0, double a1, double b1,
                                          double c1, double a2, double b2, double *dl,
                                          double *p0, double *p1, double *g0, double *g1)
{
  return gtsv_d_factor_2x2(bt, c0, a1, b1, c1, a2, b2, dl, p0, p1, g0, g1);
}
__host__ __device__ __forceinline__ float delta_2x2(float bt, float c0, float a1, float b1)
{
  return gtsv_s_delta_2x2(bt, c0, a1, b1);
}
__host__ __device__ __forceinline__ double delta_2x2(double bt, double c0, double a1, double b1)
{
  return gtsv_d_delta_2x2(bt, c0, a1, b1);
}
__host__ __device__ __forceinline__ float fac_2x2_r(float r, float bt, float c0, float c1,
                                           float a2, float b2, float *p0, float *p1,
                                           float *g0, float *g1)
{
  return gtsv_s_factor_2x2_rcp(r, bt, c0, c1, a2, b2, p0, p1, g0, g1);
}
__host__ __device__ __forceinline__ double fac_2x2_r(double r, double bt, double c0, double c1,
                                            double a2, double b2, double *p0, double *p1,
                                            double *g0, double *g1)
{
  return gtsv_d_factor_2x2_rcp(r, bt, c0, c1, a2, b2, p0, p1, g0, g1);
}
__host__ __device__ __forceinline__ float fsol_1x1(float p, float z0, float a1, float *z1)
{
  return gtsv_s_fsolve_1x1(p, z0, a1, z1);
}
__host__ __device__ __forceinline__ double fsol_1x1(double p, double z0, double a1, double *z1)
{
  return gtsv_d_fsolve_1x1(p, z0, a1, z1);
}
__host__ __device__ __forceinline__ void fsol_2x2(float p0, float p1, float c0, float a1, float b1,
                                         float a2, float z0, float z1, float *y0,
                                         float *y1, float *z2)
{
  gtsv_s_fsolve_2x2(p0, p1, c0, a1, b1, a2, z0, z1, y0, y1, z2);
}
__host__ __device__ __forceinline__ void fsol_2x2(double p0, double p1, double c0, double a1,
                                         double b1, double a2, double z0, double z1,
                                         double *y0, double *y1, double *z2)
{
  gtsv_d_fsolve_2x2(p0, p1, c0, a1, b1, a2, z0, z1, y0, y1, z2);
}

} /* namespace gtsv_piv */

#endif /* GTSV_CORE_PIVOT_CXX_H */
