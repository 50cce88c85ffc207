# Session 32, device call 2: where the one-wave speculative kernel's time goes (issue 6,
# 512 x 512). ncu on one tile_spec_kernel launch (double random strided 512 x 512, the
# session-31 library prebuilt: no -lineinfo) and, for comparison, one tile_kernel launch of
# the same batch with the retries in turn (GTSV_TILE_SPEC=0): issue slots, warp states,
# pipe utilisation (FP64, FMA, ALU, LSU, shared), occupancy.
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu ${NCU:-missing}: $($NCU --version | tail -1)"
B=prebuilt/gtsv-gpu-bench-pre
MET=sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fp64.avg.pct_of_peak_sustained_active,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,sm__pipe_shared_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_xu.avg.pct_of_peak_sustained_active,smsp__cycles_active.avg,sm__cycles_elapsed.avg
for v in spec:1:tile_spec_kernel turn:0:tile_kernel; do
  name=${v%%:*}; r=${v#*:}; sp=${r%%:*}; kn=${r#*:}
  GTSV_TILE_SPEC=$sp timeout 200 $NCU --clock-control none --kernel-name regex:$kn --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section ComputeWorkloadAnalysis --section SchedulerStats \
    --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats \
    --metrics $MET -o /tmp/z/$name \
    $B --only batch --n 512 --batch 512 --prec d --reps 2 > /tmp/z/ncu-$name.log 2>&1
  $NCU --import /tmp/z/$name.ncu-rep --page details > /tmp/z/details-$name.txt 2>&1
  $NCU --import /tmp/z/$name.ncu-rep --page raw --csv --metrics $MET > /tmp/z/raw-$name.csv 2>&1
  echo "== $name ($kn) at $(el) s"
  grep -E "Duration|Issue Slots Busy|Issued Ipc Active|Warp Cycles Per Issued|Achieved Occupancy|No Eligible|Eligible Warps|Active Warps Per|Executed Instructions  |Registers Per|Stall|pipe" /tmp/z/details-$name.txt | head -40
  tail -3 /tmp/z/raw-$name.csv | cut -c1-1500
done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
