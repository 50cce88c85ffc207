# Session 21's third device call: part_solve's forward sweep one row an iteration (this tree)
# against the block-step sweep (ab-old/: commit c248c57, untracked copy), same card, same run:
# both built (sm_90, Release), batch A/B (double; strided, graph rows), then the batch tests.
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/o && rm -rf /tmp/o/*
PATH=$PATH:/usr/local/cuda/bin
. scripts/lapacke-arg.sh
( cmake -S ab-old -B build-old -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DGTSV_WITH_CUDA=ON -DGTSV_BUILD_TESTS=OFF "${LAPACKE_ARG[@]}" > /tmp/o/old-configure.log 2>&1 &&
  cmake --build build-old -j 8 --target gtsv-gpu-bench > /tmp/o/old-build.log 2>&1 ) &
OLD=$!
OUT=/tmp/o SKIP="ctest memcheck racecheck bench" JOBS=12 scripts/gpu.sh > /tmp/o/gpu.log 2>&1
wait $OLD
echo "built in $(( $(date +%s) - T0 )) s"; ls build-old/bench/gtsv-gpu-bench build-h200/bench/gtsv-gpu-bench
for s in ${SHAPES:-512x512 64x262144 256x65536 512x32768 1024x16384}; do
  for v in new old; do
    [ $(( $(date +%s) - T0 )) -gt 400 ] && break 2
    B=build-h200/bench/gtsv-gpu-bench; [ $v = old ] && B=build-old/bench/gtsv-gpu-bench
    $B --only batch --n ${s%x*} --batch ${s#*x} --prec d --reps 10 --md /tmp/o/ab-$v-$s.md \
       --commit "$v" > /tmp/o/ab-$v-$s.log 2>&1
    grep -E "\| gtsv strided_batch( \(graph\))? \||retries in turn|gtsv2StridedBatch \|" /tmp/o/ab-$v-$s.md | sed "s/^/$v /" | cut -c1-120
  done
done
echo "bench done at $(( $(date +%s) - T0 )) s"
(cd build-h200 && timeout $(( 585 - ($(date +%s) - T0) )) ctest -R "check_gpu_batch|check_tile_core|check_gpu_spike" -j 3 --output-on-failure > /tmp/o/ctest.log 2>&1)
grep -E "tests passed|tests failed|\*\*\*|Passed|Failed" /tmp/o/ctest.log | head -8
cd /tmp/o && tar czf $FINAL/o.tgz .
