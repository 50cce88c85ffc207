# Session 31, device call 3: (a) piv_block, the one DP_SEQ factorisation step that
# seq_step, part_step and batch_nrhs.cu's kernels now share: prebuilt benchmark "pre" (the
# tree before it, ed64a35) against "base" (the tree), order pre, base, pre, base: strided
# batches n = 64, 256, 1024 (double, random and dominant) and one matrix with many
# right-hand sides (--only short, n = 256 and 1024); (b) block_np on one-wave batches,
# GTSV_TILE_BNP=1 / 0 / 1 / 0 with base; (c) check_gpu_batch (every case), check_gpu,
# check_gpu_spike, and compute-sanitizer racecheck + memcheck of check_gpu_batch's
# tilespec case (GTSV_GPU_TEST_SMALL=1), side by side.
set -u
source scripts/device-prologue.sh
for v in pre base pre base; do
  for n in 64 256 1024; do
    f=/tmp/z/$v-batch$n-$(el).md
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $n --prec d --reps 10 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "$v batch n=$n rc=$? at $(el) s"
  done
  for n in 256 1024; do
    f=/tmp/z/$v-short$n-$(el).md
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only short --n $n --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "$v short n=$n rc=$? at $(el) s"
  done
  [ "$(left)" -gt 330 ] || { echo "A/B cut at $(el) s"; break; }
done
for v in 1 0 1 0; do
  for s in "512 512" "1024 256"; do
    [ "$(left)" -gt 300 ] || { echo "bnp cut at $(el) s"; break 2; }
    set -- $s
    f=/tmp/z/bnp$v-$1x$2-$(el).md
    GTSV_TILE_BNP=$v timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 --batch $2 --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-bnp$v" > /tmp/z/last.log 2>&1
    echo "bnp$v $1x$2 rc=$? at $(el) s"
  done
done
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu check_gpu_spike; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
for tool in racecheck memcheck; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tilespec GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-tilespec.log 2>&1; echo "$tool tilespec rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-tilespec.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-400
grep -h "Race reported" /tmp/z/racecheck-tilespec.log | head -4 | cut -c1-300
echo "== A/B pre / base (ms or graph ms), strided_batch and nrhs AUTO rows"
for f in /tmp/z/pre-*.md /tmp/z/base-*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv strided_batch \||\| gtsv strided_batch \(graph\) \||AUTO \(graph\)" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s|%s\n", $2, $3, v, $4}'
done | sort | awk -F'|' '{k=$1"|"$2; a[k]=a[k]" "$3":"$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "== bnp 1 / 0 (graph ms)"
for f in /tmp/z/bnp*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv strided_batch \(graph\) \|" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s\n", $2, v, $4 " " $7}'
done | sort | awk -F'|' '{a[$1]=a[$1]" "$2":"$3} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
