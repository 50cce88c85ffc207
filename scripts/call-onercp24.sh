# Session 24, device call 7: the tile kernel's pivot steps with one reciprocal a step
# (GTSV_TILE_ONE_RCP=1, src/batch/tile_core.h StepRcp) against 1/bt before the test and 1/Delta
# in the 2x2 branch (=0), two prebuilt benchmarks (scripts/prebuild.sh: base = 0, one = 1), no
# build: double strided batches, the order base, one, base, one; 512 x 512 in a graph.
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/o && rm -rf /tmp/o/*
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
ROWS="gtsv strided_batch|cusparse InterleavedBatch a1|gtsv strided_batch (graph)"
for shape in 64x262144 256x65536 512x32768 1024x16384 512x512; do
  for v in base one base2 one2; do
    b=prebuilt/gtsv-gpu-bench-${v%2}
    reps=10; [ $shape = 512x512 ] && reps=20
    timeout 60 $b --only batch --prec d --n ${shape%x*} --batch ${shape#*x} --reps $reps \
      --md /tmp/o/$v-$shape.md > /tmp/o/$v-$shape.log 2>&1
    IFS='|' read -r -a rows <<< "$ROWS"
    for kind in random dominant; do
      for r in "${rows[@]}"; do
        ms=$(grep -F "| double $shape $kind | $r |" /tmp/o/$v-$shape.md | head -1 | awk -F'|' '{print $4 "|" $7}' | tr -d ' ')
        [ -n "$ms" ] && printf '%-11s %-9s %-6s %-28s %s\n' "$shape" "$kind" "$v" "$r" "$ms"
      done
    done
  done
done
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/o && tar czf $FINAL/o.tgz .
