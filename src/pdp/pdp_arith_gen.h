/* Generic body of pdp_arith.h: included once per precision with GTSV_T, GTSV_FN,
   GTSV_T_MAX, GTSV_PDP_FREXP, GTSV_PDP_LDEXP, GTSV_PDP_THR and GTSV_PDP_EMAX
   defined. No include guard. pdp_arith.h explains the method. */

/* S = (t0, t1, w) = (theta_i, theta_{i-1}, w_i), up to a common power of two */
typedef struct {
  GTSV_T t0, t1, w;
} GTSV_FN(pdp_state);

/* a run of rows: S_out = [A 0; u alpha] S_in, A = [a00 a01; a10 a11], u = (u0, u1) */
typedef struct {
  GTSV_T a00, a01, a10, a11, u0, u1, al;
} GTSV_FN(pdp_agg);

/* backward map of a run of rows: q_out = m q_in + c */
typedef struct {
  GTSV_T m, c;
} GTSV_FN(pdp_aff);

static inline GTSV_HD GTSV_T GTSV_FN(pdp_amax)(GTSV_T x, GTSV_T y)
{
  x = GTSV_FN(abs)(x);
  y = GTSV_FN(abs)(y);
  return y > x ? y : x;
}

/* The power of two that normalises an object whose largest magnitude is m, or 1
   to leave it alone (NONE; inside the threshold; zero, Inf or NaN). */
static inline GTSV_HD GTSV_T GTSV_FN(pdp_scale)(GTSV_T m, int norm)
{
  int e = 0;
  /* inside the threshold, told without frexp: e <= THR <=> m < 2^THR and
     e >= -THR <=> m >= 2^(-THR-1) (the common case; the same answer) */
  if (norm == GTSV_PDP_NORM_THRESHOLD && m < GTSV_PDP_THR_HI && m >= GTSV_PDP_THR_LO)
    return (GTSV_T)1;
  if (norm == GTSV_PDP_NORM_NONE || !(m > 0) || !(m <= GTSV_T_MAX)) return (GTSV_T)1;
  (void)GTSV_PDP_FREXP(m, &e); /* m in [2^(e-1), 2^e) */
  if (norm == GTSV_PDP_NORM_THRESHOLD && e <= GTSV_PDP_THR && e >= -GTSV_PDP_THR)
    return (GTSV_T)1;
  if (e > GTSV_PDP_EMAX) e = GTSV_PDP_EMAX;
  if (e < -GTSV_PDP_EMAX) e = -GTSV_PDP_EMAX;
  return GTSV_PDP_LDEXP((GTSV_T)1, -e);
}

static inline GTSV_HD void GTSV_FN(pdp_state_norm)(GTSV_FN(pdp_state) *s, int norm)
{
  GTSV_T m = GTSV_FN(pdp_amax)(s->t0, s->t1);
  GTSV_T k = GTSV_FN(pdp_scale)(m, norm);
  if (k != (GTSV_T)1) {
    s->t0 *= k;
    s->t1 *= k;
    s->w *= k;
  }
}

static inline GTSV_HD void GTSV_FN(pdp_agg_norm)(GTSV_FN(pdp_agg) *g, int norm)
{
  GTSV_T m = GTSV_FN(pdp_amax)(GTSV_FN(pdp_amax)(g->a00, g->a01),
                               GTSV_FN(pdp_amax)(g->a10, g->a11));
  GTSV_T k = GTSV_FN(pdp_scale)(m, norm);
  if (k != (GTSV_T)1) {
    g->a00 *= k; g->a01 *= k; g->a10 *= k; g->a11 *= k;
    g->u0 *= k; g->u1 *= k; g->al *= k;
  }
}

static inline GTSV_HD GTSV_FN(pdp_agg) GTSV_FN(pdp_agg_identity)(void)
{
  GTSV_FN(pdp_agg) g;
  g.a00 = 1; g.a01 = 0; g.a10 = 0; g.a11 = 1;
  g.u0 = 0; g.u1 = 0; g.al = 1;
  return g;
}

/* The state before row 0: theta_{-1} = 1, theta_{-2} = 0, w_{-1} = 0. */
static inline GTSV_HD GTSV_FN(pdp_state) GTSV_FN(pdp_state_initial)(void)
{
  GTSV_FN(pdp_state) s;
  s.t0 = 1; s.t1 = 0; s.w = 0;
  return s;
}

/* One row of the recurrences: S := M_i S, then normalise. a = a_i, b = b_i,
   cp = c_{i-1}, z = z_i (zero outside the system). */
static inline GTSV_HD void GTSV_FN(pdp_step)(GTSV_FN(pdp_state) *s, GTSV_T a, GTSV_T b,
                                             GTSV_T cp, GTSV_T z, int norm)
{
  GTSV_T t0 = b * s->t0 - (a * cp) * s->t1;
  GTSV_T w = z * s->t0 - a * s->w;
  s->t1 = s->t0;
  s->t0 = t0;
  s->w = w;
  GTSV_FN(pdp_state_norm)(s, norm);
}

/* g := M_i g (row i after the run g), then normalise. */
static inline GTSV_HD void GTSV_FN(pdp_agg_row)(GTSV_FN(pdp_agg) *g, GTSV_T a, GTSV_T b,
                                                GTSV_T cp, GTSV_T z, int norm)
{
  GTSV_T ac = a * cp;
  GTSV_T n00 = b * g->a00 - ac * g->a10, n01 = b * g->a01 - ac * g->a11;
  GTSV_T u0 = z * g->a00 - a * g->u0, u1 = z * g->a01 - a * g->u1;
  g->a10 = g->a00;
  g->a11 = g->a01;
  g->a00 = n00;
  g->a01 = n01;
  g->u0 = u0;
  g->u1 = u1;
  g->al = -a * g->al;
  GTSV_FN(pdp_agg_norm)(g, norm);
}

/* later o earlier (the run 'earlier' followed by the run 'later'), normalised */
static inline GTSV_HD GTSV_FN(pdp_agg) GTSV_FN(pdp_agg_compose)(GTSV_FN(pdp_agg) L,
                                                                GTSV_FN(pdp_agg) E,
                                                                int norm)
{
  GTSV_FN(pdp_agg) r;
  r.a00 = L.a00 * E.a00 + L.a01 * E.a10;
  r.a01 = L.a00 * E.a01 + L.a01 * E.a11;
  r.a10 = L.a10 * E.a00 + L.a11 * E.a10;
  r.a11 = L.a10 * E.a01 + L.a11 * E.a11;
  r.u0 = L.u0 * E.a00 + L.u1 * E.a10 + L.al * E.u0;
  r.u1 = L.u0 * E.a01 + L.u1 * E.a11 + L.al * E.u1;
  r.al = L.al * E.al;
  GTSV_FN(pdp_agg_norm)(&r, norm);
  return r;
}

/* g S, normalised */
static inline GTSV_HD GTSV_FN(pdp_state) GTSV_FN(pdp_apply)(GTSV_FN(pdp_agg) g,
                                                            GTSV_FN(pdp_state) s, int norm)
{
  GTSV_FN(pdp_state) r;
  r.t0 = g.a00 * s.t0 + g.a01 * s.t1;
  r.t1 = g.a10 * s.t0 + g.a11 * s.t1;
  r.w = g.u0 * s.t0 + g.u1 * s.t1 + g.al * s.w;
  GTSV_FN(pdp_state_norm)(&r, norm);
  return r;
}

/* Whether the run g forgets the state it enters with, to rounding: scaled to its
   largest entry (by a power of two), the 2x2 minors of [A; u] (rank one) and alpha are at most
   GTSV_PDP_FORGET rounding errors. Then g S points the same way for every entering S
   not (nearly) in the null space of [A; u], up to as much as g's own rounding, and g
   applied to the initial state stands for the product of every row above: the GPU
   forward kernel (pdp.cu, the product look-back) posts that as the state after such
   a tile without waiting for the tiles above it. Random matrices forget within a
   tile (2048 or 4096 rows); thesis types 13 (dorr) and 17 (zero diagonal, ones) do not.
   Zero, Inf or NaN entries: false. */
static inline GTSV_HD int GTSV_FN(pdp_agg_forgets)(GTSV_FN(pdp_agg) g)
{
  const GTSV_T m = GTSV_FN(pdp_amax)(GTSV_FN(pdp_amax)(GTSV_FN(pdp_amax)(g.a00, g.a01),
                                                       GTSV_FN(pdp_amax)(g.a10, g.a11)),
                                     GTSV_FN(pdp_amax)(g.u0, g.u1));
  GTSV_T k, e, d01, d02, d12;
  int x = 0;
  if (!(m > 0) || !(m <= GTSV_T_MAX)) return 0;
  /* a power of two, so that runs equal up to one (the normalisation variants)
     decide alike */
  (void)GTSV_PDP_FREXP(m, &x);
  if (x > GTSV_PDP_EMAX) x = GTSV_PDP_EMAX;
  if (x < -GTSV_PDP_EMAX) x = -GTSV_PDP_EMAX;
  k = GTSV_PDP_LDEXP((GTSV_T)1, -x);
  e = (GTSV_T)GTSV_PDP_FORGET * GTSV_PDP_EPS;
  g.a00 *= k; g.a01 *= k; g.a10 *= k; g.a11 *= k; g.u0 *= k; g.u1 *= k; g.al *= k;
  d01 = g.a00 * g.a11 - g.a01 * g.a10;
  d02 = g.a00 * g.u1 - g.a01 * g.u0;
  d12 = g.a10 * g.u1 - g.a11 * g.u0;
  return GTSV_FN(abs)(d01) <= e && GTSV_FN(abs)(d02) <= e && GTSV_FN(abs)(d12) <= e &&
         GTSV_FN(abs)(g.al) <= e;
}

/* Whether g S (r = g S before normalisation) lost more than GTSV_PDP_GUARD bits
   to cancellation: a component much smaller than the terms it was summed from (also where rows
   of very different scales meet: the small component is then lost in the sum).
   A run's aggregate is built from unit vectors and carries the dominant solution
   of the recurrence; where theta follows a subdominant one (thesis type 13, dorr)
   A S cancels and the state's direction is lost. The caller then recomputes the
   state row by row (the sequential recurrence, componentwise stable). */
static inline GTSV_HD int GTSV_FN(pdp_apply_lost)(GTSV_FN(pdp_agg) g, GTSV_FN(pdp_state) s)
{
  GTSV_T k = GTSV_PDP_LDEXP((GTSV_T)1, -GTSV_PDP_GUARD);
  GTSV_T r0 = g.a00 * s.t0 + g.a01 * s.t1, r1 = g.a10 * s.t0 + g.a11 * s.t1;
  GTSV_T rw = g.u0 * s.t0 + g.u1 * s.t1 + g.al * s.w;
  GTSV_T m0 = GTSV_FN(abs)(g.a00 * s.t0) + GTSV_FN(abs)(g.a01 * s.t1);
  GTSV_T m1 = GTSV_FN(abs)(g.a10 * s.t0) + GTSV_FN(abs)(g.a11 * s.t1);
  GTSV_T mw = GTSV_FN(abs)(g.u0 * s.t0) + GTSV_FN(abs)(g.u1 * s.t1) + GTSV_FN(abs)(g.al * s.w);
  return GTSV_FN(abs)(r0) < k * m0 || GTSV_FN(abs)(r1) < k * m1 ||
         GTSV_FN(abs)(rw) < k * mw;
}

/* Eq. 4.6: 1 for a 1x1 pivot at row i if i starts a block. t0 = theta_i,
   t1 = theta_{i-1}; c0 = c_i, a1 = a_{i+1}, b1 = b_{i+1}, c1 = c_{i+1}, a2 = a_{i+2}
   (zero outside). The caller forces 1 on the last row, as DP_SEQ. */
static inline GTSV_HD int GTSV_FN(pdp_is_1x1)(GTSV_T t0, GTSV_T t1, GTSV_T c0, GTSV_T a1,
                                              GTSV_T b1, GTSV_T c1, GTSV_T a2)
{
  GTSV_T s = GTSV_FN(abs)(a1), t;
  t = GTSV_FN(abs)(a2); s = t > s ? t : s;
  t = GTSV_FN(abs)(b1); s = t > s ? t : s;
  t = GTSV_FN(abs)(c0); s = t > s ? t : s;
  t = GTSV_FN(abs)(c1); s = t > s ? t : s;
  return GTSV_FN(abs)(t0) * s >=
         (GTSV_T)GTSV_KAPPA * GTSV_FN(abs)(a1 * c0) * GTSV_FN(abs)(t1);
}

/* Forward outputs of row i from its state s (theta_i, theta_{i-1}, w_i):
   y_i of L B y = z and g_i of M^T. first2 = row i is the first row of a 2x2 block
   (then z1 = z_{i+1}, a1, b1 are row i+1's); c0 = c_i, c1 = c_{i+1}.
   *piv := the pivot that must be checked when i starts a block (bhat_i, or Delta). */
static inline GTSV_HD void GTSV_FN(pdp_out)(GTSV_FN(pdp_state) s, int first2, GTSV_T z1,
                                            GTSV_T c0, GTSV_T a1, GTSV_T b1, GTSV_T c1,
                                            GTSV_T *y, GTSV_T *g, GTSV_T *piv)
{
  if (first2) {
    GTSV_T tn = b1 * s.t0 - (a1 * c0) * s.t1; /* theta_{i+1} */
    GTSV_T r = (GTSV_T)1 / tn;
    *y = (b1 * s.w - (c0 * s.t1) * z1) * r;
    *g = -(c0 * c1) * s.t1 * r;
    *piv = tn / s.t1;
  } else {
    GTSV_T r = (GTSV_T)1 / s.t0;
    *y = s.w * r;
    *g = (c0 * s.t1) * r;
    *piv = s.t0 / s.t1;
  }
}

static inline GTSV_HD GTSV_FN(pdp_aff) GTSV_FN(pdp_aff_identity)(void)
{
  GTSV_FN(pdp_aff) f;
  f.m = 1;
  f.c = 0;
  return f;
}

/* backward map of row i: a block start passes its own x up, other rows pass q */
static inline GTSV_HD GTSV_FN(pdp_aff) GTSV_FN(pdp_aff_row)(int start, GTSV_T y, GTSV_T g)
{
  GTSV_FN(pdp_aff) f;
  f.m = start ? -g : (GTSV_T)1;
  f.c = start ? y : (GTSV_T)0;
  return f;
}

/* later o earlier (in the backward direction: 'earlier' is the run below) */
static inline GTSV_HD GTSV_FN(pdp_aff) GTSV_FN(pdp_aff_compose)(GTSV_FN(pdp_aff) L,
                                                                GTSV_FN(pdp_aff) E)
{
  GTSV_FN(pdp_aff) r;
  r.m = L.m * E.m;
  r.c = L.m * E.c + L.c;
  return r;
}

static inline GTSV_HD GTSV_T GTSV_FN(pdp_aff_apply)(GTSV_FN(pdp_aff) f, GTSV_T q)
{
  return f.m * q + f.c;
}

/* The checked splice (pdp.cu): a state computed row by row carries the magnitudes
   of the terms that formed its last two steps, m0 (theta_i), m1 (theta_{i-1}) and
   mw (w_i), scaled as the state. */
typedef struct {
  GTSV_T m0, m1, mw;
} GTSV_FN(pdp_mag);

static inline GTSV_HD GTSV_FN(pdp_mag) GTSV_FN(pdp_mag_zero)(void)
{
  GTSV_FN(pdp_mag) m;
  m.m0 = 0; m.m1 = 0; m.mw = 0;
  return m;
}

/* pdp_step that also keeps the magnitudes of its terms in *m (same state, bit for
   bit, where the compiler contracts both alike) */
static inline GTSV_HD void GTSV_FN(pdp_step_mag)(GTSV_FN(pdp_state) *s, GTSV_FN(pdp_mag) *m,
                                                 GTSV_T a, GTSV_T b, GTSV_T cp, GTSV_T z,
                                                 int norm)
{
  GTSV_T ac = a * cp, k;
  GTSV_T t0 = b * s->t0 - ac * s->t1, w = z * s->t0 - a * s->w;
  m->m1 = m->m0;
  m->m0 = GTSV_FN(abs)(b * s->t0) + GTSV_FN(abs)(ac * s->t1);
  m->mw = GTSV_FN(abs)(z * s->t0) + GTSV_FN(abs)(a * s->w);
  s->t1 = s->t0;
  s->t0 = t0;
  s->w = w;
  k = GTSV_FN(pdp_scale)(GTSV_FN(pdp_amax)(s->t0, s->t1), norm);
  if (k != (GTSV_T)1) {
    s->t0 *= k; s->t1 *= k; s->w *= k;
    m->m0 *= k; m->m1 *= k; m->mw *= k;
  }
}

/* Whether q (a state for the same row reached another way) is e (computed row by
   row, m its magnitudes) up to K rounding errors of e's last steps, as projective
   points (states are defined up to a factor): the three 2x2 minors of [e q] against
   the sizes of the terms that formed e. NaN compares false. The splice of q onto e
   is then a perturbation of the last rows' coefficients by K ulps, i.e. backward
   stable. All three minors: where theta_{i-1} = 0 (every other row of a matrix with
   a zero diagonal) the two through t1 vanish whatever w is, and only (t0, w) sees w
   (session 27: without it, zero_diag n = 65536 seed 236 on 320 x 8 tiles took a
   wrong w at every thread boundary, residual 3.7e12 x LAPACK's, on the GPU and its
   emulation; 1.98x with it). It rejects more splices on random matrices (host
   emulation, 2^23 rows, 320 x 8: 313 tiles redone against 247). Measured and not
   kept: w's minor through the larger of t0, t1 only (276 redone), which on float
   zero_diag n = 2^20 + 1 found a bad pivot far above the singular last row for 6 of 8
   seeds (tools/gtsv-pdp-order emulation; this test: none, the two-minor test: 1). */
static inline GTSV_HD int GTSV_FN(pdp_consistent)(GTSV_FN(pdp_state) e, GTSV_FN(pdp_mag) m,
                                                  GTSV_FN(pdp_state) q, GTSV_T K)
{
  GTSV_T tol = K * GTSV_PDP_EPS;
  GTSV_T x1 = GTSV_FN(abs)(q.t0 * e.t1 - q.t1 * e.t0);
  GTSV_T x2 = GTSV_FN(abs)(q.w * e.t1 - q.t1 * e.w);
  GTSV_T x3 = GTSV_FN(abs)(q.w * e.t0 - q.t0 * e.w);
  return x1 <= tol * (m.m0 * GTSV_FN(abs)(q.t1) + m.m1 * GTSV_FN(abs)(q.t0)) &&
         x2 <= tol * (m.mw * GTSV_FN(abs)(q.t1) + m.m1 * GTSV_FN(abs)(q.w)) &&
         x3 <= tol * (m.mw * GTSV_FN(abs)(q.t0) + m.m0 * GTSV_FN(abs)(q.w));
}
