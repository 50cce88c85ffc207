# Session 22, device call 2: where the one-warp batch kernel's time goes. Builds the
# benchmark with -lineinfo (build-prof), then ncu on one tile_kernel launch each of double
# random strided 512 x 32768 and 1024 x 16384: speed of light, compute workload (issue
# slots), scheduler and warp states, instruction mix, occupancy, source counters; then the
# SASS of the hottest lines (ncu --page source) where this ncu version prints it.
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/p && rm -rf /tmp/p/*
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
. scripts/lapacke-arg.sh
BUILD=build-prof
cmake -S . -B $BUILD -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DGTSV_WITH_CUDA=ON \
  -DGTSV_BUILD_TESTS=OFF -DCMAKE_CUDA_FLAGS=-lineinfo "${LAPACKE_ARG[@]}" > /tmp/p/configure.log 2>&1 || { tail -20 /tmp/p/configure.log; exit 1; }
cmake --build $BUILD -j 16 --target gtsv-gpu-bench > /tmp/p/build.log 2>&1 || { grep error /tmp/p/build.log | head; exit 1; }
echo "built at $(( $(date +%s) - T0 )) s; ncu ${NCU:-missing}; $($NCU --version | tail -1)"
B=$BUILD/bench/gtsv-gpu-bench
for n in 512 1024; do
  timeout 150 $NCU --clock-control none --kernel-name regex:tile_kernel --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section ComputeWorkloadAnalysis --section SchedulerStats \
    --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats \
    --section SourceCounters --import-source yes -o /tmp/p/tile-$n \
    $B --only batch --n $n --prec d --reps 2 > /tmp/p/ncu-$n.log 2>&1
  $NCU --import /tmp/p/tile-$n.ncu-rep --page details > /tmp/p/details-$n.txt 2>&1
  $NCU --import /tmp/p/tile-$n.ncu-rep --page source --csv --print-source sass > /tmp/p/sass-$n.csv 2>&1
  echo "n=$n: details $(wc -l < /tmp/p/details-$n.txt) lines, sass $(wc -l < /tmp/p/sass-$n.csv) lines, at $(( $(date +%s) - T0 )) s"
  grep -E "Duration|Issue Slots Busy|Issued Ipc Active|Warp Cycles Per Issued|Achieved Occupancy|Theoretical Occupancy|No Eligible|Executed Instructions  |Registers Per|Block Limit" /tmp/p/details-$n.txt | head -20
done
rm -f /tmp/p/*.ncu-rep.bak
cd /tmp/p && tar czf $FINAL/p.tgz --exclude='*.ncu-rep' . && cp /tmp/p/*.ncu-rep $FINAL/ 2>/dev/null
ls -la $FINAL
