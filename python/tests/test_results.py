"""pandas loaders over the CLI's tables, and the Pareto figure."""

import subprocess

import pytest

pd = pytest.importorskip("pandas", reason="pandas is not installed (pip install -r python/requirements.txt)")

from strokelab_dask import load_pareto, load_results, load_summary, load_tune_points, plot_pareto  # noqa: E402


@pytest.fixture(scope="module")
def tuned(strokelab, tmp_path_factory):
    from conftest import ROOT

    out = tmp_path_factory.mktemp("tune")
    spec = out / "tune.yaml"
    spec.write_text(
        f"seed: 2\nbootstrap: 50\ndatasets: [{{name: synthetic, paths: ['{ROOT}/Datasets/synthetic/finger-60hz-60fps.json']}}]\n"
        "pipelines: [linear, midpoint-bezier]\n"
        "sweeps: [{label: 'midpoint-bezier(tail=complete)|predict:linear', grid: {predict.horizon: [0, 16, 33]}}]\n"
    )
    subprocess.run([strokelab, "tune", "--spec", str(spec), "--out", str(out / "out"), "--quiet"], check=True, capture_output=True)
    return out / "out"


def test_results_and_summary_agree(tuned):
    results, summary = load_results(tuned), load_summary(tuned)
    assert pd.api.types.is_string_dtype(results["stroke"]) and results["value"].dtype == float
    means = results.groupby(["dataset", "pipeline", "metric"], sort=False)["value"].mean()
    joined = summary.set_index(["dataset", "pipeline", "metric"])["mean"]
    assert (means.reindex(joined.index) - joined).abs().max() < 1e-9


def test_pareto_is_the_front_of_tune_points(tuned):
    front, points = load_pareto(tuned), load_tune_points(tuned)
    assert len(points) == 5 and points["front"].sum() == len(front) >= 1
    assert list(front["rank"]) == list(range(1, len(front) + 1))
    assert {"lag.mean_ms", "lag.mean_ms_low", "fidelity.mean"} <= set(front.columns)
    assert points.loc[points["reference"], "pipeline"].tolist() == ["linear", "midpoint-bezier"]


def test_pareto_figure_draws_every_setting_as_a_point_and_names_the_front(tuned, tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    points = load_tune_points(tuned)
    ax = plot_pareto(points, "synthetic", "finger")
    ax.figure.savefig(tmp_path / "pareto.png")
    assert (tmp_path / "pareto.png").stat().st_size > 1000
    assert len(ax.collections[0].get_offsets()) == len(points)
    # No line through the front: it is a front over three objectives, drawn in two.
    assert ax.get_lines() == []
    group = points[(points["dataset"] == "synthetic") & (points["kind"] == "finger")]
    named = {t.get_text() for t in ax.texts}
    assert set(group.loc[group["front"], "pipeline"]) <= named
    assert set(group.loc[group["reference"], "pipeline"]) <= named


def test_the_loaders_do_not_need_dask():
    import sys

    check = ("import sys, strokelab_dask; strokelab_dask.load_results; "
             "assert not any(m.split('.')[0] in ('dask', 'distributed') for m in sys.modules), 'Dask imported'")
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_missing_table_names_the_file(tmp_path):
    with pytest.raises(FileNotFoundError, match="results.csv: missing"):
        load_results(tmp_path)
