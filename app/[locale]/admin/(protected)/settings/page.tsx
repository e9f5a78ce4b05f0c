import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BrandingSection } from "@/components/admin/settings/branding-section";
import { CollectionSection } from "@/components/admin/settings/collection-section";
import { EventRulesScreen } from "@/components/admin/settings/event-rules-screen";
import { NewEventSection } from "@/components/admin/settings/new-event-section";
import { PrivacySection } from "@/components/admin/settings/privacy-section";
import { SettingsTopics, TopicAnchor } from "@/components/admin/settings/settings-topics";
import { getConfig } from "@/lib/config";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.settings");
  return { title: t("title") };
}

export default function SettingsPage() {
  // The opening hours are edited on the event's clock (the setting, else APP_TIMEZONE), not the browser's.
  // Each topic saves on its own; the links under the title reach each one.
  return (
    <>
      <EventRulesScreen defaultTimeZone={getConfig().timeZone} topics={<SettingsTopics />} />
      <div className="mx-auto max-w-3xl">
        <TopicAnchor topic="branding">
          <BrandingSection />
        </TopicAnchor>
        <TopicAnchor topic="collection">
          <CollectionSection />
        </TopicAnchor>
        <TopicAnchor topic="privacy">
          <PrivacySection />
        </TopicAnchor>
      </div>
      <TopicAnchor topic="new-event">
        <NewEventSection />
      </TopicAnchor>
    </>
  );
}
