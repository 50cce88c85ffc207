# Session 36, device call 4: the library of session 35 (old, d7b9502) against this tree
# (base: the row sweep's stores delayed and unrolled by 2 for M >= 32 only, tile_row_form;
# the paired butterflies; l2_group without a division), alternating, both precisions,
# strided and interleaved, at every shape of issue 6's table (n = 64..4096 with 2^24 rows,
# and 512 x 512): base's runs are this session's final table. Then check_gpu_batch alone,
# then check_gpu_spike, check_gpu and compute-sanitizer racecheck and memcheck of
# check_gpu_batch's tilespec and tilepdl cases at the small level together, then the
# tilepdl case repeated beside a busy GPU while time is left (it failed once in call 3).
set -u
source scripts/device-prologue.sh
ab() { # round, n, prec, [batch]
  local r=$1 n=$2 p=$3 b=${4:-}
  local order="old base"; [ $r = 2 ] && order="base old"
  for v in $order; do
    [ "$(left)" -gt 250 ] || { echo "ab cut at $(el) s"; return 1; }
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $n ${b:+--batch $b} --prec $p --reps 20 \
      --md /tmp/z/ab-$v-$p-$n${b:+x$b}-r$r.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "ab r$r $v $p n=$n${b:+ batch=$b} rc=$? at $(el) s"
  done
}
for s in "512 d 512" "64 d" "128 d" "256 d" "512 d" "1024 d" "2048 d" "4096 d" "512 s 512" "64 s" "128 s" "256 s" "512 s" "1024 s" "2048 s" "4096 s"; do
  ab 1 $s || break
done
for s in "64 d" "256 d" "1024 d" "64 s"; do
  ab 2 $s || break
done
B=$(( $(left) - 10 ))
CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout 150 prebuilt/check_gpu_batch > /tmp/z/check_gpu_batch.log 2>&1
echo "check_gpu_batch alone rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/check_gpu_batch.log | tr '\n' ' ')" >> /tmp/z/status.txt
B=$(( $(left) - 10 ))
for t in check_gpu_spike check_gpu; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
for c in tilespec tilepdl; do
  (for tool in racecheck memcheck; do
    CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=$c GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-$c.log 2>&1
    echo "$tool $c small rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-$c.log | tr '\n' ' ')" >> /tmp/z/status.txt
  done) &
done
k=0
while [ "$(left)" -gt 30 ] && [ $(jobs -r | wc -l) -gt 0 ]; do
  k=$((k + 1))
  CK_FORK=no CK_RUN_CASE=tilepdl timeout 60 prebuilt/check_gpu_batch > /tmp/z/tilepdl-busy-$k.log 2>&1
  echo "tilepdl busy $k rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/tilepdl-busy-$k.log | tr '\n' ' ')" >> /tmp/z/status.txt
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log /tmp/z/*-tile*.log /tmp/z/tilepdl-*.log | head -8 | cut -c1-600
echo "== ab (strided_batch rows: ms, E, residual)"
for f in /tmp/z/ab-*.md; do echo "$(basename $f .md): $(grep -hE '(random|dominant) \| gtsv strided_batch( \(graph\))? \|' $f | cut -d'|' -f2,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
