# Session 28, device call 9: the info keys' epoch protocol on large strided batches (one
# count a block: 262144 blocks at n = 64), against the reset before the kernel
# (GTSV_INFO_RESET=1, as HEAD before 19ed304), order reset, new, reset, new; double.
set -u
source scripts/device-prologue.sh
for n in 64 512 1024; do
  for v in reset new reset new; do
    f=/tmp/z/$v-$n-$(el).md
    if [ $v = reset ]; then export GTSV_INFO_RESET=1; else unset GTSV_INFO_RESET; fi
    timeout 80 prebuilt/gtsv-gpu-bench-base --only batch --n $n --prec d --reps 10 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "$v $n rc=$? at $(el) s: $(grep -hE '\| gtsv strided_batch \||gtsv interleaved_batch \|' $f | awk -F'|' '{printf "%s|%s %s %s |", $2, $3, $4, $5}')"
  done
done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
