/**
 * Live sync without polling, in a real browser (issue 20, decision 018): an idle visible tab
 * whose channel is up asks the API nothing; a hidden tab asks nothing at all, and closes its
 * channel after a while; looked at again, it reconnects and shows what changed meanwhile; opened
 * again, it asks for the session and the screen in one request. The page's clock is
 * Playwright's (`page.clock`), so minutes pass at once and nothing waits on a timer. Needs the
 * live channel's server side (`live.connect`, /api/live/socket).
 */
import type { Page, Request, WebSocket } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createCircle, createPlan, joinCircle } from "./circle-setup";
import { useBrowserSuite } from "./harness";
import { createVerifiedUser, type TestUser } from "./test-users";

const suite = useBrowserSuite();
const MINUTE = 60_000;
/** Longer than the web app's LIVE_HIDDEN_PAUSE_MS (10 minutes), after which a hidden tab closes. */
const LONG_HIDDEN = 30 * MINUTE;

/** Every request the page sends to the API, as "METHOD /path", from the moment it is asked. */
function apiRequests(page: Page): { since(): string[] } {
  const seen: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) seen.push(`${request.method()} ${url.pathname}`);
  });
  let from = 0;
  return {
    since() {
      const made = seen.slice(from);
      from = seen.length;
      return made;
    },
  };
}

/**
 * Hides or shows the tab as the browser tells a page. Headless Chromium keeps every page
 * visible (bringing another to the front changes nothing), so the page is told directly.
 */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((isHidden) => {
    for (const [name, value] of [
      ["hidden", isHidden],
      ["visibilityState", isHidden ? "hidden" : "visible"],
    ] as const) {
      Object.defineProperty(document, name, { configurable: true, get: () => value });
    }
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

/**
 * A fresh browser signed in as `user`, its clock at 09:00 UTC today: the minutes the test
 * moves on never cross midnight, when a new day's plans are asked for.
 */
async function signedInWithClock(user: TestUser): Promise<Page> {
  const page = await suite.newPage();
  const nineToday = new Date();
  nineToday.setUTCHours(9, 0, 0, 0);
  await page.clock.install({ time: nineToday });
  const login = await page.context().request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { origin: suite.app.url },
  });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  return page;
}

function liveSocket(page: Page): Promise<WebSocket> {
  return page.waitForEvent("websocket", (socket) => socket.url().includes("/api/live/"));
}

describe("live sync in the browser", () => {
  it("asks nothing while idle and visible, nothing at all while hidden, and catches up on return", async () => {
    const ada = await createVerifiedUser({ firstName: "Ada" });
    const bea = await createVerifiedUser({ firstName: "Bea" });
    const adaApi = await suite.apiAs(ada);
    const beaApi = await suite.apiAs(bea);
    const circle = await createCircle(adaApi, { name: "Lovelaces", type: "family" });
    await joinCircle(adaApi, circle, bea, beaApi);

    const page = await signedInWithClock(ada);
    const requests = apiRequests(page);
    const firstSocket = liveSocket(page);
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const socket = await firstSocket;
    await page.waitForLoadState("networkidle");
    // live.connect rides in the page load's batch with the screen's queries.
    expect(requests.since()).toContainEqual(
      expect.stringMatching(/^GET \/api\/trpc\/\S*live\.connect/),
    );

    // Visible and idle, the channel up: five minutes, and not one request (the spec polled the
    // badge every 30 s and the reminder plans every minute).
    await page.clock.runFor(5 * MINUTE);
    expect(requests.since()).toEqual([]);
    expect(socket.isClosed()).toBe(false);

    // Hidden: nothing at all, however long; the channel closes after its pause.
    await setHidden(page, true);
    await page.clock.runFor(LONG_HIDDEN);
    expect(requests.since()).toEqual([]);
    if (!socket.isClosed()) await socket.waitForEvent("close");

    // Meanwhile Bea adds a plan. Looked at again, the tab refetches and connects again.
    await createPlan(beaApi, circle, {
      title: "Picnic in the park",
      startTime: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const secondSocket = liveSocket(page);
    await setHidden(page, false);
    await page.getByText("Picnic in the park").first().waitFor();
    await secondSocket;
    expect(requests.since().length).toBeGreaterThan(0);

    // Opened again: the browser remembers who signed in, so the session check rides in the
    // first screen's one request (decision 018, "Fewer requests a day").
    const thirdSocket = liveSocket(page);
    await page.reload();
    await page.getByText("Picnic in the park").first().waitFor();
    await thirdSocket;
    await page.waitForLoadState("networkidle");
    expect(requests.since()).toEqual([
      expect.stringMatching(/^GET \/api\/trpc\/(?=\S*auth\.user)(?=\S*plans\.list)\S+$/),
    ]);
  });
});
