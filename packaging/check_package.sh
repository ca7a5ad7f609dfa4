#!/usr/bin/env bash
# check_package.sh BUILD_DIR: builds the .deb with cpack into a scratch folder and checks that
# it declares its dependencies and holds what packaging/CMakeLists.txt promises. Without
# dpkg-deb it fails, naming the package, as run_validator.sh does.
set -euo pipefail
build=$1
if ! command -v dpkg-deb >/dev/null || ! command -v dpkg-shlibdeps >/dev/null; then
  echo "missing dependency: dpkg-deb / dpkg-shlibdeps (package dpkg-dev; packaging/install-deps.sh installs it)" >&2
  exit 1
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
deb=$("$(dirname "$0")/make_deb.sh" "$build" "$scratch")
fields=$(dpkg-deb -f "$deb")
files=$(dpkg-deb -c "$deb" | awk '{print $6}')
status=0
expect() { # expect WHAT TEXT PATTERN
  if ! grep -qE -- "$3" <<<"$2"; then echo "$(basename "$deb"): no $1 (looked for /$3/)" >&2; status=1; fi
}
expect "package name" "$fields" '^Package: conform$'
expect "Qt dependency" "$fields" '^Depends:.*libqt6widgets6'
expect "platform plugins dependency" "$fields" '^Depends:.*qt6-qpa-plugins'
expect "SQLite driver dependency" "$fields" '^Depends:.*libqt6sql6-sqlite'
expect "keychain library dependency" "$fields" '^Depends:.*libqt6keychain1'
for path in usr/bin/conform usr/bin/conform-cli usr/share/applications/dev.conform.Conform.desktop \
            usr/share/metainfo/dev.conform.Conform.metainfo.xml \
            usr/share/icons/hicolor/scalable/apps/dev.conform.Conform.svg \
            usr/share/conform/translations/conform_de.qm usr/share/conform/scenarios/trailing-commas.json \
            'usr/lib/[^/]+/conform/conform-cli-commands\.so' \
            usr/share/man/man1/conform-cli.1.gz usr/share/man/man1/conform.1.gz \
            usr/share/bash-completion/completions/conform-cli usr/share/zsh/vendor-completions/_conform-cli \
            usr/share/doc/conform/copyright usr/share/doc/conform/changelog.Debian.gz \
            usr/share/doc/conform/manual/index.md usr/share/doc/conform/manual/screenshots/run-repaired.png; do
  expect "$path" "$files" "^\./$path\$"
done
# The programs in the package run: the CLI answers from the unpacked tree.
dpkg-deb -x "$deb" "$scratch/root"
"$scratch/root/usr/bin/conform-cli" --version >/dev/null || { echo "packaged conform-cli --version failed" >&2; status=1; }
# Every command but validate and extract is in the commands module, found from the program.
"$scratch/root/usr/bin/conform-cli" serve --help >/dev/null || { echo "packaged conform-cli serve --help failed" >&2; status=1; }
[[ $status -eq 0 ]] && echo "$(basename "$deb"): $(wc -l <<<"$files") entries, dependencies declared"
exit $status
