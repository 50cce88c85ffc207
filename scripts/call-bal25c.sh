# Session 25, device call 3: as call 2 (scripts/call-bal25b.sh), with prebuilt/gtsv-gpu-bench-bal
# built at a6b7f77 (kernels for FullRows, L = M, with the old code, and for Rows, balanced)
# against af72506's (base). Power-of-two shapes base, bal, base, bal (call 2 saw bal 1.6-2.6%
# slower at n = 64, 128); the others base, bal.
set -u
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/o && rm -rf /tmp/o/*
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
ROWS="gtsv strided_batch|cusparse InterleavedBatch a1|cusparse gtsv2StridedBatch|gtsv interleaved_batch|gtsv strided_batch (graph)|cusparse gtsv2StridedBatch (graph)"
one() { # shape prec variants...
  local shape=$1 prec=$2 n=${1%x*} b=${1#*x}
  shift 2
  local reps=10; [ $((n * b)) -le 1048576 ] && reps=20
  for v in "$@"; do
    local left=$(( ${LIMIT:-580} - ($(date +%s) - T0) ))
    [ $left -lt 30 ] && { echo "no time left for $v $shape"; return; }
    timeout $left prebuilt/gtsv-gpu-bench-${v%2} --only batch --prec $prec --n $n --batch $b \
      --reps $reps --md /tmp/o/$v-$prec-$shape.md > /tmp/o/$v-$prec-$shape.log 2>&1
    local P; [ $prec = d ] && P=double || P=float
    IFS='|' read -r -a rows <<< "$ROWS"
    for kind in random dominant; do
      for r in "${rows[@]}"; do
        ms=$(grep -F "| $P $shape $kind | $r |" /tmp/o/$v-$prec-$shape.md | head -1 | awk -F'|' '{print $4 "|" $5 "|" $7}' | tr -d ' ')
        [ -n "$ms" ] && printf '%-11s %-2s %-9s %-5s %-36s %s\n' "$shape" "$prec" "$kind" "$v" "$r" "$ms"
      done
    done
  done
}
one 512x32768 d base bal base2 bal2
one 1024x16384 d base bal base2 bal2
one 64x262144 d base bal base2 bal2
one 600x27962 d base bal
one 512x512 d base bal base2 bal2
one 600x512 d base bal
one 128x131072 d base bal base2 bal2
one 256x65536 d base bal base2 bal2
one 700x23967 d base bal
one 300x55924 d base bal
one 1000x16777 d base bal
one 600x27962 s base bal
one 512x32768 s base bal
echo "done at $(( $(date +%s) - T0 )) s"
cd /tmp/o && tar czf $FINAL/o.tgz .
