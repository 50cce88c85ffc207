# Session 42, device call 6: the sweep kernels with a register bound (lb:
# __launch_bounds__(128, 4) forward, (256, 4) backward: 128 and 64 registers, as the
# one-warp kernels of call 2 had, against 168 and 80 since 497578e) against the library
# (base, b6b9f69), --only pdpshape at the library's shapes, alternating, two rounds; then
# lb's check_gpu_pdp beside compute-sanitizer memcheck of its main case and racecheck of
# its sweep case (tiny), the racecheck on the sweep file's kernels only
# (--kernel-name kns=gtsv_pdp_sweep).
set -u
source scripts/device-prologue.sh
one() { # VARIANT ROUND PREC N
  [ "$(left)" -gt 200 ] || { echo "cut at $(el) s"; return 1; }
  timeout 60 prebuilt/gtsv-gpu-bench-$1 --only pdpshape --prec $3 --n $4 --reps 20 \
    --shapes 0:0:0:0 --md /tmp/z/$1-$3-$4-r$2.md --commit "${GTSV_COMMIT:-unknown}-$1" > /tmp/z/last.log 2>&1
  echo "$1 r$2 $3 n=$4 rc=$? at $(el) s"
}
for r in 1 2; do
  order="base lb"; [ $r = 2 ] && order="lb base"
  for s in "d 8388608" "d 33554432" "s 8388608" "s 33554432"; do
    for v in $order; do one $v $r $s || break 3; done
  done
done
B=$(( $(left) - 5 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_pdp-lb > /tmp/z/check_gpu_pdp-lb.log 2>&1; echo "check_gpu_pdp-lb rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_pdp-lb.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=gpu_pdp GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_pdp-lb > /tmp/z/memcheck-lb.log 2>&1
  echo "memcheck gpu_pdp tiny lb rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|^[0-9]+%: Checks' /tmp/z/memcheck-lb.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=sweep GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool racecheck --kernel-name kns=gtsv_pdp_sweep --error-exitcode 99 prebuilt/check_gpu_pdp-lb > /tmp/z/racecheck-lb.log 2>&1
  echo "racecheck sweep tiny lb (sweep file's kernels) rc=$? at $(el) s: $(grep -E 'RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/racecheck-lb.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "FAIL|failures; first|rror" /tmp/z/check_gpu_pdp-lb.log /tmp/z/racecheck-lb.log | head -6 | cut -c1-400
for f in /tmp/z/*-r1.md /tmp/z/*-r2.md; do echo "$(basename $f .md): $(grep -hE 'PDP|SPIKE_DP \|' $f | cut -d'|' -f3,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
