/**
 * The Create Plan dialog's free-text step (plans spec, sections 2, 4 and 8): Enter reads the
 * sentence with the chosen circle and the browser's zone, Shift+Enter is a new line, the
 * Manual Form link; the form opens filled from the server's reading and saves what was said;
 * a failure falls back to the raw text, a refusal says why.
 */
import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactElement, useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PlanDialogProps } from "@/components/plans/plan-dialogs";
import { UserReady } from "@/components/plans/testing/user-ready";
import { circleFixture, memberFixture, userFixture } from "@/features/circles/testing/fixtures";
import { toast } from "@/lib/toast";
import { freezeClockAt } from "@/testing/frozen-clock";
import { planFixture } from "@/testing/plan-fixtures";
import { type Handler, noAnswer, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { voiceResultFixture } from "@/testing/voice-result";
import { PlanDialog } from "./plan-dialog";
import { EMPTY_TEXT_MESSAGE } from "./plan-text-step";

spyOnToasts();

freezeClockAt("2026-11-21T09:44:00Z");
beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const SENTENCE = "Piano lesson with Bea tomorrow from 5 to 6pm at the music school";

function renderCreate(
  props: Partial<PlanDialogProps> = {},
  handlers: Record<string, Handler> = {},
  /** A test's own way of opening the dialog, instead of open from the start. */
  dialog?: ReactElement,
) {
  const view = renderWithTrpc(
    <UserReady>{dialog ?? <PlanDialog open onOpenChange={() => {}} {...props} />}</UserReady>,
    {
      handlers: {
        "auth.user": () => userFixture(),
        "circles.list": () => [
          circleFixture({ id: 5, name: "Personal", type: "personal" }),
          circleFixture(),
        ],
        "circles.members": () => [
          memberFixture({ id: 1, firstName: "Ada", lastName: "Lovelace" }, { role: "admin" }),
          memberFixture({ id: 2, firstName: "Bea", lastName: "Byron" }),
        ],
        "nlp.processVoice": () =>
          voiceResultFixture({
            title: "Piano lesson",
            type: "task",
            startTime: new Date("2026-11-22T17:00:00Z"),
            endTime: new Date("2026-11-22T18:00:00Z"),
            location: "Music school",
            assignee: "Bea",
            assignedTo: 2,
            reminderTimes: ["30 minutes before"],
            voiceNote: SENTENCE,
          }),
        "plans.create": (input) => planFixture({ id: 150, ...(input as Partial<Plan>) }),
        "plans.list": () => [],
        ...handlers,
      },
    },
  );
  return view;
}

async function textStep() {
  const dialog = await screen.findByRole("dialog", { name: "Create Plan" });
  const box = within(dialog).getByRole("textbox", { name: "Describe your plan" });
  await waitFor(() => expect(within(dialog).getByLabelText("Circle")).toBeEnabled());
  return { dialog, box };
}

describe("Create Plan's free-text step", () => {
  it("opens first when creating, with the Manual Form link", async () => {
    renderCreate();
    const { dialog, box } = await textStep();
    expect(box).toHaveFocus();
    expect(within(dialog).getByRole("button", { name: "Manual Form" })).toBeVisible();
    expect(within(dialog).queryByLabelText("Title")).toBeNull();
  });

  it("reads the sentence from the day the dialog was opened on (a day chosen on the calendar)", async () => {
    const view = renderCreate({ defaultCircleId: 7, defaultDate: "2026-12-03" });
    const { box } = await textStep();
    await userEvent.type(box, "Dentist at 11am");
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(view.callsTo("nlp.processVoice")).toHaveLength(1));
    expect(view.callsTo("nlp.processVoice")[0]?.input).toMatchObject({
      text: "Dentist at 11am",
      referenceDay: "2026-12-03",
    });
  });

  it("reads the sentence on Enter and opens the form filled from it", async () => {
    const view = renderCreate({ defaultCircleId: 7 });
    const { dialog, box } = await textStep();
    expect(within(dialog).getByLabelText("Circle")).toHaveValue("7");
    await userEvent.type(box, SENTENCE);
    await userEvent.keyboard("{Enter}");

    const title = await within(dialog).findByLabelText("Title");
    expect(view.callsTo("nlp.processVoice")[0]?.input).toEqual({
      text: SENTENCE,
      circleId: 7,
      userTimezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(toast.success).toHaveBeenCalledWith("Event parsed successfully", {
      description: "Please review and submit the event details.",
    });
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveValue("Piano lesson");
    expect(within(dialog).getByLabelText("Time")).toHaveValue("17:00");
    expect(within(dialog).getByLabelText(/Location/)).toHaveValue("Music school");
    await waitFor(() => expect(within(dialog).getByLabelText(/Assign to/)).toHaveValue("2"));
    expect(within(dialog).getByLabelText("Reminder 1")).toHaveValue("30 minutes before");

    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(view.callsTo("plans.create")).toHaveLength(1));
    // What the form has no field for is kept: the sentence, and the hour it said it lasts.
    expect(view.callsTo("plans.create")[0]?.input).toMatchObject({
      circleId: 7,
      title: "Piano lesson",
      startTime: new Date("2026-11-22T17:00:00Z"),
      endTime: new Date("2026-11-22T18:00:00Z"),
      assignedTo: 2,
      type: "task",
      location: "Music school",
      reminderTimes: ["30 minutes before"],
      voiceNote: SENTENCE,
    });
  });

  it("fills the end said, saves it as the form shows it when the start moves, and the sentence", async () => {
    const view = renderCreate({ defaultCircleId: 7 });
    const { dialog, box } = await textStep();
    await userEvent.type(box, `${SENTENCE}{Enter}`);
    const time = await within(dialog).findByLabelText("Time");
    expect(within(dialog).getByLabelText(/End time/)).toHaveValue("18:00");
    await userEvent.clear(time);
    await userEvent.type(time, "17:30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(view.callsTo("plans.create")).toHaveLength(1));
    expect(view.callsTo("plans.create")[0]?.input).toMatchObject({
      startTime: new Date("2026-11-22T17:30:00Z"),
      endTime: new Date("2026-11-22T18:00:00Z"),
      voiceNote: SENTENCE,
    });
  });

  it("starts a new line on Shift+Enter, and reads nothing from an empty box", async () => {
    const view = renderCreate({ defaultCircleId: 7 });
    const { dialog, box } = await textStep();
    await userEvent.keyboard("{Enter}");
    expect(await within(dialog).findByText(EMPTY_TEXT_MESSAGE)).toBeVisible();
    expect(box).toHaveAttribute("aria-invalid", "true");

    await userEvent.type(box, "Dentist{Shift>}{Enter}{/Shift}bring the forms");
    expect(box).toHaveValue("Dentist\nbring the forms");
    expect(within(dialog).queryByText(EMPTY_TEXT_MESSAGE)).toBeNull();
    expect(view.callsTo("nlp.processVoice")).toHaveLength(0);
  });

  it("asks for a circle first, then reads the sentence for the one chosen", async () => {
    const view = renderCreate();
    const { dialog, box } = await textStep();
    await userEvent.type(box, "Swimming on Saturday{Enter}");
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Circle required", {
        description: "Please select a circle for the event.",
      }),
    );
    expect(within(dialog).getByText(messages.circleRequired)).toBeVisible();
    expect(within(dialog).getByLabelText("Circle")).toHaveFocus();
    expect(view.callsTo("nlp.processVoice")).toHaveLength(0);

    await userEvent.selectOptions(within(dialog).getByLabelText("Circle"), "The Lovelaces");
    expect(within(dialog).queryByText(messages.circleRequired)).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Process" }));
    await within(dialog).findByLabelText("Title");
    expect(view.callsTo("nlp.processVoice")[0]?.input).toMatchObject({ circleId: 7 });
    // The circle chosen on the text step is the form's.
    expect(within(dialog).getByLabelText("Circle")).toHaveValue("7");
  });

  it("falls back to the raw text as the title when the sentence cannot be read", async () => {
    const view = renderCreate(
      { defaultCircleId: 7 },
      { "nlp.processVoice": () => Promise.reject(noAnswer()) },
    );
    const { dialog, box } = await textStep();
    const long = "call the plumber about the leaking kitchen tap before the weekend please";
    await userEvent.type(box, `${long}{Enter}`);
    const title = await within(dialog).findByLabelText("Title");
    expect(toast.error).toHaveBeenCalledWith("Voice processing failed", {
      description: "Using basic voice recognition instead",
    });
    expect(title).toHaveValue("Call the plumber about the leaking kitchen tap ...");
    // Now (09:44 in London) to the half hour, today, an event with the default reminders.
    expect(within(dialog).getByLabelText("Time")).toHaveValue("09:30");
    expect(within(dialog).getByRole("radio", { name: "Event" })).toBeChecked();
    expect(within(dialog).getByLabelText("Reminder 1")).toHaveValue("2 hours before");
    expect(within(dialog).getByLabelText("Reminder 2")).toHaveValue("24 hours before");

    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(view.callsTo("plans.create")).toHaveLength(1));
    expect(view.callsTo("plans.create")[0]?.input).toMatchObject({
      startTime: new Date("2026-11-21T09:30:00Z"),
      type: "event",
      voiceNote: long,
    });
    expect(view.callsTo("plans.create")[0]?.input).not.toHaveProperty("endTime");
  });

  it("falls back alike when the server fails, and says a refusal's reason on the text step", async () => {
    renderCreate(
      { defaultCircleId: 7 },
      {
        "nlp.processVoice": (input) => {
          if ((input as { text: string }).text === "bad") {
            throw serverError(messages.invalidText, 400, "BAD_REQUEST");
          }
          throw serverError("Internal server error", 500, "INTERNAL_SERVER_ERROR");
        },
      },
    );
    const { dialog, box } = await textStep();
    await userEvent.type(box, "bad{Enter}");
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error parsing event", {
        description: messages.invalidText,
      }),
    );
    expect(within(dialog).getByText(messages.invalidText)).toBeVisible();
    expect(within(dialog).queryByLabelText("Title")).toBeNull();

    await userEvent.clear(box);
    await userEvent.type(box, "tennis{Enter}");
    expect(await within(dialog).findByLabelText("Title")).toHaveValue("Tennis");
    expect(toast.error).toHaveBeenLastCalledWith("Voice processing failed", {
      description: "Using basic voice recognition instead",
    });
  });

  it("goes to the form by the Manual Form link, the circle kept", async () => {
    const view = renderCreate();
    const { dialog } = await textStep();
    await userEvent.selectOptions(within(dialog).getByLabelText("Circle"), "Personal");
    await userEvent.click(within(dialog).getByRole("button", { name: "Manual Form" }));
    const title = within(dialog).getByLabelText("Title");
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveValue("");
    expect(within(dialog).getByLabelText("Circle")).toHaveValue("5");
    expect(view.callsTo("nlp.processVoice")).toHaveLength(0);
  });

  it("opens in the form filled from a sentence read elsewhere (the voice dialog)", async () => {
    renderCreate({
      parsed: {
        text: SENTENCE,
        circleId: 7,
        result: voiceResultFixture({ title: "Piano lesson" }),
      },
    });
    const dialog = await screen.findByRole("dialog", { name: "Create Plan" });
    expect(within(dialog).getByLabelText("Title")).toHaveValue("Piano lesson");
    expect(within(dialog).queryByRole("textbox", { name: "Describe your plan" })).toBeNull();
  });

  it("asks the server to ready its reader as the step opens, silently, until it answers ready", async () => {
    let asked = 0;
    const view = renderCreate(
      {},
      {
        "nlp.prepare": () => {
          asked += 1;
          if (asked === 1) throw serverError("Internal server error", 500, "INTERNAL");
          return { ready: true };
        },
      },
      <ReopenablePlanDialog />,
    );
    const reopen = async () => {
      const { dialog } = await textStep();
      await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
      await userEvent.click(await screen.findByRole("button", { name: "Open" }));
    };
    await waitFor(() => expect(view.callsTo("nlp.prepare")).toHaveLength(1));
    // A failure is not the person's concern: nothing shown, asked again at the next opening.
    await reopen();
    await waitFor(() => expect(view.callsTo("nlp.prepare")).toHaveLength(2));
    expect(toast.error).not.toHaveBeenCalled();
    await reopen();
    await textStep();
    expect(view.callsTo("nlp.prepare")).toHaveLength(2);
  });
});

/** Create Plan, open at first, closed by its Cancel and opened again by a button. */
function ReopenablePlanDialog() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <PlanDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
