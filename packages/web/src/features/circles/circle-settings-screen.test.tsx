/**
 * The circle settings page (accounts spec, sections 2, 5, 6 and 8) for each role: what a
 * member, an admin and the creator see, renaming, promoting and removing members, the invite
 * form, the sent-invitations list, and the messages of each failure; and issue 20's circle
 * life: the description, demotion, leaving, the circle's colour and My colour.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { toast } from "@/lib/toast";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { CircleSettingsScreen } from "./circle-settings-screen";
import {
  circleFixture,
  createdInvitationFixture,
  invitationFixture,
  memberFixture,
  userFixture,
} from "./testing/fixtures";

spyOnToasts();

const ada = { id: 1, firstName: "Ada", lastName: "Lovelace" };
const bea = { id: 2, firstName: "Bea", lastName: "Byron" };
const cal = { id: 3, firstName: "Cal", lastName: "Babbage" };

const members = [
  memberFixture(ada, { role: "admin", isCreator: true }),
  memberFixture(bea),
  memberFixture(cal, { role: "admin" }),
];

function renderSettings(handlers: Record<string, Handler> = {}, viewer = ada) {
  return renderWithTrpc(
    <Route path="/circle/:id/settings">
      <CircleSettingsScreen />
    </Route>,
    {
      path: "/circle/7/settings",
      handlers: {
        "auth.user": () => userFixture({ ...viewer, email: `${viewer.firstName}@example.com` }),
        "circles.get": () => circleFixture(),
        "circles.members": () => members,
        "invitations.listForCircle": () => [],
        "notifications.circle": () => ({ circleId: 7, level: "default" }),
        ...handlers,
      },
    },
  );
}

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole("tab", { name }));
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe("CircleSettingsScreen", () => {
  it("says not found, never which, for a circle the server will not show", async () => {
    renderSettings({
      "circles.get": () => {
        throw serverError("Circle not found or you don't have access.", 404, "NOT_FOUND");
      },
    });
    expect(await screen.findByText("Circle not found or you don't have access.")).toBeVisible();
  });

  it("shows a member the yellow notice, the name read-only and only General and Appearance", async () => {
    renderSettings(
      { "circles.get": () => circleFixture({ role: "member", isCreator: false }) },
      bea,
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "The Lovelaces Settings" }),
    ).toBeVisible();
    expect(
      screen.getByText(
        "You don't have admin permissions for this circle. Some settings may not be editable.",
      ),
    ).toBeVisible();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "General",
      "Appearance",
    ]);
    expect(screen.getByLabelText("Circle Name")).toHaveAttribute("readonly");
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeDisabled();
  });

  it("gives an admin Members but keeps the Danger Zone for the creator of a custom circle", async () => {
    const view = renderSettings({
      "circles.get": () => circleFixture({ role: "admin", isCreator: false }),
    });
    await screen.findByRole("tab", { name: "Members" });
    expect(screen.queryByRole("tab", { name: "Danger Zone" })).not.toBeInTheDocument();
    expect(screen.queryByText(/You don't have admin permissions/)).not.toBeInTheDocument();
    view.unmount();

    const family = renderSettings({ "circles.get": () => circleFixture({ type: "family" }) });
    await screen.findByRole("tab", { name: "Members" });
    expect(screen.queryByRole("tab", { name: "Danger Zone" })).not.toBeInTheDocument();
    family.unmount();

    renderSettings();
    await openTab("Danger Zone");
    for (const removed of [
      "All events and tasks",
      "All member access",
      "All shared files and photos",
      "All circle data and history",
    ]) {
      expect(screen.getByText(removed)).toBeVisible();
    }
    expect(screen.getByText("This action cannot be undone.")).toBeVisible();
  });

  it("renames once the name changed, with the shared schema's message for a blank one", async () => {
    const view = renderSettings({
      "circles.update": (input) => circleFixture({ name: (input as { name: string }).name }),
    });
    const save = await screen.findByRole("button", { name: "Save Changes" });
    expect(save).toBeDisabled();
    const name = screen.getByLabelText("Circle Name");

    await userEvent.clear(name);
    await userEvent.type(name, "   ");
    await userEvent.click(save);
    expect(await screen.findByText("Circle name is required")).toBeVisible();
    expect(view.callsTo("circles.update")).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, "  Lovelace Family ");
    await userEvent.click(save);
    await waitFor(() =>
      expect(view.callsTo("circles.update")[0]?.input).toEqual({
        id: 7,
        name: "Lovelace Family",
      }),
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "Lovelace Family Settings" }),
    ).toBeVisible();
    expect(save).toBeDisabled();
  });

  it("says Failed to update circle with the server's reason", async () => {
    renderSettings({
      "circles.update": () => {
        throw serverError("Only admins can change the circle name.", 403, "FORBIDDEN");
      },
    });
    const name = await screen.findByLabelText("Circle Name");
    await userEvent.type(name, "!");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to update circle", {
        description: "Only admins can change the circle name.",
      }),
    );
  });

  it("lets an admin promote and remove others, never themselves or the creator", async () => {
    const view = renderSettings(
      {
        "circles.get": () => circleFixture({ role: "admin", isCreator: false }),
        "circles.setMemberRole": () => ({ ...members[1], role: "admin" }),
        "circles.removeMember": () => ({ message: "Member removed" }),
      },
      cal,
    );
    await openTab("Members");
    const table = await screen.findByRole("table");
    const rowOf = (name: string) => within(table).findByRole("row", { name: new RegExp(name) });

    const creatorRow = await rowOf("Ada Lovelace");
    expect(within(creatorRow).getByText("Creator")).toBeVisible();
    expect(within(creatorRow).queryByRole("button")).not.toBeInTheDocument();
    expect(within(await rowOf("Cal Babbage")).queryByRole("button")).not.toBeInTheDocument();

    const beaRow = await rowOf("Bea Byron");
    await userEvent.click(within(beaRow).getByRole("button", { name: /^Make Admin/ }));
    // Asked first (issue 21, defect 7): nothing is sent before the answer.
    const promote = await screen.findByRole("alertdialog", { name: "Make Bea Byron an admin?" });
    expect(view.callsTo("circles.setMemberRole")).toEqual([]);
    await userEvent.click(within(promote).getByRole("button", { name: "Make Admin" }));
    await waitFor(() =>
      expect(view.callsTo("circles.setMemberRole")[0]?.input).toEqual({
        id: 7,
        userId: 2,
        role: "admin",
      }),
    );
    await waitFor(() => expect(promote).not.toBeInTheDocument());

    await userEvent.click(within(beaRow).getByRole("button", { name: /^Remove/ }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove Bea Byron?" });
    // What goes with the membership is said before (member-departure.ts).
    expect(within(confirm).getByText(/the plans Bea Byron added to it are deleted/)).toBeVisible();
    await userEvent.click(within(confirm).getByRole("button", { name: "Remove Member" }));
    await waitFor(() =>
      expect(view.callsTo("circles.removeMember")[0]?.input).toEqual({ id: 7, userId: 2 }),
    );
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith("Member removed", expect.anything());
  });

  it("names the failures of promoting and removing as the spec does", async () => {
    const refuse = () => {
      throw serverError("The circle creator cannot be removed.", 400);
    };
    renderSettings({ "circles.setMemberRole": refuse, "circles.removeMember": refuse });
    await openTab("Members");
    const beaRow = await screen.findByRole("row", { name: /Bea Byron/ });
    await userEvent.click(within(beaRow).getByRole("button", { name: /^Make Admin/ }));
    const promote = await screen.findByRole("alertdialog", { name: "Make Bea Byron an admin?" });
    await userEvent.click(within(promote).getByRole("button", { name: "Make Admin" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to update member", {
        description: "The circle creator cannot be removed.",
      }),
    );
    await userEvent.click(within(promote).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(promote).not.toBeInTheDocument());
    await userEvent.click(within(beaRow).getByRole("button", { name: /^Remove/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Remove Member" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to remove member", expect.anything()),
    );
    // The question stays up, so the person sees where it failed.
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
  });

  it("sends an invitation only for a real address and then offers its link", async () => {
    const view = renderSettings({
      "invitations.create": (input) =>
        createdInvitationFixture({ email: (input as { email: string }).email }),
    });
    await openTab("Members");
    const send = await screen.findByRole("button", { name: "Send Invitation" });
    const email = screen.getByLabelText("Email Address");
    expect(send).toBeDisabled();
    await userEvent.type(email, "   ");
    expect(send).toBeDisabled();

    await userEvent.clear(email);
    await userEvent.type(email, "bea@nowhere");
    await userEvent.click(send);
    expect(await screen.findByText("Invalid email address")).toBeVisible();
    expect(view.callsTo("invitations.create")).toHaveLength(0);
    expect(screen.getByLabelText(/Message/)).toHaveAttribute(
      "placeholder",
      expect.stringContaining("so they know it's really from you"),
    );
    expect(screen.queryByLabelText(/Relationship/)).not.toBeInTheDocument();

    await userEvent.clear(email);
    await userEvent.type(email, " bea@example.com ");
    await userEvent.type(screen.getByLabelText(/Message/), "See you Sunday");
    await userEvent.click(send);
    await waitFor(() =>
      expect(view.callsTo("invitations.create")[0]?.input).toEqual({
        id: 7,
        email: "bea@example.com",
        message: "See you Sunday",
        relationship: null,
      }),
    );
    const share = await screen.findByRole("dialog", { name: "Share Invitation" });
    await userEvent.click(within(share).getByRole("tab", { name: "Link" }));
    expect(within(share).getByLabelText("Invitation link")).toHaveValue(
      createdInvitationFixture().inviteUrl,
    );
  });

  it("says Failed to send invitation(s) when the server refuses one", async () => {
    renderSettings({
      "invitations.create": () => {
        throw serverError("This person is already a member of this circle.", 400);
      },
    });
    await openTab("Members");
    await userEvent.type(await screen.findByLabelText("Email Address"), "bea@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send Invitation" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to send invitation(s)", {
        description: "This person is already a member of this circle.",
      }),
    );
  });

  it("lists sent invitations with their status, and deletes one", async () => {
    let invitations = [
      invitationFixture({ id: 1, email: "yes@example.com", status: "accepted" }),
      invitationFixture({ id: 2, email: "no@example.com", status: "declined" }),
      invitationFixture({ id: 3, email: "maybe@example.com", status: "pending" }),
    ];
    const view = renderSettings({
      "invitations.listForCircle": () => invitations,
      "invitations.delete": (input) => {
        const { invitationId } = input as { invitationId: number };
        invitations = invitations.filter((invitation) => invitation.id !== invitationId);
        return { message: "Invitation deleted" };
      },
    });
    await openTab("Members");
    const list = await screen.findByRole("list", { name: "Sent invitations" });
    const statusOf = (email: string) =>
      within(within(list).getByText(email).closest("li") as HTMLElement).getByText(
        /^(Accepted|Declined|Pending)$/,
      );
    expect(statusOf("yes@example.com")).toHaveClass("bg-success");
    expect(statusOf("no@example.com")).toHaveClass("text-destructive-text");
    expect(statusOf("maybe@example.com")).toHaveClass("bg-muted");
    expect(within(list).getByText(/Expires in 10 days/)).toBeVisible();

    await userEvent.click(
      within(list).getByRole("button", { name: "Delete invitation for no@example.com" }),
    );
    await waitFor(() => expect(within(list).queryByText("no@example.com")).not.toBeInTheDocument());
    expect(view.callsTo("invitations.delete")[0]?.input).toEqual({ id: 7, invitationId: 2 });
  });

  it("says when no invitation was sent, and when the list cannot be loaded", async () => {
    const view = renderSettings();
    await openTab("Members");
    expect(await screen.findByText("No invitations have been sent yet")).toBeVisible();
    view.unmount();

    renderSettings({
      "invitations.listForCircle": () => {
        throw serverError("Something went wrong", 500, "INTERNAL_SERVER_ERROR");
      },
    });
    await openTab("Members");
    expect(await screen.findByText("Error loading invitations")).toBeVisible();
  });

  it("says Failed to delete invitation when deleting fails", async () => {
    renderSettings({
      "invitations.listForCircle": () => [invitationFixture()],
      "invitations.delete": () => {
        throw serverError("Invitation not found", 404, "NOT_FOUND");
      },
    });
    await openTab("Members");
    await userEvent.click(
      await screen.findByRole("button", { name: "Delete invitation for bea@example.com" }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to delete invitation", {
        description: "Invitation not found",
      }),
    );
  });

  it("asks before deleting the circle, then leaves for the dashboard", async () => {
    const view = renderSettings({ "circles.delete": () => ({ message: "Circle deleted" }) });
    await openTab("Danger Zone");
    await userEvent.click(screen.getByRole("button", { name: "Delete Circle Permanently" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete The Lovelaces?" });
    expect(confirm).toHaveTextContent(
      "Are you sure you want to delete this circle? This action cannot be undone.",
    );
    // An alert dialog starts on Cancel: a stray Enter never deletes.
    expect(within(confirm).getByRole("button", { name: "Cancel" })).toHaveFocus();
    expect(view.callsTo("circles.delete")).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete Circle" }));
    await waitFor(() => expect(view.location()).toBe("/dashboard"));
    expect(view.callsTo("circles.delete")[0]?.input).toEqual({ id: 7 });
    expect(toast.success).toHaveBeenCalledWith("Circle deleted", expect.anything());
  });

  it("says Failed to delete circle and stays when deleting fails", async () => {
    const view = renderSettings({
      "circles.delete": () => {
        throw serverError("Only the circle's creator can delete it.", 403, "FORBIDDEN");
      },
    });
    await openTab("Danger Zone");
    await userEvent.click(screen.getByRole("button", { name: "Delete Circle Permanently" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete Circle" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to delete circle", {
        description: "Only the circle's creator can delete it.",
      }),
    );
    expect(view.location()).toBe("/circle/7/settings");
  });
});

describe("CircleSettingsScreen: circle life (issue 20)", () => {
  const asMember = { "circles.get": () => circleFixture({ role: "member", isCreator: false }) };

  it("saves a changed description, and only what changed", async () => {
    const view = renderSettings({
      "circles.update": (input) =>
        circleFixture({ description: (input as { description: string | null }).description }),
    });
    const description = await screen.findByLabelText(/Description/);
    const save = screen.getByRole("button", { name: "Save Changes" });
    await userEvent.type(description, "  Sundays at Gran's ");
    await userEvent.click(save);
    await waitFor(() =>
      expect(view.callsTo("circles.update")[0]?.input).toEqual({
        id: 7,
        description: "Sundays at Gran's",
      }),
    );
    await waitFor(() => expect(save).toBeDisabled());
    expect(description).toHaveValue("Sundays at Gran's");
  });

  it("shows a member the description read-only", async () => {
    renderSettings(
      {
        "circles.get": () =>
          circleFixture({ role: "member", isCreator: false, description: "Our family" }),
      },
      bea,
    );
    const description = await screen.findByLabelText(/Description/);
    expect(description).toHaveValue("Our family");
    expect(description).toHaveAttribute("readonly");
  });

  it("lets the creator make an admin a member again", async () => {
    const view = renderSettings({
      "circles.setMemberRole": () => ({ ...members[2], role: "member" }),
    });
    await openTab("Members");
    const calRow = await screen.findByRole("row", { name: /Cal Babbage/ });
    expect(within(calRow).queryByRole("button", { name: /^Make Admin/ })).not.toBeInTheDocument();
    await userEvent.click(within(calRow).getByRole("button", { name: /^Make Member/ }));
    await waitFor(() =>
      expect(view.callsTo("circles.setMemberRole")[0]?.input).toEqual({
        id: 7,
        userId: 3,
        role: "member",
      }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Member updated", {
        description: "Cal Babbage is now a member.",
      }),
    );
    // A plain member is never offered it.
    const beaRow = screen.getByRole("row", { name: /Bea Byron/ });
    expect(within(beaRow).queryByRole("button", { name: /^Make Member/ })).not.toBeInTheDocument();
  });

  it("never offers an admin who is not the creator to demote another admin", async () => {
    const dan = { id: 4, firstName: "Dan", lastName: "Day" };
    renderSettings(
      {
        "circles.get": () => circleFixture({ role: "admin", isCreator: false }),
        "circles.members": () => [...members, memberFixture(dan, { role: "admin" })],
      },
      cal,
    );
    await openTab("Members");
    const danRow = await screen.findByRole("row", { name: /Dan Day/ });
    expect(within(danRow).getByRole("button", { name: /^Remove/ })).toBeVisible();
    expect(screen.queryByRole("button", { name: /^Make Member/ })).not.toBeInTheDocument();
  });

  it("marks each member with their colour beside their name", async () => {
    renderSettings({
      "circles.members": () => [
        memberFixture(ada, { role: "admin", isCreator: true, color: "#3B82F6" }),
        memberFixture(bea, { color: "#DB2777" }),
      ],
    });
    await openTab("Members");
    const beaRow = await screen.findByRole("row", { name: /Bea Byron/ });
    const dot = within(beaRow).getByTestId("member-dot");
    expect(dot).toHaveStyle({ backgroundColor: "#DB2777" });
    expect(dot.parentElement).toHaveTextContent("Bea Byron");
  });

  it("leaves the circle after confirming, then goes to the dashboard", async () => {
    const view = renderSettings(
      { ...asMember, "circles.leave": () => ({ message: "You have left the circle." }) },
      bea,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Leave Circle" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Leave The Lovelaces?" });
    expect(confirm).toHaveTextContent("tasks assigned to you there are withdrawn");
    expect(confirm).toHaveTextContent("the plans you added to it are deleted");
    await userEvent.click(within(confirm).getByRole("button", { name: "Leave Circle" }));
    await waitFor(() => expect(view.callsTo("circles.leave")[0]?.input).toEqual({ id: 7 }));
    await waitFor(() => expect(view.location()).toBe("/dashboard"));
    expect(toast.success).toHaveBeenCalledWith("You have left the circle.", {
      description: "You are no longer in The Lovelaces.",
    });
  });

  it("asks before leaving, and Cancel leaves nothing", async () => {
    const view = renderSettings(asMember, bea);
    await userEvent.click(await screen.findByRole("button", { name: "Leave Circle" }));
    const confirm = await screen.findByRole("alertdialog");
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(view.callsTo("circles.leave")).toHaveLength(0);
    expect(view.location()).toBe("/circle/7/settings");
  });

  it("says Failed to leave circle with the server's reason, and keeps the question up", async () => {
    renderSettings(
      {
        ...asMember,
        "circles.leave": () => {
          throw serverError("The circle's creator cannot leave it.", 400);
        },
      },
      bea,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Leave Circle" }));
    const confirm = await screen.findByRole("alertdialog");
    await userEvent.click(within(confirm).getByRole("button", { name: "Leave Circle" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to leave circle", {
        description: "The circle's creator cannot leave it.",
      }),
    );
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
  });

  it("offers no Leave to the creator, nor in a personal circle", async () => {
    const view = renderSettings();
    await screen.findByRole("button", { name: "Save Changes" });
    expect(screen.queryByRole("button", { name: "Leave Circle" })).not.toBeInTheDocument();
    view.unmount();
    renderSettings({ "circles.get": () => circleFixture({ type: "personal" }) });
    await screen.findByRole("button", { name: "Save Changes" });
    expect(screen.queryByRole("button", { name: "Leave Circle" })).not.toBeInTheDocument();
  });

  it("lets an admin change the circle's colour; a member sees it without changing it", async () => {
    const view = renderSettings({
      "circles.update": (input) => circleFixture({ color: (input as { color: string }).color }),
    });
    await openTab("Appearance");
    const colours = await screen.findByRole("group", { name: "Circle colour" });
    expect(within(colours).getByRole("radio", { name: "Purple" })).toBeChecked();
    const save = screen.getByRole("button", { name: "Save Circle Colour" });
    expect(save).toBeDisabled();
    await userEvent.click(within(colours).getByRole("radio", { name: "Teal" }));
    await userEvent.click(save);
    await waitFor(() =>
      expect(view.callsTo("circles.update")[0]?.input).toEqual({ id: 7, color: "#14B8A6" }),
    );
    await waitFor(() => expect(save).toBeDisabled());
    expect(within(colours).getByRole("radio", { name: "Teal" })).toBeChecked();
    view.unmount();

    renderSettings(asMember, bea);
    await openTab("Appearance");
    const readOnly = await screen.findByRole("group", { name: "Circle colour" });
    expect(within(readOnly).getByRole("radio", { name: "Teal" })).toBeDisabled();
    expect(screen.getByText("Only admins can change the circle colour.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Save Circle Colour" })).not.toBeInTheDocument();
  });

  it("lets any member choose their own colour from the member colours", async () => {
    const view = renderSettings(
      {
        ...asMember,
        "circles.members": () => [
          memberFixture(ada, { role: "admin", isCreator: true }),
          memberFixture(bea, { color: "#EA580C" }),
        ],
        "circles.setMyColor": (input) =>
          memberFixture(bea, { color: (input as { color: string }).color }),
      },
      bea,
    );
    await openTab("Appearance");
    const mine = await screen.findByRole("group", { name: "My colour" });
    expect(within(mine).getAllByRole("radio")).toHaveLength(10);
    expect(within(mine).getByRole("radio", { name: "Orange" })).toBeChecked();
    const save = screen.getByRole("button", { name: "Save My Colour" });
    expect(save).toBeDisabled();
    await userEvent.click(within(mine).getByRole("radio", { name: "Cyan" }));
    await userEvent.click(save);
    await waitFor(() =>
      expect(view.callsTo("circles.setMyColor")[0]?.input).toEqual({ id: 7, color: "#0891B2" }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Colour saved", {
        description: "Your colour in The Lovelaces is saved.",
      }),
    );
  });

  it("says Failed to save your colour with the server's reason", async () => {
    renderSettings({
      "circles.setMyColor": () => {
        throw serverError("Colour must be one of the member colours.", 400);
      },
    });
    await openTab("Appearance");
    const mine = await screen.findByRole("group", { name: "My colour" });
    await userEvent.click(within(mine).getByRole("radio", { name: "Slate" }));
    await userEvent.click(screen.getByRole("button", { name: "Save My Colour" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to save your colour", {
        description: "Colour must be one of the member colours.",
      }),
    );
  });
});
