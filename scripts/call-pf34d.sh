# Session 34, device call 4 (0694e02's binaries): the shapes where tile_kernel's prefetch
# is off by default, at other distances through GTSV_TILE_PF (double n = 64: 1287, 1716,
# 2574 blocks ahead, 0.75 / 1 / 1.5 of a 1716-block wave; float n = 64 and 256: 1000,
# 2000, 3000), and where it is on but was not measured against off (double n = 768 and
# 2048, the default against GTSV_TILE_PF=0).
set -u
source scripts/device-prologue.sh
run() { # tag n prec [env]
  [ "$(left)" -gt 30 ] || { echo "cut: $1 $2 $3 at $(el) s"; return; }
  env ${4:-} timeout 60 prebuilt/gtsv-gpu-bench-base --only batch --n $2 --prec $3 --reps 20 \
    --md /tmp/z/t-$1-$3-$2-$(el).md --commit "${GTSV_COMMIT:-unknown}-$1" > /tmp/z/last.log 2>&1
  echo "$1 $3 n=$2 rc=$? at $(el) s"
}
run off 64 d GTSV_TILE_PF=0; run p1287 64 d GTSV_TILE_PF=1287; run p1716 64 d GTSV_TILE_PF=1716
run p2574 64 d GTSV_TILE_PF=2574; run off 64 d GTSV_TILE_PF=0
for n in 64 256; do
  run off $n s GTSV_TILE_PF=0; run p1000 $n s GTSV_TILE_PF=1000; run p2000 $n s GTSV_TILE_PF=2000
  run p3000 $n s GTSV_TILE_PF=3000; run off $n s GTSV_TILE_PF=0
done
for n in 768 2048; do run def $n d; run off $n d GTSV_TILE_PF=0; run def $n d; done
echo "== shape | solver | tag: ms E"
for f in /tmp/z/t-*.md; do
  b=$(basename $f .md); v=${b#t-}; v=${v%%-*}
  grep -hE "\| gtsv strided_batch \|" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s %s\n", $2 "|" $3, v, $4, $5}'
done | sort -t'|' -k1,2 -s | awk -F'|' '{k=$1"|"$2"|"$3; a[k]=a[k]" "$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
