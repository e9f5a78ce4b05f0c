/** The spreadsheet import's calls, on top of `apiFetch`. */
import type { ImportAnswer } from "@/shared/contracts/import";
import { ApiError, apiFetch } from "./api";

export type { ImportAnswer };

export type ImportFiles = { file: File; images: File | null };

/** What the server said: the answer, and for a refused import (400) why, with the same rows and errors. */
export type ImportResult = { answer: ImportAnswer; refusal: string | null };

function isImportAnswer(body: unknown): body is ImportAnswer & { detail?: string } {
  return (
    typeof body === "object" && body !== null && Array.isArray((body as ImportAnswer).errors) && Array.isArray((body as ImportAnswer).rows)
  );
}

export const importApi = {
  templateUrl: "/api/admin/import/template/",
  /** Previews (`dryRun`) or imports the files; a refusal that carries the import's answer comes back as one. */
  async send({ file, images }: ImportFiles, dryRun: boolean): Promise<ImportResult> {
    const form = new FormData();
    form.append("file", file, file.name);
    if (images) form.append("images", images, images.name);
    try {
      const answer = await apiFetch<ImportAnswer>(`/api/admin/import/${dryRun ? "?dry_run=true" : ""}`, { method: "POST", formData: form });
      return { answer, refusal: null };
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && isImportAnswer(error.body)) {
        return { answer: error.body, refusal: typeof error.body.detail === "string" ? error.body.detail : null };
      }
      throw error;
    }
  },
};
