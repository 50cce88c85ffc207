# Session 41, device call 3: (1) float's backward pass by warm-down sweeps
# (GTSV_PDP_SWEEP_BWD=1, K 16 and 32) against the scan kernel under the new C policy,
# --only pdpshape, two rounds; (2) ncu of the double sweep kernels at 2^23 (the library's
# shapes, 512/256) with pdp_sweep.cu built with -lineinfo (gtsv-gpu-bench-prof): speed of
# light, scheduler and warp states, instruction stats, source counters exported by SASS,
# and nvdisasm -g of its cubin.
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu ${NCU:-missing}: $($NCU --version 2>&1 | tail -1)"
for r in 1 2; do
  for n in 8388608 33554432; do
    for v in scan bwd; do
      e=""; [ $v = bwd ] && e="GTSV_PDP_SWEEP_BWD=1"
      env $e timeout 90 prebuilt/gtsv-gpu-bench-base --only pdpshape --prec s --n $n --reps 20 \
        --shapes "0:0:0:0,0:0:0:32" --md /tmp/z/fbwd-$v-$n-r$r.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
      echo "float $v n=$n r$r rc=$? at $(el) s"
    done
  done
done
timeout 240 $NCU --clock-control none --kernel-name regex:"sweep_kernel|bwd_kernel" --launch-skip 2 --launch-count 2 \
  --section SpeedOfLight --section ComputeWorkloadAnalysis --section SchedulerStats \
  --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats \
  --section SourceCounters --import-source yes -o /tmp/z/sweep \
  prebuilt/gtsv-gpu-bench-prof --only pdpshape --prec d --n 8388608 --shapes 0:0:0:0 --reps 2 > /tmp/z/ncu.log 2>&1
echo "ncu rc=$? at $(el) s"
$NCU --import /tmp/z/sweep.ncu-rep --page details > /tmp/z/details.txt 2>&1
$NCU --import /tmp/z/sweep.ncu-rep --page source --csv --print-source sass > /tmp/z/sass.csv 2>&1
$NCU --import /tmp/z/sweep.ncu-rep --page source --csv --print-source cuda,sass > /tmp/z/cudasass.csv 2>&1
echo "details $(wc -l < /tmp/z/details.txt), sass $(wc -l < /tmp/z/sass.csv), cuda,sass $(wc -l < /tmp/z/cudasass.csv) lines at $(el) s"
grep -E "sweep_kernel|bwd_kernel|Duration|Issue Slots Busy|Warp Cycles Per Issued|Achieved Occupancy|No Eligible|Eligible Warps|Executed Instructions  |Registers Per|Stall" /tmp/z/details.txt | head -40
ROOT=$PWD
mkdir -p /tmp/z/elf && (cd /tmp/z/elf && cuobjdump -xelf all $ROOT/prebuilt/gtsv-gpu-bench-prof > /dev/null 2>&1)
for c in $(grep -l -a "sweep_kernelIdLi16" /tmp/z/elf/*.cubin 2>/dev/null); do
  nvdisasm -g -c "$c" > /tmp/z/dis-sweep.txt 2>/dev/null; echo "disasm $(basename $c): $(wc -l < /tmp/z/dis-sweep.txt) lines"
done
rm -f /tmp/z/elf/*.cubin
for f in /tmp/z/fbwd-*-r1.md /tmp/z/fbwd-*-r2.md; do echo "$(basename $f .md): $(grep -hE 'PDP' $f | cut -d'|' -f3,4,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz --exclude='*.ncu-rep' .
