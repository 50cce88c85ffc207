# Session 37, device call 1: what random batches pay that strictly dominant ones do not
# (issue 6: double random E 59-62% against dominant 77-82% at n = 64..1024, where n <= 256
# runs the same pivoting attempt for both). base: this tree's library (ff07735 + the
# diagnostic macro, off); diag: batch_tile built with -DGTSV_TILE_DIAG=1, run with
# GTSV_TILE_DIAG = 0 (as base), 1 (no retries: failed first attempts stored as they are),
# 2 (every finite cyclic-reduction answer accepted), 3 (both); its answers are wrong where
# a knob bites (timing only). Then check_gpu_batch alone (its pdl_chain uploads on the
# test's stream now), and its tilepdl case repeated while check_gpu_spike and check_gpu
# run beside it.
set -u
source scripts/device-prologue.sh
run() { # tag, n, prec, binary, diag
  local tag=$1 n=$2 p=$3 v=$4 dg=${5:-}
  [ "$(left)" -gt 200 ] || { echo "cut at $(el) s"; return 1; }
  GTSV_TILE_DIAG=${dg:-0} timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $n --prec $p --reps 20 \
    --md /tmp/z/ab-$tag-$p-$n.md --commit "${GTSV_COMMIT:-unknown}-$tag" > /tmp/z/last.log 2>&1
  echo "run $tag $p n=$n rc=$? at $(el) s"
}
for s in "64 d" "128 d" "256 d" "512 d" "1024 d" "64 s" "256 s"; do
  run base $s base || break
  for dg in 0 1 2 3; do run diag$dg $s diag $dg || break 2; done
done
CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout 150 prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch.log 2>&1
echo "check_gpu_batch alone rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch.log | tr '\n' ' ')" >> /tmp/z/status.txt
B=$(( $(left) - 10 ))
for t in check_gpu_spike check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
k=0
while [ "$(left)" -gt 20 ] && [ $(jobs -r | wc -l) -gt 0 ]; do
  k=$((k + 1))
  CK_FORK=no CK_RUN_CASE=tilepdl timeout 60 prebuilt/check_gpu_batch > /tmp/z/tilepdl-busy-$k.log 2>&1
  echo "tilepdl busy $k rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/tilepdl-busy-$k.log | tr '\n' ' ')" >> /tmp/z/status.txt
done
wait
grep -v "tilepdl busy.*Failures: 0, Errors: 0" /tmp/z/status.txt; echo "tilepdl passed $(grep -c 'tilepdl busy.*Failures: 0, Errors: 0' /tmp/z/status.txt) of $(grep -c 'tilepdl busy' /tmp/z/status.txt)"
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log /tmp/z/tilepdl-*.log | head -6 | cut -c1-700
echo "== strided_batch rows: ms, E, residual"
for f in /tmp/z/ab-*.md; do echo "$(basename $f .md): $(grep -hE '(random|dominant) \| gtsv strided_batch \|' $f | cut -d'|' -f2,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
