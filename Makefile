# StrokeLab: the two commands of the README, and a few helpers.
#   make report   the main job: the default experiment on Datasets/ → out/
#   make test     the test suite (Swift, then scripts/python-test.sh: the Dask driver, the notebooks)
#   make notebooks  runs Notebooks/report_figures.ipynb headless on $(OUT) (needs Python:
#                 pip install -r Notebooks/requirements.txt); the executed copy goes to $(OUT)/notebook/
#   make peers    StrokeLab vs the peers' reference implementations, side by side
#                 (PEERS_SRC=/path/to/checkouts; scripts/peers/README.md); → $(OUT)/peers/
# report and test install the Debian packages the project needs when they are missing; test also
# installs Chromium and chromedriver for the recorder's browser test (skipped without them).

SWIFT ?= swift
BIN := .build/release/strokelab
OUT ?= out

.PHONY: report test python-test setup setup-test build datasets notebooks peers clean

setup:
	@scripts/setup-system.sh

setup-test:
	@scripts/setup-system.sh --with-browser

build: setup
	$(SWIFT) build -c release --product strokelab

report: build
	$(BIN) report --spec Experiments/default.yaml --out $(OUT)

test: setup-test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@scripts/python-test.sh

# The Python side alone (pinned requirements into .build/python-venv; pytest; both notebooks).
python-test:
	@scripts/python-test.sh

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

clean:
	rm -rf .build $(OUT)
