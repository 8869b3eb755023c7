"""StrokeLab's result tables as pandas DataFrames, and the Pareto-front figure.

Every loader reads the CLI's own CSV (`results.csv`, `summary.csv`, `pareto.csv`,
`tune_points.csv`) with `pandas.read_csv`, keeping text columns as text (a stroke id such as
`001` stays `001`) and empty cells as NaN (a confidence interval that cannot be computed).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

_TEXT = {"dataset": str, "trace": str, "stroke": str, "pipeline": str, "metric": str, "unit": str, "kind": str,
         "label": str, "objective": str, "direction": str}


def _read(directory, name: str) -> pd.DataFrame:
    path = Path(directory) / name
    if not path.exists():
        raise FileNotFoundError(f"{path}: missing (run strokelab run/tune/report with --out {directory})")
    return pd.read_csv(path, dtype=_TEXT, keep_default_na=False, na_values={"value": [""], "mean": [""], "ci_low": [""],
                                                                            "ci_high": [""], "median": [""], "p95": [""],
                                                                            "min": [""], "max": [""]})


def load_results(directory) -> pd.DataFrame:
    """`results.csv`: one row per stroke × pipeline × metric."""
    return _read(directory, "results.csv")


def load_summary(directory) -> pd.DataFrame:
    """`summary.csv`: per dataset × pipeline × metric, n, mean, … and the 95% CI."""
    return _read(directory, "summary.csv")


def load_pareto(directory) -> pd.DataFrame:
    """`pareto.csv` made wide: one row per front setting (dataset, kind, pipeline, label, rank)
    with `<objective>`, `<objective>_low`, `<objective>_high` columns."""
    return _wide(_read(directory, "pareto.csv"), ["dataset", "kind", "pipeline", "label", "rank"])


def load_tune_points(directory) -> pd.DataFrame:
    """`tune_points.csv` made wide: every setting, with `front`, `reference` and `ranked`
    (booleans; a setting that draws fewer than `minCoverage` of the strokes is not ranked and
    never on the front) and `coverage` (the fraction of the strokes it drew)."""
    wide = _wide(_read(directory, "tune_points.csv"),
                 ["dataset", "kind", "pipeline", "label", "rank", "front", "reference", "coverage", "ranked"])
    for flag in ("front", "reference", "ranked"):
        wide[flag] = wide[flag].astype(int).astype(bool)
    wide["coverage"] = pd.to_numeric(wide["coverage"], errors="coerce")
    return wide


def _wide(tidy: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    order = list(dict.fromkeys(tidy["objective"]))
    keys_text = tidy[keys].astype(str)  # rank is empty off the front: keep it as text while reshaping
    wide = tidy[["mean", "ci_low", "ci_high", "objective"]].join(keys_text).set_index(keys + ["objective"]).unstack("objective")
    # unstack sorts the rows; restore the file's order (fronts first, by rank).
    first = keys_text.drop_duplicates()
    wide = wide.reindex(pd.MultiIndex.from_frame(first))
    out = pd.DataFrame(index=wide.index)
    for o in order:
        out[o] = wide[("mean", o)]
        out[o + "_low"] = wide[("ci_low", o)]
        out[o + "_high"] = wide[("ci_high", o)]
    out = out.reset_index()
    out["rank"] = pd.to_numeric(out["rank"], errors="coerce").astype("Int64")
    return out


def plot_pareto(points: pd.DataFrame, dataset: str, kind: str, x: str = "lag.mean_ms",
                y: str = "jaggedness.bending_energy_log_ratio", colour: str = "fidelity.mean", ax=None):
    """The Pareto figure of one dataset × kind from `load_tune_points`: every setting as a point
    coloured by `colour`; the front's members circled in black and named; references (seeds,
    peers' defaults) as red squares, named. Points only: the front is over all the objectives
    (usually three), so a line through its members in two of them would join settings that are
    not neighbours on it. A log ratio (`…_log_ratio`, the tune default's bending) is drawn as
    the geometric mean it stands for, exp(mean). Returns the matplotlib Axes."""
    import numpy as np
    import matplotlib.pyplot as plt

    group = points[(points["dataset"] == dataset) & (points["kind"] == kind)].copy()
    if group.empty:
        raise ValueError(f"no settings for {dataset} · {kind}")
    for axis in (x, y):
        if axis.endswith("_log_ratio"):
            group[axis] = np.exp(group[axis])
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 5))
    c = group[colour] if colour in group else None
    sc = ax.scatter(group[x], group[y], c=c, cmap="viridis", s=28, zorder=2)
    if c is not None:
        ax.figure.colorbar(sc, ax=ax, label=colour)
    front = group[group["front"]]
    ax.scatter(front[x], front[y], marker="o", facecolors="none", edgecolors="black", s=90, linewidths=1.2, zorder=3,
               label="on the Pareto front")
    refs = group[group["reference"]]
    ax.scatter(refs[x], refs[y], marker="s", facecolors="none", edgecolors="red", s=70, zorder=3, label="references")
    for _, r in pd.concat([front, refs[~refs["front"]]]).iterrows():
        ax.annotate(r["pipeline"], (r[x], r[y]), fontsize=7, xytext=(4, 4), textcoords="offset points",
                    fontweight="bold" if r["front"] else "normal")

    def title(axis):
        return axis[: -len("_log_ratio")] + "_ratio (geometric mean)" if axis.endswith("_log_ratio") else axis

    ax.set_xlabel(title(x))
    ax.set_ylabel(title(y))
    if (group[y] > 0).all() and group[y].max() > 20 * group[y].min():
        ax.set_yscale("log")
    ax.set_title(f"{dataset} · {kind}: Pareto front (circled, named) over {', '.join(dict.fromkeys([x, y, colour]))}")
    ax.legend(fontsize=8)
    return ax
