/**
 * Zone rules must not depend on the machine's zone (cal.com's `.timezone.test` habit): a suite
 * wrapped in this reruns under process zones on both sides of UTC.
 */
import { afterAll, beforeAll, describe } from "vitest";

export const PROCESS_ZONES = ["UTC", "Europe/Berlin", "America/Los_Angeles", "Pacific/Kiritimati"];

export function describeInProcessZones(name: string, suite: (processZone: string) => void): void {
  describe.each(PROCESS_ZONES)(`${name} (process TZ=%s)`, (processZone) => {
    const saved = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = processZone;
    });
    afterAll(() => {
      process.env.TZ = saved;
    });
    suite(processZone);
  });
}
