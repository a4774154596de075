import { describe, expect, it } from "vitest";
import { AWS_PRICES } from "./aws-prices";
import {
  circleRefetches,
  type DayAssumptions,
  DEFAULT_DAY,
  modelDay,
  monthCost,
  oldPollsPerMinute,
  type ScreenCost,
} from "./day-model";

const key = (path: string, input?: unknown) => [
  path.split("."),
  { ...(input === undefined ? {} : { input }), type: "query" },
];

/** A dashboard as the shell and the screen ask it: session, circles, two plan lists, tasks. */
const dashboard: ScreenCost = {
  name: "dashboard",
  coldRequests: 5,
  visitRequests: 3,
  activeKeys: [
    key("auth.user"),
    key("circles.list"),
    key("plans.list", { date: "2026-11-27" }),
    key("plans.list", { from: "2026-11-25", to: "2026-12-06" }),
    key("tasks.pending"),
  ],
};
const actions: ScreenCost = { ...dashboard, name: "actions", visitRequests: 2 };

const day: DayAssumptions = {
  ...DEFAULT_DAY,
  visitRotation: ["actions"],
  circleId: 7,
  bytesPerRequest: 1000,
  batchedQueries: false,
};

describe("the day model", () => {
  it("polled the badge every 30 s, the Action Center every 5 s, and the reminder plans every minute", () => {
    expect(oldPollsPerMinute("dashboard")).toBe(2 + 1);
    expect(oldPollsPerMinute("actions")).toBe(12 + 2 + 1);
  });

  it("refetches on a circle's change the plans and tasks shown, not the session or the circle list", () => {
    expect(circleRefetches(dashboard, 7)).toBe(3);
  });

  it("counts no poll at all with live sync, and a version check a minute only while the channel is down", () => {
    const live = modelDay([dashboard, actions], day);
    const polls = live.lines.filter((line) => line.label.startsWith("polls"));
    expect(polls.every((line) => line.live === 0 && line.old > 0)).toBe(true);
    expect(live.lines.find((line) => line.label === "version checks")?.live).toBe(0);

    const down = modelDay([dashboard, actions], { ...day, channelDownShare: 1 });
    expect(down.live - live.live).toBe(day.sessions * day.minutesPerSession);
  });

  it("adds up page loads, returns, visits and changes as written in the bench notes", () => {
    const live = modelDay([dashboard, actions], day);
    const line = (label: string) => live.lines.find((candidate) => candidate.label === label);
    expect(line("page loads")?.live).toBe(3 * (5 + 1));
    // A return refetches the four live queries shown, and connects again.
    expect(line("returns to a hidden tab")?.live).toBe(3 * (4 + 1));
    expect(line("screens visited in-app")?.live).toBe(12 * 2);
    // The change, its three plans and tasks refetched, and half its announcements' three again.
    expect(line("own changes")?.live).toBeCloseTo(5 * (1 + 3 + 0.5 * 3));
  });

  it("counts a refetch of several queries as one request when the app batches them", () => {
    const batched = modelDay([dashboard, actions], { ...day, batchedQueries: true });
    const line = (label: string) => batched.lines.find((candidate) => candidate.label === label);
    expect(line("returns to a hidden tab")?.live).toBe(3 * (1 + 1));
    expect(line("own changes")?.live).toBeCloseTo(5 * (1 + 1 + 0.5 * 1));
  });

  it("costs a million requests at the price list's rates", () => {
    const perMember = 1e6 / (day.familySize * 30.4);
    const cost = monthCost(perMember, null, { ...day, apiMs: 0, bytesPerRequest: 0 });
    expect(cost.lambdaRequests).toBeCloseTo(AWS_PRICES.lambdaPerRequest * 1e6);
    expect(cost.cloudFrontRequests).toBeCloseTo((1e6 / 10_000) * 0.01);
    expect(cost.iotMessaging).toBe(0);
  });
});
