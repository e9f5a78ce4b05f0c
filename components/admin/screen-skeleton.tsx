import type { ReactNode } from "react";
import { Loading, SkeletonBlock, SkeletonTable } from "@/components/ui/skeleton";

/**
 * The outline of an admin screen while it loads: shown at once by the route's loading.tsx on a click, and
 * again by the screen itself until its first data arrives, so the wait looks the same all the way through.
 * Each kind is drawn like its screens (ScreenHeader's title row, a list's toolbar and table, the
 * dashboard's cards, the settings' form cards, the desk's keypad field, the print sheet's QR cards).
 */
export type SkeletonKind = "list" | "dashboard" | "form" | "desk" | "print";

const card = "rounded-2xl border border-slate-200 bg-white shadow-sm";

function HeaderBar({ actions = false }: { actions?: boolean }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0 flex-1 space-y-2">
        <SkeletonBlock className="h-8 w-48 max-w-full" />
        <SkeletonBlock className="h-4 w-80 max-w-full" />
      </div>
      {actions && (
        <div className="flex gap-2">
          <SkeletonBlock className="h-11 w-28" />
          <SkeletonBlock className="h-11 w-28" />
        </div>
      )}
    </div>
  );
}

/** A card with a title line and `children` inside. */
function CardShape({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div className={`${card} p-5 ${className}`}>
      <SkeletonBlock className="mb-4 h-5 w-40 max-w-full" />
      {children}
    </div>
  );
}

/** The table part of a list screen (also what ListTable shows before the first page). */
export function TableSkeleton({ label, rows, columns }: { label: string; rows?: number; columns?: number }) {
  return (
    <Loading label={label}>
      <SkeletonTable rows={rows} columns={columns} />
    </Loading>
  );
}

function ListShape({ header }: { header: boolean }) {
  return (
    <>
      {header && <HeaderBar />}
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SkeletonBlock className="h-11 w-full sm:w-80" />
        <SkeletonBlock className="h-11 w-full sm:ml-auto sm:w-32" />
      </div>
      <div className={`${card} overflow-hidden`}>
        <SkeletonTable />
      </div>
    </>
  );
}

/** The dashboard's cards below its title row (the screen draws this too until its numbers arrive). */
function DashboardCards() {
  return (
    <div className="space-y-5">
      <SkeletonBlock className="h-14 w-full rounded-2xl" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((stat) => (
          <div key={stat} className={`${card} space-y-2 p-4`}>
            <SkeletonBlock className="h-4 w-24" />
            <SkeletonBlock className="h-7 w-16" />
          </div>
        ))}
      </div>
      <CardShape>
        <div className="grid gap-4 md:grid-cols-2">
          <SkeletonBlock className="h-40 w-full" />
          <SkeletonBlock className="hidden h-40 w-full md:block" />
        </div>
      </CardShape>
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-2">
        <CardShape>
          <SkeletonTable rows={4} columns={3} />
        </CardShape>
        <CardShape>
          <SkeletonTable rows={4} columns={3} />
        </CardShape>
      </div>
    </div>
  );
}

function FormShape({ header }: { header: boolean }) {
  return (
    <div className="mx-auto max-w-3xl">
      {header && <HeaderBar />}
      <div className="space-y-6">
        <SkeletonBlock className="h-14 w-full rounded-2xl" />
        {[0, 1, 2].map((section) => (
          <CardShape key={section}>
            <SkeletonBlock className="mb-4 h-4 w-3/4" />
            <div className="grid gap-4 sm:grid-cols-2">
              {[0, 1].map((field) => (
                <div key={field} className="space-y-2">
                  <SkeletonBlock className="h-4 w-24" />
                  <SkeletonBlock className="h-11 w-full" />
                </div>
              ))}
            </div>
          </CardShape>
        ))}
      </div>
    </div>
  );
}

function DeskShape({ header }: { header: boolean }) {
  return (
    <div className="mx-auto max-w-xl">
      {header && <HeaderBar />}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <SkeletonBlock className="h-4 w-32" />
          <SkeletonBlock className="h-16 w-full" />
        </div>
      </div>
      <SkeletonBlock className="mt-5 h-5 w-64 max-w-full" />
    </div>
  );
}

function PrintShape() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <HeaderBar actions />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {[0, 1, 2, 3].map((qr) => (
          <div key={qr} className="flex flex-col items-center rounded-xl border border-slate-300 bg-white p-5">
            <SkeletonBlock className="mb-3 h-4 w-32" />
            <SkeletonBlock className="size-48" />
            <SkeletonBlock className="mt-3 h-5 w-40" />
            <SkeletonBlock className="mt-2 h-4 w-56 max-w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * A screen's outline, `label` ("Loading…" in the reader's language) said to screen readers. A screen that
 * already shows its own title row passes `header={false}` and gets the rest.
 */
export function ScreenSkeleton({ kind, label, header = true }: { kind: SkeletonKind; label: string; header?: boolean }) {
  return (
    <Loading label={label}>
      {kind === "list" && <ListShape header={header} />}
      {kind === "dashboard" && (
        <>
          {header && <HeaderBar />}
          <DashboardCards />
        </>
      )}
      {kind === "form" && <FormShape header={header} />}
      {kind === "desk" && <DeskShape header={header} />}
      {kind === "print" && <PrintShape />}
    </Loading>
  );
}
