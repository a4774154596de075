/**
 * Where the answers to reminders are kept: local storage, one entry per user, so a snooze or a
 * dismissal survives a reload and is seen by the user's other tabs. Storage can be missing or
 * full (private modes): the answers then live as long as the page, and nothing throws.
 */
import type { ReminderRecord, ReminderRecords } from "./reminder-schedule";

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

export interface ReminderStore {
  /** The storage key, for telling this store's `storage` events from others. */
  readonly key: string;
  read(): ReminderRecords;
  write(records: ReminderRecords): void;
}

/** The page's local storage, or null where reading it throws (blocked storage). */
export function pageStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function reminderStorageKey(userId: number): string {
  return `circleplan:reminders:${userId}`;
}

function isRecord(value: unknown): value is ReminderRecord {
  if (typeof value !== "object" || value === null) return false;
  const { state, remindAt, until } = value as Record<string, unknown>;
  if (typeof remindAt !== "number" || !Number.isFinite(remindAt)) return false;
  if (state === "snoozed") return typeof until === "number" && Number.isFinite(until);
  return state === "active" || state === "handled";
}

/** What was stored, each record checked: an entry written by an older app or by hand is dropped. */
export function parseRecords(text: string | null): ReminderRecords {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, record]) => isRecord(record)));
  } catch {
    return {};
  }
}

export function reminderStore(storage: KeyValueStorage | null, userId: number): ReminderStore {
  const key = reminderStorageKey(userId);
  // The page's own copy, for when storage refuses to read or write.
  let memory: ReminderRecords = {};
  // Once a write failed, storage holds older answers than the page: the page's copy wins.
  let storageBehind = false;
  return {
    key,
    read() {
      if (storageBehind) return memory;
      try {
        const text = storage?.getItem(key) ?? null;
        if (text !== null) return parseRecords(text);
      } catch {
        // Unreadable storage: the page's copy stands in.
      }
      return memory;
    },
    write(records) {
      memory = records;
      try {
        const text = JSON.stringify(records);
        // Unchanged answers are not written: every write is an event in the user's other tabs.
        if (storage && storage.getItem(key) !== text) storage.setItem(key, text);
      } catch {
        // Full or blocked storage: the answers last as long as the page.
        storageBehind = true;
      }
    },
  };
}
