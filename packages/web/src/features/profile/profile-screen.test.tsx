/**
 * The profile's personal information (accounts spec, section 2), with the locale preferences of
 * issue 21: how times read and which day a week starts on, saved with the rest.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { userFixture } from "@/features/circles/testing/fixtures";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { ProfileScreen } from "./profile-screen";

describe("ProfileScreen", () => {
  it("saves a 12-hour clock and Monday weeks, and shows them as saved", async () => {
    const view = renderWithTrpc(<ProfileScreen />, {
      path: "/profile",
      handlers: {
        "auth.user": () => userFixture(),
        "user.update": (input) => userFixture(input as object),
      },
    });
    const format = await screen.findByLabelText("Time format");
    expect(format).toHaveValue("24h");
    expect(screen.getByLabelText("Week starts on")).toHaveValue("sunday");
    await userEvent.selectOptions(format, "12h");
    await userEvent.selectOptions(screen.getByLabelText("Week starts on"), "monday");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(view.callsTo("user.update")).toHaveLength(1));
    expect(view.callsTo("user.update")[0]?.input).toMatchObject({
      timeFormat: "12h",
      weekStart: "monday",
    });
    await waitFor(() => expect(screen.getByLabelText("Time format")).toHaveValue("12h"));
  });

  it("shows a clock not chosen as 24-hour, and saving a new name does not choose it (nor the week)", async () => {
    const view = renderWithTrpc(<ProfileScreen />, {
      path: "/profile",
      handlers: {
        "auth.user": () => userFixture({ timeFormat: null }),
        "user.update": (input) => userFixture({ timeFormat: null, ...(input as object) }),
      },
    });
    expect(await screen.findByLabelText("Time format")).toHaveValue("24h");
    const firstName = screen.getByLabelText("First Name");
    await userEvent.clear(firstName);
    await userEvent.type(firstName, "Augusta");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(view.callsTo("user.update")).toHaveLength(1));
    const sent = view.callsTo("user.update")[0]?.input as object;
    expect(sent).toMatchObject({ firstName: "Augusta" });
    expect(sent).not.toHaveProperty("timeFormat");
    expect(sent).not.toHaveProperty("weekStart");

    // The week changed alone is sent alone: the clock stays not chosen.
    await userEvent.selectOptions(screen.getByLabelText("Week starts on"), "monday");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(view.callsTo("user.update")).toHaveLength(2));
    expect(view.callsTo("user.update")[1]?.input).toMatchObject({ weekStart: "monday" });
    expect(view.callsTo("user.update")[1]?.input).not.toHaveProperty("timeFormat");
  });
});
