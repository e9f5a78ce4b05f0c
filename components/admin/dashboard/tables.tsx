"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { DEFAULT_PAGE_SIZE, PageSizeSelect } from "@/components/ui/page-size-select";
import { Pager } from "@/components/ui/pager";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { useMoment } from "@/lib/client/use-moment";
import type { PrizeStat, ProductStat } from "@/shared/contracts/dashboard";
import type { WinnerRow } from "@/shared/contracts/winners";
import { prizeStatusText } from "./prize-status";

const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2 align-top text-sm text-slate-800";
// Figures ("10 / 10") and status pills read as one thing: never broken over two lines.
const figure = `${td} whitespace-nowrap tabular-nums`;

/** Wins / scans as a percentage with one decimal, in the reader's language; "—" with no scans yet. */
export function usePercent(): (conversion: number | null) => string {
  const format = useFormatter();
  return (conversion) =>
    conversion === null ? "—" : format.number(conversion, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function Table({ caption, head, children }: { caption: string; head: string[]; children: React.ReactNode }) {
  return (
    <ScrollRegion label={caption} className="-mx-4 sm:mx-0">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((title) => (
              <th key={title} scope="col" className={th}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

export function WinnersTable({ caption, winners, receivedColumn }: { caption: string; winners: WinnerRow[]; receivedColumn: boolean }) {
  const t = useTranslations("admin.dashboard.tables");
  const { moment } = useMoment();
  return (
    <Table caption={caption} head={[t("nickname"), t("prize"), t("product"), receivedColumn ? t("received") : t("wonAt")]}>
      {winners.map((winner) => (
        <tr key={winner.id}>
          <td className={`${td} font-semibold`}>{winner.name}</td>
          <td className={td}>{winner.prize_name}</td>
          <td className={td}>{winner.product_name}</td>
          <td className={`${td} whitespace-nowrap`}>
            {moment(receivedColumn && winner.received_at ? winner.received_at : winner.created_at)}
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function PrizeStatusTable({ prizes }: { prizes: PrizeStat[] }) {
  const t = useTranslations("admin.dashboard.tables");
  const tStatus = useTranslations("admin.dashboard.prizeStatus");
  return (
    <Table
      caption={t("prizeStatus")}
      head={[t("prize"), t("stock"), t("today"), t("thisHour"), t("placements"), t("winnersReceived"), t("expired")]}
    >
      {prizes.map((prize) => (
        <tr key={prize.id}>
          <td className={`${td} font-semibold`}>{prize.name}</td>
          <td className={figure}>
            {prize.remaining_quantity} / {prize.total_quantity}
          </td>
          <td className={figure}>
            {prize.today_distributed} / {prize.daily_distribution}
          </td>
          <td className={figure}>{prize.hourly_limit === null ? "–" : `${prize.this_hour_distributed} / ${prize.hourly_limit}`}</td>
          <td className={td}>
            <span
              className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${
                prize.maintenance_status === "sufficient" ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-800"
              }`}
            >
              {prizeStatusText(prize, tStatus)}
            </span>
          </td>
          <td className={figure}>
            {prize.total_winners} ({prize.received_winners})
          </td>
          <td className={figure}>{prize.expired_winners}</td>
        </tr>
      ))}
    </Table>
  );
}

/** Product pages with a live prize first; paged here in the browser (spec §2: 5/10/20/50, default 10). */
export function ProductStatusTable({ products }: { products: ProductStat[] }) {
  const t = useTranslations("admin.dashboard.tables");
  const percentOf = usePercent();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const sorted = [...products].sort((a, b) => Number(b.has_active_prize) - Number(a.has_active_prize));
  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, pageCount);
  const shown = sorted.slice((current - 1) * pageSize, current * pageSize);
  return (
    <>
      <div className="mb-2 flex justify-end">
        <PageSizeSelect
          value={pageSize}
          onChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </div>
      <Table
        caption={t("productStatus")}
        head={[
          t("productPage"),
          t("prizeWaiting"),
          t("scans"),
          t("winners"),
          t("conversion"),
          t("received"),
          t("notReceived"),
          t("expired"),
        ]}
      >
        {shown.map((product) => (
          <tr key={product.id}>
            <td className={`${td} min-w-36 font-semibold [overflow-wrap:anywhere]`}>{product.name}</td>
            <td className={td}>{product.active_prize_name ?? "—"}</td>
            <td className={figure}>{product.scans}</td>
            <td className={figure}>{product.winners_count}</td>
            <td className={figure}>{percentOf(product.conversion)}</td>
            <td className={figure}>{product.received_count}</td>
            <td className={figure}>{product.unreceived_count}</td>
            <td className={figure}>{product.expired_count}</td>
          </tr>
        ))}
      </Table>
      <div className="mt-3">
        <Pager page={current} pageCount={pageCount} onPageChange={setPage} label={t("productStatusPages")} />
      </div>
    </>
  );
}
