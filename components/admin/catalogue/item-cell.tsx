"use client";

import type { ReactNode } from "react";
import { ImageIcon } from "@/components/ui/icons";
import { shorten } from "@/shared/text";

/** Spec §9: the list shows the first 50 characters of a description. */
const DESCRIPTION_PREVIEW_LENGTH = 50;

/** What the first cell of a products or prizes row shows. */
export type CatalogueItem = { name: string; description: string; image: string | null };

/**
 * The first cell of a catalogue row (products, prizes): the thumbnail, the name, the description's first 50
 * characters (all of it on hover), and below the name what the screen adds (the product's path on phones).
 */
export function CatalogueItemCell({ item, children }: { item: CatalogueItem; children?: ReactNode }) {
  return (
    <div className="flex items-center gap-3">
      <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
        {item.image ? (
          // Our own content-hashed image, already resized on upload.
          <img src={item.image} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <ImageIcon className="size-5 text-slate-400" />
        )}
      </div>
      <div className="min-w-0">
        <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{item.name}</p>
        {item.description && (
          <p className="text-slate-600 [overflow-wrap:anywhere]" title={item.description}>
            {shorten(item.description, DESCRIPTION_PREVIEW_LENGTH)}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
