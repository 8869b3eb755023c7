"""Submit the N shards of a StrokeLab run to a Dask cluster, then merge them.

    python -m strokelab_dask run --spec Experiments/default.yaml --shards 8 --out out/dask
    python -m strokelab_dask tune --spec Experiments/tune.yaml --shards 8 --scheduler tcp://10.0.0.5:8786 --out out/tune

Each shard is one task: `strokelab <command> … --shard K/N --out OUT/shards/K-of-N`, run as a
subprocess on a worker, in the working directory given (default: here). Workers must see the
same paths (the binary, the spec, the traces, the output directory): a shared file system, or
the same checkout at the same path on every machine. When every shard succeeded the driver
runs `strokelab merge` locally into OUT; when any failed it prints each failed shard's command
and the last lines of its error output, exits 1 and merges nothing.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass
class ShardResult:
    """What one shard task returned."""

    index: int
    count: int
    command: list[str]
    returncode: int
    stderr: str
    seconds: float


class ShardFailure(RuntimeError):
    """One or more shards failed; `failures` holds their results (command, exit status, stderr)."""

    def __init__(self, failures: list[ShardResult]):
        self.failures = failures
        lines = [f"{len(failures)} shard(s) failed; nothing was merged:"]
        for f in failures:
            tail = " | ".join(f.stderr.strip().splitlines()[-3:]) or "(no error output)"
            lines.append(f"  shard {f.index}/{f.count} exited {f.returncode}: {shlex.join(f.command)}\n    {tail}")
        super().__init__("\n".join(lines))


class PreflightError(ValueError):
    """What the driver checks before it starts a cluster is wrong (the binary, the spec): one line."""


def preflight(strokelab: str, args: list[str], cwd: str) -> None:
    """Checks, before any cluster is started, that `strokelab` runs here (`--version`) and that
    the spec named by `--spec` in `args` is a readable file (relative to `cwd`). Workers must
    see the same paths, so a binary or spec missing here would fail every shard (exit 127 × N).
    Raises `PreflightError` naming the path and what to do."""
    if not os.path.isfile(strokelab) or not os.access(strokelab, os.X_OK):
        raise PreflightError(f"{strokelab}: no strokelab binary there; build it with `swift build -c release --product strokelab` "
                             "or give --strokelab PATH")
    try:
        version = subprocess.run([strokelab, "--version"], cwd=cwd, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise PreflightError(f"{strokelab}: cannot run it: {e}") from None
    if version.returncode != 0:
        raise PreflightError(f"{strokelab} --version exited {version.returncode}: {version.stderr.strip()[:200]}")
    if "--spec" in args:
        i = args.index("--spec")
        if i + 1 >= len(args):
            raise PreflightError("--spec needs a file")
        spec = os.path.join(cwd, args[i + 1])
        if not os.path.isfile(spec) or not os.access(spec, os.R_OK):
            raise PreflightError(f"{spec}: the spec is not a readable file (paths are relative to --cwd, {cwd})")


def run_shard(command: list[str], index: int, count: int, cwd: str) -> ShardResult:
    """Runs one shard's command (on a worker). Never raises for a failing command: the driver
    reports every failure together."""
    start = time.monotonic()
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
        code, err = done.returncode, done.stderr
    except OSError as e:  # the binary is missing on this worker
        code, err = 127, f"cannot start {command[0]}: {e}"
    return ShardResult(index, count, command, code, err, time.monotonic() - start)


def shard_command(strokelab: str, command: str, args: list[str], index: int, count: int, directory: str) -> list[str]:
    """`strokelab <command> <args…> --shard K/N --out DIR --quiet`."""
    return [strokelab, command, *args, "--shard", f"{index}/{count}", "--out", directory, "--quiet"]


def _progress(done: int, total: int, start: float, stream) -> None:
    elapsed = time.monotonic() - start
    eta = elapsed / done * (total - done) if done else float("nan")
    width = 30
    bar = "#" * (width * done // total) + "-" * (width - width * done // total)
    eta_text = f", ETA {eta:.0f} s" if done and done < total else ""
    stream.write(f"\r[{bar}] {done}/{total} shards, {elapsed:.0f} s{eta_text}")
    stream.flush()


def run_sharded(
    command: str,
    args: list[str],
    shards: int,
    out: str,
    *,
    strokelab: str | None = None,
    scheduler: str | None = None,
    workers: int = 2,
    cwd: str | None = None,
    progress: bool | None = None,
    client=None,
) -> subprocess.CompletedProcess:
    """Runs `strokelab <command> <args>` as `shards` shards on Dask and merges them into `out`.

    `scheduler`: a scheduler address (`tcp://host:8786`) for a real cluster; without it a
    `LocalCluster` of `workers` single-threaded workers is started (and closed) here. `client`:
    an existing `distributed.Client` to use instead. `progress`: draw a progress bar on
    stderr (default: when stderr is a terminal). Returns the merge's completed process;
    raises `ShardFailure` (nothing merged) when a shard failed, `subprocess.CalledProcessError`
    when the merge failed; raises `PreflightError` before any cluster starts when the binary or
    the spec is missing (`preflight`).
    """
    if command not in ("run", "tune"):
        raise ValueError("command must be 'run' or 'tune'")
    if shards < 1:
        raise ValueError("shards must be at least 1")
    cwd = os.path.abspath(cwd or os.getcwd())
    strokelab = os.path.abspath(strokelab or os.path.join(cwd, ".build", "release", "strokelab"))
    preflight(strokelab, args, cwd)
    from distributed import Client, LocalCluster, as_completed

    out = os.path.abspath(out)
    shard_root = os.path.join(out, "shards")
    os.makedirs(shard_root, exist_ok=True)
    directories = [os.path.join(shard_root, f"{k}-of-{shards}") for k in range(1, shards + 1)]
    show = sys.stderr.isatty() if progress is None else progress

    cluster = None
    own_client = client is None
    if client is None:
        if scheduler:
            client = Client(scheduler)
        else:
            # The dashboard on a free port (the default, 8787, warns when taken).
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0")
            client = Client(cluster)
    try:
        futures = [
            client.submit(run_shard, shard_command(strokelab, command, args, k, shards, directories[k - 1]), k, shards, cwd,
                          key=f"strokelab-shard-{k}-of-{shards}-{os.getpid()}-{time.time_ns()}", pure=False)
            for k in range(1, shards + 1)
        ]
        results: list[ShardResult] = []
        start = time.monotonic()
        if show:
            _progress(0, shards, start, sys.stderr)
        for future in as_completed(futures):
            results.append(future.result())
            if show:
                _progress(len(results), shards, start, sys.stderr)
        if show:
            sys.stderr.write("\n")
    finally:
        if own_client:
            client.close()
        if cluster is not None:
            cluster.close()
    failures = sorted((r for r in results if r.returncode != 0), key=lambda r: r.index)
    if failures:
        raise ShardFailure(failures)
    merge = [strokelab, "merge", *directories, "--out", out, "--quiet"]
    return subprocess.run(merge, cwd=cwd, capture_output=True, text=True, check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m strokelab_dask",
                                     description="Run a StrokeLab experiment or tune as shards on Dask, then merge.")
    parser.add_argument("command", choices=["run", "tune"], help="the strokelab command to shard")
    parser.add_argument("--spec", required=True, help="the spec file (paths relative to --cwd)")
    parser.add_argument("--shards", type=int, default=4, help="number of shards (default 4)")
    parser.add_argument("--out", required=True, help="output directory (shards go to OUT/shards/)")
    parser.add_argument("--scheduler", help="Dask scheduler address, e.g. tcp://10.0.0.5:8786 (default: a LocalCluster)")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster workers (default 2)")
    parser.add_argument("--strokelab", help="the strokelab binary (default: .build/release/strokelab under --cwd)")
    parser.add_argument("--cwd", help="directory the shards run in (default: here)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    # Options the driver does not know (e.g. --pipeline L) are passed on to every shard.
    a, extra = parser.parse_known_args(argv)
    try:
        done = run_sharded(a.command, ["--spec", a.spec, *extra], a.shards, a.out, strokelab=a.strokelab,
                           scheduler=a.scheduler, workers=a.workers, cwd=a.cwd, progress=False if a.quiet else None)
    except PreflightError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except ShardFailure as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as e:
        print(f"error: merge failed ({shlex.join(e.cmd)}): {e.stderr.strip()}", file=sys.stderr)
        return 1
    print(done.stdout.strip().splitlines()[-1] if done.stdout.strip() else f"merged into {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
