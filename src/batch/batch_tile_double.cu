/* batch_tile.cu's kernels and entry points for double: one translation unit a precision,
   so that the two compile in parallel (see batch_tile.cu). */
#define GTSV_TILE_DOUBLE 1
#include "batch_tile.cu"
