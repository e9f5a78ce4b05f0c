#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; Playwright's own browser download cannot reach its host here.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null; then
  echo "Chromium is missing at $chromium_path. Install Debian's chromium package (or set CHROMIUM_PATH)." >&2
  exit 1
fi
echo "Installing Chromium from Debian's packages for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
