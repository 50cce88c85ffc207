/* Generic body of gtsv-pdp-order.c: included once per precision with T, FN (pdp_arith.h's
   names), PRE (this file's names) and EPS defined. No include guard.

   PRE(solve) runs the PDP recurrences of pdp_arith.h on the host in the order of a GPU
   tile scan: tiles of TH threads x C rows, per thread the 3x3 aggregate of its rows,
   Kogge-Stone over each warp and over the warps, tile states chained by applying tile
   aggregates (the look-back), then every thread re-runs its rows from the state the
   products give it. Then the pivot structure (exact: a 2-state machine), y and g, and
   the backward M^T solve by the same scan of affine maps. With o->check the scheme
   proposed in gtsv-pdp-order.c is used instead of the plain products. */
typedef FN(pdp_state) PRE(S);
typedef FN(pdp_agg) PRE(G);
typedef FN(pdp_aff) PRE(F);
typedef FN(pdp_mag) PRE(M); /* magnitudes of the terms of the last steps */

/* one row with the magnitudes of its terms (pdp_arith.h, as pdp.cu) */
static void PRE(stepm)(PRE(S) *s, PRE(M) *m, T a, T b, T cp, T z)
{
  FN(pdp_step_mag)(s, m, a, b, cp, z, GTSV_PDP_NORM_THRESHOLD);
}

static int PRE(consistent)(PRE(S) e, PRE(M) m, PRE(S) q, double K)
{
  return FN(pdp_consistent)(e, m, q, (T)K);
}

/* Rounds of the checked splice over one tile (r0): every thread runs its rows from
   tin[k] (exit tout[k], magnitudes mout[k]); a thread whose start is not its
   predecessor's exit up to K errors takes that exit. Returns the number of rounds
   after which nothing changed, or R when they did not settle. */
static int PRE(rounds)(int64_t n, int64_t r0, int TH, int CC, int64_t H, const T *A,
                       const T *B, const T *Cc, const T *Z, PRE(S) *tin, PRE(S) *tout,
                       PRE(M) *mout, double K, int R, order_stats *st)
{
  int r;
  for (r = 0; r < R; r++) {
    int changed = 0;
    for (int k = 0; k < TH; k++) {
      PRE(S) s = tin[k];
      PRE(M) m = FN(pdp_mag_zero)();
      for (int c = 0; c < CC; c++) {
        int64_t i = r0 + (int64_t)k * CC + c;
        if (i < n) PRE(stepm)(&s, &m, A[i + H], B[i + H], Cc[i + H - 1], Z[i + H]);
      }
      tout[k] = s; mout[k] = m;
    }
    for (int k = TH - 1; k >= 1; k--)
      if (r0 + (int64_t)k * CC < n && !PRE(consistent)(tout[k - 1], mout[k - 1], tin[k], K)) {
        tin[k] = tout[k - 1];
        changed = 1;
        st->repairs++;
      }
    if (!changed) break;
  }
  return r;
}

/* z := T \ z in the order described above; returns 1 when a redone tile did not
   settle either (cannot happen on finite data), stats in *st */
static int PRE(solve)(int64_t n, const T *dl, const T *dd, const T *du, T *z,
                      const order_opts *o, order_stats *st)
{
  const int TH = o->threads, CC = o->rows, NW = TH / 32, TILE = TH * CC;
  const int W = o->check ? o->warm : 0, H = W + 2;
  const int64_t ntiles = (n + TILE - 1) / TILE, L = n + 2 * H + 4;
  T *A = calloc(L, sizeof(T)), *B = calloc(L, sizeof(T)), *Cc = calloc(L, sizeof(T));
  T *Z = calloc(L, sizeof(T)), *g = calloc(n, sizeof(T));
  unsigned char *start = calloc(n, 1), *one = calloc(n, 1);
  PRE(S) *rs = calloc(n, sizeof(PRE(S))), *tin = calloc(TH, sizeof(PRE(S)));
  PRE(S) *tout = calloc(TH, sizeof(PRE(S))), sIn = FN(pdp_state_initial)(), prevS = sIn;
  PRE(M) *mout = calloc(TH, sizeof(PRE(M))), prevM = FN(pdp_mag_zero)();
  PRE(G) *inc = calloc(TH, sizeof(PRE(G))), *prv = calloc(TH, sizeof(PRE(G))), sw[32], sw2[32];
  int fail = 0;
  memset(st, 0, sizeof *st);
  st->first_bad = -1;
  for (int64_t i = 0; i < n; i++) { /* index j = row + H; zero outside */
    A[i + H] = i >= 1 ? dl[i] : 0; B[i + H] = dd[i];
    Cc[i + H] = i < n - 1 ? du[i] : 0; Z[i + H] = z[i];
  }
  for (int64_t t = 0; t < ntiles; t++) {
    const int64_t r0 = t * TILE;
    /* aggregates of rows [r0 + kC - W, r0 + (k+1)C - W): shifted by W when checking */
    for (int k = 0; k < TH; k++) {
      PRE(G) a = FN(pdp_agg_identity)();
      for (int c = 0; c < CC; c++) {
        int64_t i = r0 + (int64_t)k * CC + c - W;
        if (i >= 0 && i < n) FN(pdp_agg_row)(&a, A[i + H], B[i + H], Cc[i + H - 1], Z[i + H], 0);
      }
      inc[k] = a;
    }
    for (int d = 1; d < 32; d <<= 1) {
      memcpy(prv, inc, TH * sizeof *inc);
      for (int k = 0; k < TH; k++)
        if ((k & 31) >= d) inc[k] = FN(pdp_agg_compose)(prv[k], prv[k - d], 0);
    }
    for (int w = 0; w < NW; w++) sw[w] = inc[w * 32 + 31];
    for (int d = 1; d < NW; d <<= 1) {
      memcpy(sw2, sw, sizeof sw);
      for (int w = d; w < NW; w++) sw[w] = FN(pdp_agg_compose)(sw2[w], sw2[w - d], 0);
    }
    /* entering states from the products (then W rows of warm-up when checking) */
    for (int k = 0; k < TH; k++) {
      PRE(S) s = sIn;
      if (o->neutral) s = FN(pdp_state_initial)();
      else {
        if (k >= 32) s = FN(pdp_apply)(sw[(k >> 5) - 1], s, 0);
        if (k & 31) s = FN(pdp_apply)(inc[k - 1], s, 0);
      }
      for (int c = 0; c < W; c++) {
        int64_t i = r0 + (int64_t)k * CC - W + c;
        if (i >= 0 && i < n) FN(pdp_step)(&s, A[i + H], B[i + H], Cc[i + H - 1], Z[i + H], 0);
      }
      tin[k] = s;
    }
    if (o->check) {
      /* pdp.cu's protocol: provisional rounds (at most R) from the product states;
         the tile is kept when they settle and its first thread's start is its
         predecessor's exit E up to K errors; otherwise it is redone: its first
         thread takes E and the rounds run until they settle (at most TH + 1,
         which is the sequential recurrence at worst) */
      int r = PRE(rounds)(n, r0, TH, CC, H, A, B, Cc, Z, tin, tout, mout, o->K, o->rounds, st);
      int kl = (int)((n - 1 - r0) / CC);
      if (kl > TH - 1) kl = TH - 1;
      if (r > st->max_rounds) st->max_rounds = r;
      if (r > 0) st->dirty++;
      if (r == o->rounds) st->tile_fail++;
      if (r == o->rounds || !PRE(consistent)(prevS, prevM, tin[0], o->Kedge)) {
        const PRE(S) pe = tout[kl];
        const PRE(M) pm = mout[kl];
        if (r < o->rounds) st->edge_fail++;
        tin[0] = prevS;
        r = PRE(rounds)(n, r0, TH, CC, H, A, B, Cc, Z, tin, tout, mout, o->K, TH + 1, st);
        if (r > st->max_redo) st->max_redo = r;
        if (r == TH + 1) fail = 1;
        /* the redo ended on the provisional exit and magnitudes bit for bit (pdp.cu's
           speculative redo then posts OK: no wait for this tile) */
        if (!memcmp(&pe, &tout[kl], sizeof pe) && !memcmp(&pm, &mout[kl], sizeof pm))
          st->redo_same++;
      }
      prevS = tout[kl]; /* this tile's exit E, for the next tile's check */
      prevM = mout[kl];
    }
    for (int k = 0; k < TH; k++) { /* the rows from the entering states: pivots */
      PRE(S) s = tin[k];
      for (int c = 0; c < CC; c++) {
        int64_t i = r0 + (int64_t)k * CC + c, j = i + H;
        if (i >= n) break;
        FN(pdp_step)(&s, A[j], B[j], Cc[j - 1], Z[j], 0);
        one[i] = i == n - 1 || FN(pdp_is_1x1)(s.t0, s.t1, Cc[j], A[j + 1], B[j + 1], Cc[j + 1], A[j + 2]);
        rs[i] = s;
      }
    }
    /* the look-back: the state after this tile's aggregate, from the state before it
       (the full product; --no-forget), or, where this tile's aggregate forgets its
       entering state (pdp_agg_forgets), from the initial state at its first row, as
       pdp.cu does */
    if (o->forget && FN(pdp_agg_forgets)(sw[NW - 1])) {
      sIn = FN(pdp_apply)(sw[NW - 1], FN(pdp_state_initial)(), 0);
      st->forgets++;
    } else sIn = FN(pdp_apply)(sw[NW - 1], sIn, 0);
  }
  {
    unsigned s = 1;
    for (int64_t i = 0; i < n; i++) { start[i] = (unsigned char)s; s = !s || one[i]; }
  }
  for (int64_t i = 0; i < n; i++) {
    int64_t j = i + H;
    T y, gi, piv;
    FN(pdp_out)(rs[i], start[i] && !one[i], Z[j + 1], Cc[j], A[j + 1], B[j + 1], Cc[j + 1], &y, &gi, &piv);
    z[i] = y; g[i] = gi;
    if (start[i] && FN(bad_pivot)(piv) && st->first_bad < 0) st->first_bad = i;
  }
  if (o->seq_back) { /* --seq-back: the backward solve row by row */
    T qq = 0;
    for (int64_t i = n - 1; i >= 0; i--) {
      T x = z[i] - g[i] * qq;
      if (start[i]) qq = x;
      z[i] = x;
    }
  } else { /* backward: affine maps per thread, suffix scans, tiles chained from the bottom */
    PRE(F) *fi = calloc(TH, sizeof(PRE(F))), *fo = calloc(TH, sizeof(PRE(F))), fw[32];
    T q = 0;
    for (int64_t t = ntiles - 1; t >= 0; t--) {
      const int64_t r0 = t * TILE;
      for (int k = 0; k < TH; k++) {
        PRE(F) f = FN(pdp_aff_identity)();
        for (int c = CC - 1; c >= 0; c--) {
          int64_t i = r0 + (int64_t)k * CC + c;
          if (i < n) f = FN(pdp_aff_compose)(FN(pdp_aff_row)(start[i], z[i], g[i]), f);
        }
        fi[k] = f;
      }
      for (int d = 1; d < 32; d <<= 1) {
        memcpy(fo, fi, TH * sizeof *fi);
        for (int k = 0; k < TH; k++)
          if ((k & 31) + d < 32) fi[k] = FN(pdp_aff_compose)(fo[k], fo[k + d]);
      }
      for (int w = 0; w < NW; w++) fw[w] = fi[w * 32];
      for (int w = NW - 2; w >= 0; w--) fw[w] = FN(pdp_aff_compose)(fw[w], fw[w + 1]);
      for (int k = 0; k < TH; k++) {
        T qq = q;
        if ((k >> 5) < NW - 1) qq = FN(pdp_aff_apply)(fw[(k >> 5) + 1], qq);
        if ((k & 31) != 31) qq = FN(pdp_aff_apply)(fi[k + 1], qq);
        for (int c = CC - 1; c >= 0; c--) {
          int64_t i = r0 + (int64_t)k * CC + c;
          if (i < n) {
            T x = z[i] - g[i] * qq;
            if (start[i]) qq = x;
            z[i] = x;
          }
        }
      }
      q = FN(pdp_aff_apply)(fw[0], q);
    }
    free(fi); free(fo);
  }
  free(A); free(B); free(Cc); free(Z); free(g); free(start); free(one); free(rs);
  free(tin); free(tout); free(mout); free(inc); free(prv);
  return fail;
}
