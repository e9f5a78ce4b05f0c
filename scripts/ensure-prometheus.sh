#!/usr/bin/env bash
# The deployment test (tests/deploy/) scrapes the instances with a real Prometheus and checks the recipe's
# config and alert rules with promtool: both come with Debian's `prometheus` package. Installed with apt-get
# when missing and we are root (as scripts/ensure-chromium.sh installs Chromium); nothing to do when present.
# `npm run deploy:local` starts Prometheus too when it is installed.
set -euo pipefail
if command -v prometheus >/dev/null && command -v promtool >/dev/null; then exit 0; fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null; then
  echo "Missing for the deployment test: prometheus and promtool. Install Debian's package: apt-get install -y prometheus" >&2
  exit 1
fi
echo "Installing prometheus (and promtool) from Debian's packages for the deployment test..."
apt-get update -qq
# No recommends (node exporter and the like): the test needs the server and promtool only. Debian's package
# also installs a service, which this machine need not run (the test starts its own Prometheus).
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
