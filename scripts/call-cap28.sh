# Session 28, device call 10: the epoch protocol only up to kSelfMaxBlocks = 4096 blocks
# (call 9: 0.5-0.8% slower than the reset on double random batches of 16384-32768
# blocks). Reset (GTSV_INFO_RESET=1) against new, order reset, new, reset, new: graph
# rows of 512 x 512 and 128 x 2048, and 64 x 262144, 1024 x 16384 (double); then
# check_gpu_batch and check_gpu.
set -u
source scripts/device-prologue.sh
for s in "512 512" "128 2048" "64 0" "1024 0"; do
  set -- $s
  for v in reset new reset new; do
    f=/tmp/z/$v-$1x$2-$(el).md
    if [ $v = reset ]; then export GTSV_INFO_RESET=1; else unset GTSV_INFO_RESET; fi
    if [ $2 = 0 ]; then a="--prec d --reps 10"; else a="--batch $2 --prec d --reps 20"; fi
    timeout 80 prebuilt/gtsv-gpu-bench-base --only batch --n $1 $a --md $f \
      --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "$v $1x$2 rc=$? at $(el) s: $(grep -hE '\| gtsv strided_batch( \(graph\))? \|' $f | awk -F'|' '{printf "%s|%s %s %s |", $2, $3, $4, $5}')"
  done
done
unset GTSV_INFO_RESET
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)" /tmp/z/check_gpu*.log | head -8 | cut -c1-400
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
