# Session 41, device call 4: the sweeps' copies and stores without bounds for inner
# stages (373ffc2, gtsv-gpu-bench-base) against 830abe6 (gtsv-gpu-bench-pre), the library's
# default shapes, --only pdpshape, alternating, two rounds; float's backward pass by
# warm-down sweeps (GTSV_PDP_SWEEP_BWD=1, K 16 and 32) against the scan kernel; ncu of the
# double sweeps at 2^23 (instructions a row); then check_gpu_pdp and check_gpu beside
# compute-sanitizer memcheck of check_gpu_pdp's main case and racecheck of its sweep case.
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
one() { # VARIANT ROUND PREC N [ENV] [SHAPES] [TAG]
  [ "$(left)" -gt 330 ] || { echo "cut at $(el) s"; return 1; }
  env ${5:-GTSV_NONE=1} timeout 90 prebuilt/gtsv-gpu-bench-$1 --only pdpshape --prec $3 --n $4 --reps 20 \
    --shapes "${6:-0:0:0:0}" --md /tmp/z/$1${7:-}-$3-$4-r$2.md --commit "${GTSV_COMMIT:-unknown}-$1${7:-}" > /tmp/z/last.log 2>&1
  echo "$1${7:-} r$2 $3 n=$4 rc=$? at $(el) s"
}
for r in 1 2; do
  order="pre base"; [ $r = 2 ] && order="base pre"
  for s in "d 4194304" "d 8388608" "d 16777216" "d 33554432" "s 8388608" "s 33554432"; do
    for v in $order; do one $v $r $s || break 3; done
  done
  for n in 8388608 16777216 33554432; do
    one base $r s $n GTSV_PDP_SWEEP_BWD=1 "0:0:0:0,0:0:0:32" -fbwd || break 2
  done
done
timeout 120 $NCU --clock-control none --kernel-name regex:"sweep_kernel|bwd_kernel" --launch-skip 2 --launch-count 2 \
  --section SpeedOfLight --section SchedulerStats --section WarpStateStats --section InstructionStats \
  --section SourceCounters -o /tmp/z/sweep \
  prebuilt/gtsv-gpu-bench-prof --only pdpshape --prec d --n 8388608 --shapes 0:0:0:0 --reps 2 > /tmp/z/ncu.log 2>&1
echo "ncu rc=$? at $(el) s"
$NCU --import /tmp/z/sweep.ncu-rep --page details > /tmp/z/details.txt 2>&1
$NCU --import /tmp/z/sweep.ncu-rep --page source --csv --print-source sass > /tmp/z/sass.csv 2>&1
grep -E "sweep_kernel|bwd_kernel|Duration|Issue Slots Busy|Warp Cycles Per Issued|Executed Instructions  " /tmp/z/details.txt | cut -c1-120 | head -12
B=$(( $(left) - 10 ))
for t in check_gpu_pdp check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=gpu_pdp GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/memcheck-pdp.log 2>&1
  echo "memcheck gpu_pdp tiny rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|^[0-9]+%: Checks' /tmp/z/memcheck-pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=sweep GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool racecheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/racecheck-sweep.log 2>&1
  echo "racecheck sweep tiny rc=$? at $(el) s: $(grep -E 'RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/racecheck-sweep.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "FAIL|failures; first" /tmp/z/check_gpu*.log /tmp/z/memcheck-pdp.log /tmp/z/racecheck-sweep.log | head -8 | cut -c1-600
for f in /tmp/z/*-r1.md /tmp/z/*-r2.md; do echo "$(basename $f .md): $(grep -hE 'PDP|SPIKE_DP \|' $f | cut -d'|' -f3,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz --exclude='*.ncu-rep' .
