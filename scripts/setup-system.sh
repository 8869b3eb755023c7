#!/usr/bin/env bash
# Installs the Debian packages StrokeLab needs when they are missing (DESIGN.md, "System
# dependencies"). As root it runs apt-get, printing one line per package downloaded and set up
# (apt's own output is summarised, never hidden); otherwise it prints the exact command and
# stops.
#
#   scripts/setup-system.sh              the packages every build needs
#   scripts/setup-system.sh --for-tests  … and what the tests need beyond Swift: Chromium with
#                                        its WebDriver (the recorder's and the report's browser
#                                        tests), Node.js
#                                        (the page's model script) and Python 3 with venv (the
#                                        peer harness, the Dask driver, the notebooks). Only
#                                        commands that are missing are installed. Without
#                                        them those tests skip on a developer's machine; under
#                                        CI (CI=true) a skip is a failure, and so is a test
#                                        tool this script cannot install. STROKELAB_NO_BROWSER=1
#                                        leaves Chromium out (not under CI).
#   (--with-browser is the older name of --for-tests.)
set -euo pipefail

# gnuplot-nox must be installed together with libgnuplot-iostream-dev: alone, the latter's
# dependency on the `gnuplot` metapackage would pull in gnuplot-qt and Qt. DejaVu Sans is the
# font of every figure and raster (the golden-image test depends on it).
PACKAGES=(pkg-config gnuplot-nox libgnuplot-iostream-dev libboost-iostreams-dev libboost-filesystem-dev libcairo2-dev fonts-dejavu-core)

for_tests=0
for arg in "$@"; do
  case "$arg" in
    --for-tests|--with-browser) for_tests=1 ;;
    *) echo "setup: unknown argument '$arg' (use --for-tests or nothing)" >&2; exit 2 ;;
  esac
done
ci=0
if [ "${CI:-}" = "true" ]; then ci=1; fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup: not a Debian-based system; make sure these are installed: gnuplot, cairo (with pkg-config), boost iostreams, gnuplot-iostream." >&2
  if [ "$for_tests" = 1 ]; then
    echo "setup: for the tests, also Chromium and chromedriver, Node.js, and Python 3.11+ with venv." >&2
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

# The test tools, by command: a Node or Python from elsewhere (nvm, pyenv) counts.
test_missing() {
  if [ "${STROKELAB_NO_BROWSER:-0}" != "1" ] || [ "$ci" = 1 ]; then
    command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || echo chromium
    command -v chromedriver >/dev/null 2>&1 || echo chromium-driver
  fi
  command -v node >/dev/null 2>&1 || command -v nodejs >/dev/null 2>&1 || echo nodejs
  if ! command -v python3 >/dev/null 2>&1; then
    echo python3; echo python3-venv
  elif ! python3 -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; then
    echo python3-venv
  fi
}

mapfile -t missing < <(missing_from "${PACKAGES[@]}")
tools_missing=()
if [ "$for_tests" = 1 ]; then
  mapfile -t tools_missing < <(test_missing)
fi

if [ ${#missing[@]} -eq 0 ] && [ ${#tools_missing[@]} -eq 0 ]; then
  exit 0
fi

# apt-get with its output summarised: one line per index fetched, per package downloaded and
# per package set up ([k/n]), errors and warnings as they come. Returns apt-get's status.
apt_progress() {
  apt-get -o Dpkg::Progress-Fancy=0 -o APT::Color=0 "$@" 2>&1 | awk '
    /^(Get|Hit|Ign):[0-9]+ / && NF <= 6 { printf "setup: apt-get update: %s %s %s\n", $1, $3, $4; fflush(); next }
    /^Get:[0-9]+ / { printf "setup: downloading %s %s %s\n", $5, $7, $8 $9; fflush(); next }
    / newly installed, / { total = $3; printf "setup: %s packages to install\n", total; fflush(); next }
    /^Setting up / { k++; printf "setup: [%d/%s] set up %s\n", k, (total == "" ? "?" : total), $3; fflush(); next }
    /^(E|W): / { print > "/dev/stderr"; fflush("/dev/stderr") }
  '
  return "${PIPESTATUS[0]}"
}

if [ "$(id -u)" -eq 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  echo "setup: apt-get update"
  apt_progress update
  if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    apt_progress install -y --no-install-recommends "${missing[@]}"
  fi
  if [ ${#tools_missing[@]} -gt 0 ]; then
    echo "setup: installing ${tools_missing[*]} (for the tests)"
    if ! apt_progress install -y --no-install-recommends "${tools_missing[@]}"; then
      echo "setup: could not install ${tools_missing[*]}; the tests that need them will skip$([ "$ci" = 1 ] && echo ', which fails under CI')" >&2
      if [ "$ci" = 1 ]; then exit 1; fi
    fi
  fi
  echo "setup: done"
else
  if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: StrokeLab needs these Debian packages: ${missing[*]}" >&2
    echo "setup: install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  fi
  if [ ${#tools_missing[@]} -gt 0 ]; then
    echo "setup: the tests need ${tools_missing[*]} (without them those tests skip; under CI they fail); install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${tools_missing[*]}" >&2
  fi
  if [ ${#missing[@]} -gt 0 ] || { [ ${#tools_missing[@]} -gt 0 ] && [ "$ci" = 1 ]; }; then
    exit 1
  fi
fi
