#!/usr/bin/env bash
# `npm test`: every test. Lint (npm run lint), type check, production build (the tests run the real server), unit and
# integration tests (Vitest; integration on a fresh Postgres database, or PGlite if none answers), the
# deployment test (nginx in front of two instances, scraped by Prometheus, when Postgres answers), then the browser tests
# (Playwright on Debian's Chromium; desktop and phone side by side, each on a server of its own: see
# playwright.config.ts). Each step prints how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."

step_started=$SECONDS
step() {
  if [ -n "${step_name:-}" ]; then echo "== ${step_name}: $((SECONDS - step_started)) s"; fi
  step_name=$1
  step_started=$SECONDS
  echo "== ${step_name}"
}

bash scripts/ensure-chromium.sh
step "Lint: Biome, the layers (dependency-cruiser), unused code (knip)"
npm run lint
step "Type check"
npx tsc --noEmit
step "Production build"
npm run build
step "Unit and integration tests"
npx vitest run --project unit --project integration
step "Deployment test (nginx + two instances on Postgres, scraped by Prometheus)"
bash scripts/ensure-prometheus.sh
npx vitest run --project deploy
step "Browser tests"
npx playwright test
step "All tests passed in $SECONDS s"
