import type { LiveAnnouncement } from "@circleplan/shared/live-protocol";
import type { QueryClient } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { trpc } from "@/lib/trpc";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import type { LiveChannel, LiveChannelOptions } from "./live-channel";
import { type CreateChannel, LIVE_BATCH_MS, useLiveSync } from "./use-live-sync";

type Handlers = Pick<LiveChannelOptions, "onAnnouncement" | "onMissed">;

/** A channel the test drives: it hands back the sync's handlers and records what it was told. */
function fakeChannel() {
  let handlers: Handlers | null = null;
  const channel = {
    phase: "open",
    start: vi.fn(),
    setVisible: vi.fn(),
    renew: vi.fn(),
    retryNow: vi.fn(),
    stop: vi.fn(),
  } satisfies LiveChannel;
  const create: CreateChannel = (given) => {
    handlers = given;
    return channel;
  };
  const live = () => {
    if (!handlers) throw new Error("the channel was not created");
    return handlers;
  };
  return {
    channel,
    create,
    announce: (...announcements: LiveAnnouncement[]) => {
      for (const announcement of announcements) live().onAnnouncement(announcement);
    },
    missed: () => live().onMissed(),
  };
}

/** A screen showing plans of circles 7 and 8, a day across circles, tasks and circles. */
function Screen({ create }: { create: CreateChannel }) {
  useLiveSync({ create });
  trpc.auth.user.useQuery();
  trpc.plans.list.useQuery({ circleId: 7 });
  trpc.plans.list.useQuery({ circleId: 8 });
  trpc.plans.list.useQuery({ date: "2026-11-27" });
  trpc.tasks.pending.useQuery();
  trpc.circles.list.useQuery();
  trpc.circles.get.useQuery({ id: 8 });
  return null;
}

let visibility: DocumentVisibilityState = "visible";
function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  document.dispatchEvent(new Event("visibilitychange"));
}

function render({ circleLists = [[7, 8]] }: { circleLists?: number[][] } = {}) {
  const live = fakeChannel();
  let listCalls = 0;
  const page = renderWithTrpc(<Screen create={live.create} />, {
    handlers: {
      "auth.user": () => ({ id: 1 }),
      "plans.list": () => [],
      "tasks.pending": () => [],
      "circles.list": () =>
        (circleLists[Math.min(listCalls++, circleLists.length - 1)] ?? []).map((id) => ({ id })),
      "circles.get": () => ({ id: 8 }),
    },
  });
  const count = (procedure: string, input?: unknown) =>
    page
      .callsTo(procedure)
      .filter((call) => input === undefined || JSON.stringify(call.input) === JSON.stringify(input))
      .length;
  const counts = () => ({
    user: count("auth.user"),
    circle7: count("plans.list", { circleId: 7 }),
    circle8: count("plans.list", { circleId: 8 }),
    day: count("plans.list", { date: "2026-11-27" }),
    tasks: count("tasks.pending"),
    circles: count("circles.list"),
    circle8Details: count("circles.get"),
  });
  return { ...live, page, counts };
}

const settle = () => act(() => vi.advanceTimersByTimeAsync(LIVE_BATCH_MS));

/** What the app's own plan or task change refetches (plan-cache.ts), begun now. */
function ownChangeRefetch(queryClient: QueryClient) {
  const path = (key: readonly unknown[]) => (Array.isArray(key[0]) ? String(key[0][0]) : "");
  return queryClient.invalidateQueries({
    predicate: (query) => ["plans", "tasks"].includes(path(query.queryKey)),
  });
}
const circle7: LiveAnnouncement = { kind: "circle", circleId: 7, version: 100 };

beforeEach(() => {
  visibility = "visible";
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => visibility,
  });
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, "visibilityState");
});

describe("live sync", () => {
  it("refetches, once for a burst, what a circle's change touches and nothing of another circle's", async () => {
    const view = render();
    await settle();
    const before = view.counts();
    expect(before).toEqual({
      user: 1,
      circle7: 1,
      circle8: 1,
      day: 1,
      tasks: 1,
      circles: 1,
      circle8Details: 1,
    });

    view.announce(circle7, { ...circle7, version: 101 });
    await settle();
    expect(view.counts()).toEqual({ ...before, circle7: 2, day: 2, tasks: 2 });
  });

  it("does not refetch twice the tab's own change, refetched after its announcement arrived", async () => {
    const view = render();
    await settle();
    const before = view.counts();

    view.announce(circle7);
    // The mutation's answer comes just after its announcement: plan-cache.ts refetches.
    await act(() => ownChangeRefetch(view.page.queryClient));
    await settle();
    expect(view.counts()).toEqual({ ...before, circle7: 2, day: 2, tasks: 2, circle8: 2 });
  });

  it("refetches again after a fetch that began before the announcement arrived (a newer change)", async () => {
    const view = render();
    await settle();
    const before = view.counts();

    await act(() => ownChangeRefetch(view.page.queryClient));
    view.announce(circle7);
    await settle();
    expect(view.counts()).toEqual({ ...before, circle7: 3, day: 3, tasks: 3, circle8: 2 });
  });

  it("asks nothing in a hidden tab, and refetches what changed when it is looked at again", async () => {
    const view = render();
    await settle();
    const before = view.counts();

    setVisibility("hidden");
    expect(view.channel.setVisible).toHaveBeenLastCalledWith(false);
    view.announce(circle7);
    await act(() => vi.advanceTimersByTimeAsync(60 * 60_000));
    expect(view.counts()).toEqual(before);

    setVisibility("visible");
    expect(view.channel.setVisible).toHaveBeenLastCalledWith(true);
    await settle();
    // The circle list was only marked by the change: the look refetches it with the rest.
    expect(view.counts()).toEqual({ ...before, circle7: 2, day: 2, tasks: 2, circles: 2 });
  });

  it("refetches the circle list on the caller's own change, and everything when their circles changed", async () => {
    const view = render({
      circleLists: [
        [7, 8],
        [7, 8, 9],
        [7, 8, 9],
      ],
    });
    await settle();
    const before = view.counts();

    view.announce({ kind: "user" });
    await settle();
    expect(view.counts()).toEqual({
      ...before,
      circle7: 2,
      circle8: 2,
      day: 2,
      tasks: 2,
      circles: 3,
      circle8Details: 2,
    });
    expect(view.channel.renew).toHaveBeenCalledTimes(1);
  });

  it("refetches only the circle list when the caller's circles stayed the same", async () => {
    const view = render();
    await settle();
    const before = view.counts();

    view.announce({ kind: "user" });
    await settle();
    expect(view.counts()).toEqual({ ...before, circles: 2 });
    expect(view.channel.renew).not.toHaveBeenCalled();
  });

  it("refetches everything live sync covers after a gap, not the account's own queries", async () => {
    const view = render();
    await settle();
    const before = view.counts();

    view.missed();
    await settle();
    expect(view.counts()).toEqual({
      user: 1,
      circle7: 2,
      circle8: 2,
      day: 2,
      tasks: 2,
      circles: 2,
      circle8Details: 2,
    });
    expect(before.user).toBe(1);
  });

  it("starts the channel with the tab's visibility and stops it with the shell", async () => {
    visibility = "hidden";
    const view = render();
    await settle();
    expect(view.channel.start).toHaveBeenCalledWith(false);
    view.page.unmount();
    expect(view.channel.stop).toHaveBeenCalledTimes(1);
  });
});
