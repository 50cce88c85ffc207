# Session 30, device call 3: nrhs_fused's loads A/B (GTSV_NRHS_WINDOW 3 = base, 0, 1, 2;
# scripts/prebuild.sh variants of src/batch/batch_nrhs.cu), --only short double, in turn.
set -u
source scripts/device-prologue.sh
for v in base w0 w1 w2 base; do
  timeout 120 prebuilt/gtsv-gpu-bench-$v --only short --prec d --reps 20 \
    --md /tmp/z/short-$v.md --commit "${GTSV_COMMIT:-unknown}" > /tmp/z/bench-$v.log 2>&1
  echo "bench $v rc=$? at $(el) s"
  [ -f /tmp/z/short-$v.md ] && mv /tmp/z/short-$v.md /tmp/z/short-$v-$(el).md
done
for f in /tmp/z/short-*.md; do
  echo "== $f"
  grep -E "^\| short double n=(64|128|256|1024) nrhs=(4|64|1024|16384|65536) " $f | grep "fused (graph)" | awk -F"|" '{printf "%-28s %8s\n",$2,$4}' | tr '\n' ';'
  echo
done
cd /tmp/z && tar czf $FINAL/z.tgz .
