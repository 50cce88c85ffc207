# Session 33, device call 7: phase clocks of the speculative kernel (prebuilt/gtsv-gpu-bench-clk:
# batch_tile_double.cu built with -DGTSV_TILE_CLOCKS=1, which prints, for blocks whose warps 1
# and 2 attempted their system, each warp's phases in cycles) on one-wave double random
# batches: 512 x 512, 400 x 512, 1024 x 256. How long warps 1 and 2 (shifted attempts) take
# against warp 0 (first attempt), whose result the block keeps in about 97% of the blocks.
set -u
source scripts/device-prologue.sh
for s in "512 512" "400 512" "1024 256"; do
  set -- $s
  timeout 60 prebuilt/gtsv-gpu-bench-clk --only batch --n $1 --batch $2 --prec d --reps 2 \
    > /tmp/z/clk-$1x$2.log 2>&1
  echo "clk $1x$2 rc=$? at $(el) s"
  grep -m 12 "^tile_spec" /tmp/z/clk-$1x$2.log | cut -c1-260
done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
