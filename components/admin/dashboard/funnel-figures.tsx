"use client";

import { useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const AXIS = { fontSize: 12, fill: "#475569" };

export type FunnelFiguresProps = {
  steps: { step: string; count: number }[];
  hours: { hour: string; scans: number; wins: number }[];
};

/**
 * The funnel's steps as bars and scans and wins per hour as a line (recharts: SVG that scales to a 390 px
 * phone), hidden from screen readers (funnel-charts.tsx gives them the numbers as tables). A chunk of its
 * own, fetched once the charts are about to be seen (funnel-charts.tsx).
 */
export default function FunnelFigures({ steps, hours }: FunnelFiguresProps) {
  const t = useTranslations("admin.dashboard.funnel");
  return (
    <>
      <figure aria-hidden="true" className="h-64 min-w-0" data-testid="funnel-bars">
        <ResponsiveContainer width="100%" height="100%">
          {/* Horizontal: the steps read top to bottom as a funnel, and their names fit a 390 px phone. */}
          <BarChart data={steps} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={AXIS} />
            <YAxis type="category" dataKey="step" tick={AXIS} width={96} />
            <Tooltip />
            <Bar dataKey="count" name={t("count")} fill="#4f46e5" radius={[0, 4, 4, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <figure aria-hidden="true" className="h-64 min-w-0" data-testid="funnel-hours">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={hours} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="hour" tick={AXIS} minTickGap={24} />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip />
            <Legend />
            {/* Dots while there are few hours: one hour alone is a point, not a line. */}
            <Line type="monotone" dataKey="scans" name={t("scans")} stroke="#4f46e5" strokeWidth={2} dot={hours.length <= 24} />
            <Line type="monotone" dataKey="wins" name={t("wins")} stroke="#d97706" strokeWidth={2} dot={hours.length <= 24} />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </>
  );
}
