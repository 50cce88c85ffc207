/* batch_tile.cu's kernels and entry points for float: one translation unit a precision,
   so that the two compile in parallel (see batch_tile.cu). */
#define GTSV_TILE_DOUBLE 0
#include "batch_tile.cu"
