# Session 44, device call 2: tile_kernel's failed systems deferred to tile_retry_kernel
# (base: the library as it would land) against the warps running their retries and
# fallback in place (the same binary with GTSV_TILE_DEFER=0), gtsv-gpu-bench --only batch
# --lean, strided batches of 2^24 rows, double n = 64..2048 and float 64..1024 (random and
# dominant), in turn, the order reversed in round 2; then the GPU tests (gpu_tests:
# check_gpu_batch, its new tiledefer case included, check_gpu_spike, check_gpu,
# compute-sanitizer of tilespec and tilepdl; beside them check_gpu_pdp, and memcheck and
# racecheck of the tiledefer case at the small level).
set -u
source scripts/device-prologue.sh
for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do [ -d "$d" ] && PATH="$PATH:$d"; done
one() { # MODE ROUND PREC N
  [ "$(left)" -gt 330 ] || { echo "cut at $(el) s"; return 1; }
  GTSV_TILE_DEFER=$1 timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --lean --prec $3 --n $4 \
    --reps 20 --md /tmp/z/defer$1-$3-$4-r$2.md --commit "$GTSV_COMMIT-defer$1" > /tmp/z/last.log 2>&1
  echo "defer$1 r$2 $3 n=$4 rc=$? at $(el) s"
}
for r in 1 2; do
  for s in "d 64" "d 128" "d 256" "d 512" "d 1024" "d 2048" "s 64" "s 256" "s 512" "s 1024"; do
    order="0 1"; [ $r = 2 ] && order="1 0"
    for v in $order; do one $v $r $s || break 3; done
  done
done
for f in /tmp/z/defer*-r[12].md; do echo "$(basename $f .md): $(grep -hE 'gtsv strided_batch' $f | cut -d'|' -f2,4 | tr -s ' ' | tr '\n' ' ')"; done
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_pdp > /tmp/z/check_gpu_pdp.log 2>&1
  echo "check_gpu_pdp rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_pdp.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
(for tool in memcheck racecheck; do
  CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tiledefer GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-tiledefer.log 2>&1
  echo "$tool tiledefer small rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-tiledefer.log | tr '\n' ' ')" >> /tmp/z/status.txt
done) &
gpu_tests
wait
grep -E "check_gpu_pdp|tiledefer" /tmp/z/status.txt
grep -hE "FAIL|failures; first" /tmp/z/check_gpu_pdp.log | head -4 | cut -c1-400
grep -h "^defer " /tmp/z/check_gpu_batch.log | head -60
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
