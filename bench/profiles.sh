#!/usr/bin/env bash
# Profile comparison: for every test program and real-library driver, the blocks, breakpoints and hits
# under all-blocks, condition-targets, optimal (static weights) and optimal (trace weights), with the
# wall time of the run. Every decoded trace is checked against the all-blocks one.
# Usage: bench/profiles.sh [OUT.md]   (run from anywhere; builds the CLI on first use)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/docs/profiles.md}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
jd="$root/jdtrace"
"$jd" --version >/dev/null
cp="$root/test-programs/target/classes:$root/test-programs/target/lib/*"

figures() { # stats.json -> "breakpoints hits seconds"
  python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(s["breakpoints"], s["hits"], "%.2f" % (s["wallMillis"]/1000))' "$1"
}

run() { # name profile includes... -- args
  local name=$1 profile=$2; shift 2
  local extra=()
  [[ $profile == trace-weights ]] && extra=(--weights "$work/$name-all-blocks.trace") && profile=optimal-tw
  local p=${profile%-tw}
  "$jd" run --profile "$p" --stdin /dev/null "${extra[@]}" --stats "$work/$name-$profile.json" \
    -o "$work/$name-$profile.trace" "$@" >/dev/null 2>"$work/$name-$profile.err" || { echo "FAILED"; return; }
  "$jd" export "$work/$name-$profile.trace" > "$work/$name-$profile.blocks"
  if [[ $p != all-blocks ]] && ! cmp -s "$work/$name-all-blocks.blocks" "$work/$name-$profile.blocks"; then
    echo "MISMATCH"; return
  fi
  figures "$work/$name-$profile.json"
}

{
  echo "| program | blocks | entries | all-blocks bp / hits / s | condition-targets bp / hits / s | optimal (static) bp / hits / s | optimal (trace weights) bp / hits / s | hits vs all-blocks (trace weights) |"
  echo "|---|---|---|---|---|---|---|---|"
  targets=()
  for p in $(java -cp "$root/test-programs/target/classes" dev.jdtrace.programs.Catalog); do
    targets+=("${p##*.}|--|java -cp $cp $p")
  done
  targets+=("LangDriver|--include org.apache.commons.lang3.* --include dev.jdtrace.programs.libs.* --|java -cp $cp dev.jdtrace.programs.libs.LangDriver")
  targets+=("GsonDriver|--include com.google.gson.* --include dev.jdtrace.programs.libs.* --|java -cp $cp dev.jdtrace.programs.libs.GsonDriver")
  targets+=("CsvDriver|--include org.apache.commons.csv.* --include dev.jdtrace.programs.libs.* --|java -cp $cp dev.jdtrace.programs.libs.CsvDriver")
  for t in "${targets[@]}"; do
    name=${t%%|*}; rest=${t#*|}; opts=${rest%%|*}; cmd=${rest#*|}
    set -f
    read -r -a o <<<"$opts"; read -r -a c <<<"$cmd"
    set +f
    row="| $name"
    a=$(run "$name" all-blocks "${o[@]}" "${c[@]}")
    blocks=$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(s["blocks"], s["blockEntries"])' "$work/$name-all-blocks.json")
    row="$row | ${blocks% *} | ${blocks#* } | $a"
    for prof in condition-targets optimal trace-weights; do
      row="$row | $(run "$name" $prof "${o[@]}" "${c[@]}")"
    done
    tw=$(python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); print("%.0f%%" % (100.0*b["hits"]/max(1,a["hits"])))' "$work/$name-all-blocks.json" "$work/$name-optimal-tw.json" 2>/dev/null || echo "-")
    echo "$row | $tw |"
  done
} > "$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
