# Session 21's second device call: build, full ctest, small strided batches (graph rows:
# speculation on / "retries in turn"), then the speculative kernel's phase clocks
# (a second build with -DGTSV_TILE_CLOCKS=1) on 512 x 512 double random.
set -u
FINAL=$OUT
mkdir -p /tmp/o && rm -rf /tmp/o/*
OUT=/tmp/o SKIP="memcheck racecheck bench" scripts/gpu.sh > /tmp/o/gpu.log 2>&1
grep -E "tests passed|tests failed|\*\*\*Failed" /tmp/o/ctest.log | head -8
(
. scripts/lapacke-arg.sh
PATH=$PATH:/usr/local/cuda/bin
cmake -S . -B build-clk -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
  -DGTSV_WITH_CUDA=ON -DGTSV_BUILD_TESTS=OFF -DCMAKE_CUDA_FLAGS=-DGTSV_TILE_CLOCKS=1 \
  "${LAPACKE_ARG[@]}" > /tmp/o/clk-configure.log 2>&1 &&
cmake --build build-clk -j 16 --target gtsv-gpu-bench > /tmp/o/clk-build.log 2>&1
) &
CLK=$!
B=build-h200/bench/gtsv-gpu-bench
for s in ${SHAPES:-512x512 256x512 1024x256}; do
  $B --only batch --n ${s%x*} --batch ${s#*x} --prec both --reps 20 --md /tmp/o/b-$s.md \
     --commit "$GTSV_COMMIT" > /tmp/o/b-$s.log 2>&1
  cat /tmp/o/b-$s.md >> /tmp/o/small.md
done
grep -E "\(graph\)" /tmp/o/small.md | grep -E "strided_batch|retries|gtsv2Strided" | cut -c1-110
wait $CLK
build-clk/bench/gtsv-gpu-bench --only batch --n 512 --batch 512 --prec d --reps 1 > /tmp/o/clk.log 2>&1
grep tile_spec /tmp/o/clk.log | head -24 | cut -c1-260
cd /tmp/o && tar czf $FINAL/o.tgz .
