#!/bin/sh
# The browser tests' Chromium (playwright.config.ts), at the priority of the run that started it.
# Playwright starts each browser in a session of its own, and Linux's scheduler (autogroup) shares the CPU
# fairly between sessions whatever their processes' nice: a run started at a lower priority (`nice npx
# playwright test`) would otherwise give each browser's session as much CPU as everything else on the machine
# together (docs/testing.md). So the session takes the niceness it was started with.
niceness=$(nice)
if [ "$niceness" -gt 0 ]; then
  # No autogroup here (not Linux, or switched off): nothing to do.
  echo "$niceness" 2>/dev/null >/proc/self/autogroup || true
fi
exec "${E2E_CHROMIUM:?set by playwright.config.ts}" "$@"
