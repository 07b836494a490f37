#!/usr/bin/env bash
# Make the benchmark venv beside this script (benchmarks/.venv): dicestats from this
# clone (editable) plus the reference library the benchmarks race (icepool) and Numba,
# for bench_defence_compiled.py's compiled loop. Run from anywhere:
#   benchmarks/setup.sh && benchmarks/.venv/bin/python benchmarks/bench_storyteller.py
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python3 -m venv "$here/.venv"
"$here/.venv/bin/pip" install -q -e "$here/.." "icepool==2.1.3" "numba==0.68.1"
echo "benchmark venv ready: $here/.venv"
