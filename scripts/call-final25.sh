# Session 25, device call 4: build (gpu.sh) of the balanced tile kernel's tree, every test
# (ctest), then the rows the README quotes for issue 6 (double strided n = 64 and 1024, 2^24
# rows; 512 x 512 in a graph) and issue 5 (single systems, double 2^23: PDP, SPIKE_DP, gtsv2),
# as far as the call's time allows.
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
run batch-64 --only batch --prec d --n 64 --reps 10
run batch-1024 --only batch --prec d --n 1024 --reps 10
run batch-512x512 --only batch --prec d --n 512 --batch 512 --reps 20
run single-23 --only single --prec d --n 8388608 --reps 10
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
