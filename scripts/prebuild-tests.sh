#!/usr/bin/env bash
# GPU test binaries built here, with the host libraries they link that the GPU machine
# lacks (Check's subunit, OpenBLAS, LAPACKE, tmglib, gfortran), to run compute-sanitizer
# or a test on the GPU machine without its 220 s build.
#
#     scripts/prebuild-tests.sh check_gpu_pdp check_gpu_batch ...
#
# Builds the named tests in BUILD (default build/, Release, CMAKE_CUDA_ARCHITECTURES=90)
# and copies them to prebuilt/, the libraries to prebuilt/lib. scripts/device-prologue.sh
# (sourced by a call script) unpacks prebuilt/bins.tar.xz and sets LD_LIBRARY_PATH.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
OUTD=$ROOT/prebuilt
grep -q "arch=compute_90" "$BUILD/CMakeFiles/gtsv_objs.dir/flags.make" || { echo "prebuild-tests: $BUILD does not build sm_90"; exit 1; }
cmake --build "$BUILD" --target "$@" -j "$(nproc)" > /dev/null
mkdir -p "$OUTD/lib"
for t in "$@"; do cp "$BUILD/tests/$t" "$OUTD/$t"; echo "prebuilt/$t"; done
for l in libsubunit.so.0 libopenblas.so.0 libblas.so.3 liblapack.so.3 liblapacke.so.3 \
         libtmglib.so.3 libgfortran.so.5 libquadmath.so.0; do
  cp -L "$(ldconfig -p | awk -v l="$l" '$1 == l && /x86-64/ {print $NF; exit}')" "$OUTD/lib/$l"
done
ls "$OUTD/lib"
