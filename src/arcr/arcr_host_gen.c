/* ARCR host reference, generic body: included by arcr_host.c once per precision
   with GTSV_T, GTSV_FN (core pivot functions) and GTSV_IFN (internal names)
   defined. The method is explained at the top of arcr_host.c. */

/* The plan's arrays, typed. */
typedef struct {
  GTSV_T *P, *W, *V, *K1, *K2, *K3, *a, *b, *c, *bp, *bg, *zs;
  int64_t *prv, *nxt, *ord, *ids;
  uint8_t *role, *lr, *bf;
} GTSV_IFN(arcr_arrays);

static GTSV_IFN(arcr_arrays) GTSV_IFN(arcr_arrays_of)(const gtsv_arcr_plan *pl)
{
  GTSV_IFN(arcr_arrays) A;
  char *w = pl->ws;
  const gtsv_arcr_layout *L = &pl->L;
  A.P = (GTSV_T *)(w + L->P); A.W = (GTSV_T *)(w + L->W); A.V = (GTSV_T *)(w + L->V);
  A.K1 = (GTSV_T *)(w + L->K1); A.K2 = (GTSV_T *)(w + L->K2);
  A.K3 = (GTSV_T *)(w + L->K3);
  A.a = (GTSV_T *)(w + L->a); A.b = (GTSV_T *)(w + L->b); A.c = (GTSV_T *)(w + L->c);
  A.bp = (GTSV_T *)(w + L->bp); A.bg = (GTSV_T *)(w + L->bg);
  A.zs = (GTSV_T *)(w + L->zs);
  A.prv = (int64_t *)(w + L->prv); A.nxt = (int64_t *)(w + L->nxt);
  A.ord = (int64_t *)(w + L->ord); A.ids = (int64_t *)(w + L->ids);
  A.role = (uint8_t *)(w + L->role); A.lr = (uint8_t *)(w + L->lr);
  A.bf = (uint8_t *)(w + L->bf);
  return A;
}

/* v is finite (not Inf, not NaN) */
static inline int GTSV_IFN(arcr_finite)(GTSV_T v) { return v - v == 0; }

/* Record the eliminated block at level rows j..j+s-1 (s = 1, 2) of an m-row level:
   its pivot data, w, v, couplings and neighbours, appended to ord at *cnt. */
static void GTSV_IFN(arcr_block)(GTSV_IFN(arcr_arrays) *A, int64_t j, int s, int64_t m,
                                 int64_t *cnt)
{
  const GTSV_T z = 0;
  const int64_t i0 = A->ids[j], i1 = A->ids[j + s - 1];
  const int64_t prv = j > 0 ? A->ids[j - 1] : -1, nxt = j + s < m ? A->ids[j + s] : -1;
  const GTSV_T cup = j > 0 ? A->c[j - 1] : z, adn = j + s < m ? A->a[j + s] : z;
  GTSV_T dummy = 0, g0, g1, delta;
  if (s == 1) {
    (void)GTSV_FN(factor_1x1)(A->b[j], z, z, z, &A->P[i0], &g0);
    A->W[i0] = GTSV_FN(fsolve_1x1)(A->P[i0], A->a[j], z, &dummy);
    A->V[i0] = GTSV_FN(fsolve_1x1)(A->P[i0], A->c[j], z, &dummy);
    A->K1[i0] = cup;
    A->K2[i0] = adn;
    A->role[i0] = ARCR_E1;
  } else {
    const GTSV_T c0 = A->c[j], a1 = A->a[j + 1], b1 = A->b[j + 1];
    (void)GTSV_FN(factor_2x2)(A->b[j], c0, a1, b1, z, z, z, &delta, &A->P[i0], &A->P[i1],
                              &g0, &g1);
    GTSV_FN(fsolve_2x2)(A->P[i0], A->P[i1], c0, a1, b1, z, A->a[j], z, &A->W[i0],
                        &A->W[i1], &dummy);
    GTSV_FN(fsolve_2x2)(A->P[i0], A->P[i1], c0, a1, b1, z, z, A->c[j + 1], &A->V[i0],
                        &A->V[i1], &dummy);
    A->K1[i0] = c0;  A->K2[i0] = cup;
    A->K1[i1] = a1;  A->K2[i1] = b1;  A->K3[i1] = adn;
    A->role[i0] = ARCR_E2A;
    A->role[i1] = ARCR_E2B;
  }
  for (int k = 0; k < s; k++) {
    A->prv[A->ids[j + k]] = prv;
    A->nxt[A->ids[j + k]] = nxt;
    A->ord[(*cnt)++] = A->ids[j + k];
  }
}

/* The plan with reduction (whole = 0), or with the whole system as the base
   (whole = 1: diagonal pivoting of T itself). Returns -1 or a bad row. */
static int64_t GTSV_IFN(arcr_plan_try)(gtsv_arcr_plan *pl, int64_t n, const GTSV_T *dl,
                                       const GTSV_T *d, const GTSV_T *du, void *ws,
                                       int whole)
{
  GTSV_IFN(arcr_arrays) A;
  int64_t m = n, cnt = 0, bad;
  pl->n = n;
  pl->nlev = 0;
  pl->nbase = 0;
  pl->stalls = 0;
  pl->fallback = whole;
  pl->ws = (char *)ws;
  pl->L = gtsv__arcr_layout(n, sizeof(GTSV_T));
  pl->lev_off[0] = 0;
  A = GTSV_IFN(arcr_arrays_of)(pl);

  /* level 0: the matrix with its ignored corners made zero */
  for (int64_t j = 0; j < n; j++) {
    A.ids[j] = j;
    A.a[j] = j > 0 ? dl[j] : 0;
    A.b[j] = d[j];
    A.c[j] = j + 1 < n ? du[j] : 0;
    A.role[j] = 0;
    if (!GTSV_IFN(arcr_finite)(A.a[j]) || !GTSV_IFN(arcr_finite)(A.b[j]) ||
        !GTSV_IFN(arcr_finite)(A.c[j]))
      return j;
  }

  while (m > 0) {
    int64_t kept = 0, k = 0;
    int prev_elim = 0;
    /* 1. structure: eliminated blocks alternate with kept rows */
    for (int64_t j = 0; j < m;) {
      int kind = prev_elim ? GTSV_ARCR_KEEP_ONLY : GTSV_FN(arcr_kind)(A.a, A.b, A.c, j, m);
      if (kind == GTSV_ARCR_BLOCK_1) {
        A.lr[j++] = ARCR_E1;
        prev_elim = 1;
      } else if (kind == GTSV_ARCR_BLOCK_2) {
        A.lr[j++] = ARCR_E2A;
        A.lr[j++] = ARCR_E2B;
        prev_elim = 1;
      } else {
        A.lr[j++] = 0;
        kept++;
        prev_elim = 0;
      }
    }
    if (whole || 4 * kept > 3 * m || pl->nlev == GTSV_ARCR_MAX_LEVELS) {
      pl->stalls = 1; /* no good blocks: this level is the base */
      break;
    }
    /* 2. blocks: pivots, w, v, neighbours */
    for (int64_t j = 0; j < m;) {
      int s = A.lr[j] == ARCR_E1 ? 1 : A.lr[j] == ARCR_E2A ? 2 : 0;
      if (s == 1 && A.role[A.ids[j]] == ARCR_NOISY) return A.ids[j]; /* see reduce_row */
      if (s) GTSV_IFN(arcr_block)(&A, j, s, m, &cnt);
      j += s ? s : 1;
    }
    /* 3. kept rows: the next level, compacted in place (k <= j) */
    for (int64_t j = 0; j < m; j++) {
      GTSV_T na, nb, nc, z = 0;
      int up, dn, noisy;
      int64_t uu, ud;
      if (A.lr[j]) continue;
      up = j > 0 && (A.lr[j - 1] == ARCR_E1 || A.lr[j - 1] == ARCR_E2B);
      dn = j + 1 < m && (A.lr[j + 1] == ARCR_E1 || A.lr[j + 1] == ARCR_E2A);
      uu = up ? A.ids[j - 1] : 0;
      ud = dn ? A.ids[j + 1] : 0;
      noisy = GTSV_FN(arcr_reduce_row)(A.a[j], A.b[j], A.c[j], up, up ? A.V[uu] : z,
                                       up ? A.W[uu] : z, dn, dn ? A.W[ud] : z,
                                       dn ? A.V[ud] : z, &na, &nb, &nc);
      if (!GTSV_IFN(arcr_finite)(na) || !GTSV_IFN(arcr_finite)(nb) ||
          !GTSV_IFN(arcr_finite)(nc))
        return A.ids[j]; /* overflow: this row's pivot would be non-finite */
      A.role[A.ids[j]] = noisy ? ARCR_NOISY : 0;
      A.ids[k] = A.ids[j];
      A.a[k] = na;
      A.b[k] = nb;
      A.c[k] = nc;
      k++;
    }
    pl->lev_off[++pl->nlev] = cnt;
    m = kept;
  }

  /* 4. the base (empty unless a level could not be reduced): diagonal pivoting */
  pl->nbase = m;
  for (int64_t j = 0; j < m; j++) {
    A.ord[cnt + j] = A.ids[j];
    A.zs[j] = 0;
  }
  if (m > 0) {
    bad = GTSV_IFN(dp_factor_solve)(m, A.a, A.b, A.c, A.zs, A.bp, A.bg, A.bf);
    if (bad >= 0) return A.ids[bad];
  }
  return -1;
}

/* A singular pivot of a *reduced* level (a reduced row that cancelled to exactly
   zero, or overflowed) says the blocks chosen above it were unlucky on a (nearly)
   singular T, not that T is singular: LAPACK and DP_SEQ may still solve it. Then
   the plan is rebuilt with T itself as the base, i.e. DP_SEQ's factorisation, and
   only a bad pivot there (or a non-finite entry of T) is reported. */
int64_t GTSV_IFN(arcr_plan)(gtsv_arcr_plan *pl, int64_t n, const GTSV_T *dl,
                            const GTSV_T *d, const GTSV_T *du, void *ws)
{
  int64_t bad = GTSV_IFN(arcr_plan_try)(pl, n, dl, d, du, ws, 0);
  if (bad >= 0) bad = GTSV_IFN(arcr_plan_try)(pl, n, dl, d, du, ws, 1);
  return bad;
}

void GTSV_IFN(arcr_solve)(const gtsv_arcr_plan *pl, GTSV_T *x)
{
  GTSV_IFN(arcr_arrays) A = GTSV_IFN(arcr_arrays_of)(pl);
  const int64_t nl = pl->nlev, base = pl->lev_off[nl];
  GTSV_T dummy = 0;

  /* reduce the right-hand side down the levels: y = D^{-1} d_E (kept in x at the
     block's rows), pushed into the kept neighbours */
  for (int64_t l = 0; l < nl; l++) {
    for (int64_t t = pl->lev_off[l]; t < pl->lev_off[l + 1]; t++) {
      int64_t i = A.ord[t], pv = A.prv[i], nx = A.nxt[i];
      if (A.role[i] == ARCR_E1) {
        GTSV_T y = GTSV_FN(fsolve_1x1)(A.P[i], x[i], 0, &dummy);
        x[i] = y;
        if (pv >= 0) x[pv] -= A.K1[i] * y;
        if (nx >= 0) x[nx] -= A.K2[i] * y;
      } else { /* ARCR_E2A, then its ARCR_E2B */
        int64_t i1 = A.ord[++t];
        GTSV_T y0, y1;
        GTSV_FN(fsolve_2x2)(A.P[i], A.P[i1], A.K1[i], A.K1[i1], A.K2[i1], 0, x[i],
                            x[i1], &y0, &y1, &dummy);
        x[i] = y0;
        x[i1] = y1;
        if (pv >= 0) x[pv] -= A.K2[i] * y0;
        if (nx >= 0) x[nx] -= A.K3[i1] * y1;
      }
    }
  }
  /* the base */
  if (pl->nbase > 0) {
    for (int64_t j = 0; j < pl->nbase; j++) A.zs[j] = x[A.ord[base + j]];
    GTSV_IFN(dp_solve)(pl->nbase, A.a, A.b, A.c, A.bp, A.bg, A.bf, A.zs);
    for (int64_t j = 0; j < pl->nbase; j++) x[A.ord[base + j]] = A.zs[j];
  }
  /* back substitution: x_E = y - w x_prev - v x_next */
  for (int64_t l = nl - 1; l >= 0; l--)
    for (int64_t t = pl->lev_off[l]; t < pl->lev_off[l + 1]; t++) {
      int64_t i = A.ord[t], pv = A.prv[i], nx = A.nxt[i];
      GTSV_T xp = pv >= 0 ? x[pv] : 0, xn = nx >= 0 ? x[nx] : 0;
      x[i] -= A.W[i] * xp + A.V[i] * xn;
    }
}

gtsv_status GTSV_IFN(arcr_host)(gtsv_handle h, int64_t n, int64_t nrhs,
                                const GTSV_T *dl, const GTSV_T *d, const GTSV_T *du,
                                GTSV_T *B, int64_t ldb, int64_t *bad)
{
  gtsv_arcr_plan pl;
  gtsv_status st;
  GTSV_T *xs;
  *bad = -1;
  if (n <= 0 || nrhs <= 0) return GTSV_STATUS_SUCCESS;
  st = gtsv__buffer_reserve(&h->ws, gtsv__arcr_layout(n, sizeof(GTSV_T)).bytes);
  if (st != GTSV_STATUS_SUCCESS) return st; /* B untouched */
  *bad = GTSV_IFN(arcr_plan)(&pl, n, dl, d, du, h->ws.ptr);
  if (*bad >= 0) return GTSV_STATUS_SUCCESS; /* singular: B untouched */
  xs = (GTSV_T *)((char *)h->ws.ptr + pl.L.xs);
  /* Each column is solved in xs and written back when finite. A non-finite
     solution from the reduction (an intermediate overflow: the w, v of deep
     levels are products of many ratios) rebuilds the plan with T as the base,
     DP_SEQ's factorisation, for this column and the later ones; the GPU kernel
     does the same (arcr.cu). */
  for (int64_t k = 0; k < nrhs;) {
    GTSV_T *col = B + k * ldb;
    int fin = 1;
    memcpy(xs, col, (size_t)n * sizeof(GTSV_T));
    GTSV_IFN(arcr_solve)(&pl, xs);
    for (int64_t i = 0; i < n; i++) fin &= GTSV_IFN(arcr_finite)(xs[i]);
    if (!fin && !pl.fallback) {
      *bad = GTSV_IFN(arcr_plan_try)(&pl, n, dl, d, du, h->ws.ptr, 1);
      if (*bad >= 0) return GTSV_STATUS_SUCCESS; /* singular (columns < k written) */
      continue;
    }
    memcpy(col, xs, (size_t)n * sizeof(GTSV_T));
    k++;
  }
  return GTSV_STATUS_SUCCESS;
}
