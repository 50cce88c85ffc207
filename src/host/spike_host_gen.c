/* SPIKE-DP on host threads, generic body: included by spike_host.c once per
   precision with GTSV_T, GTSV_FN (core pivot functions) and GTSV_IFN (internal
   names) defined. The method and its robustness rules are explained at the top of
   spike_host.c. */

/* The arrays one solve works on (pointers into h->ws, B and the matrix). */
typedef struct {
  int64_t n;
  const GTSV_T *dl, *d, *du;
  const GTSV_T *b;           /* first right-hand side (B column 0), read only */
  GTSV_T *u, *sl, *sr;       /* per segment row: T_seg^{-1} b, the two spikes */
  GTSV_T *pf, *g;            /* segment factors, DP_SEQ's p, g, f format */
  uint8_t *f;
} GTSV_IFN(spike_ctx);

/* Factor rows [s, e] (e >= s) as one segment and solve T_seg [u sl sr] =
   [b_seg, dl[s] e_1, du[e] e_last]. *gamma = max |sl|, |sr| (+Inf if not finite).
   Returns -1, or the row of the first bad pivot block (then u, sl, sr are
   unspecified and *gamma is +Inf). */
static int64_t GTSV_IFN(spike_sweep)(const GTSV_IFN(spike_ctx) *c, int64_t s, int64_t e,
                                     double *gamma)
{
  const int64_t m = e - s + 1;
  const GTSV_T *a = c->dl + s, *b = c->d + s, *cu = c->du + s;
  GTSV_T *u = c->u + s, *l = c->sl + s, *r = c->sr + s, *p = c->pf + s, *g = c->g + s;
  uint8_t *f = c->f + s;
  GTSV_T bt = b[0], pp0, pp1, delta, dummy;
  double gm = 0;
  int64_t i = 0;

  *gamma = HUGE_VAL;
  memcpy(u, c->b + s, (size_t)m * sizeof(GTSV_T));
  for (int64_t k = 0; k < m; k++) l[k] = r[k] = 0;
  l[0] = a[0]; /* a_s couples row s to the separator above */

  /* forward: factor, and the L, B solves of u and sl (as dp_factor_solve) */
  while (i < m) {
    GTSV_T c0 = i + 1 < m ? cu[i] : 0, a1 = i + 1 < m ? a[i + 1] : 0;
    GTSV_T b1 = i + 1 < m ? b[i + 1] : 0, c1 = i + 2 < m ? cu[i + 1] : 0;
    GTSV_T a2 = i + 2 < m ? a[i + 2] : 0;
    /* i + 1 >= m: the last row is a 1x1 pivot even when bt is NaN */
    if (i + 1 >= m || GTSV_FN(pivot_is_1x1)(bt, c0, a1, b1, c1, a2)) {
      if (GTSV_FN(bad_pivot)(bt)) return s + i;
      bt = GTSV_FN(factor_1x1)(bt, c0, a1, b1, &pp0, &g[i]);
      f[i] = GTSV_PIV_1x1;
      p[i] = pp0;
      dummy = 0;
      u[i] = GTSV_FN(fsolve_1x1)(pp0, u[i], a1, i + 1 < m ? &u[i + 1] : &dummy);
      dummy = 0;
      l[i] = GTSV_FN(fsolve_1x1)(pp0, l[i], a1, i + 1 < m ? &l[i + 1] : &dummy);
      i += 1;
    } else {
      GTSV_T b2 = i + 2 < m ? b[i + 2] : 0, y0, y1;
      bt = GTSV_FN(factor_2x2)(bt, c0, a1, b1, c1, a2, b2, &delta, &pp0, &pp1, &g[i],
                               &g[i + 1]);
      if (GTSV_FN(bad_pivot)(delta)) return s + i;
      f[i] = GTSV_PIV_2x2_FIRST;
      f[i + 1] = GTSV_PIV_2x2_SECOND;
      p[i] = pp0;
      p[i + 1] = pp1;
      dummy = 0;
      GTSV_FN(fsolve_2x2)(pp0, pp1, c0, a1, b1, a2, u[i], u[i + 1], &y0, &y1,
                          i + 2 < m ? &u[i + 2] : &dummy);
      u[i] = y0;
      u[i + 1] = y1;
      dummy = 0;
      GTSV_FN(fsolve_2x2)(pp0, pp1, c0, a1, b1, a2, l[i], l[i + 1], &y0, &y1,
                          i + 2 < m ? &l[i + 2] : &dummy);
      l[i] = y0;
      l[i + 1] = y1;
      i += 2;
    }
  }
  /* sr = du[e] e_last is zero until the last pivot block: only that block solves */
  dummy = 0;
  if (f[m - 1] == GTSV_PIV_1x1)
    r[m - 1] = GTSV_FN(fsolve_1x1)(p[m - 1], cu[m - 1], 0, &dummy);
  else
    GTSV_FN(fsolve_2x2)(p[m - 2], p[m - 1], cu[m - 2], a[m - 1], b[m - 1], 0, 0,
                        cu[m - 1], &r[m - 2], &r[m - 1], &dummy);

  /* backward (M^T) for the three columns; row m-2 first: a 2x2 block there has
     no row m to read */
  if (m >= 2 && f[m - 2] != GTSV_PIV_2x2_FIRST) {
    u[m - 2] -= g[m - 2] * u[m - 1];
    l[m - 2] -= g[m - 2] * l[m - 1];
    r[m - 2] -= g[m - 2] * r[m - 1];
  }
  for (i = m - 3; i >= 0; i--) {
    int64_t j = i + 1 + (f[i] == GTSV_PIV_2x2_FIRST);
    u[i] -= g[i] * u[j];
    l[i] -= g[i] * l[j];
    r[i] -= g[i] * r[j];
  }
  for (i = 0; i < m; i++) {
    double t = GTSV_FN(abs)(l[i]), t2 = GTSV_FN(abs)(r[i]);
    if (t2 > t) t = t2;
    if (!(t <= gm)) gm = t; /* NaN sticks */
  }
  *gamma = gm == gm && gm <= HUGE_VAL ? gm : HUGE_VAL;
  return -1;
}

/* Solve rows [s, e] as a segment, moving 1 or 2 of its rows at either end to the
   separators when its spikes grow past SPIKE_GROWTH_TRY (see spike_host.c). Out:
   *lead, *trail rows given up at the start and end; the kept segment
   [s + lead, e - trail] is solved in the workspace. Returns -1, or the row of a
   bad pivot of the untrimmed segment (nothing is kept then). */
static int64_t GTSV_IFN(spike_segment)(const GTSV_IFN(spike_ctx) *c, int64_t s,
                                       int64_t e, int64_t *lead, int64_t *trail,
                                       double *gamma)
{
  static const int cand[4][2] = {{0, 1}, {0, 2}, {1, 0}, {2, 0}};
  int64_t m = e - s + 1, bad;
  double gm, best;
  int bi = -1, last = -1;

  *lead = *trail = 0;
  bad = GTSV_IFN(spike_sweep)(c, s, e, gamma);
  if (bad >= 0 || *gamma <= SPIKE_GROWTH_TRY) return bad;
  best = *gamma;
  for (int k = 0; k < 4; k++) {
    int64_t ls = cand[k][0], lt = cand[k][1];
    if (ls + lt > m) continue;
    if (ls + lt == m) gm = 0; /* all rows become separators: nothing to amplify */
    else if (GTSV_IFN(spike_sweep)(c, s + ls, e - lt, &gm) >= 0) continue;
    else last = k;
    if (gm < best) { best = gm; bi = k; }
    if (best <= SPIKE_GROWTH_TRY) break; /* end trims first: the usual cure */
  }
  if (bi >= 0) {
    *lead = cand[bi][0];
    *trail = cand[bi][1];
  }
  /* the workspace holds the last sweep; redo the chosen one if it was not that */
  if (bi != last && *lead + *trail < m)
    GTSV_IFN(spike_sweep)(c, s + *lead, e - *trail, &gm);
  *gamma = best;
  return -1;
}

/* Choose the separators of partition [lo, hi] (into sep, sorted) and solve its
   segments for the first right-hand side. Returns the separator count, or -1 when
   the partition needs more than SPIKE_MAX_SEP or a segment cannot be solved. */
static int64_t GTSV_IFN(spike_partition)(const GTSV_IFN(spike_ctx) *c, int64_t lo,
                                         int64_t hi, int64_t *sep)
{
  int64_t cnt = 0, s = lo + 1, e = hi - 1, lead, trail, bad, end;
  double gm;
  sep[cnt++] = lo;
  while (s <= e) {
    bad = GTSV_IFN(spike_segment)(c, s, e, &lead, &trail, &gm);
    /* a bad pivot at row bad: the rows before it had good pivots (pivot.h), so
       they are a segment of their own and row bad a separator */
    end = bad >= 0 ? bad - 1 : e;
    if (bad > s && GTSV_IFN(spike_segment)(c, s, end, &lead, &trail, &gm) >= 0)
      return -1;
    if (bad == s) { /* the bad row opens the segment: nothing before it */
      lead = trail = 0;
      gm = 0;
    }
    if (!(gm < HUGE_VAL)) return -1;
    if (cnt + lead + trail + (bad >= 0) + (hi != lo) > SPIKE_MAX_SEP) return -1;
    for (int64_t k = 0; k < lead; k++) sep[cnt++] = s + k;
    for (int64_t k = trail; k > 0; k--) sep[cnt++] = end - k + 1;
    if (bad < 0) break;
    sep[cnt++] = bad;
    s = bad + 1;
  }
  if (hi != lo) sep[cnt++] = hi;
  return cnt;
}

/* Rows of the reduced system for the separators of one partition: the matrix
   (when rdl is not NULL) and the right-hand side rz. u holds the segment solutions
   T_seg^{-1} b_seg, db the right-hand side at the separator rows. */
static void GTSV_IFN(spike_reduce)(const GTSV_IFN(spike_ctx) *c, const int64_t *sep,
                                   int64_t cnt, const GTSV_T *u, const GTSV_T *db,
                                   GTSV_T *rdl, GTSV_T *rd, GTSV_T *rdu, GTSV_T *rz)
{
  const GTSV_T *dl = c->dl, *d = c->d, *du = c->du;
  for (int64_t j = 0; j < cnt; j++) {
    int64_t r = sep[j];
    int left = j > 0 && sep[j - 1] < r - 1, right = j + 1 < cnt && sep[j + 1] > r + 1;
    GTSV_T z = db[r];
    if (left) z -= dl[r] * u[r - 1];
    if (right) z -= du[r] * u[r + 1];
    rz[j] = z;
    if (!rdl) continue;
    rdl[j] = left ? -dl[r] * c->sl[r - 1] : (r > 0 ? dl[r] : 0);
    rdu[j] = right ? -du[r] * c->sr[r + 1] : (r + 1 < c->n ? du[r] : 0);
    rd[j] = d[r];
    if (left) rd[j] -= dl[r] * c->sr[r - 1];
    if (right) rd[j] -= du[r] * c->sl[r + 1];
  }
}

/* x = u - sl x_left - sr x_right on the segments of one partition, x = xs on its
   separators (x may be u). Returns rho = max(|u| + |sl x_l| + |sr x_r|) / max |x|,
   the cancellation factor (+Inf when x is not finite or is 0 after cancellation). */
static double GTSV_IFN(spike_recover)(const GTSV_IFN(spike_ctx) *c, const int64_t *sep,
                                      int64_t cnt, const GTSV_T *xs, const GTSV_T *u,
                                      GTSV_T *x)
{
  double amax = 0, xmax = 0;
  for (int64_t j = 0; j < cnt; j++) {
    double t = GTSV_FN(abs)(xs[j]);
    x[sep[j]] = xs[j];
    if (!(t <= xmax)) xmax = t;
    if (j + 1 == cnt) break;
    GTSV_T xl = xs[j], xr = xs[j + 1];
    for (int64_t i = sep[j] + 1; i < sep[j + 1]; i++) {
      GTSV_T t1 = u[i], t2 = c->sl[i] * xl, t3 = c->sr[i] * xr, v = t1 - t2 - t3;
      double a = (double)GTSV_FN(abs)(t1) + GTSV_FN(abs)(t2) + GTSV_FN(abs)(t3);
      x[i] = v;
      t = GTSV_FN(abs)(v);
      if (!(a <= amax)) amax = a;
      if (!(t <= xmax)) xmax = t;
    }
  }
  if (!(amax <= HUGE_VAL) || !(xmax <= HUGE_VAL)) return HUGE_VAL; /* NaN or Inf */
  if (xmax == 0) return amax == 0 ? 1 : HUGE_VAL;
  return amax / xmax;
}

/* Solve one further right-hand side z (a column of B) with the stored factors;
   the reduced system with the ARCR plan ap, or the DP factor when ap is NULL. */
static void GTSV_IFN(spike_solve_column)(const GTSV_IFN(spike_ctx) *c, int64_t P,
                                         int threads, const int64_t *sep,
                                         const int64_t *cnt, const int64_t *off,
                                         GTSV_T *rdl, GTSV_T *rd, GTSV_T *rdu,
                                         GTSV_T *rz, const GTSV_T *rpf, const GTSV_T *rg,
                                         const uint8_t *rf, const gtsv_arcr_plan *ap,
                                         GTSV_T *z)
{
  (void)threads;
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
#endif
  for (int64_t k = 0; k < P; k++) {
    const int64_t *sp = sep + k * SPIKE_MAX_SEP;
    for (int64_t j = 0; j + 1 < cnt[k]; j++) {
      int64_t s = sp[j] + 1, m = sp[j + 1] - s;
      if (m > 0)
        GTSV_IFN(dp_solve)(m, c->dl + s, c->d + s, c->du + s, c->pf + s, c->g + s,
                           c->f + s, z + s);
    }
    GTSV_IFN(spike_reduce)(c, sp, cnt[k], z, z, NULL, NULL, NULL, rz + off[k]);
  }
  if (ap)
    GTSV_IFN(arcr_solve)(ap, rz);
  else
    GTSV_IFN(dp_solve)(off[P], rdl, rd, rdu, rpf, rg, rf, rz);
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
#endif
  for (int64_t k = 0; k < P; k++)
    GTSV_IFN(spike_recover)(c, sep + k * SPIKE_MAX_SEP, cnt[k], rz + off[k], z, z);
}

gtsv_status GTSV_IFN(spike_host)(gtsv_handle h, int64_t n, int64_t nrhs,
                                 const GTSV_T *dl, const GTSV_T *d, const GTSV_T *du,
                                 GTSV_T *B, int64_t ldb, int64_t *bad)
{
  const int64_t P = gtsv__spike_parts(h, n);
  const int use_arcr = h->spike_reduced == GTSV_ALGO_ARCR;
  const gtsv_spike_layout L = gtsv__spike_layout(n, P, sizeof(GTSV_T), use_arcr);
  gtsv_arcr_plan ap;
  int threads = gtsv__threads(h), failed = 0;
  gtsv_status st;
  char *w;
  int64_t *sep, *cnt, *off, R;
  double *rho;
  GTSV_T *rdl, *rd, *rdu, *rz, *rpf, *rg;
  uint8_t *rf;
  GTSV_IFN(spike_ctx) c;

  *bad = -1;
  if (n <= 0 || nrhs <= 0) return GTSV_STATUS_SUCCESS;
  st = gtsv__buffer_reserve(&h->ws, L.bytes);
  if (st != GTSV_STATUS_SUCCESS) return st; /* B untouched */
  if (P == 1) goto sequential; /* one partition is the sequential DP itself */
  if (threads > P) threads = (int)P;
  w = (char *)h->ws.ptr;
  c.n = n; c.dl = dl; c.d = d; c.du = du; c.b = B;
  c.u = (GTSV_T *)(w + L.u); c.sl = (GTSV_T *)(w + L.sl); c.sr = (GTSV_T *)(w + L.sr);
  c.pf = (GTSV_T *)(w + L.pf); c.g = (GTSV_T *)(w + L.g); c.f = (uint8_t *)(w + L.f);
  sep = (int64_t *)(w + L.sep); cnt = (int64_t *)(w + L.cnt);
  off = (int64_t *)(w + L.off); rho = (double *)(w + L.rho);
  rdl = (GTSV_T *)(w + L.rdl); rd = (GTSV_T *)(w + L.rd); rdu = (GTSV_T *)(w + L.rdu);
  rz = (GTSV_T *)(w + L.rz); rpf = (GTSV_T *)(w + L.rpf); rg = (GTSV_T *)(w + L.rg);
  rf = (uint8_t *)(w + L.rf);

  /* 1. partitions: separators, segment factors, spikes, first right-hand side */
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) reduction(| : failed)
#endif
  for (int64_t k = 0; k < P; k++) {
    cnt[k] = GTSV_IFN(spike_partition)(&c, gtsv__spike_lo(n, P, k),
                                       gtsv__spike_lo(n, P, k + 1) - 1,
                                       sep + k * SPIKE_MAX_SEP);
    if (cnt[k] < 0) failed = 1;
  }
  if (failed) goto sequential;

  /* 2. the reduced system over all separators, factored once */
  off[0] = 0;
  for (int64_t k = 0; k < P; k++) off[k + 1] = off[k] + cnt[k];
  R = off[P];
  for (int64_t k = 0; k < P; k++)
    GTSV_IFN(spike_reduce)(&c, sep + k * SPIKE_MAX_SEP, cnt[k], c.u, B, rdl + off[k],
                           rd + off[k], rdu + off[k], rz + off[k]);
  if (use_arcr) { /* adaptive R-cyclic reduction (thesis 5.3), plan kept for B's columns */
    if (GTSV_IFN(arcr_plan)(&ap, R, rdl, rd, rdu, w + L.arcr) >= 0) goto sequential;
    GTSV_IFN(arcr_solve)(&ap, rz);
  } else {
    if (GTSV_IFN(dp_factor_solve)(R, rdl, rd, rdu, rz, rpf, rg, rf) >= 0) goto sequential;
    if (R >= 2 && rf[R - 2] != GTSV_PIV_2x2_FIRST) rz[R - 2] -= rg[R - 2] * rz[R - 1];
    for (int64_t i = R - 3; i >= 0; i--)
      rz[i] -= rg[i] * rz[i + 1 + (rf[i] == GTSV_PIV_2x2_FIRST)];
  }

  /* 3. recover the first column in the workspace and check its cancellation */
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
#endif
  for (int64_t k = 0; k < P; k++)
    rho[k] = GTSV_IFN(spike_recover)(&c, sep + k * SPIKE_MAX_SEP, cnt[k], rz + off[k],
                                     c.u, c.u);
  for (int64_t k = 0; k < P; k++)
    if (!(rho[k] <= SPIKE_RHO_MAX)) goto sequential;

  /* 4. accepted: write X; further columns reuse every factor */
  memcpy(B, c.u, (size_t)n * sizeof(GTSV_T));
  for (int64_t j = 1; j < nrhs; j++)
    GTSV_IFN(spike_solve_column)(&c, P, threads, sep, cnt, off, rdl, rd, rdu, rz, rpf,
                                 rg, rf, use_arcr ? &ap : NULL, B + j * ldb);
  return GTSV_STATUS_SUCCESS;

sequential:
  /* B is untouched so far: DP_SEQ's answer, singular row included */
  *bad = GTSV_IFN(dp_seq)(n, nrhs, dl, d, du, B, ldb, h->ws.ptr);
  return GTSV_STATUS_SUCCESS;
}
