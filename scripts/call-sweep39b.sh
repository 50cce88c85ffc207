# Session 39, device call 2: the warm-up sweep with the early-stopping repair. The
# single-system table (--only single) in turn: base (W = 192 in double; the library's
# default: the sweep from 2^22 rows), w128 (W = 128 in double), and base with the
# checked-splice kernel alone (GTSV_PDP_SWEEP=0), two rounds; then check_gpu_pdp (all
# cases) beside compute-sanitizer memcheck and racecheck of its main case at the tiny level.
set -u
source scripts/device-prologue.sh
for r in 1 2; do
  for v in base:1 w128:1 base:0; do
    [ "$(left)" -gt 300 ] || break
    b=${v%%:*}; s=${v#*:}
    GTSV_PDP_SWEEP=$s timeout 100 prebuilt/gtsv-gpu-bench-$b --only single --reps 20 \
      --md /tmp/z/single-$b-sweep$s-r$r.md --commit "${GTSV_COMMIT:-unknown}-$b-sweep$s" > /tmp/z/single-$b-sweep$s-r$r.log 2>&1
    echo "single $b sweep=$s r$r rc=$? at $(el) s"
  done
done
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_pdp > /tmp/z/check_gpu_pdp.log 2>&1; echo "check_gpu_pdp rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(for tool in memcheck racecheck; do
  CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=gpu_pdp GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/$tool-pdp.log 2>&1
  echo "$tool gpu_pdp tiny rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt
done) &
wait
cat /tmp/z/status.txt
grep -hE "FAIL|failures; first" /tmp/z/check_gpu_pdp.log /tmp/z/*-pdp.log | head -8 | cut -c1-600
grep -h "check_gpu_pdp: sweep" /tmp/z/check_gpu_pdp.log | head -20
for f in /tmp/z/single-*-r*.md; do echo "== $f"; grep -E "PDP" $f; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
