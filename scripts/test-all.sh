#!/usr/bin/env bash
# `npm test`: every test. Lint and format check, type check, production build (the tests run the real server), unit and
# integration tests (Vitest; integration on a fresh Postgres database, or PGlite if none answers), the
# deployment test (nginx in front of two instances, when Postgres answers), then the browser tests
# (Playwright on Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh
echo "== Lint and format (Biome)"
npx biome ci .
echo "== Type check"
npx tsc --noEmit
echo "== Production build"
npm run build
echo "== Unit and integration tests"
npx vitest run --project unit --project integration
echo "== Deployment test (nginx + two instances on Postgres)"
npx vitest run --project deploy
echo "== Browser tests"
npx playwright test
