# Session 42, device call 3: the sweeps in blocks of several warps where the grid spreads
# thinly (forward 4 warps a block, backward 8, one block an SM: base, the library as it
# would land, kShare 1.4) against the same binary with one-warp blocks
# (GTSV_PDP_SWEEP_FW=1 GTSV_PDP_SWEEP_BW=1: base1) and against call 2's library (pf,
# 97ab738's sweep: launch bounds of one warp), --only pdpshape at the library's shapes,
# alternating, two rounds; ncu source counters of the double sweeps at 2^23 (-lineinfo
# build); --only single; then pdp_tests.
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
one() { # VARIANT ROUND PREC N
  [ "$(left)" -gt 440 ] || { echo "cut at $(el) s"; return 1; }
  local v=$1 e=GTSV_NONE=1
  [ $v = base1 ] && { v=base; e="GTSV_PDP_SWEEP_FW=1 GTSV_PDP_SWEEP_BW=1"; }
  env $e timeout 90 prebuilt/gtsv-gpu-bench-$v --only pdpshape --prec $3 --n $4 --reps 20 \
    --shapes 0:0:0:0 --md /tmp/z/$1-$3-$4-r$2.md --commit "${GTSV_COMMIT:-unknown}-$1" > /tmp/z/last.log 2>&1
  echo "$1 r$2 $3 n=$4 rc=$? at $(el) s"
}
for r in 1 2; do
  order="pf base1 base"; [ $r = 2 ] && order="base base1 pf"
  for s in "d 4194304" "d 8388608" "d 16777216" "d 33554432" "s 8388608" "s 33554432"; do
    for v in $order; do one $v $r $s || break 3; done
  done
done
timeout 100 $NCU --clock-control none --kernel-name regex:"sweep_kernel|bwd_kernel" --launch-skip 2 --launch-count 2 \
  --section SpeedOfLight --section SchedulerStats --section WarpStateStats --section InstructionStats \
  --section LaunchStats --section Occupancy --section SourceCounters -o /tmp/z/sweep \
  prebuilt/gtsv-gpu-bench-prof --only pdpshape --prec d --n 8388608 --shapes 0:0:0:0 --reps 2 > /tmp/z/ncu.log 2>&1
echo "ncu rc=$? at $(el) s"
$NCU --import /tmp/z/sweep.ncu-rep --page details > /tmp/z/details.txt 2>&1
$NCU --import /tmp/z/sweep.ncu-rep --page source --csv --print-source sass > /tmp/z/sass.csv 2>&1
grep -E "sweep_kernel|bwd_kernel|Duration|Warp Cycles Per Issued|Executed Instructions  |Registers Per|Achieved Occ|Block Size" /tmp/z/details.txt | tr -s ' ' | cut -c1-100 | head -20
timeout 90 prebuilt/gtsv-gpu-bench-base --only single --reps 20 --md /tmp/z/single.md \
  --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/single.log 2>&1
echo "single rc=$? at $(el) s"
pdp_tests
grep -E "random \| (gtsv PDP|gtsv SPIKE_DP|cusparse gtsv2) \|" /tmp/z/single.md | cut -d'|' -f2-7
for f in /tmp/z/*-r1.md /tmp/z/*-r2.md; do echo "$(basename $f .md): $(grep -hE 'PDP' $f | cut -d'|' -f3,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz --exclude='*.ncu-rep' .
