# Session 30, device call 8: nrhs_fused's unrolled run length (GTSV_NRHS_SUB: base 16, s8,
# s32 = float's whole chunk as before), --only short in turn; check_gpu_batch on the base.
set -u
source scripts/device-prologue.sh
for v in "base both" "s8 both" "s32 s"; do
  set -- $v
  timeout 100 prebuilt/gtsv-gpu-bench-$1 --only short --prec $2 --reps 20 \
    --md /tmp/z/short-$1.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/bench-$1.log 2>&1
  echo "bench $1 rc=$? at $(el) s"
done
B=$(( $(left) - 10 ))
CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch.log 2>&1
echo "check_gpu_batch rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch.log | tr '\n' ' ')"
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu_batch.log | head -4 | cut -c1-300
grep -h "gtsv nrhs" /tmp/z/check_gpu_batch.log
for f in /tmp/z/short-*.md; do
  echo "== $f"
  grep -E "^\| short (double|float) n=(64|128|256|1024) nrhs=(4|64|1024|16384|65536) " $f | grep "fused (graph)" | awk -F"|" '{printf "%s %s;",$2,$4}'
  echo
done
cd /tmp/z && tar czf $FINAL/z.tgz .
