# Session 42, device call 4: the library as it lands (AUTO takes the GPU PDP for one double
# column from 2^23 rows; the sweeps' kernels are call 3's, 497578e): --only pdpshape, the
# default shapes against the other forward candidate and other backward C (kShare and
# kBwdWarpsPerSm under blocks of several warps), random, dominant and zero-diagonal pairs;
# --only single; then check_gpu_pdp (with auto_long) and check_gpu.
set -u
source scripts/device-prologue.sh
one() { # ROUND PREC N SHAPES TAG KIND
  [ "$(left)" -gt 260 ] || { echo "cut at $(el) s"; return 1; }
  timeout 90 prebuilt/gtsv-gpu-bench-base --only pdpshape --prec $2 --n $3 --reps 20 --kind ${6:-0} \
    --shapes "$4" --md /tmp/z/$5-$2-$3-r$1.md --commit "${GTSV_COMMIT:-unknown}-$5" > /tmp/z/last.log 2>&1
  echo "$5 r$1 $2 n=$3 rc=$? at $(el) s"
}
one 1 d 4194304 "0:0:0:0,224:16:0:0" c
one 1 d 8388608 "0:0:0:0,416:16:0:0,0:0:512:16,0:0:128:16" c
one 1 d 16777216 "0:0:0:0,800:16:0:0" c
one 1 d 33554432 "0:0:0:0,1600:16:0:0,0:0:2048:16" c
one 1 s 4194304 "0:0:0:0,192:32:0:0" c
one 1 s 8388608 "0:0:0:0,352:32:0:0" c
one 1 s 16777216 "0:0:0:0,1024:32:0:0" c
one 1 s 33554432 "0:0:0:0,2016:32:0:0" c
for k in 1 2; do
  one 1 d 8388608 "0:0:0:0" kind$k $k
  one 1 s 8388608 "0:0:0:0" kind$k $k
done
one 1 d 33554432 "0:0:0:0" kind1 1
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
for f in /tmp/z/*-r1.md; do echo "$(basename $f .md): $(grep -hE 'PDP|SPIKE_DP \|' $f | cut -d'|' -f3,4,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
