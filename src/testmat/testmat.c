/* The test matrices of thesis table 6.1 (see include/gtsv/testmat.h). */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include "gtsv/testmat.h"

/* LAPACK's test-matrix generator (tmglib), Fortran ABI: every argument by
   reference, one hidden length per CHARACTER argument (size_t since gfortran 8). */
extern void dlatms_(const int *m, const int *n, const char *dist, int *iseed,
                    const char *sym, double *dv, const int *mode, const double *cond,
                    const double *dmax, const int *kl, const int *ku, const char *pack,
                    double *a, const int *lda, double *work, int *info,
                    size_t dist_len, size_t sym_len, size_t pack_len);

/* ---- random numbers ---------------------------------------------------------
   splitmix64 (Steele, Lea, Flood 2014): one 64-bit state, good enough for test
   data and trivially reproducible across platforms. */
typedef struct { uint64_t s; } rng;

static uint64_t rng_next(rng *r)
{
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Independent stream `stream` of `seed`: hash both so that neighbouring seeds or
   types do not share a shifted sequence. */
static rng rng_stream(uint64_t seed, uint64_t stream)
{
  rng r = { seed ^ (stream * 0xd1b54a32d192ed03ull) };
  r.s = rng_next(&r);
  return r;
}

/* U(-1,1): 53 random bits scaled to [0,1), then mapped. */
static double rng_sym(rng *r)
{
  return (double)(rng_next(r) >> 11) * 0x1.0p-53 * 2.0 - 1.0;
}

/* ---- the table -------------------------------------------------------------- */
typedef struct {
  const char *name;
  const char *desc;
  double thesis_cond;
} type_info;

static const type_info types[GTSV_TESTMAT_NTYPES] = {
  { "random", "entries from U(-1,1)", 4.41e+04 },
  { "toeplitz-1e8", "Toeplitz: diagonal 1e8, sub/super-diagonal from U(-1,1)", 1.00e+00 },
  { "lesp", "gallery('lesp',n): real, sensitive eigenvalues", 3.52e+02 },
  { "random-dl-tiny", "U(-1,1), sub-diagonal entry of row n/2 times 1e-50", 2.75e+03 },
  { "random-sparse", "diagonal U(-1,1), off-diagonals 0 or U(-1,1) (p = 1/2)", 1.24e+04 },
  { "toeplitz-64", "Toeplitz: diagonal 64, sub/super-diagonal from U(-1,1)", 1.03e+00 },
  { "inv-kms", "inv(gallery('kms',n,0.5)): inverse Kac-Murdock-Szego", 9.00e+00 },
  { "randsvd-2", "randsvd, cond 1e15, one small singular value (dlatms mode 2)", 9.87e+14 },
  { "randsvd-3", "randsvd, cond 1e15, geometric singular values (mode 3)", 9.97e+14 },
  { "randsvd-1", "randsvd, cond 1e15, one large singular value (mode 1)", 1.29e+15 },
  { "randsvd-4", "randsvd, cond 1e15, arithmetic singular values (mode 4)", 1.01e+15 },
  { "random-dl-1e-50", "U(-1,1), every sub-diagonal entry times 1e-50", 2.20e+14 },
  { "dorr", "gallery('dorr',n,1e-4): ill-conditioned, diagonally dominant", 3.21e+16 },
  { "toeplitz-1e-8", "Toeplitz: diagonal 1e-8, sub/super-diagonal from U(-1,1)", 1.14e+67 },
  { "clement", "gallery('clement',n,0): zero diagonal, eigenvalues +-odd integers", 6.02e+24 },
  { "toeplitz-0", "Toeplitz: diagonal 0, sub/super-diagonal from U(-1,1)", 7.1e+191 },
  { "zero-diag-ones", "diagonal 0, off-diagonals 1; rows 0, n-1: diagonal 1, off 0", 3.27e+02 },
  { "split-2x2", "U(-1,1); rows n/2-1, n/2: diagonal 0, off 1; d[n/2-2] = 1e15", 3.78e+18 },
};

const char *gtsv_testmat_name(int type)
{
  return type >= 1 && type <= GTSV_TESTMAT_NTYPES ? types[type - 1].name : "unknown";
}

const char *gtsv_testmat_description(int type)
{
  return type >= 1 && type <= GTSV_TESTMAT_NTYPES ? types[type - 1].desc : "unknown";
}

double gtsv_testmat_thesis_cond(int type)
{
  return type >= 1 && type <= GTSV_TESTMAT_NTYPES ? types[type - 1].thesis_cond : NAN;
}

/* ---- generators --------------------------------------------------------------- */

/* Entries from U(-1,1). */
static void gen_random(int64_t n, rng *r, double *dl, double *d, double *du)
{
  for (int64_t i = 0; i < n; i++) {
    dl[i] = rng_sym(r);
    d[i] = rng_sym(r);
    du[i] = rng_sym(r);
  }
}

/* Toeplitz tridiag(a, diag, c): a and c drawn once from U(-1,1). When diag is small
   the matrix is far from normal: its inverse grows like max(|a/c|, |c/a|)^(n/2),
   which is what makes types 14 and 16 (thesis cond 1e67, 7e191) so hard. */
static void gen_toeplitz(int64_t n, rng *r, double diag, double *dl, double *d, double *du)
{
  double a = rng_sym(r), c = rng_sym(r);
  for (int64_t i = 0; i < n; i++) {
    dl[i] = a;
    d[i] = diag;
    du[i] = c;
  }
}

/* K(i,j) = rho^|i-j| has the tridiagonal inverse
   1/(1-rho^2) * tridiag(-rho, [1, 1+rho^2, ..., 1+rho^2, 1], -rho)
   (check: row 0 of K^-1 times column j of K is (rho^j - rho*rho^(j-1))/(1-rho^2)
   = 0 for j > 0 and (1 - rho^2)/(1-rho^2) = 1 for j = 0; inner rows likewise). */
static void gen_inv_kms(int64_t n, double rho, double *dl, double *d, double *du)
{
  double s = 1.0 / (1.0 - rho * rho);
  for (int64_t i = 0; i < n; i++) {
    dl[i] = -rho * s;
    du[i] = -rho * s;
    d[i] = (i == 0 || i == n - 1) ? s : (1.0 + rho * rho) * s;
  }
  if (n == 1) d[0] = 1.0; /* K = [1] */
}

/* gallery('dorr',n,theta) (Dorr 1971; Higham's Test Matrix Toolbox): with
   h = 1/(n+1), m = floor((n+1)/2), t = theta/h^2 and 1-based row i:
     i <= m: c_i = -t,               e_i = c_i - (1/2 - i h)/h
     i >  m: e_i = -t,               c_i = e_i + (1/2 - i h)/h
     d_i = -(c_i + e_i); row i is c_i x_{i-1} + d_i x_i + e_i x_{i+1}. */
static void gen_dorr(int64_t n, double theta, double *dl, double *d, double *du)
{
  double h = 1.0 / (double)(n + 1), t = theta / (h * h);
  int64_t m = (n + 1) / 2;
  for (int64_t r = 0; r < n; r++) {
    double i = (double)(r + 1), c, e;
    if (r + 1 <= m) {
      c = -t;
      e = c - (0.5 - i * h) / h;
    } else {
      e = -t;
      c = e + (0.5 - i * h) / h;
    }
    dl[r] = c;
    du[r] = e;
    d[r] = -(c + e);
  }
}

/* gallery('randsvd',n,cond,mode,1,1): a tridiagonal matrix U S V^T with the
   singular values of `mode`, built by dlatms in general band storage (PACK 'Z',
   LDA 3), which generates the band directly by Givens chasing (no dense n x n). */
static int gen_randsvd(int64_t n, rng *r, int mode, double *dl, double *d, double *du)
{
  const int kl = 1, ku = 1, lda = 3;
  const double cond = 1e15, dmax = 1.0;
  int nn, info = 0, iseed[4];
  double *ab, *sv, *work;
  if (n > INT_MAX / 3) return GTSV_TESTMAT_EINVAL;
  nn = (int)n;
  ab = (double *)malloc(sizeof(double) * (size_t)(3 * n));
  sv = (double *)malloc(sizeof(double) * (size_t)n);
  work = (double *)malloc(sizeof(double) * (size_t)(3 * n));
  if (!ab || !sv || !work) {
    info = GTSV_TESTMAT_ENOMEM;
    goto done;
  }
  for (int k = 0; k < 4; k++) iseed[k] = (int)(rng_next(r) & 4095u);
  iseed[3] |= 1; /* dlatms wants ISEED(4) odd */
  dlatms_(&nn, &nn, "S", iseed, "N", sv, &mode, &cond, &dmax, &kl, &ku, "Z", ab, &lda,
          work, &info, 1, 1, 1);
  if (info != 0) {
    info = GTSV_TESTMAT_ELAPACK;
    goto done;
  }
  /* band storage: A(i,j) at ab[(ku + i - j) + lda*j], 0-based */
  for (int64_t j = 0; j < n; j++) {
    d[j] = ab[1 + 3 * j];
    du[j] = j + 1 < n ? ab[0 + 3 * (j + 1)] : 0.0;
    dl[j] = j > 0 ? ab[2 + 3 * (j - 1)] : 0.0;
  }
done:
  free(ab);
  free(sv);
  free(work);
  return info;
}

int gtsv_testmat_d(int type, int64_t n, uint64_t seed, double *dl, double *d, double *du)
{
  rng r;
  int64_t h = n / 2;
  int st = GTSV_TESTMAT_OK;
  if (type < 1 || type > GTSV_TESTMAT_NTYPES || n < 0) return GTSV_TESTMAT_EINVAL;
  if (n == 0) return GTSV_TESTMAT_OK;
  if (!dl || !d || !du) return GTSV_TESTMAT_EINVAL;
  r = rng_stream(seed, (uint64_t)type);
  switch (type) {
  case 1: gen_random(n, &r, dl, d, du); break;
  case 2: gen_toeplitz(n, &r, 1e8, dl, d, du); break;
  case 3: /* lesp: tridiag(1./(2:n), -(2*(2:n+1)+1), 2:n) */
    for (int64_t i = 0; i < n; i++) {
      dl[i] = 1.0 / (double)(i + 1);
      d[i] = -(2.0 * (double)i + 5.0);
      du[i] = (double)(i + 2);
    }
    break;
  case 4:
    gen_random(n, &r, dl, d, du);
    if (h > 0) dl[h] *= 1e-50;
    break;
  case 5:
    for (int64_t i = 0; i < n; i++) {
      d[i] = rng_sym(&r);
      dl[i] = (rng_next(&r) >> 63) ? rng_sym(&r) : 0.0;
      du[i] = (rng_next(&r) >> 63) ? rng_sym(&r) : 0.0;
    }
    break;
  case 6: gen_toeplitz(n, &r, 64.0, dl, d, du); break;
  case 7: gen_inv_kms(n, 0.5, dl, d, du); break;
  case 8: st = gen_randsvd(n, &r, 2, dl, d, du); break;
  case 9: st = gen_randsvd(n, &r, 3, dl, d, du); break;
  case 10: st = gen_randsvd(n, &r, 1, dl, d, du); break;
  case 11: st = gen_randsvd(n, &r, 4, dl, d, du); break;
  case 12:
    gen_random(n, &r, dl, d, du);
    for (int64_t i = 0; i < n; i++) dl[i] *= 1e-50;
    break;
  case 13: gen_dorr(n, 1e-4, dl, d, du); break;
  case 14: gen_toeplitz(n, &r, 1e-8, dl, d, du); break;
  case 15: /* clement(n,0): diag(n-1:-1:1, -1) + diag(1:n-1, 1) */
    for (int64_t i = 0; i < n; i++) {
      dl[i] = (double)(n - i);
      d[i] = 0.0;
      du[i] = (double)(i + 1);
    }
    break;
  case 16: gen_toeplitz(n, &r, 0.0, dl, d, du); break;
  case 17:
    for (int64_t i = 0; i < n; i++) {
      dl[i] = 1.0;
      d[i] = 0.0;
      du[i] = 1.0;
    }
    d[0] = d[n - 1] = 1.0;
    du[0] = dl[n - 1] = 0.0;
    break;
  case 18:
    /* A 2x2 pivot block [0 1; 1 0] straddling the middle: any partition boundary
       between rows h-1 and h leaves each side with a zero corner (thesis 3.4). */
    gen_random(n, &r, dl, d, du);
    for (int64_t i = h - 1; i <= h && i < n; i++) {
      if (i < 0) continue;
      d[i] = 0.0;
      dl[i] = 1.0;
      du[i] = 1.0;
    }
    if (h >= 2) d[h - 2] = 1e15;
    break;
  default: return GTSV_TESTMAT_EINVAL;
  }
  if (st != GTSV_TESTMAT_OK) return st;
  dl[0] = 0.0;
  du[n - 1] = 0.0;
  return GTSV_TESTMAT_OK;
}

int gtsv_testmat_s(int type, int64_t n, uint64_t seed, float *dl, float *d, float *du)
{
  double *w;
  int st;
  if (type < 1 || type > GTSV_TESTMAT_NTYPES || n < 0) return GTSV_TESTMAT_EINVAL;
  if (n == 0) return GTSV_TESTMAT_OK;
  if (!dl || !d || !du) return GTSV_TESTMAT_EINVAL;
  if ((uint64_t)n > SIZE_MAX / (3 * sizeof(double))) return GTSV_TESTMAT_ENOMEM;
  w = (double *)malloc(sizeof(double) * (size_t)(3 * n));
  if (!w) return GTSV_TESTMAT_ENOMEM;
  st = gtsv_testmat_d(type, n, seed, w, w + n, w + 2 * n);
  if (st == GTSV_TESTMAT_OK) {
    for (int64_t i = 0; i < n; i++) {
      dl[i] = (float)w[i];
      d[i] = (float)w[n + i];
      du[i] = (float)w[2 * n + i];
    }
  }
  free(w);
  return st;
}

/* stream 0 is the right-hand side; types use streams 1..18 */
void gtsv_testmat_rhs_d(int64_t n, uint64_t seed, double *b)
{
  rng r = rng_stream(seed, 0);
  if (!b) return;
  for (int64_t i = 0; i < n; i++) b[i] = rng_sym(&r);
}

void gtsv_testmat_rhs_s(int64_t n, uint64_t seed, float *b)
{
  rng r = rng_stream(seed, 0);
  if (!b) return;
  for (int64_t i = 0; i < n; i++) b[i] = (float)rng_sym(&r);
}
