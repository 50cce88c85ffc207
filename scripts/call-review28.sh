# Session 28, device call 11: after the review commit (the batch dispatch decides each
# path once; host code only): check_gpu_batch and check_gpu, and the graph rows of
# 512 x 512 (double) as a check that the on-chip kernel still runs without the reset.
set -u
source scripts/device-prologue.sh
timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n 512 --batch 512 --prec d --reps 20 \
  --md /tmp/z/b512x512.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/bench.log 2>&1
echo "bench rc=$? at $(el) s"
grep -hE '\| gtsv strided_batch( \(graph\))? \||gtsv2StridedBatch \(graph\)' /tmp/z/b512x512.md | cut -c1-110
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)" /tmp/z/check_gpu*.log | head -8 | cut -c1-400
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
