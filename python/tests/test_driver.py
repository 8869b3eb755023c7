"""The Dask driver: shards on a 2-worker LocalCluster merge into the bytes of a whole run."""

import os
import stat
import subprocess

import pytest

distributed = pytest.importorskip("distributed", reason="dask[distributed] is not installed (pip install -r python/requirements.txt)")

from strokelab_dask import ShardFailure, run_sharded  # noqa: E402
from strokelab_dask.driver import main  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_two_worker_local_cluster_is_byte_identical_to_a_whole_run(strokelab, small_spec, tmp_path, client):
    whole = tmp_path / "whole"
    subprocess.run([strokelab, "run", "--spec", str(small_spec), "--out", str(whole), "--quiet"], check=True, capture_output=True)
    assert len(client.scheduler_info()["workers"]) == 2
    out = tmp_path / "dask"
    run_sharded("run", ["--spec", str(small_spec)], 3, str(out), strokelab=strokelab, client=client, progress=False)
    for name in ["results.csv", "summary.csv", "summary_paired.csv"]:
        assert (out / name).read_bytes() == (whole / name).read_bytes(), name
    for k in (1, 2, 3):
        assert (out / "shards" / f"{k}-of-3" / "shard.json").exists()


def test_a_failed_shard_is_reported_with_its_command_and_nothing_is_merged(strokelab, small_spec, tmp_path, client):
    # A strokelab that fails for shard 2 only.
    wrapper = tmp_path / "flaky-strokelab"
    wrapper.write_text(f'#!/bin/sh\ncase "$*" in *"--shard 2/3"*) echo "disk full" >&2; exit 3;; esac\nexec "{strokelab}" "$@"\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    out = tmp_path / "dask"
    with pytest.raises(ShardFailure) as failure:
        run_sharded("run", ["--spec", str(small_spec)], 3, str(out), strokelab=str(wrapper), client=client, progress=False)
    text = str(failure.value)
    assert [f.index for f in failure.value.failures] == [2]
    assert "shard 2/3 exited 3" in text and "--shard 2/3" in text and "disk full" in text
    assert not (out / "results.csv").exists()


def test_the_command_line_merges_and_says_so(strokelab, small_spec, tmp_path, capsys):
    out = tmp_path / "cli"
    code = main(["run", "--spec", str(small_spec), "--shards", "2", "--workers", "2", "--out", str(out),
                 "--strokelab", strokelab, "--quiet"])
    assert code == 0
    assert "merged 2 shards" in capsys.readouterr().out
    assert (out / "results.csv").exists()


def test_a_missing_binary_or_spec_is_named_before_any_cluster_starts(strokelab, small_spec, tmp_path, capsys, monkeypatch):
    def no_cluster(*args, **kwargs):
        raise AssertionError("a cluster was started")

    monkeypatch.setattr(distributed, "LocalCluster", no_cluster)
    monkeypatch.setattr(distributed, "Client", no_cluster)
    out = tmp_path / "out"
    missing = tmp_path / "no-such-strokelab"
    code = main(["run", "--spec", str(small_spec), "--shards", "8", "--out", str(out), "--strokelab", str(missing)])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error: ") and str(missing) in err and "swift build -c release" in err, err
    assert len(err.strip().splitlines()) == 1
    code = main(["run", "--spec", str(tmp_path / "no-such.yaml"), "--shards", "8", "--out", str(out), "--strokelab", strokelab])
    err = capsys.readouterr().err
    assert code == 2 and "no-such.yaml: the spec is not a readable file" in err, err
    assert not out.exists(), "nothing is written"
