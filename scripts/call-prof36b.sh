# Session 36, device call 5: ncu of one tile_kernel launch of the final library (6164057,
# its double unit built with -lineinfo: prof), double random strided 256 x 65536 and
# 1024 x 16384, as call 1 (call-prof36.sh) did for session 35's library; then
# check_gpu_batch's tilepdl case repeated while check_gpu_spike and check_gpu run beside
# it (it failed once in call 3 that way; its report now tells the exact zeros and b on
# each side).
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
for n in 256 1024; do
  timeout 120 $NCU --clock-control none --kernel-name regex:tile_kernel --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section ComputeWorkloadAnalysis --section SchedulerStats \
    --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats \
    --section SourceCounters --import-source yes -o /tmp/z/tile-$n \
    prebuilt/gtsv-gpu-bench-prof --only batch --n $n --prec d --reps 2 > /tmp/z/ncu-$n.log 2>&1
  echo "ncu n=$n rc=$? at $(el) s"
  $NCU --import /tmp/z/tile-$n.ncu-rep --page details > /tmp/z/details-$n.txt 2>&1
  $NCU --import /tmp/z/tile-$n.ncu-rep --page source --csv --print-source cuda,sass > /tmp/z/cudasass-$n.csv 2>&1
  grep -E "Duration|Issue Slots Busy|Warp Cycles Per Issued|Achieved Occupancy|Eligible Warps|Executed Instructions  |Registers Per" /tmp/z/details-$n.txt | head -8
done
rm -f /tmp/z/*.ncu-rep
B=$(( $(left) - 10 ))
for t in check_gpu_spike check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
k=0
while [ "$(left)" -gt 20 ] && [ $(jobs -r | wc -l) -gt 0 ]; do
  k=$((k + 1))
  CK_FORK=no CK_RUN_CASE=tilepdl timeout 60 prebuilt/check_gpu_batch > /tmp/z/tilepdl-busy-$k.log 2>&1
  echo "tilepdl busy $k rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/tilepdl-busy-$k.log | tr '\n' ' ')" >> /tmp/z/status.txt
done
wait
grep -v "Failures: 0, Errors: 0" /tmp/z/status.txt; echo "tilepdl passed $(grep -c 'tilepdl busy.*Failures: 0, Errors: 0' /tmp/z/status.txt) of $(grep -c 'tilepdl busy' /tmp/z/status.txt)"
grep -hE "failures; first" /tmp/z/tilepdl-*.log | head -3 | cut -c1-700
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
