import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@/lib/timings";
import { Tooltip } from "./tooltip";

function Row() {
  return (
    <>
      <Tooltip content="Light theme">
        <button type="button">Light</button>
      </Tooltip>
      <Tooltip content="Dark theme">
        <button type="button">Dark</button>
      </Tooltip>
    </>
  );
}

/** The clock the skip delay reads, moved by hand. */
let now = 0;

/** The delay's timer and the skip delay's clock, moved by hand (vi.waitFor moves them too). */
function fakeClock() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  // Past any tooltip hidden before: in an earlier test, or in another file the worker ran.
  now = Math.max(now, performance.now()) + 60_000;
  vi.spyOn(performance, "now").mockImplementation(() => now);
}

/** The tip, once shown: its bubble's chunk may still be resolving. */
const shownTip = () => vi.waitFor(() => screen.getByRole("tooltip"));

async function settle(ms: number) {
  now += ms;
  await act(async () => {
    vi.advanceTimersByTime(ms);
    await Promise.resolve();
  });
}

describe("a tooltip", () => {
  beforeAll(async () => {
    // The bubble's chunk, as a first hover would have fetched it.
    await import("./tooltip-bubble");
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("shows after the spec's delay on a mouse's hover, as the trigger's description", async () => {
    fakeClock();
    render(<Row />);
    const light = screen.getByRole("button", { name: "Light" });
    fireEvent.pointerEnter(light, { pointerType: "mouse" });
    await settle(TOOLTIP_DELAY_MS - 1);
    expect(screen.queryByRole("tooltip")).toBeNull();
    await settle(1);
    const tip = await shownTip();
    expect(tip).toHaveTextContent("Light theme");
    expect(light).toHaveAccessibleDescription("Light theme");
    // Its name stays its own.
    expect(light).toHaveAccessibleName("Light");
    fireEvent.pointerLeave(light, { pointerType: "mouse" });
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("shows the next one at once within the skip delay, and waits again after it", async () => {
    fakeClock();
    render(<Row />);
    const [light, dark] = screen.getAllByRole("button");
    fireEvent.pointerEnter(light as HTMLElement, { pointerType: "mouse" });
    await settle(TOOLTIP_DELAY_MS);
    await shownTip();
    fireEvent.pointerLeave(light as HTMLElement, { pointerType: "mouse" });
    await settle(TOOLTIP_SKIP_DELAY_MS - 1);
    fireEvent.pointerEnter(dark as HTMLElement, { pointerType: "mouse" });
    await settle(0);
    expect(screen.getByRole("tooltip")).toHaveTextContent("Dark theme");
    fireEvent.pointerLeave(dark as HTMLElement, { pointerType: "mouse" });
    await settle(TOOLTIP_SKIP_DELAY_MS);
    fireEvent.pointerEnter(light as HTMLElement, { pointerType: "mouse" });
    await settle(0);
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("never shows for a touch, and hides on a press", async () => {
    fakeClock();
    render(<Row />);
    const light = screen.getByRole("button", { name: "Light" });
    fireEvent.pointerEnter(light, { pointerType: "touch" });
    await settle(TOOLTIP_DELAY_MS * 2);
    expect(screen.queryByRole("tooltip")).toBeNull();
    fireEvent.pointerEnter(light, { pointerType: "mouse" });
    await settle(TOOLTIP_DELAY_MS);
    await shownTip();
    fireEvent.pointerDown(light, { pointerType: "mouse" });
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("shows at once on keyboard focus and hides on Escape or when focus leaves", async () => {
    const user = userEvent.setup();
    render(<Row />);
    await user.tab();
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Light theme");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("tooltip")).toBeNull();
    await user.tab();
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Dark theme");
    await user.tab();
    expect(screen.queryByRole("tooltip")).toBeNull();
  });
});
