#!/usr/bin/env bash
# scripts/heartbeat.sh LABEL COMMAND…: runs COMMAND, passing its output (standard output and
# error, as lines) through, and whenever it prints nothing for 10 s prints
# `LABEL: still running, N s (last: …)`, so a long silent stretch (the release build compiling
# one large module for minutes) still shows progress. Exits with COMMAND's status.
set -uo pipefail
label=$1
shift
start=$SECONDS
exec 3< <("$@" 2>&1; echo "__heartbeat_status $?")
last="" pending="" status=1
while true; do
    if IFS= read -r -t 10 line <&3; then
        line=$pending$line
        pending=""
        case $line in
            "__heartbeat_status "*) status=${line#__heartbeat_status }; break ;;
        esac
        printf '%s\n' "$line"
        last=$line
    elif (( $? > 128 )); then
        pending=$pending$line   # a timeout keeps the part of a line read so far
        printf '%s: still running, %d s (last: %s)\n' "$label" $((SECONDS - start)) "${last:0:100}"
    else
        break   # end of output without a status: the command was killed
    fi
done
exit "$status"
