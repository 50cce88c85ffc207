# Session 32, device call 7: issue 6's table with the final library (5b7a0d5's code, as
# the final commit): strided and interleaved batches of n = 64, 128, 256, 512, 1024, 4096
# (2^24 rows) and 512 x 512, both precisions, cuSPARSE in the same runs.
set -u
source scripts/device-prologue.sh
for s in "512 512" "64" "128" "256" "512" "1024" "4096"; do
  [ "$(left)" -gt 20 ] || { echo "cut at $(el) s"; break; }
  set -- $s
  f=/tmp/z/table-$1x${2:-def}-$(el).md
  timeout $(( $(left) - 5 )) prebuilt/gtsv-gpu-bench-base --only batch --n $1 ${2:+--batch $2} --prec both --reps 20 \
    --md $f --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/last-$1.log 2>&1
  echo "n=$1 batch=${2:-2^24/n} rc=$? at $(el) s"
done
grep -hE "random \| (gtsv strided_batch|cusparse InterleavedBatch a1|cusparse gtsv2StridedBatch) \|" /tmp/z/table-*.md | grep double | cut -c1-130
cd /tmp/z && tar czf $FINAL/z.tgz .
