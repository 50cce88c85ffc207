# Session 42, device call 5: the library as it lands (kShare 1.6: blocks of four warps at
# every size measured; AUTO takes the GPU PDP for one float column from 2^24 rows too;
# the kernels are call 3's): --only pdpshape float 2^24 and 2^25 by kind, double 2^24;
# --only single; then check_gpu_pdp (auto_long on both sides of float's threshold) and
# check_gpu.
set -u
source scripts/device-prologue.sh
one() { # PREC N KIND
  [ "$(left)" -gt 200 ] || { echo "cut at $(el) s"; return 1; }
  timeout 90 prebuilt/gtsv-gpu-bench-base --only pdpshape --prec $1 --n $2 --reps 20 --kind $3 \
    --shapes 0:0:0:0 --md /tmp/z/kind$3-$1-$2.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/last.log 2>&1
  echo "kind$3 $1 n=$2 rc=$? at $(el) s"
}
for k in 0 1; do one s 16777216 $k; one s 33554432 $k; one d 16777216 $k; done
one s 16777216 2
timeout 90 prebuilt/gtsv-gpu-bench-base --only single --reps 20 --md /tmp/z/single.md \
  --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/single.log 2>&1
echo "single rc=$? at $(el) s"
B=$(( $(left) - 10 ))
for t in check_gpu_pdp check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "FAIL|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-600
grep -E "random \| (gtsv PDP|gtsv SPIKE_DP|cusparse gtsv2) \|" /tmp/z/single.md | cut -d'|' -f2-7
for f in /tmp/z/kind*.md; do echo "$(basename $f .md): $(grep -hE 'PDP|SPIKE_DP \||gtsv2 \|' $f | cut -d'|' -f3,4,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
