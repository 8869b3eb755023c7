"""StrokeLab on Dask: shard `strokelab run`/`tune` over a cluster and merge, and read results.

A thin layer over the command-line tool: every measurement is made by `strokelab run --shard
K/N` (or `tune --shard`) on a worker, and `strokelab merge` combines the shards into the same
bytes a single-machine run writes. `results` reads the CLI's tables with pandas.
"""

from .driver import ShardFailure, run_sharded
from .results import load_pareto, load_results, load_summary, load_tune_points, plot_pareto

__all__ = ["ShardFailure", "run_sharded", "load_results", "load_summary", "load_pareto", "load_tune_points", "plot_pareto"]
