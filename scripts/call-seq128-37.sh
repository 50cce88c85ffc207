# Session 37, device call 5 (measurement only, nothing lands from it): base = c7d9d2d's
# library (systems of n <= 64 straight to the sequential fallback) against seq128 (the
# same with GTSV_TILE_SEQ_RETRY_MAXN=128: n <= 128 too), alternating, strided batches of
# n = 128 (2 rounds, double and float), n = 96 and, as a control, 64 and 256.
set -u
source scripts/device-prologue.sh
AB_RESERVE=20
for s in "128 d" "128 s" "96 d" "64 d" "256 d"; do set -- $s; ab 1 $1 $2 "base seq128" || break; done
for s in "128 d" "128 s"; do set -- $s; ab 2 $1 $2 "seq128 base" || break; done
echo "== strided_batch rows: ms, E, residual"
for f in /tmp/z/ab-*.md; do echo "$(basename $f .md): $(grep -hE '(random|dominant) \| gtsv strided_batch \|' $f | cut -d'|' -f2,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
