/*
 * The collapsed flag lives in localStorage (spec §2). Read through useSyncExternalStore so the server render
 * and hydration use "expanded" and the stored value applies right after, without a hydration mismatch; the
 * in-memory copy keeps the toggle working when storage is unavailable (private mode, quota).
 */
const COLLAPSED_KEY = "admin.sidebarCollapsed";
let collapsedValue: boolean | undefined;
const collapsedListeners = new Set<() => void>();

function readStoredCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === "true";
  } catch {
    return false;
  }
}

export function subscribeCollapsed(listener: () => void) {
  collapsedListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== COLLAPSED_KEY) return;
    collapsedValue = readStoredCollapsed();
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    collapsedListeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function getCollapsed(): boolean {
  collapsedValue ??= readStoredCollapsed();
  return collapsedValue;
}

export function setCollapsed(value: boolean) {
  collapsedValue = value;
  try {
    window.localStorage.setItem(COLLAPSED_KEY, String(value));
  } catch {
    // Not persisted; the in-memory value still applies for this page.
  }
  for (const listener of collapsedListeners) listener();
}
