# Session 37, device call 4: the final library (base: systems of n <= 64 whose first
# attempt fails straight to the sequential fallback, in one-wave grids too, where they no
# longer take the speculative kernel) at every shape of issue 6's table, both precisions;
# against old (a6d7e9a: retries at every n, the speculative kernel for one-wave grids) at
# n = 64 (many waves, and 64 x 8192, one wave, in a CUDA graph too), alternating; then
# check_gpu_batch alone, check_gpu_spike and check_gpu with compute-sanitizer racecheck and
# memcheck of check_gpu_batch's tilespec and tilepdl cases at the small level, and the
# tilepdl case repeated beside them.
set -u
source scripts/device-prologue.sh
ab() { # round, n, prec, variants, [batch]
  local r=$1 n=$2 p=$3 vs=$4 b=${5:-}
  for v in $vs; do
    [ "$(left)" -gt 230 ] || { echo "ab cut at $(el) s"; return 1; }
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $n ${b:+--batch $b} --prec $p --reps 20 \
      --md /tmp/z/ab-$v-$p-$n${b:+x$b}-r$r.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "ab r$r $v $p n=$n${b:+ batch=$b} rc=$? at $(el) s"
  done
}
rm -f /tmp/z/ab-*
for s in "64 d" "64 s" "64 d 8192" "64 s 8192"; do set -- $s; ab 1 $1 $2 "old base" ${3:-} || break; done
for s in "512 d 512" "128 d" "256 d" "512 d" "1024 d" "2048 d" "4096 d" "512 s 512" "128 s" "256 s" "512 s" "1024 s" "2048 s" "4096 s"; do
  set -- $s; ab 1 $1 $2 base ${3:-} || break
done
for s in "64 d" "64 d 8192"; do set -- $s; ab 2 $1 $2 "base old" ${3:-} || break; done
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
while [ "$(left)" -gt 20 ] && [ $(jobs -r | wc -l) -gt 0 ]; do
  k=$((k + 1))
  CK_FORK=no CK_RUN_CASE=tilepdl timeout 60 prebuilt/check_gpu_batch > /tmp/z/tilepdl-busy-$k.log 2>&1
  echo "tilepdl busy $k rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/tilepdl-busy-$k.log | tr '\n' ' ')" >> /tmp/z/status.txt
done
wait
grep -v "tilepdl busy.*Failures: 0, Errors: 0" /tmp/z/status.txt; echo "tilepdl passed $(grep -c 'tilepdl busy.*Failures: 0, Errors: 0' /tmp/z/status.txt) of $(grep -c 'tilepdl busy' /tmp/z/status.txt)"
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log /tmp/z/*-tile*.log /tmp/z/tilepdl-*.log | head -6 | cut -c1-700
echo "== strided_batch rows: ms, E, residual"
for f in /tmp/z/ab-*.md; do echo "$(basename $f .md): $(grep -hE '(random|dominant) \| gtsv strided_batch( \(graph\))? \|' $f | cut -d'|' -f2,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
