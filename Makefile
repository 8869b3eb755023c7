# StrokeLab: the two commands of the README, and a few helpers.
#   make report   the main job: the default experiment on Datasets/ → out/
#   make test     the test suite: Swift (quiet: failures, skips and totals; VERBOSE=1 for every line),
#                 then scripts/python-test.sh (the Dask driver, the notebooks)
#   make fuzz     the long fuzzing run of every reader (docs/fuzzing.md)
#   make notebooks  runs Notebooks/report_figures.ipynb headless on $(OUT) (needs Python:
#                 pip install -r Notebooks/requirements.txt); the executed copy goes to $(OUT)/notebook/
#   make bench-allocations  heap allocations per event of the live stroke after warm-up
#   make peers    StrokeLab vs the peers' reference implementations, side by side
#                 (PEERS_SRC=/path/to/checkouts; scripts/peers/README.md); → $(OUT)/peers/
# report and test install the Debian packages the project needs when they are missing; test also
# installs Chromium and chromedriver for the recorder's browser test (skipped without them).

SWIFT ?= swift
BIN := .build/release/strokelab
OUT ?= out
# pipefail: the filtered commands below keep their exit status.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

.PHONY: report test python-test setup setup-test build datasets notebooks peers clean fuzz golden bench-allocations

setup:
	@scripts/setup-system.sh

setup-test:
	@scripts/setup-system.sh --for-tests

build: setup
	$(SWIFT) build -c release --product strokelab

report: build
	$(BIN) report --spec Experiments/default.yaml --out $(OUT) --single-file

# The build's progress lines and the per-test "started/passed" lines are filtered out
# (scripts/test-output.awk): what remains is diagnostics, failures, skips, what tests print
# and the totals. `make test VERBOSE=1` shows everything.
test: setup-test
ifdef VERBOSE
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
else
	@echo "swift build --build-tests"
	@$(SWIFT) build --build-tests 2>&1 | awk -f scripts/test-output.awk
	@echo "swift test --skip-build (per-test lines filtered: make test VERBOSE=1 shows them)"
	@$(SWIFT) test --skip-build 2>&1 | awk -f scripts/test-output.awk
endif
	@scripts/python-test.sh

# The Python side alone (pinned requirements into .build/python-venv; pytest; both notebooks).
python-test:
	@scripts/python-test.sh

# The long fuzzing runs (docs/fuzzing.md): every reader, FUZZ_RUNS executions each.
FUZZ_RUNS ?= 1000000
fuzz:
	$(SWIFT) build -c release --product strokelab-fuzz --scratch-path .build-fuzz \
		-Xswiftc -sanitize=fuzzer -Xswiftc -DSTROKELAB_LIBFUZZER
	scripts/fuzz-readers.sh $(FUZZ_RUNS)

# Rewrites the raster tests' golden images (Tests/StrokeRasterTests/Golden) from the current
# code, after an intended visual change: look at them, then commit. A test run never does.
golden: setup
	$(SWIFT) run update-goldens

# Regenerates Datasets/synthetic byte-identically (the test suite checks it).
datasets: build
	$(BIN) synth --out Datasets/synthetic

# Reproduces the report's figures from $(OUT) through the notebook (Notebooks/README.md).
# Python only here: `make test` and `make report` never need it.
JUPYTER ?= jupyter
notebooks: report
	@command -v $(JUPYTER) >/dev/null 2>&1 || { echo "notebooks: $(JUPYTER) not found: pip install -r Notebooks/requirements.txt" >&2; exit 1; }
	STROKELAB_RESULTS=$(OUT) $(JUPYTER) nbconvert --to notebook --execute Notebooks/report_figures.ipynb \
		--output-dir $(OUT)/notebook --output report_figures.ipynb

# The peer benchmark harness: builds the peers from PEERS_SRC (their build tools are the
# harness's own preflight, not `setup`'s) and prints one table. PEERS_ARGS passes options
# through, e.g. PEERS_ARGS=--callgrind.
peers: build
	scripts/peers/run --strokelab $(BIN) --work $(OUT)/peers $(PEERS_ARGS)
	scripts/peers/external --strokelab $(BIN) --work $(OUT)/peers

# Heap allocations per event of the live stroke after warm-up (docs/guides/live.md), counted by
# ordo-one's malloc-interposer, preloaded. A separate build (.build-bench): `make test` never
# builds it.
bench-allocations:
	STROKELAB_BENCHMARKS=1 $(SWIFT) build -c release --product live-allocations --scratch-path .build-bench
	LD_PRELOAD=$$(find .build-bench/release/ -name 'libMallocInterposerSwift.so' | head -1) \
		.build-bench/release/live-allocations $(BENCH_TRACES)

clean:
	rm -rf .build .build-bench $(OUT)
