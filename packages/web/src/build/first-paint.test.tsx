/**
 * What index.html paints for /auth before the code runs must be the header the screen then
 * renders, or the page would jump when the screen takes its place (and its largest paint would
 * come again, later).
 */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppTooltipProvider } from "@/components/ui/tooltip";
import { AuthScreen } from "@/features/auth/auth-screen";
import { FIRST_PAINT_ID } from "@/lib/first-paint";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { FIRST_PAINTS, firstPaintElement } from "./first-paint";

/** The header's elements, as tag, classes and text, in document order. */
function headerOf(root: ParentNode): string[] {
  const header = root.querySelector("header");
  if (!header) throw new Error("no header");
  return [...header.children].map(
    (element) =>
      `${element.tagName.toLowerCase()}.${element.getAttribute("class")} ${element.textContent}`,
  );
}

function renderAuthScreen() {
  renderWithTrpc(
    <AppTooltipProvider>
      <AuthScreen />
    </AppTooltipProvider>,
    { path: "/auth", handlers: {} },
  );
  return screen.findByRole("heading", { level: 1, name: "Circleplan" });
}

describe("first paint of /auth", () => {
  it("is the header the auth screen renders (it drifted, and the page jumped when the screen came)", async () => {
    const painted = document.createElement("template");
    painted.innerHTML = FIRST_PAINTS["/auth"] ?? "";
    await renderAuthScreen();
    expect(headerOf(painted.content)).toEqual(headerOf(document.body));
  });

  it("goes once the screen's heading mounts", async () => {
    document.body.insertAdjacentHTML("afterbegin", firstPaintElement(FIRST_PAINTS["/auth"] ?? ""));
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    await renderAuthScreen();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });
});
