# Session 39, device call 5: where the PDP solve's time goes at 2^23 double random rows
# (the library that lands): ncu (SpeedOfLight and launch statistics) of the first solve's
# four sweep kernels (sweep_kernel, check_kernel, bwd_kernel, bcheck_kernel, <double, 512>)
# and of the two gated kernels of the same solve (pdp_forward_kernel, pdp_backward_kernel,
# which return at once: launches 17-30 of those, the 2^23 ones told by their grid of 3277
# blocks), in gtsv-gpu-bench --only single --prec d.
# Call 5 matched none of the sweep kernels (ncu writes the int argument as (int)512); call 6
# ran the first ncu again with that (SKIP_GATED=1).
set -u
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
xz -d prebuilt/gtsv-gpu-bench.xz
B=prebuilt/gtsv-gpu-bench
timeout 85 ncu --clock-control none --kernel-name-base demangled \
  --kernel-name "regex:(sweep_kernel|check_kernel|bwd_kernel|bcheck_kernel)<double, \\(int\\)512>" \
  --launch-count 4 --section SpeedOfLight --section LaunchStats --section Occupancy \
  $B --only single --prec d --reps 10 > $OUT/ncu-sweep.log 2>&1
echo "ncu sweep rc=$? at $(( $(date +%s) - T0 )) s"
[ -n "${SKIP_GATED:-}" ] || timeout 85 ncu --clock-control none --kernel-name-base demangled \
  --kernel-name "regex:pdp_(forward|backward)_kernel<double" --launch-skip 16 \
  --launch-count 14 --section SpeedOfLight --section LaunchStats \
  $B --only single --prec d --reps 10 > $OUT/ncu-gated.log 2>&1
echo "ncu gated rc=$? at $(( $(date +%s) - T0 )) s"
grep -E "^  [a-z_].*\(|Duration|Elapsed Cycles|DRAM Throughput|Registers Per|Achieved Occupancy|Grid Size|Block Size|Dynamic Shared" $OUT/ncu-sweep.log $OUT/ncu-gated.log | cut -c1-200
