/** /circle/home: one's personal circle, else the first circle, else a pointer to Add. */
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { CircleHomeScreen } from "./circle-home-screen";
import { circleFixture } from "./testing/fixtures";

function renderHome(circles: ReturnType<typeof circleFixture>[]) {
  return renderWithTrpc(<CircleHomeScreen />, {
    path: "/circle/home",
    handlers: { "circles.list": () => circles },
  });
}

describe("CircleHomeScreen", () => {
  it("goes to the personal circle wherever it is in the list", async () => {
    const view = renderHome([
      circleFixture({ id: 3, type: "family" }),
      circleFixture({ id: 9, type: "personal" }),
    ]);
    await waitFor(() => expect(view.location()).toBe("/circle/9"));
  });

  it("goes to the first circle when there is no personal one", async () => {
    const view = renderHome([circleFixture({ id: 3, type: "work" })]);
    await waitFor(() => expect(view.location()).toBe("/circle/3"));
  });

  it("points to Add when there is no circle at all", async () => {
    const view = renderHome([]);
    expect(await screen.findByRole("heading", { name: "No circles yet" })).toBeVisible();
    expect(view.location()).toBe("/circle/home");
  });
});
