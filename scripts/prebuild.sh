#!/usr/bin/env bash
# Benchmark binaries built here, to run on the GPU machine without building there (a
# fresh machine spends about 260 s of the session's device time on the build).
#
#     scripts/prebuild.sh [NAME:SOURCE:FLAGS ...]
#
# Builds gtsv-gpu-bench in BUILD (default build/, which must be configured Release with
# CMAKE_CUDA_ARCHITECTURES=90) and copies it to prebuilt/gtsv-gpu-bench-base. Each
# NAME:SOURCE:FLAGS adds prebuilt/gtsv-gpu-bench-NAME: SOURCE (a CUDA file of the library,
# e.g. src/pdp/pdp.cu; several joined by +, each replacing the object of its name) compiled
# with the library's flags, its per-file options, and FLAGS
# (e.g. "-DGTSV_PDP_THREADS=256 -DGTSV_PDP_C=8"), put into a copy of libgtsv.a in place of
# its object, and linked as CMake links the benchmark. prebuilt/ is ignored by git; name it
# in the device call's carry (64 MiB in all: about 16 MB a binary). The binaries need only
# the CUDA runtime and cuSPARSE, which the GPU machine has.
#
#     scripts/prebuild.sh t256c8:src/pdp/pdp.cu:"-DGTSV_PDP_THREADS=256 -DGTSV_PDP_C=8"
#     run: carry ["prebuilt"], command: prebuilt/gtsv-gpu-bench-t256c8 --only single --n 8388608
#
# TESTS="check_gpu_batch ..." also links each named test (built in BUILD) against each
# variant's library, as prebuilt/TEST-NAME, so that a variant's GPU tests run too;
# KEEPLIB=1 keeps each variant's library as prebuilt/libgtsv-NAME.a (to link a scratch
# diagnostic against it).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
OUTD=$ROOT/prebuilt
grep -q "^CMAKE_BUILD_TYPE:STRING=Release" "$BUILD/CMakeCache.txt" || { echo "prebuild: $BUILD is not a Release build"; exit 1; }
grep -q "arch=compute_90" "$BUILD/CMakeFiles/gtsv_objs.dir/flags.make" || { echo "prebuild: $BUILD does not build sm_90"; exit 1; }
cmake --build "$BUILD" --target gtsv-gpu-bench -j "$(nproc)" > /dev/null
mkdir -p "$OUTD"
cp "$BUILD/bench/gtsv-gpu-bench" "$OUTD/gtsv-gpu-bench-base"
echo "prebuilt/gtsv-gpu-bench-base"
FM=$BUILD/CMakeFiles/gtsv_objs.dir/flags.make
defs=$(sed -n 's/^CUDA_DEFINES = //p' "$FM")
flags=$(sed -n 's/^CUDA_FLAGS = //p' "$FM")
for spec in "$@"; do
  name=${spec%%:*}
  rest=${spec#*:}
  src=${rest%%:*}
  extra=${rest#*:}
  [ "$extra" = "$rest" ] && extra=""
  tmp=$(mktemp -d)
  cp "$BUILD/libgtsv.a" "$tmp/libgtsv.a"
  pids=()
  for one in ${src//+/ }; do # SOURCE may be several files joined by +, compiled in parallel
    obj=$(basename "$one").o
    per=$(sed -n "s|^# Custom options: CMakeFiles/gtsv_objs.dir/$one.o_OPTIONS = ||p" "$FM")
    # a copy kept elsewhere (prebuilt/old/pdp_sweep.cu) takes the options of the library's
    # file of its name (-fmad=false; before session 42 it silently took none)
    [ -n "$per" ] || per=$(sed -n "s|^# Custom options: CMakeFiles/gtsv_objs.dir/src/.*/$(basename "$one").o_OPTIONS = ||p" "$FM")
    # shellcheck disable=SC2086
    (cd "$BUILD" && /usr/local/cuda/bin/nvcc $defs --options-file CMakeFiles/gtsv_objs.dir/includes_CUDA.rsp \
       $flags $per $extra -x cu -c "$ROOT/$one" -o "$tmp/$obj") &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  for one in ${src//+/ }; do (cd "$tmp" && ar r libgtsv.a "$(basename "$one").o"); done
  sed "s|\.\./libgtsv\.a|$tmp/libgtsv.a|" "$BUILD/bench/CMakeFiles/gtsv-gpu-bench.dir/linkLibs.rsp" > "$tmp/libs.rsp"
  link=$(sed -e "s|@CMakeFiles/gtsv-gpu-bench.dir/linkLibs.rsp|@$tmp/libs.rsp|" \
             -e "s|-o gtsv-gpu-bench|-o $OUTD/gtsv-gpu-bench-$name|" \
             "$BUILD/bench/CMakeFiles/gtsv-gpu-bench.dir/link.txt")
  (cd "$BUILD/bench" && eval "$link")
  for t in ${TESTS:-}; do
    tdir=$BUILD/tests/CMakeFiles/$t.dir
    sed "s|\.\./libgtsv\.a|$tmp/libgtsv.a|" "$tdir/linkLibs.rsp" > "$tmp/$t.rsp"
    tlink=$(sed -e "s|@CMakeFiles/$t.dir/linkLibs.rsp|@$tmp/$t.rsp|" \
                -e "s|-o $t |-o $OUTD/$t-$name |" "$tdir/link.txt")
    (cd "$BUILD/tests" && eval "$tlink")
    echo "prebuilt/$t-$name"
  done
  [ -n "${KEEPLIB:-}" ] && cp "$tmp/libgtsv.a" "$OUTD/libgtsv-$name.a" && echo "prebuilt/libgtsv-$name.a"
  rm -rf "$tmp"
  echo "prebuilt/gtsv-gpu-bench-$name ($src $per $extra)"
done
