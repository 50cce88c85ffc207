# Session 22, device call 3: build (gpu.sh, tests included), then ncu of the PDP kernels of one
# double random n = 2^23 solve (the warm-up solve: forward and backward, launch-count 2) with
# warp states, instruction stats and source counters, the SASS per instruction (csv); then
# compute-sanitizer memcheck / racecheck of check_gpu_spike (small) while time is left.
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/q && rm -rf /tmp/q/*
OUT=/tmp/q SKIP="ctest memcheck racecheck bench" scripts/gpu.sh > /tmp/q/gpu.log 2>&1
tail -4 /tmp/q/gpu.log
echo "built at $(( $(date +%s) - T0 )) s"
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu)
B=build-h200/bench/gtsv-gpu-bench
timeout 200 $NCU --clock-control none --kernel-name regex:pdp_ --launch-count 2 \
  --section SpeedOfLight --section ComputeWorkloadAnalysis --section SchedulerStats \
  --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats \
  --section SourceCounters -o /tmp/q/pdp $B --only single --prec d --n 8388608 --reps 1 > /tmp/q/ncu.log 2>&1
$NCU --import /tmp/q/pdp.ncu-rep --page details > /tmp/q/details.txt 2>&1
$NCU --import /tmp/q/pdp.ncu-rep --page source --csv --print-source sass > /tmp/q/sass.csv 2>&1
grep -E "pdp_|Duration|Issue Slots Busy|Warp Cycles Per Issued|Achieved Occupancy|Executed Instructions  " /tmp/q/details.txt | cut -c1-120
echo "ncu done at $(( $(date +%s) - T0 )) s"
rm -f /tmp/q/pdp.ncu-rep
for tool in memcheck racecheck; do
  [ $(( $(date +%s) - T0 )) -gt ${LIMIT:-400} ] && { echo "stopped before $tool"; break; }
  CK_RUN_CASE=${CASE:-} OUT=/tmp/q SKIP="ctest bench $([ $tool = memcheck ] && echo racecheck || echo memcheck)" \
    SAN_TESTS=check_gpu_spike CTEST_TIMEOUT=300 timeout $(( ${LIMIT2:-560} - ($(date +%s) - T0) )) scripts/gpu.sh > /tmp/q/san-$tool.log 2>&1
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY|Checks:" /tmp/q/$tool-check_gpu_spike.log | tail -3
  echo "$tool done at $(( $(date +%s) - T0 )) s"
done
cd /tmp/q && tar czf $FINAL/q.tgz .
