/**
 * The one way a test reruns under several process time zones (STYLE.md: cal.com's time-zone
 * suites). Instants are stored in UTC and days read in the user's zone, so an answer must not
 * change with the zone the server or the browser happens to run in: `describeInProcessZones`
 * runs its suite once per zone below, with `process.env.TZ` set for that block and put back
 * after it.
 */
import { afterAll, beforeAll, describe, expect } from "vitest";

/**
 * Both sides of UTC, whole, half and three-quarter hour offsets, one zone with DST in each
 * hemisphere: UTC, New York (-5/-4), Berlin (+1/+2), Kolkata (+5:30), Kathmandu (+5:45),
 * Auckland (+13/+12).
 */
export const PROCESS_ZONES = [
  "UTC",
  "America/New_York",
  "Europe/Berlin",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Pacific/Auckland",
] as const;

/** The zone's offset west of UTC in minutes at `at`, as Date#getTimezoneOffset answers it. */
function offsetWestOf(zone: string, at: Date): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = name?.match(/GMT([+-])(\d{2}):(\d{2})/);
  // "GMT" alone is UTC itself.
  if (!match) return 0;
  const east = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "+" ? 0 - east : east;
}

export function describeInProcessZones(name: string, body: (zone: string) => void): void {
  describe.each(PROCESS_ZONES)(`${name} (process TZ=%s)`, (zone) => {
    const previous = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = zone;
      // Node applies a changed TZ at once; this guards against a runtime that would not.
      const probe = new Date(Date.UTC(2026, 0, 1, 12));
      expect(probe.getTimezoneOffset()).toBe(offsetWestOf(zone, probe));
    });
    afterAll(() => {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    });
    body(zone);
  });
}
