import type { prizes, products } from "@/db/schema";

/**
 * A prize's or a product page's own words, as every read and write of them selects them: the name, the
 * description and their translations. One list, so a new language is added in one place.
 * (The casts keep each column's own type: read through the union, a column would lose its nullability.)
 */
export function catalogueTexts<Table extends typeof prizes | typeof products>(table: Table) {
  return {
    name: table.name as Table["name"],
    description: table.description as Table["description"],
    nameEn: table.nameEn as Table["nameEn"],
    nameKo: table.nameKo as Table["nameKo"],
    descriptionEn: table.descriptionEn as Table["descriptionEn"],
    descriptionKo: table.descriptionKo as Table["descriptionKo"],
  };
}
