/**
 * Which calendar a person last looked at, Month (/calendar) or Week (/planner), so the bottom
 * bar's Calendar opens it again (issue 21). Kept in this browser only; sign-out clears it with
 * the rest of the browser's storage.
 */
import { paths } from "@/app/paths";

export type CalendarView = "month" | "week";

export const CALENDAR_VIEW_KEY = "circleplan.calendarView";

export const calendarViewPath: Record<CalendarView, string> = {
  month: paths.calendar,
  week: paths.planner,
};

export function rememberedCalendarView(): CalendarView {
  try {
    return localStorage.getItem(CALENDAR_VIEW_KEY) === "week" ? "week" : "month";
  } catch {
    // Unavailable storage (private mode): the spec's calendar, the month.
    return "month";
  }
}

export function rememberCalendarView(view: CalendarView): void {
  try {
    localStorage.setItem(CALENDAR_VIEW_KEY, view);
  } catch {
    // Not kept: the bottom bar opens the month, as the spec does.
  }
}
