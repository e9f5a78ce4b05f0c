"use client";

/** A button that loads the page again (to see whether a held prize came back), its label from the server. */
export function ReloadButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      onClick={() => window.location.reload()}
      className="mt-3 h-12 rounded-xl bg-slate-900 px-5 text-base font-semibold text-white hover:bg-slate-700"
    >
      {label}
    </button>
  );
}
