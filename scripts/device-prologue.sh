# Sourced by a device call script (scripts/call-*.sh) that runs prebuilt binaries:
# unpacks prebuilt/bins.tar.xz (scripts/prebuild.sh, scripts/prebuild-tests.sh), puts
# prebuilt/lib on LD_LIBRARY_PATH, and defines T0, left (seconds left before LIMIT,
# default 585) and el (seconds since T0). Results go under /tmp/z; the caller tars them
# into $OUT at the end (the tool returns few files).
T0=$(date +%s)
FINAL=$OUT
mkdir -p /tmp/z && rm -rf /tmp/z/*
left() { echo $(( ${LIMIT:-585} - ($(date +%s) - T0) - 5 )); }
el() { echo $(( $(date +%s) - T0 )); }
if [ -f prebuilt/bins.tar.xz ]; then
  (cd prebuilt && xz -dc bins.tar.xz | tar xf -)
fi
export LD_LIBRARY_PATH=$PWD/prebuilt/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
echo "unpacked at $(el) s"
