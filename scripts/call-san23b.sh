# Session 23, device call 4: build, then compute-sanitizer on check_gpu_pdp (GTSV_GPU_TEST_SMALL=1):
# memcheck of the whole suite, racecheck of the TCases "forget" and "spec".
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
run() { # tool case
  left=$(( ${LIMIT:-585} - ($(date +%s) - T0) ))
  [ $left -lt 20 ] && { echo "no time left for $1 $2"; return; }
  extra=(); [ $1 = memcheck ] && extra=(--leak-check full)
  env ${2:+CK_RUN_CASE=$2} GTSV_GPU_TEST_SMALL=1 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $left \
    $SAN --tool $1 --error-exitcode 99 "${extra[@]}" build-h200/tests/check_gpu_pdp > /tmp/y/$1-${2:-all}.log 2>&1
  echo "$1 ${2:-all}: rc $? at $(( $(date +%s) - T0 )) s"
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY|LEAK SUMMARY|Checks:|tiles that forgot|tiles with the spec" /tmp/y/$1-${2:-all}.log | tail -6
}
run memcheck ""
run racecheck forget
run racecheck spec
cd /tmp/y && tar czf $FINAL/y.tgz .
