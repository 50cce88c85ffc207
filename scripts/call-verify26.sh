# Session 26, device call 1: build (gpu.sh; batch_tile.cu now one unit a precision), every
# test (ctest -j16), then compute-sanitizer memcheck and racecheck of check_gpu_batch
# (GTSV_GPU_TEST_SMALL=1: the balanced partitions' kernels, never sanitized), as far as the
# call's time allows.
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/z && rm -rf /tmp/z/*
OUT=/tmp/z SKIP="ctest memcheck racecheck bench" scripts/gpu.sh > /tmp/z/gpu.log 2>&1
grep -E "^build|FAILED|^GPU" /tmp/z/gpu.log | head -3
echo "built at $(( $(date +%s) - T0 )) s"
LD=$(ls -d $PWD/.deps/usr/lib/x86_64-linux-gnu 2>/dev/null)
export LD_LIBRARY_PATH=$LD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
left=$(( ${LIMIT:-585} - ($(date +%s) - T0) - 5 ))
(cd build-h200 && timeout $left ctest -j 16 --timeout 300 --output-on-failure > /tmp/z/ctest.log 2>&1)
grep -E "tests passed|tests failed|Failed|\*\*\*|Timeout|Skipped" /tmp/z/ctest.log | head -14
grep -E "Test +#.*(check_gpu|Passed)" /tmp/z/ctest.log | grep gpu | sed 's/  */ /g' | head -12
echo "ctest done at $(( $(date +%s) - T0 )) s"
for tool in memcheck racecheck; do
  left=$(( ${LIMIT:-585} - ($(date +%s) - T0) - 5 ))
  [ $left -lt 20 ] && { echo "no time left for $tool"; continue; }
  GTSV_GPU_TEST_SMALL=1 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $left \
    compute-sanitizer --tool $tool --error-exitcode 99 build-h200/tests/check_gpu_batch \
    > /tmp/z/$tool.log 2>&1
  echo "$tool rc=$? at $(( $(date +%s) - T0 )) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|Checks' /tmp/z/$tool.log | tail -2 | tr '\n' ' ')"
done
cd /tmp/z && tar czf $FINAL/z.tgz .
