#!/usr/bin/env bash
# Installs the Debian packages StrokeLab needs when they are missing (DESIGN.md, "System
# dependencies"). As root it runs apt-get; otherwise it prints the exact command and stops.
set -euo pipefail

# gnuplot-nox must be installed together with libgnuplot-iostream-dev: alone, the latter's
# dependency on the `gnuplot` metapackage would pull in gnuplot-qt and Qt. DejaVu Sans is the
# font of every figure and raster (the golden-image test depends on it).
PACKAGES=(pkg-config gnuplot-nox libgnuplot-iostream-dev libboost-iostreams-dev libboost-filesystem-dev libcairo2-dev fonts-dejavu-core)

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup: not a Debian-based system; make sure these are installed: gnuplot, cairo (with pkg-config), boost iostreams, gnuplot-iostream." >&2
  exit 0
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  echo "setup: done"
else
  echo "setup: StrokeLab needs these Debian packages: ${missing[*]}" >&2
  echo "setup: install them with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
