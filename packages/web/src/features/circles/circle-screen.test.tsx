/**
 * The circle page and its detail dialog (accounts spec, sections 2, 6 and 8): name, member
 * count, the settings button, the tabs each role sees, the dialog's invite form and Leave. Its plans
 * (plans spec, section 2) are in circle-screen-plans.test.tsx.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { circleFixture, createdInvitationFixture } from "./testing/fixtures";
import { renderCircleScreen } from "./testing/render-circle-screen";

spyOnToasts();

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

async function openDetails() {
  await userEvent.click(await screen.findByRole("button", { name: "Circle details" }));
  return screen.findByRole("dialog", { name: "The Lovelaces" });
}

describe("CircleScreen", () => {
  it("shows the name, the member count, the calendar and the next days", async () => {
    renderCircleScreen();
    expect(await screen.findByRole("heading", { level: 1, name: "The Lovelaces" })).toBeVisible();
    expect(screen.getByRole("link", { name: "3 members" })).toHaveAttribute(
      "href",
      "/circle/7/members",
    );
    expect(screen.getByRole("grid", { name: /^The Lovelaces calendar, / })).toBeVisible();
    expect(screen.getByRole("button", { name: /^The Lovelaces\s*Next 7 Days$/ })).toBeVisible();
  });

  it("asks for its calendar and next days in the same moment as the circle, and not again once shown", async () => {
    const view = renderCircleScreen({}, "/circle/7?date=2026-03-10");
    // Render has run the effects, and no timer yet: the batch's moment.
    expect(view.callsTo("circles.get")).toHaveLength(1);
    expect(view.callsTo("plans.calendarDays").map((call) => call.input)).toEqual([
      { month: "2026-03", circleId: 7 },
    ]);
    expect(view.callsTo("plans.list").map((call) => call.input)).toEqual([
      { circleId: 7, from: "2026-03-07", to: "2026-03-13" },
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: "The Lovelaces" })).toBeVisible();
    await screen.findByRole("button", { name: /^The Lovelaces\s*Around/ });
    // The screen's own queries found the answers already there.
    expect(view.callsTo("plans.calendarDays")).toHaveLength(1);
    expect(view.callsTo("plans.list")).toHaveLength(1);
  });

  it("says not found for an address that cannot be a circle, without asking the server", async () => {
    const view = renderCircleScreen({}, "/circle/seven");
    expect(await screen.findByText("Circle not found or you don't have access.")).toBeVisible();
    expect(view.callsTo("circles.get")).toHaveLength(0);
  });

  it("gives an admin Members, Invitations and Settings, and a family circle a relationship", async () => {
    const view = renderCircleScreen({
      "circles.get": () => circleFixture({ type: "family" }),
      "invitations.create": (input) =>
        createdInvitationFixture({ email: (input as { email: string }).email }),
    });
    const dialog = await openDetails();
    expect(
      within(dialog)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Members", "Invitations", "Settings"]);
    await userEvent.click(within(dialog).getByRole("tab", { name: "Invitations" }));
    expect(await within(dialog).findByText("No invitations have been sent yet")).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText("Email Address"), "bea@example.com");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Relationship/), "child");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    await waitFor(() =>
      expect(view.callsTo("invitations.create")[0]?.input).toEqual({
        id: 7,
        email: "bea@example.com",
        message: null,
        relationship: "child",
      }),
    );
    expect(await screen.findByRole("dialog", { name: "Share Invitation" })).toBeVisible();
  });

  it("says Failed to create invitation when the dialog's invitation is refused", async () => {
    renderCircleScreen({
      "invitations.create": () => {
        throw serverError("An invitation has already been sent to this email address.", 400);
      },
    });
    const dialog = await openDetails();
    await userEvent.click(within(dialog).getByRole("tab", { name: "Invitations" }));
    expect(within(dialog).queryByLabelText(/Relationship/)).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText("Email Address"), "bea@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to create invitation", {
        description: "An invitation has already been sent to this email address.",
      }),
    );
  });

  it("never shows Invitations for a personal circle", async () => {
    renderCircleScreen({
      "circles.get": () => circleFixture({ type: "personal", memberCount: 1 }),
    });
    const dialog = await openDetails();
    expect(
      within(dialog)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Members", "Settings"]);
    expect(screen.getByText("1 member", { selector: "a" })).toBeVisible();
  });

  it("tells a member only admins rename, and offers deletion only to a work or custom creator", async () => {
    const view = renderCircleScreen({
      "circles.get": () => circleFixture({ role: "member", isCreator: false, type: "work" }),
    });
    let dialog = await openDetails();
    expect(
      within(dialog)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Members", "Settings"]);
    await userEvent.click(within(dialog).getByRole("tab", { name: "Settings" }));
    expect(within(dialog).getByText("Only admins can change the circle name.")).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Save Changes" })).toBeDisabled();
    expect(within(dialog).queryByRole("button", { name: "Delete Circle" })).not.toBeInTheDocument();
    view.unmount();

    renderCircleScreen({ "circles.get": () => circleFixture({ type: "work" }) });
    dialog = await openDetails();
    await userEvent.click(within(dialog).getByRole("tab", { name: "Settings" }));
    expect(within(dialog).getByRole("button", { name: "Delete Circle" })).toBeVisible();
    expect(within(dialog).queryByText("Only admins can change the circle name.")).toBeNull();
  });

  it("lets a member leave from the dialog's Settings, then goes to the dashboard; never the creator", async () => {
    const view = renderCircleScreen({
      "circles.get": () => circleFixture({ role: "member", isCreator: false, type: "family" }),
      "circles.leave": () => ({ message: "You have left the circle." }),
    });
    const dialog = await openDetails();
    await userEvent.click(within(dialog).getByRole("tab", { name: "Settings" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Leave Circle" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Leave The Lovelaces?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Leave Circle" }));
    await waitFor(() => expect(view.location()).toBe("/dashboard"));
    expect(view.callsTo("circles.leave")[0]?.input).toEqual({ id: 7 });
    view.unmount();

    renderCircleScreen();
    const own = await openDetails();
    await userEvent.click(within(own).getByRole("tab", { name: "Settings" }));
    expect(within(own).queryByRole("button", { name: "Leave Circle" })).not.toBeInTheDocument();
  });
});
