#!/usr/bin/env bash
# CI smoke test for the benchmarks: build everything in release, then run every row once with a few iterations.
# It checks that the benchmarks build and run (and that each scenario builds the graph it should); the numbers
# of a quick run are noise, and nothing here compares them with a threshold. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")"

# Every target, including the package-benchmark one (TetherBenchmarks), so that it keeps compiling.
swift build -c release

# The table in quick mode: all rows, mallocs counted in the child process; fails if a scenario's graph is wrong
# or the malloc counts cannot be made.
swift run -c release --skip-build tether-bench --quick
swift run -c release --skip-build tether-floor --quick

# B1/B2 on a small generated app, so that the build-cost generator and its package keep working (the figures of
# a 50-registration app say little; Benchmarks/README.md has the 1,000-registration run).
scratch="$(mktemp -d)"
python3 Scripts/build-cost.py --components 50 --scratch "$scratch"
rm -rf "$scratch"
