import type { PrivacyNotice } from "@/lib/privacy/notice";

/**
 * The privacy notice's text, as /privacy shows it and the settings screen previews it: a heading, its
 * paragraphs (the organiser's line breaks kept), and the version's date. No client code.
 */
export function PrivacyNoticeText({
  notice,
  versionLabel,
  headingLevel = 2,
}: {
  notice: Pick<PrivacyNotice, "title" | "paragraphs">;
  versionLabel?: string;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <article className="space-y-4 text-base leading-relaxed text-slate-800 [overflow-wrap:anywhere]">
      <Heading className="text-2xl font-bold text-slate-900">{notice.title}</Heading>
      {notice.paragraphs.map((paragraph, index) => (
        // The paragraphs have no identity of their own: their order is the key.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
      {versionLabel && <p className="text-sm text-slate-600">{versionLabel}</p>}
    </article>
  );
}
