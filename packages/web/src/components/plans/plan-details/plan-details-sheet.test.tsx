/**
 * A plan's details sheet (issue 20, "Every member sees the plan"): opened by tapping a plan's
 * card, for every member; every field as each person sees it; what the creator, an admin of the
 * circle, a member and the assignee may do there; a plan known only by reference read when it
 * opens; Escape and focus.
 */
import { messages } from "@circleplan/shared/messages";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { circleFixture, userFixture } from "@/features/circles/testing/fixtures";
import { toast } from "@/lib/toast";
import { occurrenceFixture, planFixture, taskFixture } from "@/testing/plan-fixtures";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { renderPlanCard } from "../testing/render-plan-card";
import { UserReady } from "../testing/user-ready";
import { PlanDetailsSheet } from "./plan-details";

spyOnToasts();

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const ADA = userFixture();
const BEA = userFixture({ id: 2, firstName: "Bea", lastName: "Byron", email: "bea@example.com" });
const CAL = userFixture({ id: 3, firstName: "Cal", lastName: "Lovelace", email: "cal@ex.com" });

/** Circle 7 as each person belongs to it: Ada made it; Cal is an admin; Bea a plain member. */
const CIRCLE_AS: Record<number, ReturnType<typeof circleFixture>> = {
  1: circleFixture({ role: "admin", isCreator: true }),
  2: circleFixture({ role: "member", isCreator: false }),
  3: circleFixture({ role: "admin", isCreator: false }),
};

function renderCard(
  plan: Plan,
  { viewer = ADA, handlers = {} }: { viewer?: typeof ADA; handlers?: Record<string, Handler> } = {},
) {
  return renderPlanCard(plan, {
    viewer,
    handlers: { "circles.list": () => [CIRCLE_AS[viewer.id]], ...handlers },
  });
}

/** Taps the plan on its card and answers the sheet that opens. */
async function openSheet(title: string) {
  const card = await screen.findByRole("article", { name: title });
  await userEvent.click(within(card).getByRole("button", { name: title }));
  return screen.findByRole("dialog", { name: title });
}

/** A dinner Ada made with every field filled, last changed by Bea. */
const dinner = planFixture({
  description: "Bring the salad.\nGran cooks the rest.\n\nDoor code 1234",
  location: "Gran's house",
  mapUrl: "https://maps.example.com/?q=grans",
  endTime: new Date("2026-11-22T20:30:00Z"),
  attachments: [
    {
      id: 5,
      fileName: "Seating plan.pdf",
      contentType: "application/pdf",
      size: 2048,
      url: "/api/events/100/attachments/5",
      createdAt: new Date("2026-11-01T10:00:00Z"),
    },
  ],
  updatedAt: new Date("2026-11-20T09:15:00Z"),
  updatedBy: 2,
  updatedByName: "Bea Byron",
});

describe("the plan's details sheet", () => {
  it("opens for a member who did not make the plan, with every field in the viewer's zone", async () => {
    renderCard(dinner, { viewer: userFixture({ ...BEA, timeZone: "Europe/Berlin" }) });
    const sheet = await openSheet("Family dinner");
    expect(sheet).toHaveAccessibleDescription("Sunday, November 22, 2026 19:00 to 21:30");
    expect(within(sheet).getByText("Event")).toBeVisible();
    expect(within(sheet).getByText("Gran's house")).toBeVisible();
    expect(within(sheet).getByRole("link", { name: /Open in maps/ })).toHaveAttribute(
      "href",
      "https://maps.example.com/?q=grans",
    );
    expect(within(sheet).getByRole("link", { name: /Open in maps/ })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );
    const files = within(sheet).getByRole("list", { name: "Attached files" });
    expect(within(files).getByRole("link", { name: "Seating plan.pdf" })).toHaveAttribute(
      "href",
      "/api/events/100/attachments/5",
    );
    expect(within(sheet).getByText("The Lovelaces")).toBeVisible();
    expect(definition(sheet, "Created by")).toHaveTextContent("Ada Lovelace · Sun, Nov 1, 11:00");
    expect(definition(sheet, "Last changed by")).toHaveTextContent(
      "Bea Byron · Fri, Nov 20, 10:15",
    );
    // A member who neither made it nor runs the circle only reads it.
    await waitFor(() => expect(within(sheet).queryByRole("button", { name: "Edit" })).toBeNull());
    expect(within(sheet).queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("keeps a long description's line breaks and shows markup in it as text", async () => {
    const long = `${"A long line about the plan. ".repeat(40)}\nSecond line\n<img src=x onerror="alert(1)"><b>bold?</b>`;
    renderCard(planFixture({ description: long }), { viewer: BEA });
    const sheet = await openSheet("Family dinner");
    const text = definition(sheet, "Description").querySelector("p");
    expect(text).toHaveClass("whitespace-pre-line", "wrap-anywhere");
    expect(text?.textContent).toBe(long);
    expect(sheet.querySelector("img, b")).toBeNull();
  });

  it("leaves out what a plan does not have, and a change by nobody but its creator", async () => {
    renderCard(planFixture({ updatedBy: 1, updatedByName: "Ada Lovelace" }), { viewer: BEA });
    const sheet = await openSheet("Family dinner");
    for (const label of ["Repeats", "Where", "Description", "Attachments", "Last changed by"]) {
      expect(within(sheet).queryByText(label)).toBeNull();
    }
    expect(sheet).toHaveAccessibleDescription("Sunday, November 22, 2026 18:00");
  });

  it.each([
    ["Every week on Monday and Thursday", "weekly"],
    ["Every 2 months on the third Tuesday, until March 19, 2027", "monthly"],
    ["Every weekday, 10 times", "daily"],
    ["Every year on November 22", "yearly"],
  ] as const)("says how a series repeats, with its end: %s", async (pattern, recurrenceType) => {
    renderCard(occurrenceFixture({ recurrencePattern: pattern, recurrenceType }), { viewer: BEA });
    const sheet = await openSheet("Swimming lessons");
    expect(definition(sheet, "Repeats")).toHaveTextContent(pattern);
    expect(within(sheet).queryByText("This one was changed on its own.")).toBeNull();
  });

  it("says when the occurrence shown was changed on its own", async () => {
    renderCard(occurrenceFixture({ isRecurrenceException: true }), { viewer: BEA });
    const sheet = await openSheet("Swimming lessons");
    expect(definition(sheet, "Repeats")).toHaveTextContent(
      "Every week on SundayThis one was changed on its own.",
    );
  });

  it("links a place without a map URL to a map search of it", async () => {
    renderCard(planFixture({ location: "12 High St, Bath" }), { viewer: BEA });
    const sheet = await openSheet("Family dinner");
    expect(within(sheet).getByRole("link", { name: /Open in maps/ })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=12+High+St%2C+Bath",
    );
  });

  it("shows the assignee's decline with its reason, line breaks kept, and when it came", async () => {
    const declined = taskFixture({
      assignmentAccepted: false,
      status: "declined",
      responseNote: "Away that weekend.\nAsk Cal?",
      respondedAt: new Date("2026-11-21T08:05:00Z"),
    });
    renderCard(declined, { viewer: CAL });
    const sheet = await openSheet("Pick up groceries");
    const assignee = definition(sheet, "Assigned to");
    expect(assignee).toHaveTextContent("Bea ByronDeclinedanswered Sat, Nov 21, 08:05");
    const reason = within(assignee)
      .getByText(/Reason:/)
      .closest("p");
    expect(reason?.textContent).toBe("Reason: Away that weekend.\nAsk Cal?");
    expect(reason).toHaveClass("whitespace-pre-line");
  });

  it("shows an acceptance's note, and a withdrawn assignment as withdrawn", async () => {
    const accepted = taskFixture({
      assignmentAccepted: true,
      status: "accepted",
      responseNote: "On my way home",
    });
    const view = renderCard(accepted, { viewer: BEA });
    let sheet = await openSheet("Pick up groceries");
    expect(definition(sheet, "Assigned to")).toHaveTextContent("Accepted");
    expect(within(sheet).getByText(/Note:/).closest("p")?.textContent).toBe("Note: On my way home");
    view.unmount();

    renderCard(taskFixture({ assignedTo: null, status: "cancelled" }), { viewer: BEA });
    sheet = await openSheet("Pick up groceries");
    expect(definition(sheet, "Assigned to")).toHaveTextContent("Bea ByronAssignment withdrawn");
  });

  it("gives the creator Edit, which opens the edit form, and focus comes back to the plan", async () => {
    renderCard(dinner);
    const sheet = await openSheet("Family dinner");
    expect(within(sheet).getByRole("button", { name: "Delete" })).toBeVisible();
    await userEvent.click(within(sheet).getByRole("button", { name: "Edit" }));
    const form = await screen.findByRole("dialog", { name: "Edit Plan" });
    expect(screen.queryByRole("dialog", { name: "Family dinner" })).toBeNull();
    expect(within(form).getByLabelText("Title", { exact: true })).toHaveValue("Family dinner");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const card = screen.getByRole("article", { name: "Family dinner" });
    await waitFor(() =>
      expect(within(card).getByRole("button", { name: "Family dinner" })).toHaveFocus(),
    );
  });

  it("gives an admin of the circle Delete but not Edit; deleting closes the sheet", async () => {
    const view = renderCard(dinner, {
      viewer: CAL,
      handlers: { "plans.delete": () => ({ message: messages.eventDeleted }) },
    });
    const sheet = await openSheet("Family dinner");
    await userEvent.click(await within(sheet).findByRole("button", { name: "Delete" }));
    expect(within(sheet).queryByRole("button", { name: "Edit" })).toBeNull();
    const confirm = await screen.findByRole("alertdialog", { name: "Delete Event" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Event deleted!"));
    expect(view.callsTo("plans.delete")[0]?.input).toEqual({ id: 100 });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("offers Move to the creator alone: a day either way, and a quarter hour unless all day", async () => {
    const asAdmin = renderCard(dinner, { viewer: CAL });
    const sheet = await openSheet(dinner.title);
    expect(within(sheet).getByRole("button", { name: "Delete" })).toBeVisible();
    expect(within(sheet).queryByRole("group", { name: "Move" })).toBeNull();
    asAdmin.unmount();

    const trip = planFixture({ id: 9, title: "School trip", allDay: true, creatorId: 1 });
    renderCard(trip);
    const move = within(await openSheet("School trip")).getByRole("group", { name: "Move" });
    expect(
      within(move)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Previous day", "Next day"]);
  });

  it("lets the assignee answer a task waiting for them from the sheet", async () => {
    const view = renderCard(taskFixture({ description: "Milk and eggs" }), {
      viewer: BEA,
      handlers: { "tasks.accept": () => ({ accepted: true, event: taskFixture() }) },
    });
    const sheet = await openSheet("Pick up groceries");
    expect(definition(sheet, "Assigned to")).toHaveTextContent("Bea ByronPending");
    expect(within(sheet).queryByRole("button", { name: "Edit" })).toBeNull();
    await userEvent.click(within(sheet).getByRole("button", { name: "Accept" }));
    const answer = await screen.findByRole("dialog", { name: "Accept Task" });
    await userEvent.type(within(answer).getByLabelText("Add a note (optional)"), "Sure");
    await userEvent.click(within(answer).getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Task accepted!"));
    expect(view.callsTo("tasks.accept")[0]?.input).toEqual({ id: 200, note: "Sure" });
    expect(screen.getByRole("dialog", { name: "Pick up groceries" })).toBeVisible();
  });

  it("lets any member follow the plan and unfollow it again; a refusal says why", async () => {
    const view = renderCard(dinner, {
      viewer: BEA,
      handlers: {
        "notifications.followPlan": () => ({ planId: 100, following: true }),
        "notifications.unfollowPlan": () => ({ planId: 100, following: false }),
      },
    });
    const sheet = await openSheet("Family dinner");
    await userEvent.click(within(sheet).getByRole("button", { name: "Follow" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(notificationMessages.planFollowed),
    );
    expect(view.callsTo("notifications.followPlan")[0]?.input).toEqual({ id: 100 });
    await userEvent.click(await within(sheet).findByRole("button", { name: "Unfollow" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(notificationMessages.planUnfollowed),
    );
    expect(await within(sheet).findByRole("button", { name: "Follow" })).toBeVisible();
  });

  it("shows Unfollow for a plan the viewer follows, and keeps it when the server refuses", async () => {
    renderCard(
      { ...dinner, followedByMe: true },
      {
        viewer: BEA,
        handlers: {
          "notifications.unfollowPlan": () => {
            throw serverError(messages.planNotFound, 404, "NOT_FOUND");
          },
        },
      },
    );
    const sheet = await openSheet("Family dinner");
    await userEvent.click(within(sheet).getByRole("button", { name: "Unfollow" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(notificationMessages.planFollowFailed, {
        description: messages.planNotFound,
      }),
    );
    expect(within(sheet).getByRole("button", { name: "Unfollow" })).toBeVisible();
  });

  it("closes on Escape and gives focus back to the plan that opened it", async () => {
    renderCard(dinner, { viewer: BEA });
    await openSheet("Family dinner");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const card = screen.getByRole("article", { name: "Family dinner" });
    await waitFor(() =>
      expect(within(card).getByRole("button", { name: "Family dinner" })).toHaveFocus(),
    );
  });
});

describe("a plan known by reference", () => {
  function renderRef(get: Handler) {
    return renderWithTrpc(
      <UserReady>
        <PlanDetailsSheet
          planRef={{
            id: 300,
            occurrenceStart: new Date("2026-11-22T07:00:00Z"),
            title: "Swimming lessons",
          }}
          open
          onOpenChange={() => {}}
        />
      </UserReady>,
      {
        handlers: {
          "auth.user": () => BEA,
          "circles.list": () => [CIRCLE_AS[2]],
          "plans.get": get,
        },
      },
    );
  }

  it("reads that occurrence when it opens, titled meanwhile", async () => {
    let answer: (plan: Plan) => void = () => {};
    const view = renderRef(() => new Promise<Plan>((resolve) => (answer = resolve)));
    const sheet = await screen.findByRole("dialog", { name: "Swimming lessons" });
    expect(within(sheet).getByRole("status")).toHaveTextContent("Loading the plan");
    answer(occurrenceFixture({ location: "Leisure centre" }));
    expect(await within(sheet).findByText("Leisure centre")).toBeVisible();
    expect(view.callsTo("plans.get")[0]?.input).toEqual({
      id: 300,
      occurrenceStart: new Date("2026-11-22T07:00:00Z"),
    });
  });

  it("says it could not be read, with the server's message, and tries again", async () => {
    let fail = true;
    const view = renderRef(() => {
      if (fail) throw serverError(messages.planNotFound, 404, "NOT_FOUND");
      return occurrenceFixture();
    });
    const sheet = await screen.findByRole("dialog", { name: "Swimming lessons" });
    expect(await within(sheet).findByText("Failed to fetch event details")).toBeVisible();
    expect(within(sheet).getByText(messages.planNotFound)).toBeVisible();
    fail = false;
    await userEvent.click(within(sheet).getByRole("button", { name: "Try again" }));
    expect(await within(sheet).findByText("Every week on Sunday")).toBeVisible();
    expect(view.callsTo("plans.get")).toHaveLength(2);
  });
});

/** The value a details row gives for `label`. */
function definition(sheet: HTMLElement, label: string): HTMLElement {
  const term = within(sheet).getByText(label, { selector: "dt" });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}
