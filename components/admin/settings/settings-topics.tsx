"use client";

import { useTranslations } from "next-intl";
import { useMay } from "@/components/admin/role-context";
import { useKeptAnchor } from "@/lib/client/use-kept-anchor";
import { NEW_EVENT_ROLES } from "@/shared/roles";

/** The settings screen's topics, in the page's order: each is the id of the part it links to. */
const SETTINGS_TOPICS = ["event-rules", "branding", "collection", "privacy", "new-event"] as const;
export type SettingsTopic = (typeof SETTINGS_TOPICS)[number];

const WORDS: Record<SettingsTopic, "rules" | "branding" | "collection" | "privacy" | "newEvent"> = {
  "event-rules": "rules",
  branding: "branding",
  collection: "collection",
  privacy: "privacy",
  "new-event": "newEvent",
};

/**
 * The settings screen is long (five topics, each saved on its own): links to each topic under the title, so
 * the organiser goes straight to the one they came for. Plain in-page links: keyboard and screen readers
 * follow them as any link, and an address with `#privacy` opens at that topic, kept in view while the topics
 * above it load.
 */
export function SettingsTopics() {
  const t = useTranslations("admin.settings.topics");
  useKeptAnchor(SETTINGS_TOPICS);
  // Starting a new event is the owner's alone: nobody else sees that part.
  const mayStartNewEvent = useMay(NEW_EVENT_ROLES);
  const shown = SETTINGS_TOPICS.filter((topic) => topic !== "new-event" || mayStartNewEvent);
  return (
    <nav aria-label={t("label")} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {shown.map((topic) => (
          <li key={topic}>
            <a
              href={`#${topic}`}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:border-primary-400 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
            >
              {t(WORDS[topic])}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Where a topic's link lands: below the admin's sticky header (4rem; on a phone 7.5rem, the event picker's row under it), not under it. */
export function TopicAnchor({ topic, children }: { topic: SettingsTopic; children: React.ReactNode }) {
  return (
    <div id={topic} className="scroll-mt-36 md:scroll-mt-20">
      {children}
    </div>
  );
}
