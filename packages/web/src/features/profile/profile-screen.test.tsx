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
});
