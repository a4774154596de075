/**
 * The answers' storage: kept per user across reloads, read back defensively, and still working
 * for the page when storage is missing or refuses to write.
 */
import { describe, expect, it } from "vitest";
import type { ReminderRecords } from "./reminder-schedule";
import { parseRecords, reminderStorageKey, reminderStore } from "./reminder-store";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const records: ReminderRecords = {
  "100-2 hours before": { state: "snoozed", remindAt: 1000, until: 2000 },
  "200-1 hour before": { state: "handled", remindAt: 3000 },
};

describe("reminder store", () => {
  it("keeps each user's answers under their own key, for the next page load", () => {
    const storage = memoryStorage();
    reminderStore(storage, 1).write(records);
    expect(reminderStore(storage, 1).read()).toEqual(records);
    expect(reminderStore(storage, 2).read()).toEqual({});
    expect([...storage.items.keys()]).toEqual([reminderStorageKey(1)]);
  });

  it("drops what it cannot read rather than failing", () => {
    expect(parseRecords("not json")).toEqual({});
    expect(parseRecords("[1,2]")).toEqual({});
    expect(
      parseRecords(
        JSON.stringify({
          good: { state: "active", remindAt: 5 },
          noUntil: { state: "snoozed", remindAt: 5 },
          badState: { state: "gone", remindAt: 5 },
          noTime: { state: "handled" },
        }),
      ),
    ).toEqual({ good: { state: "active", remindAt: 5 } });
  });

  it("keeps the answers for the page when storage refuses them", () => {
    const storage = memoryStorage();
    const full = {
      getItem: storage.getItem,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    const store = reminderStore(full, 1);
    store.write(records);
    expect(store.read()).toEqual(records);
    const none = reminderStore(null, 1);
    none.write(records);
    expect(none.read()).toEqual(records);
  });
});
