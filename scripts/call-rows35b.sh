# Session 35, device call 2: the block steps (base) against the row sweep (rows1:
# GTSV_TILE_ROWS=1, as in call 1) and the row sweep with a warp vote for rows where no
# lane ends a 2x2 block (rows2: GTSV_TILE_ROWS=2), alternating in each shape; then
# check_gpu_batch's PDL chains (tilepdl) of the base alone, three times (call 1 saw them
# fail once with four test processes on the GPU), and the rows2 library's GPU tests with
# the base's tilepdl repeated beside them.
set -u
source scripts/device-prologue.sh
ab() { # round, n, prec, [batch]
  local r=$1 n=$2 p=$3 b=${4:-}
  local order="base rows1 rows2"; [ $r = 2 ] && order="rows2 rows1 base"
  for v in $order; do
    [ "$(left)" -gt 260 ] || { echo "ab cut at $(el) s"; return 1; }
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $n ${b:+--batch $b} --prec $p --reps 20 \
      --md /tmp/z/ab-$v-$p-$n${b:+x$b}-r$r.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "ab r$r $v $p n=$n${b:+ batch=$b} rc=$? at $(el) s"
  done
}
for s in "64 d" "128 d" "256 d" "512 d" "1024 d" "2048 d" "512 d 512" "64 s" "256 s" "512 s" "1024 s" "512 s 512"; do
  ab 1 $s || break
done
for s in "64 d" "256 d" "512 d" "1024 d"; do
  ab 2 $s || break
done
for k in 1 2 3; do
  CK_FORK=no CK_RUN_CASE=tilepdl timeout 60 prebuilt/check_gpu_batch > /tmp/z/tilepdl-alone-$k.log 2>&1
  echo "tilepdl base alone $k rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/tilepdl-alone-$k.log | tr '\n' ' ')"
done
# racecheck (shared-memory hazards, e.g. block_np's exchanges) on the PDL chains
CK_FORK=no CK_RUN_CASE=tilepdl timeout 150 compute-sanitizer --tool racecheck --racecheck-report hazard \
  prebuilt/check_gpu_batch > /tmp/z/tilepdl-racecheck.log 2>&1
echo "tilepdl racecheck rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks|RACECHECK SUMMARY|ERROR SUMMARY' /tmp/z/tilepdl-racecheck.log | tr '\n' ' ')"
B=$(( $(left) - 10 ))
for t in check_gpu_batch-rows2 check_gpu_spike-rows2; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
k=0
while [ "$(left)" -gt 40 ] && [ $(jobs -r | wc -l) -gt 0 ]; do
  k=$((k + 1))
  CK_FORK=no CK_RUN_CASE=tilepdl timeout 60 prebuilt/check_gpu_batch > /tmp/z/tilepdl-busy-$k.log 2>&1
  echo "tilepdl base busy $k rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/tilepdl-busy-$k.log | tr '\n' ' ')" >> /tmp/z/status.txt
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first|FAIL" /tmp/z/check_gpu*.log /tmp/z/tilepdl-*.log | head -12 | cut -c1-400
echo "== ab (strided_batch rows: ms, E, residual)"
for f in /tmp/z/ab-*.md; do echo "$(basename $f .md): $(grep -hE '(random|dominant) \| gtsv strided_batch( \(graph\))? \|' $f | cut -d'|' -f2,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
