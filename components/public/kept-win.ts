/**
 * A win remembered on this phone, per product page: a reload or a later scan of the same stand shows
 * "You won X: nickname, password" instead of a fresh ticket, and the winner can still read the password
 * the prize desk will ask for. Nothing of it is secret beyond what the visitor typed themselves.
 */
export type KeptWin = { prizeName: string; nickname: string; password: string; wonAt: string };

/** The localStorage key of the win kept for a stand (early-tap.ts reads it too, before React runs). */
export const keptWinKey = (urlPath: string) => `prize-win:${urlPath}`;

function isKeptWin(value: unknown): value is KeptWin {
  if (typeof value !== "object" || value === null) return false;
  const win = value as Record<string, unknown>;
  return ["prizeName", "nickname", "password", "wonAt"].every((field) => typeof win[field] === "string");
}

export function readKeptWin(urlPath: string): KeptWin | null {
  try {
    const stored = window.localStorage.getItem(keptWinKey(urlPath));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return isKeptWin(parsed) ? parsed : null;
  } catch {
    // Private mode or storage switched off: the win is still on screen, just not kept.
    return null;
  }
}

export function keepWin(urlPath: string, win: KeptWin): void {
  try {
    window.localStorage.setItem(keptWinKey(urlPath), JSON.stringify(win));
  } catch {
    // As above: nothing to do but show it now.
  }
}

/**
 * Whether this phone keeps a win from any stand: only then does a page ask the server for the phone's
 * wins (my-wins.tsx), so the crowd's scans cost no extra call.
 */
export function keepsAnyWin(): boolean {
  try {
    const storage = window.localStorage;
    for (let index = 0; index < storage.length; index += 1) if (storage.key(index)?.startsWith(keptWinKey(""))) return true;
  } catch {
    // Storage switched off: nothing kept.
  }
  return false;
}
