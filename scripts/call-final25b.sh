# Session 25, device call 5: build (gpu.sh) of the tree whose GPU SPIKE base keeps columns of M
# rows (call 4 failed check_gpu_batch on force_2x2 n = 2049), every test (ctest), then, as far
# as the call's time allows, double strided 600 x 27962 and 64 x 262144, and single systems
# of 2^23 rows (PDP, SPIKE_DP, gtsv2).
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/z && rm -rf /tmp/z/*
OUT=/tmp/z SKIP="ctest memcheck racecheck bench" scripts/gpu.sh > /tmp/z/gpu.log 2>&1
grep -E "^build|FAILED" /tmp/z/gpu.log | head -3
echo "built at $(( $(date +%s) - T0 )) s"
LD=$(ls -d $PWD/.deps/usr/lib/x86_64-linux-gnu 2>/dev/null)
export LD_LIBRARY_PATH=$LD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
left=$(( ${LIMIT:-585} - ($(date +%s) - T0) - 5 ))
(cd build-h200 && timeout $left ctest -j 16 --timeout 230 --output-on-failure > /tmp/z/ctest.log 2>&1)
grep -E "tests passed|tests failed|Failed|\*\*\*|Timeout" /tmp/z/ctest.log | head -12
echo "ctest done at $(( $(date +%s) - T0 )) s"
run() { # name, args...
  local name=$1; shift
  local left=$(( ${LIMIT:-585} - ($(date +%s) - T0) ))
  [ $left -lt 25 ] && { echo "no time left for $name"; return; }
  timeout $left build-h200/bench/gtsv-gpu-bench "$@" --md /tmp/z/$name.md \
    --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/$name.log 2>&1
  grep -E "random \| (cusparse gtsv2|gtsv PDP|gtsv SPIKE_DP|gtsv strided_batch|gtsv strided_batch \(graph\)|cusparse InterleavedBatch a1|cusparse gtsv2StridedBatch) \|" \
    /tmp/z/$name.md | cut -c1-120
}
run batch-600 --only batch --prec d --n 600 --batch 27962 --reps 10
run batch-64 --only batch --prec d --n 64 --reps 10
run single-23 --only single --prec d --n 8388608 --reps 10
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
