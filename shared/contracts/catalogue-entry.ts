/** What a prize and a product page both show in every response: the visitor's text and the picture. */
export type CatalogueEntryRow = {
  id: number;
  name: string;
  description: string;
  /** The name and description in English and in Korean, when given (visitors read their language's). */
  name_en: string | null;
  name_ko: string | null;
  description_en: string | null;
  description_ko: string | null;
  /** The image URL, or null when the entry has none. */
  image: string | null;
};
