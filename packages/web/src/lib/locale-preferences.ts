/**
 * How this browser's locale reads times and weeks (issue 21): offered with a registration, so
 * a family in Chicago can read "5:00 PM" and one in Berlin a week from Monday from the first
 * day; the profile changes either. The spec's 24h and Sunday when the browser cannot say.
 */
import { screenClock } from "@circleplan/shared/days";
import type { TimeFormat, WeekStart } from "@circleplan/shared/limits";

/** `Intl.Locale`'s week data: `getWeekInfo()` in current browsers, `weekInfo` in older ones. */
interface LocaleWeekInfo {
  getWeekInfo?(): { firstDay?: number };
  weekInfo?: { firstDay?: number };
}

export function browserLocalePreferences(language?: string): {
  timeFormat: TimeFormat;
  weekStart: WeekStart;
} {
  let timeFormat: TimeFormat = "24h";
  let weekStart: WeekStart = "sunday";
  try {
    const tag = language ?? navigator.language;
    const { hourCycle } = new Intl.DateTimeFormat(tag, { hour: "numeric" }).resolvedOptions();
    if (hourCycle === "h11" || hourCycle === "h12") timeFormat = "12h";
    const locale = new Intl.Locale(tag) as Intl.Locale & LocaleWeekInfo;
    // 1 is Monday, 7 Sunday (ISO); anything else (Saturday, in some regions) keeps Sunday.
    const firstDay = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay;
    if (firstDay === 1) weekStart = "monday";
  } catch {
    // An older browser: the spec's defaults.
  }
  return { timeFormat, weekStart };
}

/** What a browser reads differently from the spec's screens: a 12-hour clock, Monday weeks. */
export type LocaleOffer = { timeFormat?: TimeFormat; weekStart?: WeekStart };

/**
 * The preferences this browser's locale would change from the spec's defaults (24-hour, Sunday),
 * offered at registration and sent only when taken (decision 023, "The spec's defaults until a
 * person chooses"); null when it would change nothing.
 */
export function browserLocaleOffer(language?: string): LocaleOffer | null {
  const { timeFormat, weekStart } = browserLocalePreferences(language);
  const offer: LocaleOffer = {
    ...(timeFormat === screenClock(null) ? {} : { timeFormat }),
    ...(weekStart === "sunday" ? {} : { weekStart }),
  };
  return Object.keys(offer).length > 0 ? offer : null;
}
