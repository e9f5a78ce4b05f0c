"use client";

import { useEffect, useRef } from "react";
import { GiftIcon, ImageIcon } from "@/components/ui/page-icons";
import { imageSrcSet } from "@/shared/urls/images";
import type { VisitorWords } from "./visitor-words";

export type ImageState = "loading" | "loaded" | "failed";

/** The frame's width: under a third of the screen height on phones (see below), a half column from `md`. */
// i18n-exempt: a media query, not words.
const PRODUCT_IMAGE_SIZES = "(min-width: 768px) 440px, min(calc(100vw - 2rem), 30vh)";

type ProductImageProps = {
  src: string | null;
  alt: string;
  state: ImageState;
  onStateChange: (state: ImageState) => void;
  /**
   * A ticket is on the page: while the picture arrives its frame is a still placeholder of the same size,
   * not a spinner, so nothing announces a prize over a spinner (spec §2) and the ticket needs no wait.
   */
  stillWhileLoading?: boolean;
  words: Pick<VisitorWords, "image">;
};

/**
 * The product picture in a fixed square frame (no layout shift while it arrives on a slow network), with
 * a spinner until it has loaded (a still placeholder beside a ticket) and a plain placeholder when there is
 * none or it fails. A plain <img>:
 * the file is already a normalised WebP from our own /api/images, next/image would add nothing but JS.
 */
export function ProductImage({ src, alt, state, onStateChange, stillWhileLoading = false, words }: ProductImageProps) {
  const ref = useRef<HTMLImageElement>(null);

  // The server-rendered <img> may finish before React hydrates and attaches onLoad; catch that case.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete) onStateChange(image.naturalWidth > 0 ? "loaded" : "failed");
  }, [onStateChange]);

  return (
    // On a phone the picture is capped at under a third of the screen height, so the ticket below it is
    // on screen without scrolling; on a wide screen it fills its column.
    <div className="relative mx-auto aspect-square w-full max-w-[min(100%,30dvh)] overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:max-w-none">
      {src && state !== "failed" ? (
        <>
          {state === "loading" && stillWhileLoading && (
            <div className="absolute inset-0 flex items-center justify-center bg-slate-100 text-slate-300" data-image-placeholder="">
              <ImageIcon className="size-16" />
            </div>
          )}
          {state === "loading" && !stillWhileLoading && (
            <div className="absolute inset-0 flex items-center justify-center" role="status">
              <span className="size-12 animate-spin rounded-full border-4 border-slate-200 border-t-primary-600" aria-hidden="true" />
              <span className="sr-only">{words.image.loading}</span>
            </div>
          )}
          {/* eslint-disable-next-line @next/next/no-img-element -- see the component comment */}
          <img
            ref={ref}
            src={src}
            // The stored picture is up to 1200 px; a phone gets the width its frame needs at its density.
            srcSet={imageSrcSet(src)}
            sizes={PRODUCT_IMAGE_SIZES}
            alt={alt}
            width={400}
            height={400}
            decoding="async"
            fetchPriority="high"
            onLoad={() => onStateChange("loaded")}
            onError={() => onStateChange("failed")}
            className="relative size-full object-contain"
          />
        </>
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-2 bg-slate-100 text-slate-600">
          <GiftIcon className="size-16" />
          <span className="text-sm font-medium">{src ? words.image.failed : words.image.none}</span>
        </div>
      )}
    </div>
  );
}
