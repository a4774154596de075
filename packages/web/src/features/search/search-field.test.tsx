/**
 * The header's search field (issue 21): a labelled search landmark; submitting goes to
 * /search?q=; on the search screen it shows the words searched; on a phone an icon button opens
 * it and Escape closes it, focus back on the button.
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { SearchField } from "./search-field";

describe("SearchField", () => {
  it("submitting goes to /search with the words, trimmed", async () => {
    const view = renderWithTrpc(<SearchField />, { path: "/dashboard", handlers: {} });
    const landmark = screen.getByRole("search", { name: "Plans" });
    const field = screen.getByRole("searchbox", { name: "Search plans" });
    expect(landmark).toContainElement(field);
    expect(field).toHaveValue("");
    await userEvent.type(field, "  piano lesson {Enter}");
    expect(view.location()).toBe("/search?q=piano+lesson");
  });

  it("on the search screen, shows the words searched", () => {
    renderWithTrpc(<SearchField />, { path: "/search?q=dentist", handlers: {} });
    expect(screen.getByRole("searchbox", { name: "Search plans" })).toHaveValue("dentist");
  });

  it("the phone's icon button opens the field, focused; Escape closes it, focus back on the button", async () => {
    renderWithTrpc(<SearchField />, { path: "/dashboard", handlers: {} });
    const opener = screen.getByRole("button", { name: "Search plans" });
    expect(opener).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(opener);
    expect(opener).toHaveAttribute("aria-expanded", "true");
    const field = screen.getByRole("searchbox", { name: "Search plans" });
    await screen.findByRole("button", { name: "Close search" });
    await userEvent.keyboard("{Escape}");
    expect(opener).toHaveAttribute("aria-expanded", "false");
    expect(opener).toHaveFocus();
    expect(field).toBeInTheDocument();
  });
});
