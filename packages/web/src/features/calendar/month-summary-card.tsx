import { Sparkles } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";
import { type Month, monthTitle } from "./calendar-days";

/**
 * The month's summary, written by the server from the month's plans (spec section 2: shown
 * only when a summary exists). Nothing at all while it loads or when it cannot be had: the
 * calendar says everything the summary would.
 */
export function MonthSummaryCard({ month, circleId }: { month: Month; circleId?: number }) {
  const summary = trpc.plans.calendarSummary.useQuery(
    circleId === undefined ? { month } : { month, circleId },
  );
  const text = summary.data?.summary.trim();
  if (!text) return null;
  return (
    <Card role="region" aria-labelledby="month-summary-title">
      <CardHeader className="pb-2">
        <CardTitle id="month-summary-title" className="flex items-center gap-2 text-lg">
          <Sparkles aria-hidden="true" className="size-5 text-primary" />
          {monthTitle(month)} at a glance
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm leading-relaxed wrap-anywhere whitespace-pre-line">{text}</p>
      </CardContent>
    </Card>
  );
}
