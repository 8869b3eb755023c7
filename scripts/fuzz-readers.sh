#!/bin/sh
# The long fuzzing run (docs/fuzzing.md): libFuzzer on every trace reader, N executions each
# (default 1,000,000), from the readers' seed files. Corpora grow in fuzz/corpus/<format>,
# crashing inputs go to fuzz/artifacts/<format>/, logs to fuzz/logs/<format>.log; a summary
# line per reader (executions, crashes) is printed at the end. Run `make fuzz`, which builds
# the libFuzzer binary first. fuzz/ is not committed.
set -u
RUNS=${1:-1000000}
BIN=.build-fuzz/release/strokelab-fuzz
[ -x "$BIN" ] || { echo "fuzz: $BIN is missing; run make fuzz" >&2; exit 2; }
mkdir -p fuzz/logs
.build/release/strokelab-fuzz corpus fuzz/seeds >/dev/null 2>&1 || swift run -c release strokelab-fuzz corpus fuzz/seeds >/dev/null
status=0
for f in native svc bdalab-json wacom-csv pointer-events cyn inkml csv; do
  mkdir -p fuzz/corpus/$f fuzz/artifacts/$f
  cp -n fuzz/seeds/$f/* fuzz/corpus/$f/ 2>/dev/null
  STROKELAB_FUZZ_FORMAT=$f "$BIN" -runs="$RUNS" -max_len=16384 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix=fuzz/artifacts/$f/ fuzz/corpus/$f > fuzz/logs/$f.log 2>&1
  code=$?
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' fuzz/logs/$f.log | tail -1)
  crashes=$(ls fuzz/artifacts/$f | wc -l)
  echo "$f: ${executed:-?} executions, $crashes crashes (exit $code; log fuzz/logs/$f.log)"
  [ "$code" -eq 0 ] || status=1
done
exit $status
