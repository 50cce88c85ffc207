/* Shim versus LAPACK on many systems, generic body: included by check_lapack.c
   once per precision with T, FILL (tu_?fill), ORACLE (gtsv_oracle_?gtsv), RESID
   (gtsv_oracle_?residual), SHIM (the dlsym()ed ?gtsv_), TOL (absolute residual
   slack) and CMP_FN(name) defined. */

/* One system: kind k, order n, nrhs columns, ldb = n + pad. */
static void CMP_FN(one)(tu_kind k, int n, int nrhs, int pad, uint64_t seed)
{
  const int ldb = n + pad;
  size_t nb = (size_t)ldb * (size_t)nrhs;
  T *dl = malloc(sizeof(T) * n), *d = malloc(sizeof(T) * n), *du = malloc(sizeof(T) * n);
  T *b0 = malloc(sizeof(T) * n), *D = malloc(sizeof(T) * n);
  /* LAPACK layout, exactly n-1 long: ASan sees any over-read */
  T *DL = malloc(sizeof(T) * (n > 1 ? n - 1 : 1)), *DU = malloc(sizeof(T) * (n > 1 ? n - 1 : 1));
  T *B = malloc(sizeof(T) * nb), *BL = malloc(sizeof(T) * nb), *B0 = malloc(sizeof(T) * nb);
  uint64_t rs = seed * 3 + 1;
  int info = 12345, linfo;
  long c0;

  FILL(k, n, seed, dl, d, du, b0);
  for (int i = 0; i + 1 < n; i++) {
    DL[i] = dl[i + 1];
    DU[i] = du[i];
  }
  memcpy(D, d, sizeof(T) * n);
  for (int j = 0; j < nrhs; j++) /* rows n..ldb-1 are padding, not B's */
    for (int i = 0; i < ldb; i++)
      B[i + j * ldb] = i >= n ? (T)-777 : j == 0 ? b0[i] : (T)tu_urand(&rs);
  memcpy(BL, B, sizeof(T) * nb);
  memcpy(B0, B, sizeof(T) * nb);

  c0 = shim_calls();
  SHIM(&n, &nrhs, DL, D, DU, B, &ldb, &info);
  linfo = ORACLE(n, nrhs, dl, d, du, BL, ldb);
  ck_assert_int_eq(shim_calls(), c0 + 1); /* and the oracle is not the shim */
  ck_assert_int_eq(xerbla_count, 0);

  /* DL, D, DU: unchanged in this implementation (documented) */
  for (int i = 0; i + 1 < n; i++) ck_assert(DL[i] == dl[i + 1] && DU[i] == du[i]);
  ck_assert(memcmp(D, d, sizeof(T) * n) == 0);

  ck_assert_msg((info > 0) == (linfo > 0) && info >= 0, "%s n=%d nrhs=%d: INFO %d, LAPACK %d",
                tu_kind_name(k), n, nrhs, info, linfo);
  if (info > 0) {
    ck_assert_int_le(info, n);
  } else {
    for (int j = 0; j < nrhs; j++) {
      double r = RESID(n, dl, d, du, B + j * ldb, B0 + j * ldb);
      double rl = RESID(n, dl, d, du, BL + j * ldb, B0 + j * ldb);
      ck_assert_msg(r <= 10 * rl + (TOL), "%s n=%d nrhs=%d ldb=%d col %d: residual %g, LAPACK %g",
                    tu_kind_name(k), n, nrhs, ldb, j, r, rl);
    }
  }
  for (int j = 0; j < nrhs; j++)
    for (int i = n; i < ldb; i++) ck_assert(B[i + j * ldb] == (T)-777);
  free(dl); free(d); free(du); free(b0); free(D); free(DL); free(DU);
  free(B); free(BL); free(B0);
}

static void CMP_FN(all)(void)
{
  for (size_t ki = 0; ki < sizeof kinds / sizeof *kinds; ki++)
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++)
      for (int nrhs = 1; nrhs <= 3; nrhs += 2)
        for (int pad = 0; pad <= 3; pad += 3)
          CMP_FN(one)(kinds[ki], sizes[si], nrhs, pad, (uint64_t)(sizes[si] + 31 * ki));
}
