/**
 * The circle strip (accounts spec, section 2): Home, each circle with its colour or photo and
 * first letter, Add, and the options dialog a circle opens (held for 500 ms, see
 * use-long-press.test.tsx, or from the context menu).
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { circleFixture } from "@/features/circles/testing/fixtures";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { CircleStrip } from "./circle-strip";

const circles = [
  circleFixture({ id: 1, name: "Personal", type: "personal", color: "#3B82F6" }),
  circleFixture({ id: 7, name: "family", type: "family", color: "not-a-colour" }),
  circleFixture({ id: 9, name: "Book club", type: "custom", isCreator: true, role: "admin" }),
];

function renderStrip(path = "/dashboard") {
  const onCreateCircle = vi.fn();
  const view = renderWithTrpc(<CircleStrip onCreateCircle={onCreateCircle} />, {
    path,
    handlers: {
      "circles.list": () => circles,
      "circles.members": () => [],
      "circles.delete": () => ({ message: "Circle deleted successfully" }),
    },
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
    renderStrip();
    fireEvent.contextMenu(await screen.findByRole("link", { name: "Book club" }));
    const options = await screen.findByRole("dialog", { name: "Book club" });
    expect(within(options).getByRole("link", { name: "Circle Settings" })).toHaveAttribute(
      "href",
      "/circle/9/settings",
    );
    expect(within(options).getByRole("link", { name: "Manage Members" })).toHaveAttribute(
      "href",
      "/circle/9/members",
    );
    expect(within(options).getByRole("button", { name: "Edit Circle" })).toBeVisible();
    expect(await within(options).findByRole("button", { name: "Delete Circle" })).toBeVisible();
  });

  it("Edit Circle opens the circle's own dialog on its Settings tab", async () => {
    renderStrip();
    fireEvent.contextMenu(await screen.findByRole("link", { name: "Book club" }));
    const options = await screen.findByRole("dialog", { name: "Book club" });
    await userEvent.click(within(options).getByRole("button", { name: "Edit Circle" }));
    const edit = await screen.findByRole("dialog", { name: "Book club" });
    expect(
      await within(edit).findByRole("tab", { name: "Settings", selected: true }),
    ).toBeVisible();
    expect(within(edit).getByLabelText(/Circle name/i)).toHaveValue("Book club");
  });

  it("Delete Circle asks the spec's question, then deletes", async () => {
    const view = renderStrip();
    fireEvent.contextMenu(await screen.findByRole("link", { name: "Book club" }));
    const options = await screen.findByRole("dialog", { name: "Book club" });
    await userEvent.click(await within(options).findByRole("button", { name: "Delete Circle" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete Book club?" });
    expect(
      within(confirm).getByText(
        "Are you sure you want to delete this circle? This action cannot be undone.",
      ),
    ).toBeVisible();
    expect(view.callsTo("circles.delete")).toEqual([]);
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete Circle" }));
    await waitFor(() => expect(view.callsTo("circles.delete")[0]?.input).toEqual({ id: 9 }));
  });

  it("offers no Delete Circle where the rules keep the circle (a family circle)", async () => {
    renderStrip();
    fireEvent.contextMenu(await screen.findByRole("link", { name: "family" }));
    const options = await screen.findByRole("dialog", { name: "family" });
    expect(within(options).getByRole("button", { name: "Edit Circle" })).toBeVisible();
    expect(within(options).queryByRole("button", { name: "Delete Circle" })).toBeNull();
  });
});
