#!/bin/sh
# The browser tests' Chromium (playwright.config.ts), at the priority of the run that started it.
# Playwright starts each browser in a session of its own, and Linux's scheduler (autogroup) shares the CPU
# fairly between sessions whatever their processes' nice: `npm test` runs the browser tests at a lower priority
# than the Vitest tests beside them (scripts/test-all.sh), and without this each browser's session took as
# much CPU as all the Vitest tests together. So the session takes the niceness it was started with.
niceness=$(nice)
if [ "$niceness" -gt 0 ]; then
  # No autogroup here (not Linux, or switched off): nothing to do.
  echo "$niceness" 2>/dev/null >/proc/self/autogroup || true
fi
exec "${E2E_CHROMIUM:?set by playwright.config.ts}" "$@"
