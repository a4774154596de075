import { afterEach, beforeEach, vi } from "vitest";

/**
 * Stops the clock at `instant` for every test of the file. Only Date is faked: timers run as
 * usual, so polling, animations and user events behave as in the app.
 */
export function freezeClockAt(instant: string): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(instant));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
