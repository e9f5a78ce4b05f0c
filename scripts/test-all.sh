#!/usr/bin/env bash
# `npm test`: every test, in two rounds:
#   1. the production build (it skips its own type check: `npm run typecheck` runs in round 2), and beside it what
#      needs no build: the unit tests, and lint and format check
#   2. side by side: the type check; the browser tests (Playwright on Debian's Chromium: see
#      playwright.config.ts), then the deployment test (nginx in front of two instances, scraped by Prometheus,
#      when Postgres answers); the integration tests (a fresh Postgres database per server, copied from one
#      migrated template; PGlite if none answers).
# Each step's output goes to .tmp/test-logs/<step>.log and is printed when the step ends, with its time.
# The run stops after the round in which a step failed.
set -euo pipefail
cd "$(dirname "$0")/.."

logs=.tmp/test-logs
rm -rf "$logs"
mkdir -p "$logs"
started=$SECONDS
names=()
pids=()
begun=()

# step [--nice N] <log name> <title> <command...>: starts a step in the background (at a lower priority with
# --nice, for it and everything it starts).
step() {
  local niceness=0
  if [ "$1" = --nice ]; then
    niceness=$2
    shift 2
  fi
  local log=$1 title=$2
  shift 2
  echo "== ${title}: started"
  (
    # Lowering only (a run started at a lower priority stays there: raising needs root).
    if [ "$niceness" -gt "$(nice)" ]; then renice -n "$niceness" -p "$BASHPID" >/dev/null; fi
    "$@"
  ) >"$logs/$log.log" 2>&1 &
  names+=("$log|$title")
  pids+=($!)
  begun+=("$SECONDS")
}

# Waits for this round's steps (with a log name, for that step only: the others go on into the next round),
# printing each one's output and time as it ends; fails if one failed, once every step still running has ended.
round() {
  local only=${1:-} only_ended=""
  local failed=0 left=${#pids[@]}
  local -A done=()
  local failures=()
  while [ "$left" -gt 0 ]; do
    for index in "${!pids[@]}"; do
      [ -n "${done[$index]:-}" ] && continue
      if ! kill -0 "${pids[$index]}" 2>/dev/null; then
        local status=0
        wait "${pids[$index]}" || status=$?
        done[$index]=1
        left=$((left - 1))
        local log=${names[$index]%%|*} title=${names[$index]#*|}
        [ "$log" = "$only" ] && only_ended=1
        echo
        echo "== ${title}: output (.tmp/test-logs/${log}.log)"
        cat "$logs/$log.log"
        if [ "$status" -eq 0 ]; then
          echo "== ${title}: passed in $((SECONDS - ${begun[$index]})) s"
        else
          echo "== ${title}: FAILED (exit ${status}) after $((SECONDS - ${begun[$index]})) s"
          failed=1
          failures+=("$log|$title")
        fi
      fi
    done
    [ -n "$only_ended" ] && [ "$failed" -eq 0 ] && break
    [ "$left" -gt 0 ] && sleep 1
  done
  # The steps still running go on into the next round.
  local kept_names=() kept_pids=() kept_begun=()
  for index in "${!pids[@]}"; do
    [ -n "${done[$index]:-}" ] && continue
    kept_names+=("${names[$index]}")
    kept_pids+=("${pids[$index]}")
    kept_begun+=("${begun[$index]}")
  done
  names=("${kept_names[@]}")
  pids=("${kept_pids[@]}")
  begun=("${kept_begun[@]}")
  if [ "$failed" -ne 0 ]; then
    # Again at the very end, where a reader of a long log (or of CI's last lines) looks first.
    for failure in "${failures[@]}"; do
      echo
      echo "== ${failure#*|}: FAILED; the end of its output again (all of it: .tmp/test-logs/${failure%%|*}.log)"
      tail -n 80 "$logs/${failure%%|*}.log"
    done
    echo "== Tests failed after $((SECONDS - started)) s"
    exit 1
  fi
}

bash scripts/ensure-chromium.sh
bash scripts/ensure-prometheus.sh

# The same machine runs the suite at different speeds on different days (a shared host): a fixed loop on one core,
# timed, says which kind of day this run had (docs/performance.md, "The suite's times").
echo "== This machine today: the reference loop took $(node scripts/reference-loop.mjs) ms"

# The build first: everything else needs it, and it leaves about a third of the CPU idle. Beside it, what needs no
# build: the unit tests, at the build's priority (starved at nice 19 behind round 2, a password hash once took over
# their 5 s timeout), and lint at the lowest priority (nothing in it is timed). They go on into the next round if
# the build ends first. The type check waits for the build (it reads Next.js's route types).
step unit "Unit tests (Vitest)" npx vitest run --project unit
step --nice 19 lint "Lint (Biome, the layers, unused code)" npm run lint
step build "Production build" env BUILD_SKIP_TYPECHECK=1 npm run build
round build

# The browser tests end a minute or two before the Vitest files, which run one at a time: the deployment test
# and these integration files (each on servers and databases of its own, nothing shared with any other file)
# run after the browser tests, in their step, all side by side (each waits on its servers and receivers for
# much of its time: one after the other they took twice as long, leaving a quarter of the CPU idle).
AFTER_BROWSER_FILES=(tests/integration/webhooks.test.ts tests/integration/fuzz.test.ts tests/integration/overload-lane.test.ts)
browser_steps() {
  local begun=$SECONDS
  npx playwright test
  echo "== browser tests: $((SECONDS - begun)) s"
  begun=$SECONDS
  local deploy_log="$logs/deployment-test.log" status=0
  npx vitest run --project deploy >"$deploy_log" 2>&1 &
  local deploy=$!
  npx vitest run --project integration --fileParallelism --maxWorkers "${#AFTER_BROWSER_FILES[@]}" "${AFTER_BROWSER_FILES[@]}" || status=$?
  echo "== integration files after the browser tests: $((SECONDS - begun)) s"
  wait "$deploy" || status=$?
  echo "== deployment test (beside them; its output, $deploy_log):"
  cat "$deploy_log"
  echo "== deployment test and integration files: $((SECONDS - begun)) s"
  return "$status"
}
vitest_steps() {
  local excluded=()
  for file in "${AFTER_BROWSER_FILES[@]}"; do excluded+=(--exclude "$file"); done
  npx vitest run --project integration "${excluded[@]}"
}
# Then every check side by side: the browser tests wait on pages and clocks, and the Vitest tests on servers
# and storms, so together they keep both cores busy where one after the other left one idle. (The Vitest files
# in two shards, each with its own server, were 20-40 s faster and lost a storm or a server's database
# connections on every other run: docs/performance.md, "The suite's times".)
# The type check runs at the lowest priority (nice 19): it has minutes to spare. The Vitest files come first: they run one
# at a time against one server, so they are the longest step unless they get the CPU when they want it; the
# browser tests (nice 5, their servers' and browsers' sessions too: tests/e2e/support/start-server.mjs) take
# what is left. At one priority the eight browser-side sessions took eight shares of the CPU to the Vitest
# session's one (Linux's autogroup), and the Vitest step ran 1.7 times as long as alone (docs/testing.md).
step --nice 19 typecheck "Type check" npm run typecheck
step --nice 5 browser "Browser tests (Playwright), then the deployment test and three integration files" browser_steps
step vitest "Integration tests (Vitest)" vitest_steps
round

echo "== All tests passed in $((SECONDS - started)) s"
