# Session 28, device call 2: variants of the session's look-back walks (src/pdp/pdp.cu,
# find_near), prebuilt (scripts/prebuild.sh), against HEAD's walks (head):
#   base  the walks as in call 1 (acquire polls, 20 ns sleeps)
#   rel   polls with relaxed loads (GTSV_PDP_POLL_RELAXED=1)
#   old3  HEAD's blocking product and exact-exit walks, the new pivot-structure walk
#   rel3  old3 with relaxed polls
#   ns200 rel with 200 ns sleeps
# Call 1 measured base 8-11% slower than head on double dominant, 1-4% faster elsewhere.
set -u
source scripts/device-prologue.sh
for v in head base rel old3 rel3 ns200 head rel old3 rel3 ns200 base; do
  [ $(left) -lt 20 ] && { echo "no time left for $v"; continue; }
  timeout 60 prebuilt/gtsv-gpu-bench-$v --only single --prec both --n 8388608 --reps 10 --md /tmp/z/$v-23-$(el).md \
    --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/$v-23.log 2>&1
  echo "$v 2^23 rc=$? at $(el) s: $(grep -hE '\| gtsv PDP \|' $(ls -t /tmp/z/$v-23-*.md | head -1) | awk -F'|' '{printf "%s%s ", $2, $4}')"
done
for v in head rel3 old3 rel; do
  [ $(left) -lt 40 ] && { echo "no time left for $v 2^25"; continue; }
  timeout 80 prebuilt/gtsv-gpu-bench-$v --only single --prec both --n 33554432 --reps 10 --md /tmp/z/$v-25-$(el).md \
    --commit "${GTSV_COMMIT:-unknown}-$v" > /tmp/z/$v-25.log 2>&1
  echo "$v 2^25 rc=$? at $(el) s: $(grep -hE '\| gtsv PDP \|' $(ls -t /tmp/z/$v-25-*.md | head -1) | awk -F'|' '{printf "%s%s ", $2, $4}')"
done
echo "done at $(el) s"
cd /tmp/z && tar czf $FINAL/z.tgz .
