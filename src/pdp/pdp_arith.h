/*
 * The arithmetic of parallel diagonal pivoting by linear recurrences (thesis 4.1),
 * once, for the host reference (pdp_host_gen.c) and the CUDA kernels (pdp.cu):
 * C99 inline functions, __host__ __device__ under nvcc, one generic body
 * (pdp_arith_gen.h) per precision, gtsv_s_pdp_* and gtsv_d_pdp_*. The plain
 * pivot helpers (abs, bad_pivot, kappa) are core/pivot.h's.
 *
 * 1. The recurrences. With theta_{-1} = 1, theta_{-2} = 0 (eq. 4.4)
 *        theta_i = b_i theta_{i-1} - a_i c_{i-1} theta_{i-2}
 *    theta_i is the determinant of the leading (i+1)x(i+1) block; it does not depend
 *    on the pivots. Row i starts a pivot block of DP_SEQ's LBM^T when s_i = 1, and
 *    then, eq. 4.5-4.6,
 *        bhat_i = theta_i / theta_{i-1}             (updated diagonal, the 1x1 pivot)
 *        Delta  = theta_{i+1} / theta_{i-1}         (the 2x2 pivot determinant)
 *        1x1 iff |theta_i| sigma >= kappa |a_{i+1} c_i theta_{i-1}|       (eq. 4.6)
 *    The L and B solves need one more recurrence. With z the right-hand side and
 *        w_i = theta_{i-1} z_i - a_i w_{i-1},   w_{-1} = 0,
 *    w_i / theta_{i-1} is z'_i, the right-hand side of row i after the eliminations
 *    of the blocks above it (when i starts a block); in particular the y of L B y = z
 *    at the last row of any block is y_i = w_i / theta_i (a 1x1 pivot, or the second
 *    row of a 2x2), and at the first row of a 2x2 block
 *        y_i = (b_{i+1} w_i - c_i theta_{i-1} z_{i+1}) / theta_{i+1}.
 *    The M^T coefficients are g_i = c_i theta_{i-1} / theta_i on the same rows and
 *    g_i = -c_i c_{i+1} theta_{i-1} / theta_{i+1} on the first row of a 2x2 block
 *    (pivot.h's g, multiplied out). No division by a non-leading theta ever happens.
 *
 * 2. Composable. The state S_i = (theta_i, theta_{i-1}, w_i) evolves linearly and
 *    homogeneously, S_i = M_i S_{i-1} with the 3x3
 *        M_i = [ b_i  -a_i c_{i-1}  0   ]
 *              [ 1     0            0   ]
 *              [ z_i   0           -a_i ]
 *    so a run of rows is one "aggregate" (pdp_agg: a 2x2 block A, a row u, a scalar
 *    alpha), aggregates compose associatively (a scan), and everything the solver
 *    reads off a state is a ratio of its entries: a state or an aggregate may be
 *    multiplied by any power of two without changing one bit of the answer.
 *    The pivot structure is a 2-state machine, s_{i+1} = !s_i || one_i (s_0 = 1,
 *    one_{n-1} = 1): a run of rows maps s at its top to s below it, a function of
 *    {0,1} kept in two bits (pdp_fsm). The backward M^T solve carries
 *    q = x of the next block start below, x_i = y_i - g_i q, and q := x_i at a
 *    block start: an affine map of q per row (pdp_aff), composable again.
 *
 * 3. Normalisation (thesis 4.1.3). theta grows or shrinks geometrically (a row scaled
 *    by P scales every later theta by P); unnormalised it over- or underflows after
 *    a few hundred rows of a random matrix. The thesis divides by theta_{i-1} at
 *    leading rows; we multiply by 2^-e, e the binary exponent of the largest entry:
 *    exact (no rounding, and no division by a small non-leading theta), so the
 *    variants below give bitwise the same solution whenever neither runs out of
 *    range. GTSV_PDP_NORM_EVERY rescales after every step; GTSV_PDP_NORM_THRESHOLD
 *    (the default, the thesis's cheaper variant) only when the largest magnitude
 *    leaves [2^-THR, 2^THR]; GTSV_PDP_NORM_NONE never (tests show it fails).
 *    Range: a step multiplies a state entry (< 2^THR after normalisation) by
 *    a_i c_{i-1}, so |a_i c_{i-1}| must stay below 2^(EMAX - THR): 2^989 in double,
 *    2^109 in float (EVERY: the whole range, as DP_SEQ, which forms a_{i+1} c_i too).
 *
 * Worked example, T = [0 1 0; 1 0 1; 0 1 1], z = (1, 2, 3):
 *   theta_0 = 0, theta_1 = 0*0 - 1*1*1 = -1, theta_2 = 1*(-1) - 1*1*0 = -1.
 *   Row 0: |0|*1 < kappa*|1*1*1|: 2x2 on rows 0, 1; row 2 starts a 1x1.
 *   w_0 = 1*1 = 1, w_1 = theta_0 z_1 - a_1 w_0 = -1, w_2 = theta_1 z_2 - a_2 w_1 = -2.
 *   y_0 = (b_1 w_0 - c_0 theta_{-1} z_1)/theta_1 = (0 - 2)/-1 = 2, y_1 = w_1/theta_1 = 1,
 *   y_2 = w_2/theta_2 = 2; g_0 = -c_0 c_1 theta_{-1}/theta_1 = 1, g_1 = c_1 theta_0/theta_1
 *   = 0, g_2 = 0. Backward: x_2 = 2; x_1 = 1 - 0*2 = 1, x_0 = 2 - 1*2 = 0:
 *   T x = (1, 0+2, 1+2) = (1, 2, 3).
 */
#ifndef GTSV_PDP_ARITH_H
#define GTSV_PDP_ARITH_H

#include <math.h>
#include <stdint.h>
#include "core/pivot.h"

/* normalisation variants (an internal switch: gtsv_pdp_opts, pdp.h's tests) */
enum {
  GTSV_PDP_NORM_THRESHOLD = 0, /* default */
  GTSV_PDP_NORM_EVERY = 1,
  GTSV_PDP_NORM_NONE = 2
};

/* identity of the pivot-structure map: s -> s */
#define GTSV_PDP_FSM_ID 2u

/* f(s) packed as bit s; (g o f)(s) = g(f(s)) */
static inline GTSV_HD unsigned gtsv_pdp_fsm_compose(unsigned later, unsigned earlier)
{
  unsigned f0 = earlier & 1u, f1 = (earlier >> 1) & 1u;
  return ((later >> f0) & 1u) | (((later >> f1) & 1u) << 1);
}
static inline GTSV_HD unsigned gtsv_pdp_fsm_apply(unsigned map, unsigned s)
{
  return (map >> s) & 1u;
}
/* row map: a start with a 1x1 pivot, or the second row of a 2x2, is followed by a
   start: s' = !s || one */
static inline GTSV_HD unsigned gtsv_pdp_fsm_row(int one)
{
  return 1u | ((unsigned)(one != 0) << 1);
}

#define GTSV_T float
#define GTSV_FN(name) gtsv_s_##name
#define GTSV_T_MAX 3.40282346638528859812e+38F
#define GTSV_PDP_FREXP frexpf
#define GTSV_PDP_LDEXP ldexpf
#define GTSV_PDP_THR 16   /* threshold exponent, float */
#define GTSV_PDP_THR_HI 65536.0F          /* 2^THR */
#define GTSV_PDP_THR_LO 7.62939453125e-06F /* 2^(-THR-1) */
#define GTSV_PDP_EMAX 125 /* clamp: 2^-e stays a normal number */
#define GTSV_PDP_GUARD 6 /* bits a chunk boundary may lose (pdp_apply_lost) */
#define GTSV_PDP_FORGET 8 /* rounding errors (pdp_agg_forgets) */
#define GTSV_PDP_EPS 1.1920929e-7F /* machine epsilon (pdp_consistent) */
#include "pdp_arith_gen.h"
#undef GTSV_T
#undef GTSV_FN
#undef GTSV_T_MAX
#undef GTSV_PDP_FREXP
#undef GTSV_PDP_LDEXP
#undef GTSV_PDP_THR
#undef GTSV_PDP_THR_HI
#undef GTSV_PDP_THR_LO
#undef GTSV_PDP_EMAX
#undef GTSV_PDP_GUARD
#undef GTSV_PDP_FORGET
#undef GTSV_PDP_EPS

#define GTSV_T double
#define GTSV_FN(name) gtsv_d_##name
#define GTSV_T_MAX 1.79769313486231570815e+308
#define GTSV_PDP_FREXP frexp
#define GTSV_PDP_LDEXP ldexp
#define GTSV_PDP_THR 32
#define GTSV_PDP_THR_HI 4294967296.0                   /* 2^THR */
#define GTSV_PDP_THR_LO 1.16415321826934814453125e-10  /* 2^(-THR-1) */
#define GTSV_PDP_EMAX 1021
#define GTSV_PDP_GUARD 8
#define GTSV_PDP_FORGET 8 /* rounding errors (pdp_agg_forgets) */
#define GTSV_PDP_EPS 2.220446049250313e-16
#include "pdp_arith_gen.h"
#undef GTSV_T
#undef GTSV_FN
#undef GTSV_T_MAX
#undef GTSV_PDP_FREXP
#undef GTSV_PDP_LDEXP
#undef GTSV_PDP_THR
#undef GTSV_PDP_THR_HI
#undef GTSV_PDP_THR_LO
#undef GTSV_PDP_EMAX
#undef GTSV_PDP_GUARD
#undef GTSV_PDP_FORGET
#undef GTSV_PDP_EPS

#endif /* GTSV_PDP_ARITH_H */
