# Session 27, device call 2: prebuilt binaries (no build on the device). ncu of one PDP
# forward launch (double random 2^23, pdp.cu built with -lineinfo): speed of light,
# scheduler and warp states, instruction mix, source counters by CUDA line and by SASS;
# then racecheck of check_gpu_pdp (GTSV_GPU_TEST_SMALL=2) case by case, time-boxed.
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: $NCU $($NCU --version | tail -1)"
B=prebuilt/gtsv-gpu-bench-line
timeout 200 $NCU --clock-control none --kernel-name regex:pdp_forward --launch-skip 2 --launch-count 1 \
  --section SpeedOfLight --section ComputeWorkloadAnalysis --section SchedulerStats \
  --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats \
  --section SourceCounters --import-source yes -o /tmp/z/fwd \
  $B --only single --n 8388608 --prec d --reps 3 > /tmp/z/ncu.log 2>&1
echo "ncu rc=$? at $(el) s"
$NCU --import /tmp/z/fwd.ncu-rep --page details > /tmp/z/details.txt 2>&1
$NCU --import /tmp/z/fwd.ncu-rep --page source --csv --print-source cuda > /tmp/z/src-cuda.csv 2>&1
$NCU --import /tmp/z/fwd.ncu-rep --page source --csv --print-source sass > /tmp/z/sass.csv 2>&1
echo "details $(wc -l < /tmp/z/details.txt), cuda $(wc -l < /tmp/z/src-cuda.csv), sass $(wc -l < /tmp/z/sass.csv) lines at $(el) s"
grep -E "Duration|Issue Slots Busy|Issued Ipc Active|Warp Cycles Per Issued|Achieved Occupancy|No Eligible|Executed Instructions  |Registers Per|Active Warps Per|Eligible Warps|Stall|Avg. Active Threads" /tmp/z/details.txt | sed 's/  */ /g' | head -40
rm -f /tmp/z/fwd.ncu-rep
san() { # budget case
  GTSV_GPU_TEST_SMALL=2 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=$2 timeout $1 \
    compute-sanitizer --tool racecheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/racecheck-$2.log 2>&1
  echo "racecheck check_gpu_pdp $2 rc=$? at $(el) s: $(grep -E 'RACECHECK SUMMARY|Checks' /tmp/z/racecheck-$2.log | tail -2 | tr '\n' ' ')"
}
san 150 gpu_pdp
san 100 spec
san 100 forget
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
