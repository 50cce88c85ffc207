# Session 23, device call 1: (a) ncu of the PDP kernels of one double random 2^23 solve with
# the prebuilt benchmark (pdp.cu with -lineinfo; source lines resolved on the device) while
# (b) the tree builds (gpu.sh); then ctest -R pdp (caa8217's check_gpu_pdp), and
# compute-sanitizer memcheck and racecheck of check_gpu_pdp (GTSV_GPU_TEST_SMALL=1).
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/q && rm -rf /tmp/q/*
(OUT=/tmp/q SKIP="ctest memcheck racecheck bench" scripts/gpu.sh > /tmp/q/gpu.log 2>&1; echo "built at $(( $(date +%s) - T0 )) s" > /tmp/q/built) &
BPID=$!
[ -e /work/main ] || { mkdir -p /work && ln -s "$PWD" /work/main; } 2>/dev/null; ls -d /work/main/src/pdp 2>&1 | head -1
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu)
B=prebuilt/gtsv-gpu-bench-li
timeout 200 $NCU --clock-control none --kernel-name regex:pdp_ --launch-count 2 \
  --section SpeedOfLight --section SchedulerStats --section WarpStateStats --section InstructionStats \
  --section Occupancy --section LaunchStats --section SourceCounters --import-source yes \
  -o /tmp/q/pdp $B --only single --prec d --n 8388608 --reps 1 > /tmp/q/ncu.log 2>&1
echo "ncu rc $? at $(( $(date +%s) - T0 )) s"; tail -3 /tmp/q/ncu.log
$NCU --import /tmp/q/pdp.ncu-rep --page details > /tmp/q/details.txt 2>&1
$NCU --import /tmp/q/pdp.ncu-rep --page source --csv --print-source cuda > /tmp/q/src-cuda.csv 2>&1
$NCU --import /tmp/q/pdp.ncu-rep --page source --csv --print-source sass > /tmp/q/sass.csv 2>&1
wc -l /tmp/q/src-cuda.csv /tmp/q/sass.csv; head -c 600 /tmp/q/src-cuda.csv; echo
grep -E "pdp_|Duration|Issue Slots Busy|Warp Cycles Per Issued|Achieved Occupancy|Executed Instructions  |Registers Per" /tmp/q/details.txt | cut -c1-120
rm -f /tmp/q/pdp.ncu-rep
wait $BPID; cat /tmp/q/built; grep -E "FAILED|error" /tmp/q/gpu.log | head -5
LD=$(ls -d $PWD/.deps/usr/lib/x86_64-linux-gnu 2>/dev/null)
export LD_LIBRARY_PATH=$LD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
(cd build-h200 && timeout 200 ctest -R pdp -j 16 --output-on-failure > /tmp/q/ctest-pdp.log 2>&1)
grep -E "tests passed|tests failed|Failed" /tmp/q/ctest-pdp.log | head -12
grep -h "tiles with the speculative" build-h200/Testing/Temporary/LastTest.log 2>/dev/null | head -4
echo "ctest done at $(( $(date +%s) - T0 )) s"
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer)
for tool in memcheck racecheck; do
  left=$(( ${LIMIT:-585} - ($(date +%s) - T0) ))
  [ $left -lt 30 ] && { echo "no time left for $tool"; break; }
  extra=(); [ $tool = memcheck ] && extra=(--leak-check full)
  GTSV_GPU_TEST_SMALL=1 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $left \
    $SAN --tool $tool --error-exitcode 99 "${extra[@]}" build-h200/tests/check_gpu_pdp > /tmp/q/$tool-pdp.log 2>&1
  echo "$tool rc $? at $(( $(date +%s) - T0 )) s"
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY|Checks:|tiles with the spec" /tmp/q/$tool-pdp.log | tail -5
done
cd /tmp/q && tar czf $FINAL/q.tgz --exclude='*.ncu-rep' .
