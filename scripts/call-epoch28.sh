# Session 28, device calls 5-7 (6: the count's result used at the block's end; 7: before its stores): the on-chip batch kernel keeps the info keys itself (the
# epoch protocol, src/cuda/state.h) instead of a cudaMemsetAsync before each solve.
# One prebuilt benchmark of the tree; GTSV_INFO_RESET=1 puts the reset back (as HEAD),
# in the order reset, new, reset, new; then check_gpu_batch (with the new
# info_keys_between_solves), check_gpu and check_gpu_spike, side by side.
set -u
source scripts/device-prologue.sh
for v in reset new reset new; do
  for s in "512 512" "128 2048" "1024 256"; do
    set -- $s
    f=/tmp/z/$v-$1x$2-$(el).md
    if [ $v = reset ]; then export GTSV_INFO_RESET=1; else unset GTSV_INFO_RESET; fi
    timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 --batch $2 --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "$v $1x$2 rc=$? at $(el) s: $(grep -hE '\| gtsv strided_batch( \(graph\))? \||gtsv2StridedBatch \(graph\)' $f | awk -F'|' '{printf "%s|%s %s |", $2, $3, $4}')"
  done
done
unset GTSV_INFO_RESET
B=$(( $(left) - 10 ))
for t in ${TESTS:-check_gpu_batch check_gpu check_gpu_spike}; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)" /tmp/z/check_gpu*.log | head -8 | cut -c1-400
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
