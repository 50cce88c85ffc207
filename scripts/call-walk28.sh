# Session 28, device call 1: the look-back walks that wait only on the tiles before the
# one they stop at (find_near, src/pdp/pdp.cu) against HEAD's walks (each lane waited for
# its own flag: every step waited for the slowest of 32 tiles). Prebuilt benchmarks
# (scripts/prebuild.sh): head = HEAD's pdp.cu, base = the new tree; clk/clkhead the same
# with -DGTSV_PDP_CLOCKS=1. Order head, base, head, base. Then check_gpu_pdp and check_gpu
# (new tree) and racecheck of check_gpu_pdp's gpu_pdp case (GTSV_GPU_TEST_SMALL=2).
set -u
source scripts/device-prologue.sh
for v in clkhead clk; do
  GTSV_PDP_CLK=4 timeout 60 prebuilt/gtsv-gpu-bench-$v --only single --prec d --n 8388608 --reps 4 > /tmp/z/$v.log 2>&1
  echo "== $v rc=$? at $(el) s"
  awk '/^pdp_clk n=/{c++} c==2' /tmp/z/$v.log | cut -c1-175 | head -14
done
for v in head base head base; do
  for n in 8388608 33554432; do
    [ $(left) -lt 240 ] && { echo "no time left for $v $n"; continue; }
    timeout 80 prebuilt/gtsv-gpu-bench-$v --only single --prec both --n $n --reps 10 --md /tmp/z/$v-$n-$(el).md \
      --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/$v-$n.log 2>&1
    echo "$v $n rc=$? at $(el) s"
    grep -hE "\| (cusparse gtsv2|gtsv PDP) \|" $(ls -t /tmp/z/$v-$n-*.md | head -1) | cut -c1-90
  done
done
B=$(( $(left) - 10 ))
for t in check_gpu_pdp check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log)" >> /tmp/z/status.txt) &
done
(GTSV_GPU_TEST_SMALL=2 CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=gpu_pdp timeout $B \
   compute-sanitizer --tool racecheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/racecheck-pdp.log 2>&1
 echo "racecheck check_gpu_pdp (gpu_pdp, tiny) rc=$? at $(el) s: $(grep -E 'RACECHECK SUMMARY|Checks' /tmp/z/racecheck-pdp.log | tail -2 | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "^check_gpu_pdp:" /tmp/z/check_gpu_pdp.log | head -8 | cut -c1-250
grep -hE "[0-9]+: .*(Failure|Error)" /tmp/z/check_gpu*.log | head -8 | cut -c1-300
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
