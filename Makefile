# StrokeLab: the two commands of the README, and a few helpers.
#   make report   the main job: the default experiment on Datasets/ → out/
#   make test     the whole test suite (CI): Swift in parallel (quiet: failures and the count;
#                 VERBOSE=1 runs it serially with every line), then scripts/python-test.sh (the
#                 Dask driver, the notebooks)
#   make test-fast  the fast unit tier for the inner loop: every Swift test but the slow ones of
#                 Tests/slow-tests.txt, in parallel, no Python (about 3 minutes after the build on a loaded 2-core machine)
#   make golden   rewrites the raster tests' golden images (after an intended visual change)
#   make fuzz     the long fuzzing run of every reader (docs/fuzzing.md)
#   make notebooks  runs Notebooks/report_figures.ipynb headless on an existing $(OUT) (never
#                 re-runs the report; needs Python: pip install -r Notebooks/requirements.txt);
#                 the executed copy goes to $(OUT)/notebook/
#   make bench-allocations  heap allocations per event of the live stroke after warm-up
#   make docs     DocC for StrokeCore, StrokeSmoothing, StrokeMetrics (guides as articles),
#                 warnings as errors → $(OUT)/docs/ (make test runs it after its build: about
#                 1.5 min more, the modules being built by then)
#   make peers    StrokeLab vs the peers' reference implementations, side by side
#                 (PEERS_SRC=/path/to/checkouts; scripts/peers/README.md); → $(OUT)/peers/
# report and test install the Debian packages the project needs when they are missing; test also
# installs what the tests need beyond Swift (Chromium and chromedriver, Node.js, Python with
# venv), which CI (CI=true) requires.

SWIFT ?= swift
BIN := .build/release/strokelab
OUT ?= out
# pipefail: the filtered commands below keep their exit status.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

.PHONY: report test test-fast python-test setup setup-test build build-tests datasets notebooks peers clean fuzz golden bench-allocations docs

setup:
	@scripts/setup-system.sh

setup-test:
	@scripts/setup-system.sh --for-tests

# The release build can compile one large module for minutes without a line: heartbeat.sh
# says it is still running every 10 s of silence.
build: setup
	@echo "swift build -c release --product strokelab"
	@scripts/heartbeat.sh "build" $(SWIFT) build -c release --product strokelab

report: build
	$(BIN) report --spec Experiments/default.yaml --out $(OUT) --single-file

# The build's progress lines and the per-test lines are filtered out (scripts/test-output.awk):
# what remains is diagnostics, failures, what failing tests printed and the count. `make test
# VERBOSE=1` runs the tests one after another and shows everything (skips included).
build-tests:
	@echo "swift build --build-tests"
	@scripts/heartbeat.sh "build" $(SWIFT) build --build-tests 2>&1 | awk -f scripts/test-output.awk

test: setup-test
ifdef VERBOSE
	$(SWIFT) build --build-tests
	@$(MAKE) --no-print-directory docs
	$(SWIFT) test --skip-build
else
	@$(MAKE) --no-print-directory build-tests
	@$(MAKE) --no-print-directory docs
	@echo "swift test --skip-build --parallel"
	@$(SWIFT) test --skip-build --parallel 2>&1 | awk -f scripts/test-output.awk
endif
	@scripts/python-test.sh

# The fast tier: the tests of Tests/slow-tests.txt (end-to-end runs of the tool, reports, the
# public datasets, browsers; each takes seconds) are skipped. A test that takes more than a
# second or two belongs in that list (PackageManifestTests checks that its names exist).
SLOW_TESTS = $(shell grep -v -e '^\s*\#' -e '^\s*$$' Tests/slow-tests.txt | paste -sd'|' -)
test-fast: build-tests
	@echo "swift test --skip-build --parallel --skip <the $(words $(subst |, ,$(SLOW_TESTS))) slow tests of Tests/slow-tests.txt>"
	@$(SWIFT) test --skip-build --parallel --skip '$(SLOW_TESTS)' 2>&1 | awk -f scripts/test-output.awk

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

# Reproduces the report's figures from an existing $(OUT) through the notebook
# (Notebooks/README.md); it never runs the report again (make report first). Python only here:
# `make report` never needs it.
JUPYTER ?= jupyter
notebooks:
	@test -f $(OUT)/summary.csv || { echo "notebooks: no results in $(OUT)/ (no summary.csv): run make report first, or set OUT" >&2; exit 1; }
	@command -v $(JUPYTER) >/dev/null 2>&1 || { echo "notebooks: $(JUPYTER) not found: pip install -r Notebooks/requirements.txt" >&2; exit 1; }
	STROKELAB_RESULTS=$(OUT) scripts/run-notebook.sh Notebooks/report_figures.ipynb $(OUT)/notebook $(JUPYTER)

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

# The algorithm modules' API documentation (DocC through swiftlang/swift-docc-plugin, declared
# only with STROKELAB_DOCS=1), the guides as articles; any warning (an unresolved symbol link, a
# missing article) fails. Combined into one archive so links between the modules resolve.
# It builds in .build (debug, as build-tests does, so after it nothing is compiled again).
DOC_TARGETS = StrokeCore StrokeSmoothing StrokeMetrics
docs:
	@scripts/docc-articles
	@echo "swift package generate-documentation $(addprefix --target ,$(DOC_TARGETS)) --warnings-as-errors → $(OUT)/docs"
	@# docc's merge step needs the output's parent folder, and exits 0 without it, writing nothing.
	@mkdir -p $(OUT)
	@STROKELAB_DOCS=1 $(SWIFT) package --allow-writing-to-directory $(OUT)/docs \
		generate-documentation $(addprefix --target ,$(DOC_TARGETS)) --enable-experimental-combined-documentation \
		--warnings-as-errors --output-path $(OUT)/docs
	@test -d $(OUT)/docs/documentation || { echo "error: make docs: no documentation archive was written to $(OUT)/docs"; exit 1; }

clean:
	rm -rf .build .build-bench $(OUT) Sources/*/*.docc/Guides
