/**
 * The Create/Edit Plan dialog (plans spec, sections 2, 4, 5 and 8), past its free-text step
 * (plan-text-step.test.tsx): the create form's rules and toasts, what a new plan sends, the
 * assignee list, the reminders and repeat rules, what an edit sends (only what changed, with
 * the occurrence and scope of a series), and a version conflict offering to reload.
 */
import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PlanTextOutcome } from "@/components/plans/process-plan-text";
import { UserReady } from "@/components/plans/testing/user-ready";
import { circleFixture, memberFixture, userFixture } from "@/features/circles/testing/fixtures";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { occurrenceFixture, planFixture } from "@/testing/plan-fixtures";
import { type Handler, noAnswer, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { voiceResultFixture } from "@/testing/voice-result";
import { PlanDialog } from "./plan-dialog";

spyOnToasts();

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const members = [
  memberFixture({ id: 1, firstName: "Ada", lastName: "Lovelace" }, { role: "admin" }),
  memberFixture({ id: 2, firstName: "Bea", lastName: "Byron" }),
  memberFixture({ id: 3, firstName: "Cal", lastName: "Babbage" }, { role: "admin" }),
];

function renderDialog(
  props: {
    plan?: Plan;
    defaultCircleId?: number;
    defaultTime?: string;
    startIn?: "form";
    parsed?: PlanTextOutcome;
  } = {},
  handlers: Record<string, Handler> = {},
) {
  const onOpenChange = vi.fn();
  const view = renderWithTrpc(
    <UserReady>
      <PlanDialog open onOpenChange={onOpenChange} defaultDate="2026-11-22" {...props} />
    </UserReady>,
    {
      handlers: {
        "auth.user": () => userFixture(),
        "circles.list": () => [
          circleFixture({ id: 5, name: "Personal", type: "personal" }),
          circleFixture(),
        ],
        "circles.members": () => members,
        "plans.create": (input) => planFixture({ id: 150, ...(input as object) }),
        "plans.update": (input) => planFixture(input as Partial<Plan>),
        "plans.list": () => [],
        ...handlers,
      },
    },
  );
  return { ...view, onOpenChange };
}

async function dialog(name: "Create Plan" | "Edit Plan") {
  return screen.findByRole("dialog", { name });
}

/** Create Plan opens on its free-text step; these tests fill in the form itself. */
async function manualForm() {
  const create = await dialog("Create Plan");
  await userEvent.click(within(create).getByRole("button", { name: "Manual Form" }));
  return create;
}

async function fillRequired(form: HTMLElement) {
  await userEvent.type(within(form).getByLabelText("Title"), "Family dinner");
  await userEvent.type(within(form).getByLabelText("Time"), "18:30");
  await waitFor(() => expect(within(form).getByLabelText("Circle")).toBeEnabled());
  await userEvent.selectOptions(within(form).getByLabelText("Circle"), "The Lovelaces");
}

describe("PlanDialog, creating", () => {
  it("asks for a title and a circle with the spec's toasts, and a valid time", async () => {
    const view = renderDialog();
    const form = await manualForm();
    await userEvent.type(within(form).getByLabelText("Time"), "7pm");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Title required", {
        description: "Please enter a title for the event.",
      }),
    );
    expect(within(form).getByText("Title is required")).toBeVisible();
    expect(within(form).getByText("Please select a circle for the event.")).toBeVisible();
    expect(within(form).getByText("Please enter a valid time (HH:MM)")).toBeVisible();

    await userEvent.type(within(form).getByLabelText("Title"), "Dinner");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith("Circle required", {
        description: "Please select a circle for the event.",
      }),
    );
    expect(view.callsTo("plans.create")).toHaveLength(0);
  });

  it("sends the plan with its time in the user's zone, the default reminders and the zone", async () => {
    const view = renderDialog();
    const form = await manualForm();
    await fillRequired(form);
    await userEvent.type(within(form).getByLabelText(/Location/), "Gran's house");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Event created successfully"));
    expect(view.callsTo("plans.create")[0]?.input).toEqual({
      circleId: 7,
      title: "Family dinner",
      description: null,
      location: "Gran's house",
      mapUrl: null,
      startTime: new Date("2026-11-22T18:30:00Z"),
      allDay: false,
      assignedTo: null,
      type: "event",
      reminderTimes: ["2 hours before", "24 hours before"],
      isRecurring: false,
      recurrenceType: null,
      recurrenceFrequency: null,
      recurrenceDaysOfWeek: null,
      recurrenceWeekdaysOnly: null,
      recurrenceMonthlyBy: null,
      recurrenceWeekOfMonth: null,
      recurrenceCount: null,
      recurrenceEndDate: null,
      timeZone: "Europe/London",
    });
    expect(view.onOpenChange).toHaveBeenCalledWith(false);
  });

  it("starts at a slot's time when the week opened it there (issue 21)", async () => {
    const view = renderDialog({ defaultTime: "09:30", startIn: "form", defaultCircleId: 7 });
    const form = await dialog("Create Plan");
    expect(within(form).getByLabelText("Time")).toHaveValue("09:30");
    expect(within(form).getByLabelText(/End time/)).toHaveValue("");
    await userEvent.type(within(form).getByLabelText("Title"), "Dentist");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(view.callsTo("plans.create")).toHaveLength(1));
    expect(view.callsTo("plans.create")[0]?.input).toMatchObject({
      startTime: new Date("2026-11-22T09:30:00Z"),
    });
    expect(view.callsTo("plans.create")[0]?.input).not.toHaveProperty("endTime");
  });

  it("starts in the given circle and offers its members but never oneself, admins marked", async () => {
    const view = renderDialog({ defaultCircleId: 7 });
    const form = await manualForm();
    const assignee = within(form).getByLabelText(/Assign to/);
    await waitFor(() =>
      expect(
        within(assignee)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["Nobody", "Bea Byron", "Cal Babbage (Admin)"]),
    );
    expect(view.callsTo("circles.members")[0]?.input).toEqual({ id: 7 });
    await userEvent.type(within(form).getByLabelText("Title"), "Pick up groceries");
    await userEvent.type(within(form).getByLabelText("Time"), "17:00");
    await userEvent.selectOptions(assignee, "Bea Byron");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(view.callsTo("plans.create")).toHaveLength(1));
    expect(view.callsTo("plans.create")[0]?.input).toMatchObject({
      circleId: 7,
      assignedTo: 2,
      type: "task",
    });
  });

  it("keeps reminders to 4, each chosen once, and drops None", async () => {
    const view = renderDialog({ defaultCircleId: 7 });
    const form = await manualForm();
    const add = within(form).getByRole("button", { name: "Add reminder" });
    await userEvent.click(add);
    await userEvent.click(add);
    expect(add).toBeDisabled();
    const second = within(form).getByLabelText("Reminder 2");
    // Taken by the first row.
    expect(within(second).getByRole("option", { name: "2 hours before" })).toBeDisabled();
    await userEvent.selectOptions(within(form).getByLabelText("Reminder 4"), "None");
    await userEvent.click(within(form).getByRole("button", { name: "Remove reminder 3" }));
    await userEvent.type(within(form).getByLabelText("Title"), "Dentist");
    await userEvent.type(within(form).getByLabelText("Time"), "09:00");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(view.callsTo("plans.create")).toHaveLength(1));
    expect(view.callsTo("plans.create")[0]?.input).toMatchObject({
      reminderTimes: ["2 hours before", "24 hours before"],
    });
  });

  it("preselects the date's weekday for weekly and sends the rule", async () => {
    const view = renderDialog({ defaultCircleId: 7 });
    const form = await manualForm();
    await userEvent.selectOptions(within(form).getByLabelText("Repeat"), "Weekly");
    expect(within(form).getByRole("checkbox", { name: "Sunday" })).toBeChecked();
    await userEvent.click(within(form).getByRole("checkbox", { name: "Wednesday" }));
    await userEvent.selectOptions(within(form).getByLabelText("Every how many weeks"), "2");
    await userEvent.click(within(form).getByRole("radio", { name: "After a number of times" }));
    await userEvent.selectOptions(within(form).getByLabelText("Number of times"), "5");
    await userEvent.type(within(form).getByLabelText("Title"), "Swimming");
    await userEvent.type(within(form).getByLabelText("Time"), "07:00");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(view.callsTo("plans.create")).toHaveLength(1));
    expect(view.callsTo("plans.create")[0]?.input).toMatchObject({
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceFrequency: 2,
      recurrenceDaysOfWeek: ["sunday", "wednesday"],
      recurrenceCount: 5,
    });
  });

  it("lays a Monday-first user's weekdays and date picker out from Monday (issue 21)", async () => {
    renderDialog(
      { defaultCircleId: 7 },
      { "auth.user": () => userFixture({ weekStart: "monday" }) },
    );
    const form = await manualForm();
    await userEvent.selectOptions(within(form).getByLabelText("Repeat"), "Weekly");
    const days = within(form).getByRole("group", { name: "On these days" });
    expect(
      within(days)
        .getAllByRole("checkbox")
        .map((box) => box.getAttribute("aria-label")),
    ).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    await userEvent.click(within(form).getByRole("button", { name: /^Date:/ }));
    const picker = await screen.findByRole("grid");
    expect(picker.querySelector("thead th")).toHaveAttribute("aria-label", "Monday");
  });

  it("tells a refusal with its reason from a failure to answer", async () => {
    renderDialog(
      { defaultCircleId: 7 },
      {
        "plans.create": () => {
          throw serverError(messages.assigneeNotMember, 400, "BAD_REQUEST");
        },
      },
    );
    const form = await manualForm();
    await userEvent.type(within(form).getByLabelText("Title"), "Dinner");
    await userEvent.type(within(form).getByLabelText("Time"), "18:00");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error creating event", {
        description: messages.assigneeNotMember,
      }),
    );
  });

  it("says the event could not be created when no answer came", async () => {
    renderDialog({ defaultCircleId: 7 }, { "plans.create": () => Promise.reject(noAnswer()) });
    const form = await manualForm();
    await userEvent.type(within(form).getByLabelText("Title"), "Dinner");
    await userEvent.type(within(form).getByLabelText("Time"), "18:00");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to create event", expect.anything()),
    );
  });
});

/** A list behind the dialog, as a screen shows one. */
function ShownPlans() {
  const plans = trpc.plans.list.useQuery({ upcoming: true });
  return <p>{plans.data?.map((plan) => plan.title).join()}</p>;
}

describe("PlanDialog, editing", () => {
  it("opens in the form loaded from the plan and sends only what changed", async () => {
    const task = planFixture({
      location: "Gran's",
      assignedTo: 2,
      type: "task",
      assigneeName: "Bea",
    });
    const view = renderDialog(
      { plan: task },
      { "plans.update": (input) => ({ ...task, ...(input as object) }) },
    );
    const form = await dialog("Edit Plan");
    expect(within(form).getByLabelText("Title")).toHaveValue("Family dinner");
    expect(within(form).getByLabelText("Time")).toHaveValue("18:00");
    expect(within(form).getByLabelText(/Location/)).toHaveValue("Gran's");
    await waitFor(() => expect(within(form).getByLabelText(/Assign to/)).toHaveValue("2"));
    // A task carries the completion switch.
    expect(within(form).getByRole("switch", { name: "Mark as completed" })).toBeVisible();

    await userEvent.clear(within(form).getByLabelText("Title"));
    await userEvent.type(within(form).getByLabelText("Title"), "Dinner at Gran's");
    await userEvent.click(within(form).getByRole("switch", { name: "Mark as completed" }));
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Plan updated!"));
    expect(view.callsTo("plans.update")[0]?.input).toEqual({
      id: 100,
      version: 3,
      title: "Dinner at Gran's",
      isCompleted: true,
    });
  });

  it("offers oneself as assignee only on a plan already assigned to oneself", async () => {
    renderDialog({ plan: planFixture({ type: "task", assignedTo: 1, assigneeName: "Ada" }) });
    const form = await dialog("Edit Plan");
    const assignee = within(form).getByLabelText(/Assign to/);
    await waitFor(() =>
      expect(
        within(assignee)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["Nobody", "Ada Lovelace (Admin)", "Bea Byron", "Cal Babbage (Admin)"]),
    );
  });

  it("asks which events change when one of a series is edited", async () => {
    const view = renderDialog({ plan: occurrenceFixture() });
    const form = await dialog("Edit Plan");
    await userEvent.clear(within(form).getByLabelText("Time"));
    await userEvent.type(within(form).getByLabelText("Time"), "08:15");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    const scope = await screen.findByRole("dialog", { name: "Edit recurring event" });
    expect(within(scope).getByRole("radio", { name: "This event" })).toBeChecked();
    expect(within(scope).getByRole("radio", { name: "This and following events" })).toBeVisible();
    expect(within(scope).getByRole("radio", { name: "All events" })).toBeVisible();
    await userEvent.click(within(scope).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Event updated successfully"));
    expect(view.callsTo("plans.update")[0]?.input).toEqual({
      id: 300,
      version: 3,
      startTime: new Date("2026-11-22T08:15:00Z"),
      allDay: false,
      scope: "occurrence",
      occurrenceStart: new Date("2026-11-22T07:00:00Z"),
    });
  });

  it("does not offer This event once the repeat rule changed", async () => {
    const view = renderDialog({ plan: occurrenceFixture() });
    const form = await dialog("Edit Plan");
    await userEvent.selectOptions(within(form).getByLabelText("Every how many weeks"), "2");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    const scope = await screen.findByRole("dialog", { name: "Edit recurring event" });
    expect(within(scope).queryByRole("radio", { name: "This event" })).toBeNull();
    await userEvent.click(within(scope).getByRole("radio", { name: "All events" }));
    await userEvent.click(within(scope).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(view.callsTo("plans.update")).toHaveLength(1));
    expect(view.callsTo("plans.update")[0]?.input).toMatchObject({
      scope: "all",
      recurrenceFrequency: 2,
      occurrenceStart: new Date("2026-11-22T07:00:00Z"),
    });
  });

  it("says a newer version exists and reloads the plan on request", async () => {
    const view = renderDialog(
      { plan: planFixture() },
      {
        "plans.update": () => {
          throw serverError(messages.planVersionConflict, 409, "CONFLICT");
        },
        "plans.get": () => planFixture({ title: "Dinner moved", version: 4 }),
      },
    );
    const form = await dialog("Edit Plan");
    await userEvent.clear(within(form).getByLabelText("Title"));
    await userEvent.type(within(form).getByLabelText("Title"), "Mine");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    const alert = await within(form).findByRole("alert");
    expect(alert).toHaveTextContent(messages.planVersionConflict);
    expect(toast.success).not.toHaveBeenCalled();
    await userEvent.click(within(alert).getByRole("button", { name: "Reload plan" }));
    await waitFor(() => expect(within(form).getByLabelText("Title")).toHaveValue("Dinner moved"));
    expect(within(form).queryByRole("alert")).toBeNull();
    expect(view.callsTo("plans.get")[0]?.input).toEqual({ id: 100 });
  });

  it("closes once the lists shown behind it have fetched the saved plan again", async () => {
    let answerList: (() => void) | undefined;
    let listCalls = 0;
    const saved = planFixture({ title: "Dinner at Gran's", version: 4 });
    const onOpenChange = vi.fn();
    renderWithTrpc(
      <UserReady>
        <ShownPlans />
        <PlanDialog open onOpenChange={onOpenChange} plan={planFixture()} />
      </UserReady>,
      {
        handlers: {
          "auth.user": () => userFixture(),
          "circles.list": () => [circleFixture()],
          "circles.members": () => members,
          "plans.update": () => saved,
          "plans.list": () => {
            listCalls += 1;
            if (listCalls === 1) return [planFixture()];
            return new Promise((resolve) => {
              answerList = () => resolve([saved]);
            });
          },
        },
      },
    );
    const form = await dialog("Edit Plan");
    await userEvent.clear(within(form).getByLabelText("Title"));
    await userEvent.type(within(form).getByLabelText("Title"), "Dinner at Gran's");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(answerList).toBeDefined());
    // Saved, the list not fetched yet: still open, and not to be sent twice.
    expect(toast.success).toHaveBeenCalledWith("Event updated successfully");
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(within(form).getByRole("button", { name: /Sav/ })).toBeDisabled();
    answerList?.();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(screen.getByText("Dinner at Gran's")).toBeInTheDocument();
  });

  it("says 'Action not allowed' with the server's reason", async () => {
    renderDialog(
      { plan: planFixture() },
      {
        "plans.update": () => {
          throw serverError(messages.planCreatorOnly, 403, "FORBIDDEN");
        },
      },
    );
    const form = await dialog("Edit Plan");
    await userEvent.type(within(form).getByLabelText("Title"), "!");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Action not allowed", {
        description: messages.planCreatorOnly,
      }),
    );
  });
});

describe("PlanDialog, the end time", () => {
  it("sends an end typed after the time, on the plan's date", async () => {
    const view = renderDialog();
    const form = await manualForm();
    await fillRequired(form);
    await userEvent.type(within(form).getByLabelText(/End time/), "20:00");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Event created successfully"));
    expect(view.callsTo("plans.create")[0]?.input).toMatchObject({
      startTime: new Date("2026-11-22T18:30:00Z"),
      endTime: new Date("2026-11-22T20:00:00Z"),
    });
  });

  it("fills the end a sentence said ('from 6 to 7pm')", async () => {
    const result = voiceResultFixture({ endTime: new Date("2026-11-22T19:00:00Z") });
    renderDialog({ parsed: { text: "Dinner from 6 to 7pm", circleId: 7, result } });
    const form = await dialog("Create Plan");
    expect(within(form).getByLabelText("Time")).toHaveValue("18:00");
    expect(within(form).getByLabelText(/End time/)).toHaveValue("19:00");
  });

  it("refuses an end before the start with the server's message, and sends nothing", async () => {
    const view = renderDialog();
    const form = await manualForm();
    await fillRequired(form);
    const end = within(form).getByLabelText(/End time/);
    await userEvent.type(end, "17:00");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    expect(await within(form).findByText(messages.endBeforeStart)).toBeVisible();
    expect(end).toHaveAttribute("aria-invalid", "true");
    // Focus moves in an effect after the errors are drawn, which the text may be seen before.
    await waitFor(() => expect(end).toHaveFocus());
    expect(view.callsTo("plans.create")).toHaveLength(0);
  });

  it("has no end time all day", async () => {
    renderDialog();
    const form = await manualForm();
    expect(within(form).getByLabelText(/End time/)).toBeVisible();
    await userEvent.click(within(form).getByRole("switch", { name: "All day" }));
    expect(within(form).queryByLabelText(/End time/)).toBeNull();
  });

  it("loads a plan's end, sends it only when changed, and clears it on request", async () => {
    const plan = planFixture({ endTime: new Date("2026-11-22T19:30:00Z") });
    const view = renderDialog({ plan });
    const form = await dialog("Edit Plan");
    const end = within(form).getByLabelText(/End time/);
    expect(end).toHaveValue("19:30");
    await userEvent.clear(end);
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(view.callsTo("plans.update")).toHaveLength(1));
    expect(view.callsTo("plans.update")[0]?.input).toEqual({ id: 100, version: 3, endTime: null });
  });
});

/** The dialog as screens open it: a button that opens it, and gets focus back on closing. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add plan
      </button>
      <PlanDialog open={open} onOpenChange={setOpen} defaultDate="2026-11-22" startIn="form" />
    </>
  );
}

describe("PlanDialog by keyboard (defect 3)", () => {
  function renderOpener() {
    renderWithTrpc(
      <UserReady>
        <Opener />
      </UserReady>,
      {
        handlers: {
          "auth.user": () => userFixture(),
          "circles.list": () => [circleFixture()],
          "circles.members": () => members,
          "plans.list": () => [],
        },
      },
    );
  }

  it("opens the date picker on the chosen day; arrows move a day and Enter chooses", async () => {
    renderDialog();
    const form = await manualForm();
    const date = within(form).getByRole("button", { name: /^Date:/ });
    date.focus();
    await userEvent.keyboard("{Enter}");
    const picker = await screen.findByRole("grid");
    await waitFor(() =>
      expect(within(picker).getByRole("button", { name: /November 22nd, 2026/ })).toHaveFocus(),
    );
    await userEvent.keyboard("{ArrowRight}");
    expect(within(picker).getByRole("button", { name: /November 23rd, 2026/ })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    expect(within(picker).getByRole("button", { name: /November 30th, 2026/ })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("grid")).toBeNull());
    // The Date button, as the popover's trigger is once it has opened (overlay-open.tsx).
    expect(screen.getByRole("button", { name: /^Date:/ })).toHaveAccessibleName(
      "Date: Mon, Nov 30, 2026",
    );
    expect(screen.getByRole("button", { name: /^Date:/ })).toHaveFocus();
  });

  it("Escape closes the picker first, then the dialog, and focus returns to what opened it", async () => {
    renderOpener();
    const opener = await screen.findByRole("button", { name: "Add plan" });
    await userEvent.click(opener);
    const form = await dialog("Create Plan");
    await waitFor(() => expect(within(form).getByLabelText("Title")).toHaveFocus());
    const date = within(form).getByRole("button", { name: /^Date:/ });
    await userEvent.click(date);
    await screen.findByRole("grid");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("grid")).toBeNull());
    expect(within(form).getByRole("button", { name: /^Date:/ })).toHaveFocus();
    expect(form).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(opener).toHaveFocus();
  });

  it("a failed save focuses the first field in error in the form's order: Title before Circle", async () => {
    const view = renderDialog();
    // The circle is asked on the text step first: the form's order still decides.
    const form = await manualForm();
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(within(form).getByLabelText("Title")).toHaveFocus());
    await userEvent.type(within(form).getByLabelText("Title"), "Dinner");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(within(form).getByLabelText("Time")).toHaveFocus());
    await userEvent.type(within(form).getByLabelText("Time"), "18:00");
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(within(form).getByLabelText("Circle")).toHaveFocus());
    expect(view.callsTo("plans.create")).toHaveLength(0);
  });

  it("Tab goes through the fields in the form's order", async () => {
    renderOpener();
    await userEvent.click(await screen.findByRole("button", { name: "Add plan" }));
    const form = await dialog("Create Plan");
    await waitFor(() => expect(within(form).getByLabelText("Circle")).toBeEnabled());
    within(form).getByLabelText("Title").focus();
    const order = [
      within(form).getByLabelText("Title"),
      within(form).getByLabelText(/Description/),
      within(form).getByRole("button", { name: /^Date:/ }),
      within(form).getByLabelText("Time"),
      within(form).getByLabelText(/End time/),
      within(form).getByRole("switch", { name: "All day" }),
      within(form).getByLabelText("Circle"),
      within(form).getByLabelText(/Location/),
    ];
    for (const field of order.slice(1)) {
      await userEvent.tab();
      expect(field).toHaveFocus();
    }
  });
});
