/**
 * ScreenHeading under wouter's memory location: the tab's title follows the screen, and focus
 * moves to the heading after a navigation but not on a page load's first screen.
 */
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";

describe("ScreenHeading", () => {
  it("names the tab, leaves the first screen's focus alone and takes it after a navigation", async () => {
    // A page load's first screen is the module's own state: loaded afresh, as a page load does
    // (files share a worker's modules, and another file's screens were shown before this one).
    vi.resetModules();
    const { ScreenHeading } = await import("./screen-heading");
    const location = memoryLocation({ path: "/plans" });
    const at = (title: string) => (
      <Router hook={location.hook}>
        <ScreenHeading title={title} />
      </Router>
    );
    const view = render(at("Plans"));
    expect(document.title).toBe("Plans · Circleplan");
    expect(screen.getByRole("heading", { level: 1, name: "Plans" })).not.toHaveFocus();

    act(() => location.navigate("/calendar"));
    view.rerender(at("Calendar"));
    expect(document.title).toBe("Calendar · Circleplan");
    expect(screen.getByRole("heading", { level: 1, name: "Calendar" })).toHaveFocus();
  });
});
