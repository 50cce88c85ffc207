#!/usr/bin/env bash
# Per-kernel profile of one benchmark case on the GPU machine (ncu, clocks left
# alone). Builds the benchmark alone (sm_90), then:
#   $OUT/kernels.txt   every kernel's duration (gpu__time_duration) of the case
#   $OUT/detail.txt    speed-of-light, occupancy and warp-state sections of the
#                      kernels matching DETAIL (a regex), first DETAIL_COUNT launches
# Usage: OUT=dir BENCH_ARGS="--only single --prec d --n 8388608 --reps 3" \
#        KERNELS=regex:spike DETAIL=regex:spike_pass scripts/profile.sh
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
OUT=${OUT:-$ROOT/out}
mkdir -p "$OUT"
BUILD=${BUILD:-$ROOT/build-h200}
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do
  [ -d "$d" ] && PATH="$PATH:$d"
done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
. "$ROOT/scripts/lapacke-arg.sh"
cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
  -DGTSV_WITH_CUDA=ON -DGTSV_BUILD_TESTS=OFF "${LAPACKE_ARG[@]}" > "$OUT/prof-configure.log" 2>&1 || {
  tail -20 "$OUT/prof-configure.log"; exit 1; }
cmake --build "$BUILD" -j "$(nproc)" --target gtsv-gpu-bench > "$OUT/prof-build.log" 2>&1 || {
  grep -E "error" "$OUT/prof-build.log" | head -20; exit 1; }
B="$BUILD/bench/gtsv-gpu-bench"
BENCH_ARGS=${BENCH_ARGS:---only single --prec d --n 8388608 --reps 3}
echo "ncu: ${NCU:-missing}"
timeout ${T1:-200} "$NCU" --clock-control none --kernel-name "${KERNELS:-regex:.}" \
  --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum \
  $B $BENCH_ARGS > "$OUT/kernels.txt" 2>&1
echo "kernels.txt: $(wc -l < "$OUT/kernels.txt") lines"
if [ -n "${DETAIL:-}" ]; then
  timeout ${T2:-200} "$NCU" --clock-control none --kernel-name "$DETAIL" \
    --launch-count "${DETAIL_COUNT:-4}" --section SpeedOfLight --section Occupancy \
    --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis \
    $B $BENCH_ARGS > "$OUT/detail.txt" 2>&1
  echo "detail.txt: $(wc -l < "$OUT/detail.txt") lines"
fi
