/**
 * What the visitor typed into the claim form, kept for one hold across a reload mid-form: the reloaded page
 * takes the same hold back (its end, the server's `reserved_until`, names it) and the form shows the nickname
 * and code again. In sessionStorage (this tab only, gone with it), and dropped as soon as the hold is: won,
 * let go, timed out or refused. A draft of another hold (a new tap) is never shown.
 */
export type ClaimDraft = { name: string; password: string };

type StoredDraft = ClaimDraft & { holdUntil: string };

const draftKey = (urlPath: string) => `claim-draft:${urlPath}`;

function isStoredDraft(value: unknown): value is StoredDraft {
  if (typeof value !== "object" || value === null) return false;
  const draft = value as Record<string, unknown>;
  return ["name", "password", "holdUntil"].every((field) => typeof draft[field] === "string");
}

/** The draft typed during the hold ending at `holdUntil`, or null (none, another hold's, or storage off). */
export function readClaimDraft(urlPath: string, holdUntil: string): ClaimDraft | null {
  try {
    const stored = window.sessionStorage.getItem(draftKey(urlPath));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (!isStoredDraft(parsed) || parsed.holdUntil !== holdUntil) {
      if (stored) dropClaimDraft(urlPath);
      return null;
    }
    return { name: parsed.name, password: parsed.password };
  } catch {
    return null;
  }
}

export function keepClaimDraft(urlPath: string, holdUntil: string, draft: ClaimDraft): void {
  try {
    window.sessionStorage.setItem(draftKey(urlPath), JSON.stringify({ ...draft, holdUntil }));
  } catch {
    // Private mode or storage switched off: a reload then simply starts the form empty.
  }
}

export function dropClaimDraft(urlPath: string): void {
  try {
    window.sessionStorage.removeItem(draftKey(urlPath));
  } catch {
    // Nothing was kept.
  }
}
