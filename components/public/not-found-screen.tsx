import { QrCodeIcon } from "@/components/ui/icons";

/**
 * Shared by /not-found (where a 404 from the API sends people) and
 * the product page's own not-found (an unknown /p/{urlPath}, titled as spec §8 says).
 */
export function NotFoundScreen({ title = "Page not found" }: { title?: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-6 py-12">
      <div className="w-full max-w-sm text-center">
        <div className="mx-auto mb-6 flex size-16 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <QrCodeIcon className="size-8" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-base text-slate-600">
          This page cannot be found. Please access it by scanning the QR code at the product stand.
        </p>
      </div>
    </main>
  );
}
