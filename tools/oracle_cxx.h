/* C++ overloads of the LAPACK oracle (host/oracle.h) for the host diagnostics in tools/:
   one name for float and double. oracle: solve in place (x holds b on entry), LAPACK's
   info; resid: ||Tx - b||_2 / ||b||_2 (thesis eq. 6.1); random_system: the tools' test
   system and LAPACK's residual on it. */
#ifndef GTSV_TOOLS_ORACLE_CXX_H
#define GTSV_TOOLS_ORACLE_CXX_H

#include "host/oracle.h"
#include "urand.h"

static inline int oracle(int n, const double *a, const double *d, const double *c, double *x)
{
  return gtsv_oracle_dgtsv(n, 1, a, d, c, x, n);
}
static inline int oracle(int n, const float *a, const float *d, const float *c, float *x)
{
  return gtsv_oracle_sgtsv(n, 1, a, d, c, x, n);
}
static inline double resid(int n, const double *a, const double *d, const double *c,
                           const double *x, const double *b)
{
  return gtsv_oracle_dresidual(n, a, d, c, x, b);
}
static inline double resid(int n, const float *a, const float *d, const float *c,
                           const float *x, const float *b)
{
  return gtsv_oracle_sresidual(n, a, d, c, x, b);
}

/* A random system of n rows from g_rng (urand.h): a, c, b U(-1,1), d U(-1,1) or, weak,
   0.1 U(-1,1); a[0] = c[n-1] = 0. xl gets LAPACK's solution. Returns LAPACK's residual,
   or -1 where LAPACK finds the system singular. */
template <typename T>
static double random_system(int n, bool weak, T *a, T *d, T *c, T *b, T *xl)
{
  for (int i = 0; i < n; i++) {
    a[i] = (T)urand();
    c[i] = (T)urand();
    b[i] = (T)urand();
    d[i] = (T)(weak ? 0.1 * urand() : urand());
  }
  a[0] = 0;
  c[n - 1] = 0;
  for (int i = 0; i < n; i++) xl[i] = b[i];
  if (oracle(n, a, d, c, xl) != 0) return -1;
  return resid(n, a, d, c, xl, b);
}

#endif /* GTSV_TOOLS_ORACLE_CXX_H */
