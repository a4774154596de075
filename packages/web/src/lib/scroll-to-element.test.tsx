import { afterEach, describe, expect, it, vi } from "vitest";
import { scrollToElement } from "./scroll-to-element";

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("scrollToElement", () => {
  it("scrolls to an element that mounts a few frames later (a list that has just arrived)", async () => {
    const scrolled = vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(() => {});
    scrollToElement("plan-7");
    await new Promise((resolve) => window.requestAnimationFrame(resolve));
    const card = document.createElement("article");
    card.id = "plan-7";
    document.body.append(card);
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalledOnce());
    expect(scrolled.mock.contexts[0]).toBe(card);
  });

  it("stops waiting once cancelled", async () => {
    const scrolled = vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(() => {});
    const cancel = scrollToElement("plan-8");
    cancel();
    const card = document.createElement("article");
    card.id = "plan-8";
    document.body.append(card);
    await new Promise((resolve) => window.requestAnimationFrame(resolve));
    await new Promise((resolve) => window.requestAnimationFrame(resolve));
    expect(scrolled).not.toHaveBeenCalled();
  });
});
