# Session 22, device call 1: build + full ctest of the tree (the default knobs), the batch
# test with user batches of 513..2048 rows sent one system a block (GTSV_BATCH_BLOCK=1),
# then the batch table's long shapes both ways in the same run (double random strided).
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/o && rm -rf /tmp/o/*
OUT=/tmp/o SKIP="memcheck racecheck bench" scripts/gpu.sh > /tmp/o/gpu.log 2>&1
grep -E "tests passed|tests failed|\*\*\*Failed|Timeout" /tmp/o/ctest.log | head -8
echo "ctest done at $(( $(date +%s) - T0 )) s"
B=build-h200
LD=$(ls -d $PWD/.deps/usr/lib/x86_64-linux-gnu 2>/dev/null)
GTSV_BATCH_BLOCK=1 LD_LIBRARY_PATH=$LD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} timeout 200 $B/tests/check_gpu_batch > /tmp/o/batch-block.log 2>&1
echo "check_gpu_batch with GTSV_BATCH_BLOCK=1: rc $? $(grep -E '^[0-9]+%' /tmp/o/batch-block.log | tail -1)"
echo "test done at $(( $(date +%s) - T0 )) s"
for n in 1024 600 2048; do
  for k in 0 1; do
    [ $(( $(date +%s) - T0 )) -gt ${LIMIT:-540} ] && { echo "stopped before n=$n k=$k"; break 2; }
    GTSV_BATCH_BLOCK=$k $B/bench/gtsv-gpu-bench --only batch --n $n --prec d --reps 10 --md /tmp/o/b-$n-$k.md --commit "$GTSV_COMMIT" > /tmp/o/b-$n-$k.log 2>&1
    echo "n=$n GTSV_BATCH_BLOCK=$k"; grep -E "\| gtsv strided_batch \|" /tmp/o/b-$n-$k.md | cut -c1-120
  done
done
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/o && tar czf $FINAL/o.tgz .
