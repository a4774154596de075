/**
 * Time zones as the browser knows them. The browser's own zone goes with a registration, so
 * "today" and reminders are right from the first day; the profile offers every IANA zone.
 */

export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Every zone this browser can format, with `current` first kept even if the list lacks it. */
export function timeZoneOptions(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    // An older browser: offer what the user has, and UTC.
  }
  return [...new Set([current, "UTC", ...zones])].sort((a, b) =>
    a === "UTC" ? -1 : b === "UTC" ? 1 : a.localeCompare(b),
  );
}
