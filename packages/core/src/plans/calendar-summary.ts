/**
 * The calendar's summary card (GET /api/events/calendar-summary/{yyyy-MM}): a few sentences
 * written from the month's plans by rules, not by an outside AI service (issue 8), so the same
 * month always reads the same. A pure function: the caller hands in the month's occurrences as
 * the calendar shows them (one item per occurrence, on its day in the user's zone).
 */

import { MONTH_NAMES, WEEKDAY_NAMES } from "@circleplan/shared/calendar-names";
import { addDays, weekdayNumber } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { Temporal } from "temporal-polyfill";
import { monthDays } from "./time-ranges";

export type SummaryPlan = Pick<
  Plan,
  "id" | "title" | "type" | "date" | "isCompleted" | "isRecurring" | "status"
>;

/** Recurring commitments named by title; the rest are counted. */
const RECURRING_NAMED_MAX = 3;
const TITLE_SHOWN_MAX = 40;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** "a, b and c" */
function listed(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const dayOfMonth = (day: string) => Number(day.slice(8, 10));
const monthName = (day: string) => MONTH_NAMES[Number(day.slice(5, 7)) - 1] as string;
/** "Saturday 21 November" */
const longDay = (day: string) =>
  `${WEEKDAY_NAMES[weekdayNumber(day)]} ${dayOfMonth(day)} ${monthName(day)}`;
/** "15–21 November" (both days in the same month here). */
const dayRange = (first: string, last: string) =>
  first === last
    ? `${dayOfMonth(first)} ${monthName(first)}`
    : `${dayOfMonth(first)}–${dayOfMonth(last)} ${monthName(last)}`;

function shortTitle(title: string): string {
  const trimmed = title.trim();
  return trimmed.length > TITLE_SHOWN_MAX
    ? `${trimmed.slice(0, TITLE_SHOWN_MAX - 1).trimEnd()}…`
    : trimmed;
}

/** Items counted per key, keys in first-seen order. */
function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/** The entry with the highest count; the earliest key wins a tie. */
function busiest(counts: Map<string, number>): [string, number] | null {
  let best: [string, number] | null = null;
  for (const [key, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    if (!best || count > best[1]) best = [key, count];
  }
  return best;
}

/** The weeks (Sunday to Saturday, as the calendar grid) of the month, clipped to it. */
function weeksOf(first: string, last: string): { first: string; last: string }[] {
  const weeks: { first: string; last: string }[] = [];
  let start = first;
  while (start <= last) {
    const saturday = addDays(start, 6 - weekdayNumber(start));
    const end = saturday < last ? saturday : last;
    weeks.push({ first: start, last: end });
    start = addDays(end, 1);
  }
  return weeks;
}

function overview(month: string, plans: SummaryPlan[]): string {
  const byType = countBy(plans, (plan) => plan.type);
  const parts = [
    byType.get("event") ? plural(byType.get("event") as number, "event") : "",
    byType.get("task") ? plural(byType.get("task") as number, "task") : "",
    byType.get("todo") ? plural(byType.get("todo") as number, "to-do") : "",
  ].filter(Boolean);
  return `${month} holds ${plural(plans.length, "plan")}: ${listed(parts)}.`;
}

function busiestTimes(plans: SummaryPlan[], first: string, last: string): string {
  const weeks = weeksOf(first, last);
  const weekOf = (day: string) =>
    weeks.find((week) => week.first <= day && day <= week.last)?.first ?? day;
  const perWeek = countBy(plans, (plan) => weekOf(plan.date));
  const perDay = countBy(plans, (plan) => plan.date);
  const week = perWeek.size > 1 ? busiest(perWeek) : null;
  const day = busiest(perDay);
  const sentences: string[] = [];
  if (week) {
    const span = weeks.find((w) => w.first === week[0]) as { first: string; last: string };
    sentences.push(
      `The busiest week is ${dayRange(span.first, span.last)}, with ${plural(week[1], "plan")}.`,
    );
  }
  if (day && day[1] > 1) {
    sentences.push(`The busiest day is ${longDay(day[0])}, with ${plural(day[1], "plan")}.`);
  }
  return sentences.join(" ");
}

function recurring(plans: SummaryPlan[]): string {
  const series = new Map<number, { title: string; count: number }>();
  for (const plan of plans.filter((p) => p.isRecurring)) {
    const entry = series.get(plan.id) ?? { title: shortTitle(plan.title), count: 0 };
    entry.count += 1;
    series.set(plan.id, entry);
  }
  if (series.size === 0) return "";
  const ordered = [...series]
    .sort(([idA, a], [idB, b]) => b.count - a.count || a.title.localeCompare(b.title) || idA - idB)
    .map(([, entry]) => entry);
  const named = ordered
    .slice(0, RECURRING_NAMED_MAX)
    .map((entry) => `${entry.title} (${entry.count === 1 ? "once" : `${entry.count} times`})`);
  const more = ordered.length - named.length;
  const label = series.size === 1 ? "Recurring commitment" : "Recurring commitments";
  return `${label}: ${listed(more > 0 ? [...named, plural(more, "more", "more")] : named)}.`;
}

function tasks(plans: SummaryPlan[]): string {
  const todo = plans.filter((plan) => plan.type === "task" || plan.type === "todo");
  if (todo.length === 0) return "";
  const done = todo.filter((plan) => plan.isCompleted).length;
  const waiting = todo.filter((plan) => plan.status === "pending" && !plan.isCompleted).length;
  const hasTasks = todo.some((plan) => plan.type === "task");
  const hasTodos = todo.some((plan) => plan.type === "todo");
  const label = hasTasks && hasTodos ? "Tasks and to-dos" : hasTasks ? "Tasks" : "To-dos";
  const answer = waiting
    ? ` ${waiting === 1 ? "1 task is" : `${waiting} tasks are`} waiting for an answer.`
    : "";
  return `${label}: ${done} completed, ${todo.length - done} still open.${answer}`;
}

function freeWeekends(plans: SummaryPlan[], first: string, last: string): string {
  const busyDays = new Set(plans.map((plan) => plan.date));
  const free: string[] = [];
  // Whole weekends inside the month: a weekend split by the month's edge is not this month's.
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const sunday = addDays(day, 1);
    if (weekdayNumber(day) === 6 && sunday <= last && !busyDays.has(day) && !busyDays.has(sunday)) {
      free.push(day);
    }
  }
  if (free.length === 0) return "No weekend is completely free.";
  const spans = free.map((saturday) => `${dayOfMonth(saturday)}–${dayOfMonth(saturday) + 1}`);
  const label = free.length === 1 ? "Free weekend" : "Free weekends";
  return `${label}: ${listed(spans)} ${monthName(first)}.`;
}

/**
 * The summary of `month` (`yyyy-MM`) from its occurrences. Items outside the month are ignored,
 * so a caller may pass a wider list.
 */
export function writeCalendarSummary(month: string, occurrences: SummaryPlan[]): string {
  const { first, last } = monthDays(month);
  const title = `${monthName(first)} ${Temporal.PlainDate.from(first).year}`;
  const plans = occurrences.filter((plan) => plan.date >= first && plan.date <= last);
  if (plans.length === 0) {
    return `Nothing is planned for ${title} yet: a clear month, and a good time to plan something together!`;
  }
  return [
    overview(title, plans),
    busiestTimes(plans, first, last),
    recurring(plans),
    tasks(plans),
    freeWeekends(plans, first, last),
  ]
    .filter(Boolean)
    .join(" ");
}
