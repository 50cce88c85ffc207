# Session 29, device call 1: short single systems on the on-chip kernel (desc.seq).
# The --only short table (eager and graph; the kernels before it through the knob in
# the same run), then check_gpu_batch and check_gpu, and racecheck of check_gpu_pdp's
# spec and forget cases at GTSV_GPU_TEST_SMALL=2 (two tiles and a row).
set -u
source scripts/device-prologue.sh
timeout 150 prebuilt/gtsv-gpu-bench-base --only short --prec both --reps 20 \
  --md /tmp/z/short.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/bench.log 2>&1
echo "bench rc=$? at $(el) s"
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
for c in spec forget; do
  (CK_RUN_CASE=$c CK_FORK=no CK_DEFAULT_TIMEOUT=1200 GTSV_GPU_TEST_SMALL=2 timeout $B \
     compute-sanitizer --tool racecheck --racecheck-report hazard prebuilt/check_gpu_pdp > /tmp/z/race_$c.log 2>&1
   echo "racecheck $c rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks|RACECHECK SUMMARY|ERROR SUMMARY' /tmp/z/race_$c.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)" /tmp/z/check_gpu*.log /tmp/z/race_*.log | head -8 | cut -c1-400
grep -h "check_gpu_pdp:" /tmp/z/race_*.log | head
echo "done at $(el) s"
grep -E "^\| short" /tmp/z/short.md | awk -F'|' '{printf "%-28s %-34s %9s %7s %10s\n",$2,$3,$4,$6,$7}'
cd /tmp/z && tar czf $FINAL/z.tgz .
