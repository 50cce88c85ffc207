# Session 22, device call 4: the PDP speculative redo. Build, the PDP tests (ctest -R pdp:
# the host reference, check_gpu_pdp with its new "spec" case), then PDP with and without
# the speculative redo in the same run (scripts/bench-ab.sh, double, 2^23, 2^20, 2^25); FLOAT=1:
# then float single-system rows at 2^23 and 2^25 while time is left.
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/s && rm -rf /tmp/s/*
OUT=/tmp/s SKIP="ctest memcheck racecheck bench" scripts/gpu.sh > /tmp/s/gpu.log 2>&1
grep -E "^build|FAILED" /tmp/s/gpu.log | head -3
echo "built at $(( $(date +%s) - T0 )) s"
if [ -n "${AB_FIRST:-}" ]; then
ROWS="cusparse gtsv2|gtsv PDP|gtsv SPIKE_DP" OUT=/tmp/s timeout $(( ${LIMIT:-580} - ($(date +%s) - T0) )) \
  scripts/bench-ab.sh single "2^23 2^20 2^25" ${REPS:-5} spec nospec:GTSV_PDP_SPEC=0 > /tmp/s/ab.log 2>&1
tail -40 /tmp/s/ab.log
LD=$(ls -d $PWD/.deps/usr/lib/x86_64-linux-gnu 2>/dev/null)
(cd build-h200 && LD_LIBRARY_PATH=$LD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} timeout ${CT_LIMIT:-200} ctest ${CT_ARGS:--R pdp} -j 16 --output-on-failure > /tmp/s/ctest-pdp.log 2>&1)
grep -E "tests passed|tests failed|Failed|speculative" /tmp/s/ctest-pdp.log | head -12
grep -h "tiles with the speculative" build-h200/Testing/Temporary/LastTest.log 2>/dev/null | head -4
echo "tests done at $(( $(date +%s) - T0 )) s"
else
LD=$(ls -d $PWD/.deps/usr/lib/x86_64-linux-gnu 2>/dev/null)
(cd build-h200 && LD_LIBRARY_PATH=$LD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} timeout ${CT_LIMIT:-200} ctest ${CT_ARGS:--R pdp} -j 16 --output-on-failure > /tmp/s/ctest-pdp.log 2>&1)
grep -E "tests passed|tests failed|Failed|speculative" /tmp/s/ctest-pdp.log | head -12
grep -h "tiles with the speculative" build-h200/Testing/Temporary/LastTest.log 2>/dev/null | head -4
echo "tests done at $(( $(date +%s) - T0 )) s"
ROWS="cusparse gtsv2|gtsv PDP|gtsv SPIKE_DP" OUT=/tmp/s timeout $(( ${LIMIT:-580} - ($(date +%s) - T0) )) \
  scripts/bench-ab.sh single "2^23 2^20 2^25" ${REPS:-5} spec nospec:GTSV_PDP_SPEC=0 > /tmp/s/ab.log 2>&1
tail -40 /tmp/s/ab.log
fi
if [ -n "${FLOAT:-}" ] && [ $(( $(date +%s) - T0 )) -lt ${FLOAT_BY:-480} ]; then
  for n in 8388608 33554432; do
    timeout 60 build-h200/bench/gtsv-gpu-bench --only single --prec s --n $n --reps 5 --md /tmp/s/float-$n.md --commit "${GTSV_COMMIT:-}" > /tmp/s/float-$n.log 2>&1
    grep -E "\| (cusparse gtsv2|gtsv PDP|gtsv SPIKE_DP) \|" /tmp/s/float-$n.md | cut -c1-110
  done
fi
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/s && tar czf $FINAL/s.tgz .
