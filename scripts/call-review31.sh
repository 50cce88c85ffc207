# Session 31, device call 7 (review): the cancellation test as one function (cancel_pass,
# tile_core.h) in spike_level, block_np, tile_block_kernel and the host emulation; same
# arithmetic. Prebuilt "pre" (a7f2c0f, the library of call 4) against "base" (the tree),
# order pre, base, pre, base; then check_gpu_batch, check_gpu_spike, and racecheck +
# memcheck of check_gpu_batch's tilespec case.
set -u
source scripts/device-prologue.sh
for v in pre base pre base; do
  for s in "512 512" "1024 256"; do
    set -- $s
    f=/tmp/z/$v-$1x$2-$(el).md
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $1 --batch $2 --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "$v $1x$2 rc=$? at $(el) s"
  done
  f=/tmp/z/$v-batch512-$(el).md
  timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n 512 --prec d --reps 10 --md $f \
    --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
  echo "$v batch n=512 rc=$? at $(el) s"
done
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu_spike; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
for tool in racecheck memcheck; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tilespec GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-tilespec.log 2>&1; echo "$tool tilespec rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-tilespec.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-400
echo "== pre / base: strided_batch (graph us or ms), residual"
for f in /tmp/z/pre-*.md /tmp/z/base-*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv strided_batch \(graph\) \||\| gtsv strided_batch \|" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s\n", $2 "|" $3, v, $4 " " $7}'
done | sort | awk -F'|' '{k=$1"|"$2; a[k]=a[k]" "$3":"$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
