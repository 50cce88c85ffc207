/* Host reference of parallel diagonal pivoting (GTSV_ALGO_PDP), thesis 4.1:
   instantiates pdp_host_gen.c for float and double. The method is in
   pdp_arith.h (the recurrences, their composition, normalisation), the order of
   evaluation in pdp_host_gen.c. */
#include "pdp/pdp.h"
#include "pdp/pdp_opts.h"

gtsv_pdp_host_layout gtsv__pdp_host_layout(int64_t n, int64_t chunk, size_t elt)
{
  gtsv_pdp_host_layout L;
  size_t un = n > 0 ? (size_t)n : 0, nc;
  if (chunk < 1) chunk = GTSV_PDP_HOST_CHUNK;
  L.nchunks = n > 0 ? (n + chunk - 1) / chunk : 0;
  nc = (size_t)L.nchunks;
  L.g = 0;
  L.role = gtsv__align(L.g + un * elt);
  L.agg = gtsv__align(L.role + un);
  L.sin = gtsv__align(L.agg + nc * 7 * elt);
  L.aff = gtsv__align(L.sin + (nc + 1) * 3 * elt);
  L.qin = gtsv__align(L.aff + nc * 2 * elt);
  L.fin = gtsv__align(L.qin + (nc + 1) * elt);
  L.fmap = gtsv__align(L.fin + nc + 1);
  L.bytes = gtsv__align(L.fmap + nc);
  return L;
}

#define GTSV_GEN_FILE "pdp/pdp_host_gen.c"
#include "core/instantiate.h"
