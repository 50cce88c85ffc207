# Session 38, device call 1: base = ca746d8 (the wide retries: a system of fewer than 32
# lanes that fails its first attempt is retried over the warp's 32 lanes, tile_core.h
# kWideMinRows; pcr_checked's test as a lambda, no refinement) against nowide (the source
# before the refactor with GTSV_TILE_WIDE=0: the narrow retries, as 99fa78f) and refine
# (base with GTSV_TILE_PCR_REFINE=1: a refused cyclic reduction gets one refinement step),
# alternating, strided batches, double and float; then base alone at the other shapes of
# issue 6's table. Measurement only (three benchmarks fill the 64 MiB a call carries); both
# changes lost and were taken out again (961fab0), so no GPU test of them ran.
set -u
source scripts/device-prologue.sh
AB_RESERVE=20
rm -f /tmp/z/ab-*
for s in "128 d" "256 d" "128 s" "256 s" "100 d" "200 d"; do set -- $s; ab 1 $1 $2 "nowide base refine" || break; done
for s in "512 d" "1024 d" "512 s"; do set -- $s; ab 1 $1 $2 "base refine" || break; done
for s in "128 d" "256 d"; do set -- $s; ab 2 $1 $2 "refine base nowide" || break; done
for s in "512 d"; do set -- $s; ab 2 $1 $2 "refine base" || break; done
for s in "64 d" "2048 d" "4096 d" "512 d 512" "64 s" "1024 s" "2048 s" "4096 s" "512 s 512"; do
  set -- $s; ab 1 $1 $2 base ${3:-} || break
done
for s in "128 s" "256 s"; do set -- $s; ab 2 $1 $2 "refine base nowide" || break; done
for s in "1024 d" "512 s"; do set -- $s; ab 2 $1 $2 "refine base" || break; done
echo "== strided_batch rows: ms, E, residual"
for f in /tmp/z/ab-*.md; do echo "$(basename $f .md): $(grep -hE '(random|dominant) \| gtsv strided_batch( \(graph\))? \|' $f | cut -d'|' -f2,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
