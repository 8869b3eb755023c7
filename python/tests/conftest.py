import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


CI = os.environ.get("CI") == "true"


# Under CI (CI=true) a skipped test or module is a failure, as in the Swift tests: a missing
# binary or package must not pass unnoticed.
@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if CI and report.skipped:
        report.outcome = "failed"
        report.longrepr = f"CI=true, so a skip is a failure: {report.longrepr}"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    report = outcome.get_result()
    if CI and report.skipped:
        report.outcome = "failed"
        report.longrepr = f"CI=true, so a skip is a failure: {report.longrepr}"


@pytest.fixture(scope="session")
def strokelab() -> str:
    """The strokelab binary: $STROKELAB_BIN, else the release or debug build of this checkout."""
    candidates = [os.environ.get("STROKELAB_BIN"), ROOT / ".build/release/strokelab", ROOT / ".build/debug/strokelab"]
    for c in candidates:
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return str(Path(c).resolve())
    pytest.skip("no strokelab binary: build it (swift build) or set STROKELAB_BIN")


@pytest.fixture
def small_spec(tmp_path) -> Path:
    """Two synthetic traces (16 strokes) × three pipelines."""
    spec = tmp_path / "spec.yaml"
    synthetic = ROOT / "Datasets/synthetic"
    spec.write_text(
        "seed: 9\nbootstrap: 100\n"
        f"datasets: [{{name: synthetic, paths: ['{synthetic}/stylus-240hz-60fps.json', '{synthetic}/finger-60hz-60fps.json']}}]\n"
        "pipelines: [linear, midpoint-bezier, 'midpoint-bezier(tail=complete)|predict:linear(horizon=16.7)']\n"
    )
    return spec
