/* ?gtsv_ with LAPACK's Fortran ABI, generic body: included by gtsv_lapack.c once
   per precision with GL_T (element type), GL_NAME (XERBLA name, 6 characters),
   GL_FORTRAN (the exported symbol), GL_API(name) (public gtsv_?name), GL_GPU (the
   offload) and GL_IFN(name) (file-local helpers) defined. */

/* Map a gtsv status of a finished host solve on h to LAPACK's INFO. */
static int GL_IFN(info_of)(gtsv_handle h, gtsv_status s)
{
  int64_t row = -1;
  if (s == GTSV_STATUS_SUCCESS) return 0;
  if (s == GTSV_STATUS_SINGULAR && gtsv_get_info(h, NULL, &row) == GTSV_STATUS_SINGULAR &&
      row >= 0)
    return (int)(row + 1);
  return GTSV_LAPACK_INFO_NO_MEMORY;
}

/* The rare path: the host solve answered NOT_SUPPORTED because the caller's D or
   B is CUDA managed (or device) memory, which gtsv treats as device memory while
   the dl, du copies are host memory. Copy D and B as well (a separate allocation:
   the thread's scratch still holds dl, du, and x when NRHS = 0) and solve on the
   host; managed memory is host-accessible, as LAPACK itself requires. */
static int GL_IFN(solve_all_copied)(gtsv_handle h, int64_t n, int64_t nrhs,
                                    const GL_T *dl, const GL_T *d, const GL_T *du,
                                    GL_T *b, int64_t ldb)
{
  size_t col = (size_t)n * sizeof(GL_T);
  GL_T *c = (GL_T *)malloc((size_t)(3 + nrhs) * col), *x;
  int info;
  if (!c) return GTSV_LAPACK_INFO_NO_MEMORY;
  x = c + 3 * n;
  memcpy(c, dl, col);
  memcpy(c + n, d, col);
  memcpy(c + 2 * n, du, col);
  for (int64_t k = 0; k < nrhs; k++) memcpy(x + k * n, b + k * ldb, col);
  info = GL_IFN(info_of)(h, GL_API(gtsv)(h, n, nrhs, c, c + n, c + 2 * n, x, n));
  if (info == 0)
    for (int64_t k = 0; k < nrhs; k++) memcpy(b + k * ldb, x + k * n, col);
  free(c);
  return info;
}

/*
 * GL_FORTRAN(N, NRHS, DL, D, DU, B, LDB, INFO): A X = B, A tridiagonal, as LAPACK.
 *   N     (in) order of A, N >= 0.
 *   NRHS  (in) number of columns of B, NRHS >= 0.
 *   DL    [N-1] (in) sub-diagonal, DL(i) = A(i+1, i). On exit: unchanged here
 *         (LAPACK leaves its factorisation there; callers must treat it as
 *         unspecified).
 *   D     [N]   (in) diagonal. On exit: unchanged here (unspecified, as DL).
 *   DU    [N-1] (in) super-diagonal, DU(i) = A(i, i+1). On exit: unchanged here
 *         (unspecified, as DL).
 *   B     [LDB, NRHS] (in/out) on entry B, on exit X when INFO = 0.
 *   LDB   (in) LDB >= max(1, N).
 *   INFO  (out) 0: solved. -i: the i-th argument is illegal, XERBLA called,
 *         nothing written. i > 0: the pivot block starting at row i is exactly
 *         singular or not finite; X not computed, B unspecified.
 *         GTSV_LAPACK_INFO_NO_MEMORY: could not allocate; B unchanged.
 */
GTSV_LAPACK_EXPORT void GL_FORTRAN(const int *n_, const int *nrhs_, GL_T *DL, GL_T *D,
                                   GL_T *DU, GL_T *B, const int *ldb_, int *info)
{
  int64_t n, nrhs, ldb, gmin, row;
  lapack_thread *t;
  GL_T *dl, *du, *x;
  int bad;
  gtsv_status s;

  atomic_fetch_add_explicit(&ncalls, 1, memory_order_relaxed);
  bad = check_args(n_, nrhs_, DL, D, DU, B, ldb_);
  if (bad) {
    if (info) *info = -bad;
    report_bad_arg(GL_NAME, bad);
    return;
  }
  if (!info) return; /* nowhere to report anything: do nothing, as a bad argument */
  *info = 0;
  n = *n_;
  nrhs = *nrhs_;
  ldb = *ldb_;
  if (n == 0) return;

  t = thread_state();
  /* dl, du in gtsv's layout (length n; dl[0] and du[n-1] unused, set to 0); with
     NRHS = 0 one zero column more, since LAPACK still factors and reports a
     singular A through INFO */
  dl = t ? (GL_T *)thread_scratch(t, (size_t)(nrhs > 0 ? 2 : 3) * (size_t)n * sizeof(GL_T))
         : NULL;
  if (!dl) {
    *info = GTSV_LAPACK_INFO_NO_MEMORY;
    return;
  }
  du = dl + n;
  dl[0] = 0;
  du[n - 1] = 0;
  if (n > 1) {
    memcpy(dl + 1, DL, (size_t)(n - 1) * sizeof(GL_T));
    memcpy(du, DU, (size_t)(n - 1) * sizeof(GL_T));
  }
  if (nrhs == 0) {
    x = du + n;
    memset(x, 0, (size_t)n * sizeof(GL_T));
    s = GL_API(gtsv)(t->h, n, 1, dl, D, du, x, n);
    *info = s == GTSV_STATUS_NOT_SUPPORTED
                ? GL_IFN(solve_all_copied)(t->h, n, 1, dl, D, du, x, n)
                : GL_IFN(info_of)(t->h, s);
    return;
  }

  gmin = gpu_threshold();
  if (gmin > 0 && n >= gmin && GL_GPU(t->h, n, nrhs, dl, D, du, B, ldb, &row)) {
    *info = row >= 0 ? (int)(row + 1) : 0;
    return;
  }
  s = GL_API(gtsv)(t->h, n, nrhs, dl, D, du, B, ldb);
  *info = s == GTSV_STATUS_NOT_SUPPORTED
              ? GL_IFN(solve_all_copied)(t->h, n, nrhs, dl, D, du, B, ldb)
              : GL_IFN(info_of)(t->h, s);
}
