/**
 * The circle strip (accounts spec, section 2): Home, each circle with its colour or photo and
 * first letter, Add, and the options dialog a circle opens (held for 500 ms, see
 * use-long-press.test.tsx, or from the context menu).
 */
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { circleFixture } from "@/features/circles/testing/fixtures";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { CircleStrip } from "./circle-strip";

const circles = [
  circleFixture({ id: 1, name: "Personal", type: "personal", color: "#3B82F6" }),
  circleFixture({ id: 7, name: "family", type: "family", color: "not-a-colour" }),
];

function renderStrip(path = "/dashboard") {
  const onCreateCircle = vi.fn();
  const view = renderWithTrpc(<CircleStrip onCreateCircle={onCreateCircle} />, {
    path,
    handlers: { "circles.list": () => circles },
  });
  return { ...view, onCreateCircle };
}

describe("CircleStrip", () => {
  it("lists Home, each circle with its first letter and colour, and Add", async () => {
    const { onCreateCircle } = renderStrip();
    const strip = screen.getByRole("navigation", { name: "Circles" });
    const family = await within(strip).findByRole("link", { name: "family" });
    expect(within(strip).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/dashboard");
    expect(within(strip).getByRole("link", { name: "Personal" })).toHaveAttribute(
      "href",
      "/circle/1",
    );
    expect(family).toHaveAttribute("href", "/circle/7");
    // A colour the strip cannot draw falls back to the spec's #4F46E5.
    expect(within(family).getByText("F")).toHaveStyle({ backgroundColor: "#4F46E5" });
    expect(family).toHaveAccessibleDescription(
      "Press and hold, or press Shift+F10, for circle options.",
    );

    await userEvent.click(within(strip).getByRole("button", { name: "Add a new circle" }));
    expect(onCreateCircle).toHaveBeenCalledTimes(1);
  });

  it("marks the circle being looked at, sub-pages included, and no other", async () => {
    renderStrip("/circle/7/settings");
    const family = await screen.findByRole("link", { name: "family" });
    expect(family).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Personal" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  it("opens a circle's options from its context menu, with the four entries of the spec", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    renderStrip();
    fireEvent.contextMenu(await screen.findByRole("link", { name: "family" }));
    const options = await screen.findByRole("dialog", { name: "family" });
    expect(within(options).getByRole("link", { name: "Circle Settings" })).toHaveAttribute(
      "href",
      "/circle/7/settings",
    );
    expect(within(options).getByRole("link", { name: "Manage Members" })).toHaveAttribute(
      "href",
      "/circle/7/members",
    );

    // Edit Circle and Delete Circle only log a message (spec section 2).
    await userEvent.click(within(options).getByRole("button", { name: "Edit Circle" }));
    expect(info).toHaveBeenLastCalledWith("Edit circle 7");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    fireEvent.contextMenu(screen.getByRole("link", { name: "family" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete Circle" }));
    expect(info).toHaveBeenLastCalledWith("Delete circle 7");
    info.mockRestore();
  });
});
