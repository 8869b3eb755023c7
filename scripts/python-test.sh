#!/usr/bin/env bash
# The Python side of the test suite (`make test` runs it after the Swift tests; .ci/run too):
# installs python/requirements-test.txt (pinned: the driver's, the notebooks' and pytest) with
# pip into .build/python-venv, runs the Dask
# driver's and the loaders' tests (pytest, including the 2-worker LocalCluster byte-identity
# check) and executes both notebooks headless on small result sets made here.
# Needs python3 (3.11+) with venv; without it, says so and skips (STROKELAB_NO_PYTHON=1 skips
# too) — except under CI (CI=true), where a skip is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
skip() {
    if [[ "${CI:-}" == true ]]; then echo "python tests: FAILED: CI=true and they would be skipped ($1)" >&2; exit 1; fi
    echo "python tests: skipped ($1)"; exit 0
}
if [[ "${STROKELAB_NO_PYTHON:-}" == 1 ]]; then skip "STROKELAB_NO_PYTHON=1"; fi
PY=${PYTHON:-python3}
if ! command -v "$PY" >/dev/null 2>&1 || ! "$PY" -c 'import sys, venv; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    skip "$PY 3.11+ with venv not found"
fi
VENV=.build/python-venv
[[ -x $VENV/bin/python ]] || "$PY" -m venv "$VENV"
echo "python tests: pip install -r python/requirements-test.txt into $VENV"
"$VENV/bin/pip" install -q --disable-pip-version-check -r python/requirements-test.txt
"$VENV/bin/pip" install -q --disable-pip-version-check --no-deps -e python
BIN=${STROKELAB_BIN:-$PWD/.build/debug/strokelab}
[[ -x $BIN ]] || { echo "python tests: no strokelab at $BIN (swift build first)" >&2; exit 1; }
export STROKELAB_BIN=$BIN
echo "python tests: pytest python/tests"
"$VENV/bin/python" -m pytest -q -p no:cacheprovider python/tests
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# The notebooks, on small result sets (the Swift tests run Experiments/tune.yaml itself): a
# tune of a horizon sweep and a 1€ search on one trace, and a run of two pipelines.
cat > "$WORK/tune.yaml" <<YAML
seed: 1
bootstrap: 100
minStrokes: 5
minTraces: 1
datasets: [{name: synthetic, paths: ["$PWD/Datasets/synthetic/finger-60hz-60fps.json"]}]
pipelines: [linear, midpoint-bezier]
sweeps: [{label: "midpoint-bezier(tail=complete)|predict:linear", grid: {predict.horizon: [0, 16, 33]}}]
tune:
  searches: [{label: one-euro, method: latin-hypercube, samples: 3, ranges: {one-euro.minCutoff: {min: 0.5, max: 5, scale: log}, one-euro.beta: {min: 0, max: 0.05}}}]
YAML
"$BIN" tune --spec "$WORK/tune.yaml" --out "$WORK/tune" --quiet >/dev/null
"$BIN" run --trace Datasets/synthetic/finger-60hz-60fps.json --pipeline linear --pipeline midpoint-bezier --out "$WORK/run" --quiet >/dev/null
notebook() { scripts/run-notebook.sh "Notebooks/$1" "$WORK" "$VENV/bin/jupyter"; }
STROKELAB_TUNE=$WORK/tune notebook tuning.ipynb
STROKELAB_RESULTS=$WORK/run notebook report_figures.ipynb
echo "python tests: pytest and both notebooks passed"
