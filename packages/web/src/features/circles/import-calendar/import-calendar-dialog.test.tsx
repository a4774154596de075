/**
 * The import dialog (docs/decisions/027): a chosen file is previewed (counts, span, problems),
 * imported with a toast naming how many plans, and a server refusal is shown in its words; a
 * file over 2 MB is refused before it is read or sent.
 */
import type { CalendarImportPreview } from "@circleplan/shared/calendar-import-schemas";
import { CALENDAR_IMPORT_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { ImportCalendarDialog } from "./import-calendar-dialog";

spyOnToasts();

const PREVIEW: CalendarImportPreview = {
  fileName: "school.ics",
  events: 8,
  series: 1,
  oneOffs: 7,
  expanded: 0,
  allDay: 7,
  plans: 8,
  newPlans: 8,
  updatedPlans: 0,
  unchangedPlans: 0,
  skipped: 1,
  from: "2026-09-03",
  to: "2027-06-04",
  notes: [],
  problems: [{ title: "Old", start: "1840-01-01", kind: null, reason: messages.dateOutOfRange }],
};

const ICS = "BEGIN:VCALENDAR\nEND:VCALENDAR";

function open(handlers: Record<string, (input: unknown) => unknown>) {
  const onOpenChange = vi.fn();
  const rendered = renderWithTrpc(
    <ImportCalendarDialog circle={{ id: 4, name: "Family" }} open onOpenChange={onOpenChange} />,
    { handlers },
  );
  const choose = (file: File) =>
    fireEvent.change(screen.getByLabelText("Calendar file"), { target: { files: [file] } });
  return { ...rendered, onOpenChange, choose };
}

describe("ImportCalendarDialog", () => {
  it("previews the chosen file, imports it and says how many plans came in", async () => {
    const { choose, callsTo, onOpenChange } = open({
      "calendarImport.preview": () => PREVIEW,
      "calendarImport.import": () => ({ created: 8, updated: 0, unchanged: 0, skipped: 1 }),
    });
    choose(new File([ICS], "school.ics", { type: "text/calendar" }));
    expect(
      await screen.findByText(/8 events: 1 repeating plan, 7 one-off plans \(7 all-day\)/),
    ).toBeVisible();
    expect(
      screen.getByText("From Thursday, September 3, 2026 to Friday, June 4, 2027"),
    ).toBeVisible();
    expect(screen.getByRole("region", { name: "Cannot be imported (1)" })).toHaveTextContent(
      messages.dateOutOfRange,
    );
    expect(callsTo("calendarImport.preview")[0]?.input).toEqual({
      id: 4,
      fileName: "school.ics",
      content: ICS,
    });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Imported 8 plans into Family", {}),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's message for a file that is not a calendar, and refuses one over 2 MB unsent", async () => {
    const { choose, callsTo } = open({
      "calendarImport.preview": () => {
        throw serverError(messages.calendarFileInvalid, 400);
      },
    });
    choose(new File(["BEGIN:VCARD"], "ana.vcf"));
    expect(await screen.findByRole("alert")).toHaveTextContent(messages.calendarFileInvalid);
    expect(screen.getByRole("button", { name: "Import" })).toBeDisabled();

    choose(new File([new Uint8Array(CALENDAR_IMPORT_MAX_BYTES + 1)], "huge.ics"));
    expect(await screen.findByRole("alert")).toHaveTextContent(messages.calendarFileTooLarge);
    expect(callsTo("calendarImport.preview")).toHaveLength(1);
  });

  it("ignores the preview of a file no longer chosen when a second file is picked while it loads", async () => {
    let answerFirst: (preview: CalendarImportPreview) => void = () => {};
    const first = new Promise<CalendarImportPreview>((resolve) => {
      answerFirst = resolve;
    });
    const { choose, callsTo } = open({
      "calendarImport.preview": (input) =>
        (input as { fileName: string }).fileName === "old.ics"
          ? first
          : { ...PREVIEW, fileName: "new.ics", events: 3, series: 0, oneOffs: 3, allDay: 3 },
    });
    choose(new File([ICS], "old.ics"));
    await waitFor(() => expect(callsTo("calendarImport.preview")).toHaveLength(1));
    choose(new File([ICS], "new.ics"));
    expect(await screen.findByText(/3 events: 3 one-off plans/)).toBeVisible();
    // The first file's answer, arriving last, does not replace the chosen file's preview.
    await act(async () => {
      answerFirst(PREVIEW);
      await first;
    });
    expect(screen.queryByText(/8 events/)).toBeNull();
    expect(screen.getByText(/3 events: 3 one-off plans/)).toBeVisible();
  });
});
