#!/usr/bin/env bash
# Installs, from Debian packages, whatever Conform needs to build, run and test.
# Idempotent: packages already present are skipped, and when nothing is missing it
# touches neither the package lists nor the network.
set -euo pipefail

packages=(
  # toolchain, the Debian package, Debian's checker of it and the validators of its desktop files
  g++ cmake ninja-build make pkg-config dpkg-dev desktop-file-utils appstream lintian
  # Qt 6 (Debian 12 ships 6.4)
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libqt6sql6-sqlite libqt6sql6-psql libqt6svg6 libgl-dev
  # SQLite's own API beside Qt's driver (the store's bulk inserts)
  libsqlite3-dev
  # editors, JSON, regexes, secrets
  libqscintilla2-qt6-dev nlohmann-json3-dev libre2-dev libsimdjson-dev qtkeychain-qt6-dev
  # patterns RE2 cannot run (lookaround, backreferences), with match limits
  libpcre2-dev
  # gzip request bodies (OTLP exporters), inflated with zlib
  zlib1g-dev
  # the store's capture bodies, compressed against their own schema and prompt
  libzstd-dev
  # tests: offscreen GUI runs, a throwaway PostgreSQL cluster for the capture store, a
  # throwaway keychain (a private D-Bus session with gnome-keyring) for the keychain test,
  # fuzzing with clang's libFuzzer runtime, benchmark peers
  xvfb xauth imagemagick postgresql-15 dbus gnome-keyring clang libclang-rt-14-dev libvalijson-dev
  # the suite test checks its JUnit report with xmllint; the Pydantic export is compiled by python3
  libxml2-utils python3
  # https for provider calls checks servers against the system's CAs; the channel test's
  # certificate is made by openssl
  ca-certificates openssl
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

# Node.js (for the ajv/jsonrepair benchmark peers and the official client-library test) may
# come from another package source that bundles npm; only ask Debian for it when absent.
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=""
[[ $(id -u) -ne 0 ]] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
