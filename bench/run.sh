#!/usr/bin/env bash
# The benchmark suite: collection cost of every configuration against the line-stepping tracer and all-blocks,
# the workers study (seed Figs. 13-14), JMH planning and merge speed; writes docs/benchmarks.md with the CSV
# and PNG plots in docs/bench/. The full suite takes about 20-30 minutes on 2 cores; --quick a few minutes.
# Usage: bench/run.sh [--quick] [--reps N] [--repeat-below S] [--only REGEX] [--no-jmh] [--no-workers] [--report FILE]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# Builds every module the suite runs (the CLI's release jar, the test programs and their library jars, the bench
# jar) without installing anything; add -o to work offline once the dependencies are in ~/.m2.
mvn -B -q ${MVN_OFFLINE:+-o} package -DskipTests -pl cli,bench -am
exec java -Xmx2g -cp "bench/target/bench.jar:bench/target/lib/*" dev.jdtrace.bench.Suite --root "$root" "$@"
