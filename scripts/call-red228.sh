# Session 28, device call 3: the two-level reduced solve (and with it the attempt without
# pivoting) only for strided batches within kRed2Waves waves of the one-level kernel
# (src/batch/batch_tile.cu, launch_mk). One prebuilt benchmark (the new tree), the rule
# set by GTSV_TILE_RED2_WAVES: 1000000 = always two levels (HEAD), 1 = the new default,
# in the order HEAD, new, HEAD, new for each shape; then check_gpu_batch (new tree).
set -u
source scripts/device-prologue.sh
run() { # N B PREC
  for w in 1000000 1 1000000 1; do
    [ $(left) -lt 60 ] && { echo "no time left for $1 x $2 w=$w"; continue; }
    f=/tmp/z/b$1x$2-$3-w$w-$(el).md
    GTSV_TILE_RED2_WAVES=$w timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $1 --batch $2 --prec $3 \
      --reps 10 --md $f --commit "${GTSV_COMMIT:-unknown}-w$w" > /tmp/z/last.log 2>&1
    echo "$1 x $2 $3 w=$w rc=$? at $(el) s: $(grep -hE '\| gtsv strided_batch( \(graph\))? \|' $f | awk -F'|' '{printf "%s%s%s |", $2, $4, $5}')"
  done
}
run 512 32768 both
run 1024 16384 both
run 512 8192 d
run 512 3168 d
run 512 1584 d
run 1024 4096 d
run 1024 1584 d
run 1024 792 d
run 512 512 d
B=$(( $(left) - 5 ))
CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch.log 2>&1
echo "check_gpu_batch rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch.log)"
grep -hE "[0-9]+: .*(Failure|Error)" /tmp/z/check_gpu_batch.log | head -5 | cut -c1-300
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
