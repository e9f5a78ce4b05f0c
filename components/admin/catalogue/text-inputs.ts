import type { FieldError, FieldValues, Path, UseFormReturn } from "react-hook-form";
import { TRANSLATION_FIELDS, type TranslationField } from "@/lib/validation/translations";

type CatalogueTextField = "name" | "description" | TranslationField;
/** The values of a form that edits a catalogue entry's texts: each field a plain text input. */
export type CatalogueTextValues = FieldValues & Record<CatalogueTextField, string>;
const CATALOGUE_TEXT_FIELDS: readonly CatalogueTextField[] = ["name", "description", ...TRANSLATION_FIELDS];

/**
 * A catalogue form's name, description and translation inputs with their errors, for CatalogueFormLayout:
 * the product and prize forms register these fields the same way.
 */
export function catalogueTextInputs<Values extends CatalogueTextValues, Output>(form: UseFormReturn<Values, unknown, Output>) {
  // Every catalogue form has these plain text fields (the type parameter says so); Path<> and FieldErrors<>
  // cannot see that generically.
  const input = (field: CatalogueTextField) => form.register(field as Path<Values>);
  const errors = form.formState.errors as Partial<Record<CatalogueTextField, FieldError>>;
  return {
    nameInput: input("name"),
    descriptionInput: input("description"),
    translationInput: input,
    errors: Object.fromEntries(CATALOGUE_TEXT_FIELDS.map((field) => [field, errors[field]?.message])),
  };
}
