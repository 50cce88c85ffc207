/* Instantiates a generic source file once per precision. The includer defines
   GTSV_GEN_FILE (its path from src/, a string) and includes this header; inside
   the generic file GTSV_T is the element type, GTSV_FN(name) gives the gtsv_s_ /
   gtsv_d_ name and GTSV_IFN(name) the internal gtsv__s_ / gtsv__d_ one. No
   include guard: one use per generic file. */
#ifndef GTSV_GEN_FILE
#error "define GTSV_GEN_FILE before including core/instantiate.h"
#endif

#define GTSV_T float
#define GTSV_FN(name) gtsv_s_##name
#define GTSV_IFN(name) gtsv__s_##name
#include GTSV_GEN_FILE
#undef GTSV_T
#undef GTSV_FN
#undef GTSV_IFN

#define GTSV_T double
#define GTSV_FN(name) gtsv_d_##name
#define GTSV_IFN(name) gtsv__d_##name
#include GTSV_GEN_FILE
#undef GTSV_T
#undef GTSV_FN
#undef GTSV_IFN

#undef GTSV_GEN_FILE
