#!/usr/bin/env bash
# Executes one notebook headless: scripts/run-notebook.sh NOTEBOOK OUTPUT_DIR [JUPYTER]
# (`make notebooks` and scripts/python-test.sh). nbconvert exits non-zero when a cell raises.
# The kernel talks to nbconvert over IPC sockets in a private temporary folder, not over TCP:
# no unencrypted TCP port is opened (and ipykernel has nothing to warn about). The socket path
# is absolute because the kernel runs in the notebook's folder, not here.
set -euo pipefail
notebook=$1 out=$2 jupyter=${3:-jupyter}
sockets=$(mktemp -d)
trap 'rm -rf "$sockets"' EXIT
echo "notebook: executing $notebook → $out/$(basename "$notebook")"
"$jupyter" nbconvert --log-level=ERROR --KernelManager.transport=ipc --KernelManager.ip="$sockets/kernel" \
    --to notebook --execute "$notebook" --output-dir "$out" --output "$(basename "$notebook")"
