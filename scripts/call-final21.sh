# Session 21's closing device call: build, full ctest, compute-sanitizer memcheck and
# racecheck on the speculative kernel's test (CK_RUN_CASE=tilespec, small), then the batch
# table (--only batch, both precisions) while time is left (TABLE_FROM=n skips shapes
# below n, for a second call that finishes the table on a warm machine).
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/o
if [ -z "${TABLE_ONLY:-}" ]; then
  rm -rf /tmp/o/*
  OUT=/tmp/o SKIP="memcheck racecheck bench" scripts/gpu.sh > /tmp/o/gpu.log 2>&1
  grep -E "tests passed|tests failed|\*\*\*Failed" /tmp/o/ctest.log | head -8
  CK_RUN_CASE=tilespec OUT=/tmp/o SKIP="ctest bench" SAN_TESTS=check_gpu_batch scripts/gpu.sh > /tmp/o/san.log 2>&1
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY|Checks:" /tmp/o/memcheck-check_gpu_batch.log /tmp/o/racecheck-check_gpu_batch.log | tail -6
  echo "verified at $(( $(date +%s) - T0 )) s"
fi
B=build-h200/bench/gtsv-gpu-bench
for p in d s; do
  for n in 64 128 256 512 1024 4096; do
    [ "$n" -lt "${TABLE_FROM:-0}" ] && [ "$p" = d ] && continue
    [ $(( $(date +%s) - T0 )) -gt ${LIMIT:-520} ] && { echo "stopped before $p n=$n"; break 2; }
    $B --only batch --n $n --prec $p --reps 10 --md /tmp/o/t-$p-$n.md --commit "$GTSV_COMMIT" > /tmp/o/t-$p-$n.log 2>&1
    grep -E "\| gtsv strided_batch \|" /tmp/o/t-$p-$n.md | cut -c1-100
  done
done
$B --only batch --n 512 --batch 512 --prec both --reps 20 --md /tmp/o/t-512x512.md --commit "$GTSV_COMMIT" > /tmp/o/t-512x512.log 2>&1
grep -E "strided_batch \(graph\)|retries in turn|gtsv2StridedBatch \(graph\)" /tmp/o/t-512x512.md | cut -c1-100
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/o && tar czf $FINAL/o.tgz .
