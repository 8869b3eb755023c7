"""StrokeLab on Dask: shard `strokelab run`/`tune` over a cluster and merge, and read results.

A thin layer over the command-line tool: every measurement is made by `strokelab run --shard
K/N` (or `tune --shard`) on a worker, and `strokelab merge` combines the shards into the same
bytes a single-machine run writes. `results` reads the CLI's tables with pandas.

The driver (and with it Dask) is imported only when `run_sharded` or `ShardFailure` is first
used, so the notebooks read results with pandas and matplotlib alone
(`Notebooks/requirements.txt`).
"""

from .results import load_pareto, load_results, load_summary, load_tune_points, plot_pareto

__all__ = ["ShardFailure", "run_sharded", "load_results", "load_summary", "load_pareto", "load_tune_points", "plot_pareto"]


def __getattr__(name):
    if name in ("run_sharded", "ShardFailure"):
        from . import driver

        return getattr(driver, name)
    raise AttributeError(f"module 'strokelab_dask' has no attribute {name!r}")
