# Session 24, device call 4 (warm after call 3): compute-sanitizer racecheck of check_gpu_batch
# (GTSV_GPU_TEST_SMALL=1), one TCase at a time (CASES), so that a cut leaves whole cases;
# session 23's whole-suite run was cut by the call's limit. The build is call 3's (gpu.sh
# rebuilds nothing on a warm machine; on a fresh one it builds first).
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/y && rm -rf /tmp/y/*
OUT=/tmp/y SKIP="ctest memcheck racecheck bench" scripts/gpu.sh > /tmp/y/gpu.log 2>&1
grep -E "^build|FAILED" /tmp/y/gpu.log | head -3
echo "built at $(( $(date +%s) - T0 )) s"
LD=$(ls -d $PWD/.deps/usr/lib/x86_64-linux-gnu 2>/dev/null)
export LD_LIBRARY_PATH=$LD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer)
TEST=${TEST:-check_gpu_batch}
for c in ${CASES:-device tile nrhs tilenp tile2}; do
  left=$(( ${LIMIT:-585} - ($(date +%s) - T0) ))
  [ $left -lt 20 ] && { echo "no time left for racecheck $c"; continue; }
  env CK_RUN_CASE=$c GTSV_GPU_TEST_SMALL=1 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $left \
    $SAN --tool racecheck --error-exitcode 99 build-h200/tests/$TEST > /tmp/y/racecheck-$c.log 2>&1
  echo "racecheck $TEST $c: rc $? at $(( $(date +%s) - T0 )) s"
  grep -E "RACECHECK SUMMARY|ERROR SUMMARY|Checks:|hazard" /tmp/y/racecheck-$c.log | tail -4
done
cd /tmp/y && tar czf $FINAL/y.tgz .
