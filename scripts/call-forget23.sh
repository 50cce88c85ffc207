# Session 23, device call 2: the PDP product look-back with tiles that forget (GTSV_PDP_FORGET=1)
# against the full look-back (=0), the prebuilt benchmark (scripts/prebuild.sh), no build:
# double 2^23, 2^20, 2^25 by scripts/bench-ab.sh (both orders of the variants), then float
# 2^23 and 2^25 rows of each variant.
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/f/pb/bench && rm -rf /tmp/f/*.log /tmp/f/*.md
cp prebuilt/gtsv-gpu-bench-base /tmp/f/pb/bench/gtsv-gpu-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
C=${GTSV_COMMIT:-unknown}
ROWS="cusparse gtsv2|gtsv PDP|gtsv SPIKE_DP" BUILD=/tmp/f/pb OUT=/tmp/f timeout 300 \
  scripts/bench-ab.sh single "2^23 2^20 2^25" ${REPS:-10} forget:GTSV_PDP_FORGET=1 full:GTSV_PDP_FORGET=0 > /tmp/f/ab.log 2>&1
tail -30 /tmp/f/ab.log
echo "double A/B done at $(( $(date +%s) - T0 )) s"
for n in 8388608 33554432; do
  for v in 1 0; do
    GTSV_PDP_FORGET=$v timeout 60 /tmp/f/pb/bench/gtsv-gpu-bench --only single --prec s --n $n --reps 10 \
      --md /tmp/f/float-$n-f$v.md --commit "$C" > /tmp/f/float-$n-f$v.log 2>&1
    grep -E "\| (cusparse gtsv2|gtsv PDP|gtsv SPIKE_DP) \|" /tmp/f/float-$n-f$v.md | sed "s/^/forget=$v /" | cut -c1-130
  done
done
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/f && tar czf $FINAL/f.tgz --exclude=pb .
