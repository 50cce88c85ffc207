/* Instantiates dp_seq_gen.c for float and double. */
#include "host/host.h"
#include "core/pivot.h"

gtsv_dp_layout gtsv__dp_layout(int64_t n, size_t elt)
{
  gtsv_dp_layout L;
  size_t un = n > 0 ? (size_t)n : 0;
  L.p = 0;
  L.g = gtsv__align(L.p + un * elt);
  L.f = gtsv__align(L.g + un * elt);
  L.bytes = gtsv__align(L.f + un);
  return L;
}

#define GTSV_GEN_FILE "host/dp_seq_gen.c"
#include "core/instantiate.h"
