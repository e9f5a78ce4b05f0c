// Samples for tests/unit/i18n-messages.test.ts: what the literal finder must report, and what it must not.
// Never rendered.

const HINT = "Choose a prize first.";

export function Samples({ ok, t }: { ok: boolean; t: (key: string) => string }) {
  return (
    <div className="flex items-center gap-2" data-state="open">
      Shown as JSX text
      <input aria-label="A shown label" type="text" autoComplete="off" />
      <p>{ok ? "Saved" : "Failed"}</p>
      <p>{t("samples.fromCatalogue")}</p>
      <p title={HINT}>{ok && t("samples.other")}</p>
      {/* i18n-exempt: a brand name is the same in every language */}
      <span>Acme</span>
    </div>
  );
}

export const isEscape = (key: string) => key === "Escape";
