# Session 23, device call 5: build, then compute-sanitizer racecheck of check_gpu_spike
# (GTSV_GPU_TEST_SMALL=1), cut off in session 22; then racecheck of check_gpu_batch if time is left.
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/r && rm -rf /tmp/r/*
OUT=/tmp/r SKIP="ctest memcheck racecheck bench" scripts/gpu.sh > /tmp/r/gpu.log 2>&1
grep -E "^build|FAILED" /tmp/r/gpu.log | head -3
echo "built at $(( $(date +%s) - T0 )) s"
LD=$(ls -d $PWD/.deps/usr/lib/x86_64-linux-gnu 2>/dev/null)
export LD_LIBRARY_PATH=$LD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer)
for t in check_gpu_spike check_gpu_batch; do
  left=$(( ${LIMIT:-585} - ($(date +%s) - T0) ))
  [ $left -lt 30 ] && { echo "no time left for $t"; break; }
  GTSV_GPU_TEST_SMALL=1 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $left \
    $SAN --tool racecheck --error-exitcode 99 build-h200/tests/$t > /tmp/r/racecheck-$t.log 2>&1
  echo "racecheck $t: rc $? at $(( $(date +%s) - T0 )) s"
  grep -E "RACECHECK SUMMARY|Checks:|Hazard|hazard" /tmp/r/racecheck-$t.log | head -5
done
cd /tmp/r && tar czf $FINAL/r.tgz .
