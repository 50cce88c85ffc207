/* C++ overloads of the LAPACK oracle (host/oracle.h) for the host diagnostics in tools/:
   one name for float and double. oracle: solve in place (x holds b on entry), LAPACK's
   info; resid: ||Tx - b||_2 / ||b||_2 (thesis eq. 6.1). */
#ifndef GTSV_TOOLS_ORACLE_CXX_H
#define GTSV_TOOLS_ORACLE_CXX_H

#include "host/oracle.h"

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

#endif /* GTSV_TOOLS_ORACLE_CXX_H */
