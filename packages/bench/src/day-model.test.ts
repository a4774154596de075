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
  coldChannelRequests: 1,
  coldBytes: 20_000,
  coldRequestNames: [
    "GET trpc auth.user",
    "GET trpc circles.list,plans.list,plans.list,tasks.pending",
    "GET /api/live/connect",
    "GET trpc plans.list",
    "GET trpc tasks.pending",
  ],
  visitRequests: 3,
  visitRequestNames: ["GET trpc plans.list", "GET trpc tasks.pending", "GET trpc plans.list"],
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
    // Measured with the channel's live.connect; polling made the four others only.
    expect(line("page loads")).toMatchObject({ old: 3 * 4, live: 3 * 5 });
    // A return refetches the four live queries shown, with the day's token it holds.
    expect(line("returns to a hidden tab")?.live).toBe(3 * 4);
    expect(line("screens visited in-app")?.live).toBe(12 * 2);
    // The change and its three plans and tasks refetched; the echo, first, skips all three.
    expect(line("own changes")?.live).toBeCloseTo(5 * (1 + 3));
  });

  it("echo after the answer: refetches the announcement's queries again for the share that lost the race", () => {
    const late = modelDay([dashboard, actions], { ...day, echoAfterAnswerShare: 0.5 });
    const line = late.lines.find((candidate) => candidate.label === "own changes");
    expect(line?.live).toBeCloseTo(5 * (1 + 3 + 0.5 * 3));
  });

  it("echo before the answer: still refetches what the change itself did not (a feed shown)", () => {
    const withFeed: ScreenCost = {
      ...dashboard,
      activeKeys: [...dashboard.activeKeys, key("activity.circle", { id: 7 })],
    };
    const line = modelDay([withFeed, { ...withFeed, name: "actions" }], day).lines.find(
      (candidate) => candidate.label === "own changes",
    );
    expect(line?.live).toBeCloseTo(5 * (1 + 3 + 1));
  });

  it("publishes a change once to each member of the family: IoT bills every publish", () => {
    const iot = modelDay([dashboard, actions], day).iot;
    const bigger = modelDay([dashboard, actions], { ...day, familySize: day.familySize + 1 }).iot;
    // One more member: one more publish of each of the user's changes, and more to hear.
    expect(bigger.messages - iot.messages).toBeGreaterThan(day.changesPerMember);
  });

  it("one authorizer call a connection: IoT asks again only when the token ends, after the connection", () => {
    expect(modelDay([dashboard, actions], day).iot.authorizerCalls).toBe(day.sessions);
  });

  it("counts a refetch of several queries as one request when the app batches them", () => {
    const batched = modelDay([dashboard, actions], { ...day, batchedQueries: true });
    const line = (label: string) => batched.lines.find((candidate) => candidate.label === label);
    expect(line("returns to a hidden tab")?.live).toBe(3 * 1);
    expect(line("own changes")?.live).toBeCloseTo(5 * (1 + 1));
  });

  it("counts a page load's bytes as measured and every other answer at the in-app average", () => {
    const live = modelDay([dashboard, actions], day);
    expect(live.bytes.live).toBe(3 * 20_000 + (live.live - 3 * 5) * day.bytesPerRequest);
  });

  it("costs a million requests at the price list's rates", () => {
    const perMember = 1e6 / (day.familySize * 30.4);
    const cost = monthCost(perMember, 0, null, { ...day, apiMs: 0 });
    expect(cost.lambdaRequests).toBeCloseTo(AWS_PRICES.lambdaPerRequest * 1e6);
    expect(cost.cloudFrontRequests).toBeCloseTo((1e6 / 10_000) * 0.01);
    expect(cost.iotMessaging).toBe(0);
  });
});
