"use client";

import { useErrorWords } from "@/components/public/error-words";
import { PublicHeader } from "@/components/public/public-header";

/**
 * The product page could not be read (spec §8: 'Failed to load product information.').
 * The spec offers a "return to home" button, but a visitor's only home here is the page the QR code led
 * to (`/` has no page of its own), so the button reloads it: a hard reload asks the server again, which
 * is what a passing database hiccup needs. Scanning the code again does the same.
 */
export default function ProductPageError() {
  const words = useErrorWords();
  return (
    <>
      <PublicHeader name={words.brand} logo={null} />
      <main className="flex min-h-[70dvh] items-center justify-center px-6 py-12">
        <div className="w-full max-w-sm text-center" role="alert">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{words.title}</h1>
          <p className="mt-3 text-base text-slate-700">{words.body}</p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="mt-6 h-14 w-full rounded-xl bg-slate-900 px-6 text-lg font-bold text-white hover:bg-slate-700"
          >
            {words.back}
          </button>
        </div>
      </main>
    </>
  );
}
