# Session 32, device call 1: the one-warp kernel's tile loaded in stages (load_staged;
# GTSV_TILE_STAGE=1 whole as before, 2, 4) against the session-31 library (pre), on the
# issue's large double random batches (n = 64..1024, 2^24 rows) and 512 x 512 (graph);
# then check_gpu_batch (every case, with the new tilestage case), check_gpu,
# check_gpu_spike, and compute-sanitizer racecheck + memcheck of the tilestage case
# (GTSV_GPU_TEST_SMALL=1), side by side.
set -u
source scripts/device-prologue.sh
run() { # variant binary stage
  for s in "64 262144" "256 65536" "512 32768" "1024 16384" "512 512"; do
    [ "$(left)" -gt 300 ] || { echo "bench cut at $(el) s"; return 1; }
    set -- $s
    pr=d; [ "$2" = 512 ] && pr=both
    f=/tmp/z/$V-$1x$2-$(el).md
    GTSV_TILE_STAGE=$ST timeout 60 prebuilt/gtsv-gpu-bench-$BIN --only batch --n $1 --batch $2 --prec $pr --reps 20 --md $f \
      --commit "${GTSV_COMMIT:-unknown}-$V" > /tmp/z/last.log 2>&1
    echo "$V $1x$2 rc=$? at $(el) s"
  done
}
for v in pre:pre:1 s1:base:1 s2:base:2 s4:base:4 s4:base:4 s2:base:2 s1:base:1; do
  V=${v%%:*}; r=${v#*:}; BIN=${r%%:*}; ST=${r#*:}
  run || break
done
B=$(( $(left) - 10 ))
for t in check_gpu_batch check_gpu check_gpu_spike; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 timeout $B prebuilt/$t > /tmp/z/$t.log 2>&1; echo "$t rc=$? at $(el) s: $(grep -E '^[0-9]+%: Checks' /tmp/z/$t.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
for tool in racecheck memcheck; do
  (CK_FORK=no CK_DEFAULT_TIMEOUT=1200 CK_RUN_CASE=tilestage GTSV_GPU_TEST_SMALL=1 timeout $B compute-sanitizer --tool $tool --error-exitcode 99 prebuilt/check_gpu_batch > /tmp/z/$tool-tilestage.log 2>&1; echo "$tool tilestage rc=$? at $(el) s: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^[0-9]+%: Checks' /tmp/z/$tool-tilestage.log | tr '\n' ' ')" >> /tmp/z/status.txt) &
done
wait
cat /tmp/z/status.txt
grep -hE "[0-9]+: .*(Failure|Error)|failures; first" /tmp/z/check_gpu*.log /tmp/z/*-tilestage.log | head -8 | cut -c1-400
grep -h -A1 "Race reported\|Invalid" /tmp/z/*-tilestage.log | head -6 | cut -c1-300
echo "== ms (graph rows: us) by variant: shape | variant: strided_batch time E resid"
for f in /tmp/z/pre-*.md /tmp/z/s[124]-*.md; do
  b=$(basename $f .md); v=${b%%-*}
  grep -hE "\| gtsv strided_batch \||\| gtsv strided_batch \(graph\) \|" $f | awk -F'|' -v v="$v" '{printf "%s|%s|%s %s %s\n", $2 "|" $3, v, $4, $5, $7}'
done | sort -t'|' -k1,2 -s | awk -F'|' '{k=$1"|"$2; a[k]=a[k]" "$3":"$4} END{for(k in a) print k, a[k]}' | sort | sed 's/  */ /g'
echo "== cuSPARSE refs (first run)"
grep -hE "InterleavedBatch a1 \||gtsv2StridedBatch \||gtsv2StridedBatch \(graph\)" /tmp/z/pre-*.md | cut -c1-140
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
