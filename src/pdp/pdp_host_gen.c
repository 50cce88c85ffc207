/* Host reference of PDP, generic body: included by pdp_host.c once per precision
   with GTSV_T, GTSV_FN (pdp_arith.h's and pivot.h's functions) and GTSV_IFN
   (this library's internal names) defined.

   It is the specification of the GPU scan (pdp.cu), organised as the GPU runs it,
   with a chunk of rows where the GPU has a tile (and, inside a tile, a thread's
   rows):
     1. per chunk, the aggregate of its rows (pdp_agg_row, sequential);
     2. the chain of chunk states: S_in(k+1) = agg_k S_in(k), applied one chunk at
        a time (the GPU's look-back applies its predecessors' aggregates in the
        same order, so that its result does not depend on timing);
     3. per chunk, the rows again from S_in(k): theta_i, theta_{i-1}, w_i per row,
        the pivot choice one_i (eq. 4.6), the chunk's pivot-structure map;
     4. the chain of pivot-structure states (s = 1 at row 0);
     5. per chunk, the rows a third time: y_i (written over z), g_i, the role of the
        row, and the pivot check at every block start;
     6. backward (M^T): per chunk the affine map of its rows (bottom up), the chain
        of q from q = 0 below row n-1, then x_i = y_i - g_i q per row.
   Steps 1-5 are one fused pass on the GPU (a block holds its tile on chip), step 6
   the second. Right-hand sides after the first run the same steps again: the
   pivots and g come out bitwise the same (same operations on the same data).

   Example, chunk = 2, n = 3, the matrix of pdp_arith.h's example: chunks {0,1},
   {2}. Chunk 0's aggregate maps (1, 0, 0) to (theta_1, theta_0, w_1) = (-1, 0, -1);
   row 2 continues from there. Row 0 (s = 1) takes a 2x2: its map is s -> !s || 0,
   row 1's s -> !s || 1, composed: 1 -> 1, so row 2 starts a block. */

/* coefficients with DP_SEQ's conventions: zero outside the system, dl[0] and
   du[n-1] ignored */
static inline GTSV_T GTSV_IFN(pdp_a)(int64_t n, const GTSV_T *dl, int64_t i)
{
  return i >= 1 && i < n ? dl[i] : (GTSV_T)0;
}
static inline GTSV_T GTSV_IFN(pdp_b)(int64_t n, const GTSV_T *d, int64_t i)
{
  return i >= 0 && i < n ? d[i] : (GTSV_T)0;
}
static inline GTSV_T GTSV_IFN(pdp_c)(int64_t n, const GTSV_T *du, int64_t i)
{
  return i >= 0 && i < n - 1 ? du[i] : (GTSV_T)0;
}
static inline GTSV_T GTSV_IFN(pdp_z)(int64_t n, const GTSV_T *z, int64_t i)
{
  return i >= 0 && i < n ? z[i] : (GTSV_T)0;
}

/* row role bits */
#define GTSV_PDP_ROLE_ONE 1u   /* eq. 4.6 picks a 1x1 here (if a block starts) */
#define GTSV_PDP_ROLE_START 2u /* a pivot block starts here */

/* Solve T x = z for one column; g and role are written (identical for every
   column). Returns -1 or the row of the first bad pivot block. */
static int64_t GTSV_IFN(pdp_host_column)(int64_t n, const GTSV_T *dl, const GTSV_T *d,
                                         const GTSV_T *du, GTSV_T *z, int64_t chunk,
                                         int norm, const gtsv_pdp_host_layout *L,
                                         char *ws)
{
  GTSV_T *g = (GTSV_T *)(ws + L->g);
  uint8_t *role = (uint8_t *)(ws + L->role);
  GTSV_FN(pdp_agg) *agg = (GTSV_FN(pdp_agg) *)(ws + L->agg);
  GTSV_FN(pdp_state) *sin = (GTSV_FN(pdp_state) *)(ws + L->sin);
  GTSV_FN(pdp_aff) *aff = (GTSV_FN(pdp_aff) *)(ws + L->aff);
  GTSV_T *qin = (GTSV_T *)(ws + L->qin);
  uint8_t *fin = (uint8_t *)(ws + L->fin), *fmap = (uint8_t *)(ws + L->fmap);
  const int64_t nc = L->nchunks;

  /* 1. chunk aggregates */
  for (int64_t k = 0; k < nc; k++) {
    int64_t lo = k * chunk, hi = lo + chunk < n ? lo + chunk : n;
    GTSV_FN(pdp_agg) a = GTSV_FN(pdp_agg_identity)();
    for (int64_t i = lo; i < hi; i++)
      GTSV_FN(pdp_agg_row)(&a, GTSV_IFN(pdp_a)(n, dl, i), d[i], GTSV_IFN(pdp_c)(n, du, i - 1),
                           z[i], norm);
    agg[k] = a;
  }
  /* 2. chain of states (guarded against cancellation, pdp_apply_lost) */
  sin[0] = GTSV_FN(pdp_state_initial)();
  for (int64_t k = 0; k < nc; k++) {
    if (!GTSV_FN(pdp_apply_lost)(agg[k], sin[k])) {
      sin[k + 1] = GTSV_FN(pdp_apply)(agg[k], sin[k], norm);
    } else { /* cancellation: this boundary's state row by row instead */
      int64_t lo = k * chunk, hi = lo + chunk < n ? lo + chunk : n;
      GTSV_FN(pdp_state) s = sin[k];
      for (int64_t i = lo; i < hi; i++)
        GTSV_FN(pdp_step)(&s, GTSV_IFN(pdp_a)(n, dl, i), d[i], GTSV_IFN(pdp_c)(n, du, i - 1),
                          z[i], norm);
      sin[k + 1] = s;
    }
  }

  /* 3. pivot choices and the chunk maps */
  for (int64_t k = 0; k < nc; k++) {
    int64_t lo = k * chunk, hi = lo + chunk < n ? lo + chunk : n;
    GTSV_FN(pdp_state) s = sin[k];
    unsigned map = GTSV_PDP_FSM_ID;
    for (int64_t i = lo; i < hi; i++) {
      int one;
      GTSV_FN(pdp_step)(&s, GTSV_IFN(pdp_a)(n, dl, i), d[i], GTSV_IFN(pdp_c)(n, du, i - 1),
                        z[i], norm);
      one = i == n - 1 ||
            GTSV_FN(pdp_is_1x1)(s.t0, s.t1, GTSV_IFN(pdp_c)(n, du, i),
                                GTSV_IFN(pdp_a)(n, dl, i + 1), GTSV_IFN(pdp_b)(n, d, i + 1),
                                GTSV_IFN(pdp_c)(n, du, i + 1), GTSV_IFN(pdp_a)(n, dl, i + 2));
      role[i] = one ? GTSV_PDP_ROLE_ONE : 0;
      map = gtsv_pdp_fsm_compose(gtsv_pdp_fsm_row(one), map);
    }
    fmap[k] = (uint8_t)map;
  }
  /* 4. chain of pivot-structure states */
  fin[0] = 1;
  for (int64_t k = 0; k < nc; k++) fin[k + 1] = (uint8_t)gtsv_pdp_fsm_apply(fmap[k], fin[k]);

  /* 5. y, g, roles, pivot checks; rows in order, so the first bad block found is
     the lowest (z[i+1] is read before y[i+1] is written) */
  for (int64_t k = 0; k < nc; k++) {
    int64_t lo = k * chunk, hi = lo + chunk < n ? lo + chunk : n;
    GTSV_FN(pdp_state) s = sin[k];
    unsigned start = fin[k];
    for (int64_t i = lo; i < hi; i++) {
      int one = role[i] & GTSV_PDP_ROLE_ONE;
      GTSV_T y, gi, piv;
      GTSV_FN(pdp_step)(&s, GTSV_IFN(pdp_a)(n, dl, i), d[i], GTSV_IFN(pdp_c)(n, du, i - 1),
                        z[i], norm);
      GTSV_FN(pdp_out)(s, start && !one, GTSV_IFN(pdp_z)(n, z, i + 1),
                       GTSV_IFN(pdp_c)(n, du, i), GTSV_IFN(pdp_a)(n, dl, i + 1),
                       GTSV_IFN(pdp_b)(n, d, i + 1), GTSV_IFN(pdp_c)(n, du, i + 1), &y, &gi,
                       &piv);
      if (start && GTSV_FN(bad_pivot)(piv)) return i;
      z[i] = y;
      g[i] = gi;
      if (start) role[i] |= GTSV_PDP_ROLE_START;
      start = !start || one;
    }
  }

  /* 6. backward: chunk maps bottom up, chain of q, x */
  for (int64_t k = 0; k < nc; k++) {
    int64_t lo = k * chunk, hi = lo + chunk < n ? lo + chunk : n;
    GTSV_FN(pdp_aff) f = GTSV_FN(pdp_aff_identity)();
    for (int64_t i = hi - 1; i >= lo; i--)
      f = GTSV_FN(pdp_aff_compose)(
          GTSV_FN(pdp_aff_row)(role[i] & GTSV_PDP_ROLE_START, z[i], g[i]), f);
    aff[k] = f;
  }
  qin[nc - 1] = 0; /* x_n = 0 */
  for (int64_t k = nc - 1; k > 0; k--) qin[k - 1] = GTSV_FN(pdp_aff_apply)(aff[k], qin[k]);
  for (int64_t k = 0; k < nc; k++) {
    int64_t lo = k * chunk, hi = lo + chunk < n ? lo + chunk : n;
    GTSV_T q = qin[k];
    for (int64_t i = hi - 1; i >= lo; i--) {
      GTSV_T x = z[i] - g[i] * q;
      if (role[i] & GTSV_PDP_ROLE_START) q = x;
      z[i] = x;
    }
  }
  return -1;
}

gtsv_status GTSV_IFN(pdp_host_opts)(gtsv_handle h, int64_t n, int64_t nrhs,
                                    const GTSV_T *dl, const GTSV_T *d, const GTSV_T *du,
                                    GTSV_T *B, int64_t ldb, int64_t *bad,
                                    const gtsv_pdp_opts *opts)
{
  gtsv_pdp_host_layout L;
  gtsv_status s;
  int64_t chunk = opts && opts->chunk > 0 ? opts->chunk : GTSV_PDP_HOST_CHUNK;
  int norm = opts ? opts->norm : GTSV_PDP_NORM_THRESHOLD;
  *bad = -1;
  if (n <= 0 || nrhs <= 0) return GTSV_STATUS_SUCCESS;
  if (chunk > n) chunk = n;
  if ((uint64_t)n > SIZE_MAX / (2 * sizeof(GTSV_T) + 16)) return GTSV_STATUS_ALLOC_FAILED;
  L = gtsv__pdp_host_layout(n, chunk, sizeof(GTSV_T));
  s = gtsv__buffer_reserve(&h->ws, L.bytes);
  if (s != GTSV_STATUS_SUCCESS) return s;
  for (int64_t j = 0; j < nrhs; j++) {
    *bad = GTSV_IFN(pdp_host_column)(n, dl, d, du, B + j * ldb, chunk, norm, &L,
                                     (char *)h->ws.ptr);
    if (*bad >= 0) return GTSV_STATUS_SUCCESS;
  }
  if (opts && opts->flags) {
    const uint8_t *role = (const uint8_t *)h->ws.ptr + L.role;
    for (int64_t i = 0; i < n; i++)
      opts->flags[i] = !(role[i] & GTSV_PDP_ROLE_START) ? GTSV_PIV_2x2_SECOND
                       : (role[i] & GTSV_PDP_ROLE_ONE) ? GTSV_PIV_1x1
                                                       : GTSV_PIV_2x2_FIRST;
  }
  return GTSV_STATUS_SUCCESS;
}

gtsv_status GTSV_IFN(pdp_host)(gtsv_handle h, int64_t n, int64_t nrhs, const GTSV_T *dl,
                               const GTSV_T *d, const GTSV_T *du, GTSV_T *B, int64_t ldb,
                               int64_t *bad)
{
  return GTSV_IFN(pdp_host_opts)(h, n, nrhs, dl, d, du, B, ldb, bad, NULL);
}
