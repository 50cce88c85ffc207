/* Shared helpers of the Check tests: deterministic matrix kinds and comparisons
   against the LAPACK oracle. */
#ifndef GTSV_TESTUTIL_H
#define GTSV_TESTUTIL_H

#include <stdint.h>

/* Matrix kinds every solver path is tested on. */
typedef enum {
  TU_RANDOM = 0,   /* all entries U(-1,1): mixed 1x1 / 2x2 pivots */
  TU_ZERO_DIAG,    /* d = 0, off-diagonals U(-1,1) bounded away from 0: 2x2 pivots */
  TU_DOMINANT,     /* d = 4 + U(-1,1): Thomas-safe */
  TU_FORCE_2X2,    /* tiny d, large off-diagonals: every pivot block 2x2 */
  TU_NEAR_SING_PART, /* d = 0 / ones off the diagonal, with 1e-14 perturbations and
                        unit diagonal every 37 rows: singular and near-singular
                        diagonal blocks at many partition boundaries */
  TU_NKINDS
} tu_kind;

const char *tu_kind_name(tu_kind k);

/* Fill dl, d, du (length n, cuSPARSE layout) and b (n) of kind k; dl[0] and
   du[n-1] get garbage (1e30) to prove they are ignored. */
void tu_dfill(tu_kind k, int64_t n, uint64_t seed, double *dl, double *d, double *du,
              double *b);
void tu_sfill(tu_kind k, int64_t n, uint64_t seed, float *dl, float *d, float *du,
              float *b);

/* Deterministic U(-1,1) */
double tu_urand(uint64_t *state);

#endif
