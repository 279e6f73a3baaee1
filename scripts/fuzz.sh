#!/usr/bin/env bash
# Coverage-guided fuzzing of Kassa's parsers with libFuzzer on the stable toolchain (issue 16,
# docs/RELIABILITY.md). cargo-fuzz needs nightly only for its sanitizer flag; the coverage
# instrumentation it relies on is plain `-C passes=sancov-module`, passed here directly.
#
#   bash scripts/fuzz.sh                         # every target for 60 s each
#   bash scripts/fuzz.sh --time 600              # every target for 10 minutes each
#   bash scripts/fuzz.sh --time 600 normalize headers
#   bash scripts/fuzz.sh --jobs 2 --time 600     # two targets at once (one core each)
#
# Targets: normalize, create_request, headers, page_form (fuzz/fuzz_targets/). Seeds are in
# fuzz/seeds/<target>; the growing corpus and any crash input stay in target/fuzz/<target>/.
# A crash stops that target and makes the script exit 1; the last lines of each run's log are
# printed as the result.
set -euo pipefail
cd "$(dirname "$0")/.."

time_s=60
jobs=1
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) time_s="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(normalize create_request headers page_form)

out=target/fuzz
mkdir -p "$out"
# What cargo-fuzz passes, without -Zsanitizer (nightly); debug assertions and overflow checks
# stay on (fuzz/Cargo.toml's release profile), so arithmetic mistakes crash too.
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cforce-frame-pointers"
export CARGO_TARGET_DIR="$PWD/$out/build"
# An explicit --target keeps the flags off build scripts and proc macros (as cargo-fuzz does).
host="$(rustc -vV | sed -n 's/^host: //p')"
echo "== building the fuzz targets (first build: the whole server, instrumented; several minutes)"
cargo build --release --manifest-path fuzz/Cargo.toml --bins --target "$host"
bin_dir="$CARGO_TARGET_DIR/$host/release"

run_one() {
  local t="$1" dir="$out/$t"
  mkdir -p "$dir/corpus" "$dir/artifacts"
  local log="$dir/run.log"
  echo "== $t: ${time_s} s"
  if "$bin_dir/$t" "$dir/corpus" "fuzz/seeds/$t" \
      -max_total_time="$time_s" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
      -artifact_prefix="$dir/artifacts/" >"$log" 2>&1; then
    echo "$t: no crash in ${time_s} s: $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') runs, \
$(grep -E '^#[0-9]+.*(DONE|cov:)' "$log" | tail -1)"
  else
    echo "$t: FAILED (see $log; the input is in $dir/artifacts/)"
    tail -n 40 "$log"
    return 1
  fi
}

status=0
pids=()
for t in "${targets[@]}"; do
  if [ "$jobs" -gt 1 ]; then
    run_one "$t" & pids+=($!)
    if [ ${#pids[@]} -ge "$jobs" ]; then
      wait "${pids[0]}" || status=1
      pids=("${pids[@]:1}")
    fi
  else
    run_one "$t" || status=1
  fi
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
exit $status
