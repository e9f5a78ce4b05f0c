"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { ScreenHeader } from "@/components/admin/screen-header";
import { Banner } from "@/components/ui/banner";
import { Button, buttonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { DownloadIcon, PrinterIcon } from "@/components/ui/icons";
import { IntentLink } from "@/components/ui/intent-link";
import { errorMessage } from "@/lib/client/api";
import { type ImportAnswer, type ImportFiles, type ImportResult, importApi } from "@/lib/client/import";
import { IMPORT_SHEETS } from "@/shared/contracts/import";
import { productCardsUrl } from "@/shared/urls/products";
import { PreviewTable } from "./preview-table";

const SPREADSHEET_TYPES = ".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv";
const ARCHIVE_TYPES = ".zip,application/zip";

/** The two files the import takes, each picked the same way: the spreadsheet, and a zip of its pictures. */
const FILE_PICKS = [
  { field: "file", accept: SPREADSHEET_TYPES, hint: "fileHint", required: true },
  { field: "images", accept: ARCHIVE_TYPES, hint: "imagesHint", required: false },
] as const;

const changesAnything = (answer: ImportAnswer) => IMPORT_SHEETS.some((sheet) => answer[sheet].created + answer[sheet].updated > 0);

/**
 * The spreadsheet import (server-behaviour.md, "Setting up from a spreadsheet"): pick the file and its
 * pictures, preview what it would do (a dry run: nothing is written), import, then print the QR cards of
 * the product pages it names. Picking another file drops the preview, so what is imported is what was seen.
 */
export function ImportScreen() {
  const t = useTranslations("admin.import");
  const fileRequired = useTranslations("errors.import")("fileRequired");
  const [files, setFiles] = useState<{ file: File | null; images: File | null }>({ file: null, images: null });
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [applied, setApplied] = useState<ImportAnswer | null>(null);
  const [busy, setBusy] = useState<"preview" | "apply" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [missingFile, setMissingFile] = useState(false);

  const pick = (field: "file" | "images", chosen: File | null) => {
    setFiles((current) => ({ ...current, [field]: chosen }));
    setPreview(null);
    setFailure(null);
    if (field === "file") setMissingFile(false);
  };

  const send = async (dryRun: boolean) => {
    if (!files.file) return setMissingFile(true);
    setBusy(dryRun ? "preview" : "apply");
    setFailure(null);
    try {
      const result = await importApi.send(files as ImportFiles, dryRun);
      if (dryRun || result.refusal) {
        setPreview(result);
        setApplied(null);
      } else {
        setApplied(result.answer);
        setPreview(null);
      }
    } catch (error) {
      setFailure(errorMessage(error, t("failed")));
    } finally {
      setBusy(null);
    }
  };

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    void send(true);
  };

  return (
    <div className="space-y-6">
      <ScreenHeader
        title={t("title")}
        description={t("description")}
        actions={
          <a href={importApi.templateUrl} download className={buttonClass()}>
            <DownloadIcon className="size-4" />
            {t("template")}
          </a>
        }
      />
      <form onSubmit={onPreview} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" noValidate>
        <div className="grid gap-4 lg:grid-cols-2">
          {FILE_PICKS.map(({ field, accept, hint, required }) => (
            <Field
              key={field}
              label={t(field)}
              hint={t(hint)}
              error={required && missingFile ? fileRequired : undefined}
              required={required}
            >
              {(control) => (
                <input
                  {...control}
                  type="file"
                  name={field}
                  accept={accept}
                  onChange={(event) => pick(field, event.target.files?.[0] ?? null)}
                />
              )}
            </Field>
          ))}
        </div>
        <Button type="submit" variant={preview ? "secondary" : "primary"} busy={busy === "preview"} disabled={busy !== null}>
          {busy === "preview" ? t("previewing") : t("preview")}
        </Button>
      </form>

      {failure && <Banner tone="error">{failure}</Banner>}
      {applied && <AppliedBanner answer={applied} />}
      {preview && <Preview result={preview} applying={busy === "apply"} disabled={busy !== null} onApply={() => void send(false)} />}
    </div>
  );
}

function AppliedBanner({ answer }: { answer: ImportAnswer }) {
  const t = useTranslations("admin.import");
  return (
    <Banner tone="success">
      <p>
        {t("applied", {
          products: t("appliedProducts", answer.product_pages),
          prizes: t("appliedPrizes", answer.prizes),
        })}
      </p>
      {answer.product_ids.length > 0 && (
        <IntentLink href={productCardsUrl(answer.product_ids)} className={buttonClass({ size: "sm", className: "mt-2" })}>
          <PrinterIcon className="size-4" />
          {t("cards", { count: answer.product_ids.length })}
        </IntentLink>
      )}
    </Banner>
  );
}

function Preview({
  result,
  applying,
  disabled,
  onApply,
}: {
  result: ImportResult;
  applying: boolean;
  disabled: boolean;
  onApply: () => void;
}) {
  const t = useTranslations("admin.import");
  const { answer } = result;
  const fileErrors = answer.errors.filter((error) => error.row === null);
  const canApply = answer.errors.length === 0 && changesAnything(answer);
  return (
    <section aria-labelledby="import-preview" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="import-preview" className="text-lg font-semibold text-slate-900">
            {t("previewTitle")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("previewDescription")}</p>
        </div>
        <Button variant="primary" busy={applying} disabled={disabled || !canApply} onClick={onApply}>
          {applying ? t("applying") : t("apply")}
        </Button>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        {IMPORT_SHEETS.map((sheet) => (
          <div key={sheet} className="rounded-xl border border-slate-200 bg-white px-4 py-3">
            <dt className="text-sm font-medium text-slate-700">{t(`sheets.${sheet}`)}</dt>
            <dd className="mt-1 text-sm text-slate-900">{t("counts", answer[sheet])}</dd>
          </div>
        ))}
      </dl>
      {answer.errors.length > 0 && (
        <Banner tone="error">
          <p>{result.refusal ?? t("errorsTitle", { count: answer.errors.length })}</p>
          {fileErrors.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {fileErrors.map((error) => (
                <li key={error.message}>{error.message}</li>
              ))}
            </ul>
          )}
        </Banner>
      )}
      {answer.errors.length === 0 && !changesAnything(answer) && <Banner tone="info">{t("nothingToChange")}</Banner>}
      {IMPORT_SHEETS.map((sheet) => {
        const rows = answer.rows.filter((row) => row.sheet === sheet);
        return rows.length > 0 && <PreviewTable key={sheet} sheet={sheet} rows={rows} errors={answer.errors} />;
      })}
    </section>
  );
}
