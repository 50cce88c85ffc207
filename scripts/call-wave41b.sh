# Session 41, device call 2: call 1's run-time C with the forward sweep's fresh start and
# entry record at a stage's first row (fewer instructions a row), the backward waves
# capped at eight warps an SM and float's forward K 32 at every n from 2^22: the
# library's default ("0") against the best shapes of call 1 and session 40's shapes, in
# one process a size (--only pdpshape), session 40's library (gtsv-gpu-bench-old) --only
# single as a control, two rounds; the library's --only single table once; then the GPU
# tests as in call 1.
set -u
source scripts/device-prologue.sh
shp() { # ROUND PREC N SHAPES
  [ "$(left)" -gt 260 ] || { echo "cut at $(el) s"; return 1; }
  timeout 90 prebuilt/gtsv-gpu-bench-base --only pdpshape --prec $2 --n $3 --reps 20 --shapes "$4" \
    --md /tmp/z/shape-$2-$3-r$1.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/shape-$2-$3-r$1.log 2>&1
  echo "shape r$1 $2 n=$3 rc=$? at $(el) s"
}
for r in 1 2; do
  shp $r d 4194304 "0:0:0:0,256:0:0:0,512:0:512:0"
  shp $r d 8388608 "0:0:0:0,512:0:0:0,416:0:0:0,0:0:192:0,512:0:512:0"
  shp $r d 16777216 "0:0:0:0,1024:0:0:0,0:0:384:0,1024:0:1024:0"
  shp $r d 33554432 "0:0:0:0,2048:0:0:0,0:0:736:0,1024:0:1024:0"
  shp $r s 4194304 "0:0:0:0,256:0:0:0,512:0:0:0"
  shp $r s 8388608 "0:0:0:0,384:0:0:0,512:0:0:0"
  shp $r s 16777216 "0:0:0:0,1024:0:0:0"
  shp $r s 33554432 "0:0:0:0,1024:16:0:0,1600:16:0:0"
  [ "$(left)" -gt 260 ] || break
  timeout 90 prebuilt/gtsv-gpu-bench-old --only single --reps 20 --md /tmp/z/old-r$r.md \
    --commit 6f51fc1 > /tmp/z/old-r$r.log 2>&1
  echo "old single r$r rc=$? at $(el) s"
done
timeout 90 prebuilt/gtsv-gpu-bench-base --only single --reps 20 --md /tmp/z/single.md \
  --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/single.log 2>&1
echo "single rc=$? at $(el) s"
B=$(( $(left) - 10 ))
for t in check_gpu_pdp check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=gpu_pdp GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool memcheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/memcheck-pdp.log 2>&1
  echo "memcheck gpu_pdp tiny rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|^[0-9]+%: Checks' /tmp/z/memcheck-pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=sweep GTSV_GPU_TEST_SMALL=2 timeout $B compute-sanitizer --tool racecheck --error-exitcode 99 prebuilt/check_gpu_pdp > /tmp/z/racecheck-sweep.log 2>&1
  echo "racecheck sweep tiny rc=$? at $(el) s: $(grep -E 'RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/racecheck-sweep.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
wait
cat /tmp/z/status.txt
grep -hE "FAIL|failures; first" /tmp/z/check_gpu*.log /tmp/z/memcheck-pdp.log /tmp/z/racecheck-sweep.log | head -8 | cut -c1-600
for f in /tmp/z/shape-*-r1.md; do echo "== $f"; grep -E "PDP|gtsv2 |SPIKE_DP \|" $f | cut -d'|' -f2-6 | sed -e 's/ random//' -e 's/gtsv PDP sweep //'; done
for f in /tmp/z/old-r1.md; do echo "== $f"; grep -E "random \| gtsv PDP" $f | cut -d'|' -f2-6; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
