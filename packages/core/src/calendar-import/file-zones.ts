/**
 * The file's VTIMEZONEs, kept only where they are read and only where reading them is bounded
 * (docs/decisions/027, "Time zones"). ical.js expands a zone's STANDARD/DAYLIGHT rules from their
 * DTSTART with no step limit whenever a time in it is compared or converted: a DAILY rule from
 * 1601 took seconds, an HOURLY one minutes, even under a TZID named Europe/Berlin. So, before
 * any event is read, every zone whose rules are each yearly on one month's day or weekday, from
 * 1601 on (Outlook's zones start in 1601), within a count of expansion steps, is kept; any other
 * is removed. ical.js still needs a sound zone to compare a series' times with its UTC UNTIL
 * and EXDATEs, so even an IANA-named zone is kept when it is sound (its wall clock is placed by
 * the zone database all the same, event-times.ts). A removed IANA-named zone costs nothing
 * more; a removed zone of the file's own is named as refused, so its events are problems rather
 * than guesses at a wrong hour. A file defining more than CALENDAR_IMPORT_ZONES_MAX zones is
 * refused whole.
 */
import { CALENDAR_IMPORT_ZONES_MAX, PLAN_YEAR_MAX } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type ICAL from "ical.js";
import { AppError } from "../errors";
import type { Ical } from "./read-calendar";
import { ianaZoneOf } from "./time-zones";

/** The first year an observance may start in: Windows' epoch, the start Outlook writes. */
const OBSERVANCE_YEAR_MIN = 1601;
/** Years ical.js expands a zone to: the last year plans name, and its EXTRA_COVERAGE of five. */
const EXPANDED_TO_YEAR = PLAN_YEAR_MAX + 5;
/** Changes one zone may expand to: two yearly rules from 1601 are ~1,000. */
const ZONE_STEPS_MAX = 1_200;
/** The BY parts a yearly observance may carry, and how many values of each. */
const OBSERVANCE_PARTS: Record<string, number> = { BYMONTH: 1, BYDAY: 1, BYMONTHDAY: 7 };

/**
 * Expands every zone once, up to the last year plans may name: ical.js otherwise expands from
 * the current year and expands the whole zone again (appending duplicates) for each later year
 * a time asks about. ical.js is loaded only for imports, so the process-wide setting is ours.
 */
export function expandZonesOnce(ical: Ical): void {
  ical.Timezone._minimumExpansionYear = PLAN_YEAR_MAX;
}

/** Removes the VTIMEZONEs not to expand; answers the file's own TZIDs refused. 400 past the cap. */
export function trimZones(root: ICAL.Component): Set<string> {
  const zones = root.getAllSubcomponents("vtimezone");
  if (zones.length > CALENDAR_IMPORT_ZONES_MAX) {
    throw new AppError("BAD_REQUEST", messages.calendarTooManyZones);
  }
  const refused = new Set<string>();
  for (const zone of zones) {
    const tzid = zone.getFirstPropertyValue("tzid");
    if (typeof tzid === "string" && stepsOf(zone) <= ZONE_STEPS_MAX) continue;
    root.removeSubcomponent(zone);
    if (typeof tzid === "string" && ianaZoneOf(tzid) === null) refused.add(tzid);
  }
  return refused;
}

/** The changes ical.js would expand `zone` to; Infinity for a rule it is not to expand. */
function stepsOf(zone: ICAL.Component): number {
  let steps = 0;
  try {
    for (const observance of zone.getAllSubcomponents()) {
      const start = observance.getFirstPropertyValue("dtstart") as ICAL.Time | null;
      if (!start || typeof start !== "object" || start.year < OBSERVANCE_YEAR_MIN) return Infinity;
      steps += 1 + observance.getAllProperties("rdate").length;
      const rules = observance.getAllProperties("rrule");
      if (rules.length > 1) return Infinity;
      const rule = rules[0]?.getFirstValue() as ICAL.Recur | undefined;
      if (rule) steps += yearlySteps(rule, start.year);
    }
  } catch {
    return Infinity; // a value ical.js cannot read
  }
  return steps;
}

/** Steps of a yearly rule from `fromYear`; Infinity for any other rule. */
function yearlySteps(rule: ICAL.Recur, fromYear: number): number {
  if (rule.freq !== "YEARLY") return Infinity;
  const parts = (rule.parts ?? {}) as Record<string, unknown[]>;
  let perYear = 1;
  for (const [part, values] of Object.entries(parts)) {
    const allowed = OBSERVANCE_PARTS[part];
    if (allowed === undefined || values.length > allowed) return Infinity;
    if (part === "BYMONTHDAY") perYear = Math.max(1, values.length);
  }
  // A yearly BYDAY without its month is every such weekday of the year.
  if ((parts.BYDAY ?? []).length > 0 && (parts.BYMONTH ?? []).length === 0) return Infinity;
  return (EXPANDED_TO_YEAR - fromYear + 1) * perYear;
}
