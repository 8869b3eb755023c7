# StrokeLab: the two commands of the README, and a few helpers.
#   make report   the main job: the default experiment on Datasets/ → out/
#   make test     the test suite
# Both install the Debian packages the project needs when they are missing.

SWIFT ?= swift
BIN := .build/release/strokelab
OUT ?= out

.PHONY: report test setup build datasets clean

setup:
	@scripts/setup-system.sh

build: setup
	$(SWIFT) build -c release --product strokelab

report: build
	$(BIN) report --spec Experiments/default.yaml --out $(OUT)

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Regenerates Datasets/synthetic byte-identically (the test suite checks it).
datasets: build
	$(BIN) synth --out Datasets/synthetic

clean:
	rm -rf .build $(OUT)
