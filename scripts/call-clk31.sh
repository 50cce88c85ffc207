# Session 31, device call 5: phase clocks of block_np (prebuilt clk2: batch_tile_double.cu
# with -DGTSV_TILE_CLOCKS=2, the tree 93ac009 plus the clock stamps in block_np), double
# 512 x 512 and 1024 x 256 strictly dominant batches; lane 0 of warp 0, cycles at 1980 MHz.
set -u
source scripts/device-prologue.sh
for s in "512 512" "1024 256"; do
  set -- $s
  timeout 60 prebuilt/gtsv-gpu-bench-clk2 --only batch --n $1 --batch $2 --prec d --reps 5 > /tmp/z/clk-$1x$2.log 2>&1
  echo "clk $1x$2 rc=$? at $(el) s"
  grep "^tile_bnp" /tmp/z/clk-$1x$2.log | sed -n '1,2p;17,24p;57,64p' | cut -c1-200
done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
