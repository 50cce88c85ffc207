# Session 38, device call 1: base = the wide retries (a system of fewer than 32 lanes that
# fails its first attempt is retried over the warp's 32 lanes, tile_core.h kWideMinRows)
# against nowide (the same source with GTSV_TILE_WIDE=0: the narrow retries, as 99fa78f),
# alternating, strided batches where the wide retries apply (n = 128, 256; 100 and 200 with
# unequal partitions), double and float; then base alone at every shape of issue 6's
# table, and the GPU tests with compute-sanitizer (gpu_tests: tilespec's small level now
# includes M = 32, n = 163, the wide retries).
set -u
source scripts/device-prologue.sh
rm -f /tmp/z/ab-*
for s in "128 d" "256 d" "128 s" "256 s" "100 d" "200 d"; do set -- $s; ab 1 $1 $2 "nowide base" || break; done
for s in "128 d" "256 d" "128 s" "256 s"; do set -- $s; ab 2 $1 $2 "base nowide" || break; done
for s in "64 d" "512 d" "1024 d" "2048 d" "4096 d" "512 d 512" "64 s" "512 s" "1024 s" "2048 s" "4096 s" "512 s 512" "128 d 8192"; do
  set -- $s; ab 1 $1 $2 base ${3:-} || break
done
ab 1 128 d nowide 8192
gpu_tests
echo "== strided_batch rows: ms, E, residual"
for f in /tmp/z/ab-*.md; do echo "$(basename $f .md): $(grep -hE '(random|dominant) \| gtsv strided_batch( \(graph\))? \|' $f | cut -d'|' -f2,4,5,7 | tr -s ' ' | tr '\n' ' ')"; done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
