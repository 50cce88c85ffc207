# Session 25, device call 1: the on-chip batch kernel with its partitions balanced over a
# system's lanes (bef8584 and its comments: prebuilt/gtsv-gpu-bench-bal) against the kernel
# before it (af72506: prebuilt/gtsv-gpu-bench-base), two benchmarks built here
# (scripts/prebuild.sh), no build on the device. Per shape the order base, bal; double strided
# batches of about 2^24 rows, random and dominant; small batches in a CUDA graph (--reps 20).
# Shapes in order of interest, each skipped when the call's time is nearly spent.
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/o && rm -rf /tmp/o/*
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
ROWS="gtsv strided_batch|cusparse InterleavedBatch a1|cusparse gtsv2StridedBatch|gtsv strided_batch (graph)|cusparse gtsv2StridedBatch (graph)"
one() { # shape prec
  local shape=$1 prec=$2 n=${1%x*} b=${1#*x}
  local reps=10; [ $((n * b)) -le 1048576 ] && reps=20
  for v in base bal; do
    local left=$(( ${LIMIT:-580} - ($(date +%s) - T0) ))
    [ $left -lt 40 ] && { echo "no time left for $v $shape"; return; }
    timeout $left prebuilt/gtsv-gpu-bench-$v --only batch --prec $prec --n $n --batch $b \
      --reps $reps --md /tmp/o/$v-$prec-$shape.md > /tmp/o/$v-$prec-$shape.log 2>&1
    local P; [ $prec = d ] && P=double || P=float
    IFS='|' read -r -a rows <<< "$ROWS"
    for kind in random dominant; do
      for r in "${rows[@]}"; do
        ms=$(grep -F "| $P $shape $kind | $r |" /tmp/o/$v-$prec-$shape.md | head -1 | awk -F'|' '{print $4 "|" $5 "|" $7}' | tr -d ' ')
        [ -n "$ms" ] && printf '%-11s %-2s %-9s %-5s %-36s %s\n' "$shape" "$prec" "$kind" "$v" "$r" "$ms"
      done
    done
    echo "  ($v $shape at $(( $(date +%s) - T0 )) s)"
  done
}
one 600x27962 d
one 300x55924 d
one 512x512 d
one 600x512 d
one 257x65280 d
one 700x23967 d
one 512x32768 d
one 200x83886 d
one 1024x16384 d
one 600x27962 s
one 64x262144 d
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/o && tar czf $FINAL/o.tgz .
