/**
 * POST /api/circles/{id}/calendar-import/preview and /api/circles/{id}/calendar-import
 * (docs/decisions/027). Any member imports into the circle, as plans of their own. The preview
 * reads and maps the file and says what an import would do, writing nothing; the import does
 * it in one transaction, within the circle's caps (refused whole past them) and its own hourly
 * budget of imports (one import counts once, whatever it adds).
 */
import type {
  CalendarImportInput,
  CalendarImportPreview,
  CalendarImportResult,
} from "@circleplan/shared/calendar-import-schemas";
import { dayIn } from "@circleplan/shared/days";
import {
  CALENDAR_IMPORT_EXCEPTIONS_MAX,
  CALENDAR_IMPORT_PLANS_MAX,
  CALENDAR_IMPORTS_PER_HOUR,
  CALENDAR_PREVIEWS_PER_HOUR,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { recordActivity } from "../activity/record";
import { viewerZoneOf } from "../auth/viewer-zone";
import type { MemberCaller } from "../circles/access";
import type { Call, CoreDeps } from "../deps";
import { AppError } from "../errors";
import { requireRoomForMany } from "../plans/plan-caps";
import { consumeRateLimit } from "../rate-limit/rate-limit";
import { sortDrafts } from "./imported-plans";
import { type ImportDraft, type MappedCalendar, mapCalendar } from "./map-events";
import { readCalendar } from "./read-calendar";
import { createImported, updateImported } from "./write-import";

const HOUR_MS = 60 * 60 * 1000;

/** The file read and mapped for the caller, or the product's 400 (too many plans or exceptions). */
async function mapped(
  deps: CoreDeps,
  caller: MemberCaller,
  content: string,
): Promise<{ file: MappedCalendar; zone: string }> {
  const zone = await viewerZoneOf(deps.db, caller);
  const file = await mapCalendar(await readCalendar(content), {
    importerZone: zone,
    now: deps.clock.now(),
  });
  if (file.drafts.length > CALENDAR_IMPORT_PLANS_MAX) {
    throw new AppError("BAD_REQUEST", messages.calendarTooManyPlans);
  }
  const exceptions = file.drafts.reduce((sum, draft) => sum + draft.exceptions.length, 0);
  if (exceptions > CALENDAR_IMPORT_EXCEPTIONS_MAX) {
    throw new AppError("BAD_REQUEST", messages.calendarTooManyExceptions);
  }
  return { file, zone };
}

const firstDay = (draft: ImportDraft, zone: string) =>
  draft.timing.allDay ? draft.timing.startDate : dayIn(draft.timing.startsAt, zone);

export async function previewCalendarImport({
  deps,
  caller,
  input,
}: Call<CalendarImportInput, MemberCaller>): Promise<CalendarImportPreview> {
  await consumeRateLimit(deps.db, {
    key: `calendar-import:preview:user:${caller.userId}`,
    rule: { limit: CALENDAR_PREVIEWS_PER_HOUR, windowMs: HOUR_MS },
    now: deps.clock.now(),
    message: messages.calendarImportsTooFast,
  });
  const { file, zone } = await mapped(deps, caller, input.content);
  const sorted = await sortDrafts(deps.db, caller.circle.circle.id, caller.userId, file.drafts);
  const days = file.drafts.map((draft) => firstDay(draft, zone)).sort();
  const count = (kind: ImportDraft["kind"]) => file.drafts.filter((d) => d.kind === kind).length;
  return {
    fileName: input.fileName ?? null,
    events: file.events,
    series: count("series"),
    oneOffs: count("one-off"),
    expanded: count("occurrences"),
    allDay: file.drafts.filter((draft) => draft.timing.allDay).length,
    plans: file.drafts.length,
    newPlans: sorted.create.length,
    updatedPlans: sorted.update.length,
    unchangedPlans: sorted.unchanged,
    skipped: file.skipped,
    from: days[0] ?? null,
    to: days.at(-1) ?? null,
    notes: file.notes,
    problems: file.problems,
  };
}

export async function importCalendar({
  deps,
  caller,
  input,
}: Call<CalendarImportInput, MemberCaller>): Promise<CalendarImportResult> {
  const now = deps.clock.now();
  await consumeRateLimit(deps.db, {
    key: `calendar-import:user:${caller.userId}`,
    rule: { limit: CALENDAR_IMPORTS_PER_HOUR, windowMs: HOUR_MS },
    now,
    message: messages.calendarImportsTooFast,
  });
  const { file } = await mapped(deps, caller, input.content);
  const circleId = caller.circle.circle.id;
  const stamp = { by: caller.userId, at: now };
  const sorted = await deps.db.transaction(async (tx) => {
    // The circle's row is locked first: two imports into one circle take turns, and each
    // sorts the file against what the other wrote.
    await requireRoomForMany(tx, circleId, { plans: 0, series: 0 });
    const sorted = await sortDrafts(tx, circleId, caller.userId, file.drafts);
    const newSeries =
      sorted.create.filter((draft) => draft.rule !== null).length +
      sorted.update.filter(({ draft, plan }) => draft.rule !== null && plan.recurrence === null)
        .length;
    await requireRoomForMany(tx, circleId, { plans: sorted.create.length, series: newSeries });
    await createImported(tx, circleId, sorted.create, stamp);
    await updateImported(tx, sorted.update, stamp);
    if (sorted.create.length + sorted.update.length > 0) {
      await recordActivity(tx, {
        circleId,
        actorId: caller.userId,
        kind: "calendar_imported",
        at: now,
        after: { plansImported: sorted.create.length, plansUpdated: sorted.update.length },
      });
    }
    return sorted;
  });
  return {
    created: sorted.create.length,
    updated: sorted.update.length,
    unchanged: sorted.unchanged,
    skipped: file.skipped,
  };
}
