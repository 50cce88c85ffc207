# Session 26, device call 6 (the session's last ~110 s of device time; no build): ncu on one
# pdp_forward_kernel launch (the 512 x 8 tile) of the prebuilt benchmark (library of 20e43d1),
# double random 2^23: occupancy, scheduler and warp states.
set -u
T0=$(date +%s)
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
xz -dc prebuilt/gtsv-gpu-bench-base.xz > /tmp/bench && chmod +x /tmp/bench
timeout ${LIMIT:-40} $NCU --clock-control none --kernel-name regex:pdp_forward --launch-skip 1 --launch-count 1 \
  --section SpeedOfLight --section SchedulerStats --section WarpStateStats --section Occupancy \
  --section LaunchStats /tmp/bench --only single --prec d --n 8388608 --reps 1 > $OUT/ncu.log 2>&1
echo "rc=$? at $(( $(date +%s) - T0 )) s"
grep -E "pdp_forward|Duration|DRAM Throughput|Issue Slots Busy|Issued Ipc|Warp Cycles Per Issued|No Eligible|Active Warps Per|Eligible Warps|Achieved Occupancy|Theoretical Occupancy|Registers Per|Block Limit|Stall|stall" $OUT/ncu.log | head -40
