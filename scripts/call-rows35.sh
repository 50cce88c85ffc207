# Session 35, device call 1: part_solve's forward sweep one row an iteration with one
# reciprocal a row (GTSV_TILE_ROWS=1, prebuilt/gtsv-gpu-bench-rows) against the block
# steps (base), alternating in each shape, two rounds for double; then the GPU tests of
# both libraries (the base has the shared kernel_wave helper of batch_tile.cu).
set -u
source scripts/device-prologue.sh
ab() { # round, n, prec, [batch]
  local r=$1 n=$2 p=$3 b=${4:-}
  local order="base rows"; [ $r = 2 ] && order="rows base"
  for v in $order; do
    [ "$(left)" -gt 200 ] || { echo "ab cut at $(el) s"; return 1; }
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $n ${b:+--batch $b} --prec $p --reps 20 \
      --md /tmp/z/ab-$v-$p-$n${b:+x$b}-r$r.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "ab r$r $v $p n=$n${b:+ batch=$b} rc=$? at $(el) s"
  done
}
for s in "64 d" "128 d" "256 d" "512 d" "1024 d" "512 d 512" "2048 d" "64 s" "512 s" "1024 s" "512 s 512"; do
  ab 1 $s || break
done
for s in "64 d" "256 d" "512 d" "1024 d" "512 d 512"; do
  ab 2 $s || break
done
B=$(( $(left) - 10 ))
for t in check_gpu_batch-rows check_gpu_spike-rows check_gpu_batch check_gpu_spike; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log | head -8 | cut -c1-300
echo "== ab (strided_batch rows: ms, E, residual)"
for f in /tmp/z/ab-*.md; do echo "$(basename $f .md): $(grep -hE '(random|dominant) \| gtsv strided_batch( \(graph\))? \|' $f | cut -d'|' -f2,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
