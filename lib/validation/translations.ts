import type { MessageKey } from "@/shared/i18n/text";
import { z } from "./zod";

/**
 * A product's or prize's name and description in English and in Korean (server-behaviour.md, "Names in the
 * visitor's language"): each optional beside the main `name` / `description`. Blank means none (the main
 * one shows); absent leaves an edit's stored value as it is, and a new item without it has none.
 */
export const TRANSLATION_FIELDS = ["name_en", "name_ko", "description_en", "description_ko"] as const;
export type TranslationField = (typeof TRANSLATION_FIELDS)[number];

const optionalText = (max: number, tooLong: MessageKey) =>
  z
    .string({ error: "validation.translations.notText" })
    .trim()
    .max(max, tooLong)
    .transform((text) => text || null)
    .optional();

export function translationFields(limits: { name: number; description: number }) {
  return {
    name_en: optionalText(limits.name, "validation.translations.nameTooLong"),
    name_ko: optionalText(limits.name, "validation.translations.nameTooLong"),
    description_en: optionalText(limits.description, "validation.translations.descriptionTooLong"),
    description_ko: optionalText(limits.description, "validation.translations.descriptionTooLong"),
  };
}

export type TranslationInput = Partial<Record<TranslationField, string | null>>;

/** The columns to write: only the fields sent (an edit), or every one, absent as null (a new item). */
export function translationColumns(input: TranslationInput, { creating }: { creating: boolean }) {
  const value = (field: TranslationField) => (input[field] === undefined ? (creating ? null : undefined) : input[field]);
  const columns = {
    nameEn: value("name_en"),
    nameKo: value("name_ko"),
    descriptionEn: value("description_en"),
    descriptionKo: value("description_ko"),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, stored]) => stored !== undefined)) as Partial<
    Record<keyof typeof columns, string | null>
  >;
}

/** The same fields as the add and edit forms hold them: text, blank for none (the server stores null). */
export function translationFormFields(limits: { name: number; description: number }) {
  const text = (max: number, tooLong: MessageKey) => z.string().trim().max(max, tooLong);
  return {
    name_en: text(limits.name, "validation.translations.nameTooLong"),
    name_ko: text(limits.name, "validation.translations.nameTooLong"),
    description_en: text(limits.description, "validation.translations.descriptionTooLong"),
    description_ko: text(limits.description, "validation.translations.descriptionTooLong"),
  };
}

/** A form's four fields from a stored row (null: blank). */
export function translationFormValues(row: Partial<Record<TranslationField, string | null>>): Record<TranslationField, string> {
  return {
    name_en: row.name_en ?? "",
    name_ko: row.name_ko ?? "",
    description_en: row.description_en ?? "",
    description_ko: row.description_ko ?? "",
  };
}

/** The four fields into a save's multipart body: all of them, blank clearing one. */
export function appendTranslations(form: FormData, values: Partial<Record<TranslationField, string | null>>) {
  for (const field of TRANSLATION_FIELDS) form.append(field, values[field] ?? "");
}
