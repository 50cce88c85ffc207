# Session 37, device call 2. (1) old = 99f50cd's library against base = the scales of the
# cancellation test's and the checked cyclic reduction's sums by a warp vote where every
# magnitude is moderate (one butterfly fewer in each, the separators' largest row sum
# before the reduction steps), alternating, double and float. (2) cnt = batch_tile built
# with -DGTSV_TILE_DIAG=1 (base's code plus counters): GTSV_TILE_DIAG_PRINT=21 prints the
# counts of the benchmark's first row of each shape (the default kernel, 1 + 20 solves):
# systems failing the first attempt and each retry, refused cyclic reductions, the cycles
# spent in retries and in the sequential fallback against the warps' lives; with
# GTSV_TILE_DIAG=0 (as the library) and 4 (failed systems straight to the sequential
# fallback, no retries: a real alternative, the same answers as DP_SEQ for those systems).
set -u
source scripts/device-prologue.sh
ab() { # round, n, prec
  local r=$1 n=$2 p=$3
  local order="old base"; [ $r = 2 ] && order="base old"
  for v in $order; do
    [ "$(left)" -gt 60 ] || { echo "ab cut at $(el) s"; return 1; }
    timeout 60 prebuilt/gtsv-gpu-bench-$v --only batch --n $n --prec $p --reps 20 \
      --md /tmp/z/ab-$v-$p-$n-r$r.md --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/last.log 2>&1
    echo "ab r$r $v $p n=$n rc=$? at $(el) s"
  done
}
cnt() { # n, prec, diag
  local n=$1 p=$2 dg=$3
  [ "$(left)" -gt 60 ] || { echo "cnt cut at $(el) s"; return 1; }
  GTSV_TILE_DIAG=$dg GTSV_TILE_DIAG_PRINT=21 timeout 60 prebuilt/gtsv-gpu-bench-cnt --only batch --n $n --prec $p --reps 20 \
    --md /tmp/z/cnt$dg-$p-$n.md --commit "${GTSV_COMMIT:-unknown}-cnt$dg" > /tmp/z/cnt$dg-$p-$n.log 2>&1
  echo "cnt diag=$dg $p n=$n rc=$? at $(el) s: $(grep -h 'tile diag' /tmp/z/cnt$dg-$p-$n.log | head -1)"
}
for s in "64 d" "128 d" "256 d" "512 d" "1024 d" "256 s"; do
  cnt $s 0 || break
  cnt $s 4 || break
done
for s in "64 d" "128 d" "256 d" "512 d" "1024 d" "64 s" "256 s" "1024 s"; do
  ab 1 $s || break
done
for s in "64 d" "256 d" "1024 d" "256 s"; do
  ab 2 $s || break
done
echo "== strided_batch rows: ms, E, residual"
for f in /tmp/z/ab-*.md /tmp/z/cnt*.md; do echo "$(basename $f .md): $(grep -hE '(random|dominant) \| gtsv strided_batch \|' $f | cut -d'|' -f2,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
