#!/usr/bin/env bash
# The browser tests drive Debian's Chromium headless shell (tests/support/chromium.ts); Playwright's own
# browser download cannot reach its host here. They also read and photograph Korean screens, which need a
# Korean font (a bare Debian has none: every Hangul character would be an empty box in the screenshots).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
missing=()
[ -x "$chromium_path" ] || missing+=(chromium-headless-shell)
fc-list :lang=ko 2>/dev/null | grep -q . || missing+=(fonts-nanum)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null; then
  echo "Missing for the browser tests: ${missing[*]}. Install Debian's packages (or set CHROMIUM_PATH)." >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian's packages for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
