#!/usr/bin/env bash
# Installs the Debian packages StrokeLab needs when they are missing (DESIGN.md, "System
# dependencies"). As root it runs apt-get; otherwise it prints the exact command and stops.
#
#   scripts/setup-system.sh                 the packages every build needs
#   scripts/setup-system.sh --with-browser  … and Chromium with its WebDriver (chromium,
#                                           chromium-driver) for the recorder's end-to-end
#                                           browser test (`make test` asks for them). They are
#                                           optional: as non-root, or when STROKELAB_NO_BROWSER=1,
#                                           or when installing them fails, the script only says
#                                           how to install them and the test reports itself
#                                           skipped.
set -euo pipefail

# gnuplot-nox must be installed together with libgnuplot-iostream-dev: alone, the latter's
# dependency on the `gnuplot` metapackage would pull in gnuplot-qt and Qt. DejaVu Sans is the
# font of every figure and raster (the golden-image test depends on it).
PACKAGES=(pkg-config gnuplot-nox libgnuplot-iostream-dev libboost-iostreams-dev libboost-filesystem-dev libcairo2-dev fonts-dejavu-core)
BROWSER_PACKAGES=(chromium chromium-driver)

with_browser=0
for arg in "$@"; do
  case "$arg" in
    --with-browser) with_browser=1 ;;
    *) echo "setup: unknown argument '$arg' (use --with-browser or nothing)" >&2; exit 2 ;;
  esac
done
if [ "${STROKELAB_NO_BROWSER:-0}" = "1" ]; then with_browser=0; fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup: not a Debian-based system; make sure these are installed: gnuplot, cairo (with pkg-config), boost iostreams, gnuplot-iostream." >&2
  if [ "$with_browser" = 1 ]; then
    echo "setup: for the recorder's and the report's browser tests, also Chromium and chromedriver (optional; the test is skipped without them)." >&2
  fi
  exit 0
fi

missing_from() {
  local p
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      printf '%s\n' "$p"
    fi
  done
}

mapfile -t missing < <(missing_from "${PACKAGES[@]}")
browser_missing=()
if [ "$with_browser" = 1 ]; then
  mapfile -t browser_missing < <(missing_from "${BROWSER_PACKAGES[@]}")
fi

if [ ${#missing[@]} -eq 0 ] && [ ${#browser_missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  if [ ${#browser_missing[@]} -gt 0 ]; then
    echo "setup: installing ${browser_missing[*]} (for the recorder's browser test)"
    if ! apt-get install -y -qq --no-install-recommends "${browser_missing[@]}" >/dev/null; then
      echo "setup: could not install ${browser_missing[*]}; the recorder's browser test will be skipped" >&2
    fi
  fi
  echo "setup: done"
else
  if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: StrokeLab needs these Debian packages: ${missing[*]}" >&2
    echo "setup: install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  fi
  if [ ${#browser_missing[@]} -gt 0 ]; then
    echo "setup: the recorder's browser test needs ${browser_missing[*]} (optional: without them it is skipped); install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${browser_missing[*]}" >&2
  fi
  if [ ${#missing[@]} -gt 0 ]; then
    exit 1
  fi
fi
