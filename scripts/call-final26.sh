# Session 26, device call 5: build of the final tree (gpu.sh; PDP tiles 512 x 8, WARM 8), every
# test (ctest -j16), the single-system benchmark (double and float: PDP, SPIKE_DP, gtsv2), then
# compute-sanitizer memcheck and racecheck of check_gpu_pdp (GTSV_GPU_TEST_SMALL=1) and racecheck
# of check_gpu_batch's tile cases, as far as the call's time allows.
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/z && rm -rf /tmp/z/*
OUT=/tmp/z SKIP="ctest memcheck racecheck bench" scripts/gpu.sh > /tmp/z/gpu.log 2>&1
grep -E "^build|FAILED|^GPU" /tmp/z/gpu.log | head -3
echo "built at $(( $(date +%s) - T0 )) s"
LD=$(ls -d $PWD/.deps/usr/lib/x86_64-linux-gnu 2>/dev/null)
export LD_LIBRARY_PATH=$LD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
left() { echo $(( ${LIMIT:-585} - ($(date +%s) - T0) - 5 )); }
(cd build-h200 && timeout $(left) ctest -j 16 --timeout 300 --output-on-failure > /tmp/z/ctest.log 2>&1)
grep -E "tests passed|tests failed|Failed|\*\*\*|Timeout" /tmp/z/ctest.log | head -14
grep -E "Test +#.*check_gpu" /tmp/z/ctest.log | sed 's/  */ /g' | head -12
grep -E "^check_gpu_pdp:" /tmp/z/ctest.log | head -8
echo "ctest done at $(( $(date +%s) - T0 )) s"
for p in d s; do
  [ $(left) -lt 60 ] && { echo "no time left for bench $p"; continue; }
  timeout $(left) build-h200/bench/gtsv-gpu-bench --only single --prec $p --reps 10 --md /tmp/z/single-$p.md \
    --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/single-$p.log 2>&1
  echo "bench $p rc=$? at $(( $(date +%s) - T0 )) s"
  grep -E "n=2\^(20|23|25) (random|dominant) \| (cusparse gtsv2|gtsv PDP|gtsv SPIKE_DP) \|" /tmp/z/single-$p.md | cut -c1-110
done
san() { # tool test [case]
  [ $(left) -lt 30 ] && { echo "no time left for $1 $2 ${3:-}"; return; }
  GTSV_GPU_TEST_SMALL=1 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 ${3:+CK_RUN_CASE=$3} timeout $(left) \
    compute-sanitizer --tool $1 --error-exitcode 99 build-h200/tests/$2 > /tmp/z/$1-$2-${3:-all}.log 2>&1
  echo "$1 $2 ${3:-} rc=$? at $(( $(date +%s) - T0 )) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|Checks' /tmp/z/$1-$2-${3:-all}.log | tail -2 | tr '\n' ' ')"
}
san memcheck check_gpu_pdp
san racecheck check_gpu_pdp
san racecheck check_gpu_batch tile
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
