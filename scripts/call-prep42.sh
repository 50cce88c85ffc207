# Session 42, device call 7: the sweeps' shared memory limit set once per device and kernel
# to its largest block's (prepare(); host code only: nvcc's PTX of pdp_sweep.cu is
# a780c9b's but for line info): --only pdpshape double 2^23 and float 2^25 at the default
# shapes, then check_gpu_pdp and check_gpu.
set -u
source scripts/device-prologue.sh
for s in "d 8388608" "s 33554432"; do
  set -- $s
  timeout 30 prebuilt/gtsv-gpu-bench-base --only pdpshape --prec $1 --n $2 --reps 20 --shapes 0:0:0:0 \
    --md /tmp/z/prep-$1-$2.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/last.log 2>&1
  echo "prep $1 n=$2 rc=$? at $(el) s"
done
B=$(( $(left) - 5 ))
for t in check_gpu_pdp check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "FAIL|failures; first" /tmp/z/check_gpu*.log | head -6 | cut -c1-400
for f in /tmp/z/prep-*.md; do echo "$(basename $f .md): $(grep -hE 'PDP|SPIKE_DP \||gtsv2 \|' $f | cut -d'|' -f3,4,5,6,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
