# Session 31, device call 1: the speculative kernel's warps 1 and 2 copy warp 0's tile
# from shared memory, only where they have a system to attempt (GTSV_TILE_SPEC_SHARE=1,
# the tree's default), against each warp loading its own tile from global memory (=0,
# as before). Prebuilt binaries: base (the tree), clk1 / clk2 (batch_tile_double.cu with
# -DGTSV_TILE_CLOCKS=1 / 2: phase clocks of random / dominant blocks).
# 1. one-wave batches, share 1 / 0 / 1 / 0, graph rows;
# 2. phase clocks, double 512 x 512, share 1 and 0, random and dominant blocks;
# 3. check_gpu_batch's tilespec case, and compute-sanitizer racecheck + memcheck of it
#    (GTSV_GPU_TEST_SMALL=1), side by side.
set -u
source scripts/device-prologue.sh
for v in 1 0 1 0; do
  for s in "512 512" "256 512" "1024 256" "128 2048"; do
    [ "$(left)" -gt 300 ] || { echo "bench cut at $(el) s"; break 2; }
    set -- $s
    f=/tmp/z/share$v-$1x$2-$(el).md
    GTSV_TILE_SPEC_SHARE=$v timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 --batch $2 --prec both --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-share$v" > /tmp/z/last.log 2>&1
    echo "share$v $1x$2 rc=$? at $(el) s"
  done
done
for c in 1 2; do
  for sh in 1 0; do
    GTSV_TILE_SPEC_SHARE=$sh timeout 60 prebuilt/gtsv-gpu-bench-clk$c --only batch --n 512 --batch 512 \
      --prec d --reps 5 > /tmp/z/clk$c-share$sh.log 2>&1
    echo "clk$c share $sh rc=$? at $(el) s"
  done
done
B=$(( $(left) - 10 ))
(CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tilespec timeout $B prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch.log 2>&1; echo "check_gpu_batch rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
for tool in racecheck memcheck; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tilespec GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-tilespec.log 2>&1; echo "$tool tilespec rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-tilespec.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu_batch.log /tmp/z/*-tilespec.log | head -8 | cut -c1-400
for c in 1 2; do for sh in 1 0; do echo "== clk$c share $sh"; grep "^tile_spec" /tmp/z/clk$c-share$sh.log | head -4 | cut -c1-260; done; done
echo "== graph us a solve (share 1 / 0 alternating): shape | strided_batch | retries in turn | gtsv2StridedBatch"
for f in /tmp/z/share*.md; do
  b=$(basename $f .md)
  grep -hE "\| gtsv strided_batch \(graph\) \||retries in turn \(graph\)|gtsv2StridedBatch \(graph\)" $f | awk -F'|' -v b="$b" '{printf "%s %s %s %s\n", b, $2, $3, $4}'
done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
