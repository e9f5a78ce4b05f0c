/**
 * The Chromium every browser test and benchmark drives: Debian's `chromium-headless-shell` (installed by
 * scripts/ensure-chromium.sh; Playwright's own download cannot reach its host here). The headless shell, not
 * the full browser: the full one in headless mode also runs its window's own web UI and a GPU process
 * for every browser, and beside the app's servers on two cores that cost a third of the browser tests' time.
 * `CHROMIUM_PATH` picks another.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
