/**
 * Every occurrence ical.js (Mozilla's reader, independent of the code under test) expands from
 * an iCalendar text and whose start lies in a window, one "title|start|end" line each, sorted:
 * timed values as UTC instants, all-day ones as days, the end as the last day (RFC 5545's DTEND
 * is exclusive) and none where an event has no end. The import's tests compare a file with what
 * the product reads of it; the round trip compares it with the feed the product writes back.
 */
import { addDays } from "@circleplan/shared/days";
import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";

export interface IcalExpansion {
  window: { from: Date; to: Date };
  /** Where a floating time, or a TZID the file defines no VTIMEZONE for and is no IANA name, is read. */
  floatingZone: string;
  /** Events left out by title (ones the product refuses, such as a secondly rule from 1990). */
  skip?: string[];
}

export function icalOccurrences(text: string, expansion: IcalExpansion): string[] {
  const { window, floatingZone, skip = [] } = expansion;
  const root = new ICAL.Component(ICAL.parse(text));
  const components = root.getAllSubcomponents("vevent");
  const instant = (time: ICAL.Time): string => {
    if (time.isDate) return time.toString();
    // A zone the file defines: ical.js's own offsets. A bare IANA TZID: the zone database's.
    if (time.zone?.component || time.zone?.tzid === "UTC") {
      return new Date(time.toUnixTime() * 1000).toISOString();
    }
    const zone = (time as unknown as { timezone?: string }).timezone ?? floatingZone;
    const wall = Temporal.PlainDateTime.from(time.toString());
    return new Date(wall.toZonedDateTime(zone).epochMilliseconds).toISOString();
  };
  const found: string[] = [];
  for (const component of components) {
    if (component.hasProperty("recurrence-id")) continue;
    const uid = component.getFirstPropertyValue("uid");
    const exceptions = components.filter(
      (other) =>
        other !== component &&
        other.hasProperty("recurrence-id") &&
        other.getFirstPropertyValue("uid") === uid,
    );
    const event = new ICAL.Event(component, { exceptions });
    if (skip.includes(event.summary)) continue;
    const hasEnd = component.hasProperty("dtend") || component.hasProperty("duration");
    const iterator = event.iterator();
    // An event of RDATEs alone: ical.js's iterator starts after DTSTART.
    const starts = event.isRecurring() && !component.hasProperty("rrule") ? [event.startDate] : [];
    for (let next = starts.shift() ?? iterator.next(); next; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const start = instant(details.startDate);
      const at = details.startDate.isDate ? new Date(`${start}T00:00:00Z`) : new Date(start);
      if (at >= window.to) break;
      if (at < window.from) continue;
      let end: string | null = hasEnd ? instant(details.endDate) : null;
      if (end !== null && details.startDate.isDate) end = addDays(end, -1);
      if (end === start) end = null;
      found.push(`${details.item.summary}|${start}|${end}`);
    }
  }
  return found.sort();
}
