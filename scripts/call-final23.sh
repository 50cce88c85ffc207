# Session 23, device call 3: build (gpu.sh), every test (ctest), then the single-system rows of
# the benchmark at HEAD (PDP, SPIKE_DP, cuSPARSE gtsv2; double and float; 2^20, 2^23, 2^25).
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/z && rm -rf /tmp/z/*
OUT=/tmp/z SKIP="ctest memcheck racecheck bench" scripts/gpu.sh > /tmp/z/gpu.log 2>&1
grep -E "^build|FAILED" /tmp/z/gpu.log | head -3
echo "built at $(( $(date +%s) - T0 )) s"
LD=$(ls -d $PWD/.deps/usr/lib/x86_64-linux-gnu 2>/dev/null)
export LD_LIBRARY_PATH=$LD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
(cd build-h200 && timeout ${CT_LIMIT:-230} ctest -j 16 --timeout 220 --output-on-failure > /tmp/z/ctest.log 2>&1)
grep -E "tests passed|tests failed|Failed|\*\*\*" /tmp/z/ctest.log | head -12
grep -h "tiles that forgot\|tiles with the speculative" build-h200/Testing/Temporary/LastTest.log 2>/dev/null | head -6
echo "ctest done at $(( $(date +%s) - T0 )) s"
for n in 8388608 33554432 1048576; do
  left=$(( ${LIMIT:-585} - ($(date +%s) - T0) ))
  [ $left -lt 25 ] && { echo "no time left for n=$n"; break; }
  timeout $left build-h200/bench/gtsv-gpu-bench --only single --prec both --n $n --reps 10 \
    --md /tmp/z/single-$n.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/single-$n.log 2>&1
  grep -E "\| (cusparse gtsv2|gtsv PDP|gtsv SPIKE_DP) \|" /tmp/z/single-$n.md | cut -c1-110
done
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
