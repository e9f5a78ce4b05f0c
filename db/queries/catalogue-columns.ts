import { prizes, type products } from "@/db/schema";

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

/** What `catalogueTexts` selects, as a row holds it. */
export type CatalogueTexts = {
  name: string;
  description: string;
  nameEn: string | null;
  nameKo: string | null;
  descriptionEn: string | null;
  descriptionKo: string | null;
};

/**
 * A prize's numbers and switch the organiser sets, by the form or by an import: stock, daily budget,
 * placements kept live, hourly limit, active.
 */
export const prizeSettings = {
  totalQuantity: prizes.totalQuantity,
  remainingQuantity: prizes.remainingQuantity,
  dailyDistribution: prizes.dailyDistribution,
  maintenanceCount: prizes.maintenanceCount,
  hourlyLimit: prizes.hourlyLimit,
  isActive: prizes.isActive,
};
