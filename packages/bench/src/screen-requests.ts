/**
 * What each screen asks the API, measured: a family of two in one circle with a week of plans
 * and a task each way, the built web app served as `pnpm start` serves it, Chromium signed in
 * as one of them. Each screen is loaded afresh (a page load) and visited in-app from the
 * dashboard; every `/api` request is counted (the live channel's `live.connect` included), and
 * its tRPC query key kept, until the page has been quiet for a moment.
 */
import { type Browser, chromium, type Page, type Request } from "playwright-core";
import { signIn } from "./app-server";
import type { ScreenCost } from "./day-model";

/** A page is quiet when no request has been running for this long. */
const QUIET_MS = 750;

export interface MeasuredScreens {
  screens: ScreenCost[];
  circleId: number;
  /** The average answer's body on the wire of an in-app visit's requests, in bytes. */
  bytesPerRequest: number;
  /** Whether the app sends the queries of one moment in one request (tRPC batching). */
  batchedQueries: boolean;
}

export interface SeededFamily {
  cookie: string;
  circleId: number;
}

async function rest(
  appUrl: string,
  cookie: string,
  route: string,
  body: unknown,
): Promise<unknown> {
  const response = await fetch(`${appUrl}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: appUrl, cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`bench: POST ${route} answered ${response.status}`);
  return response.json();
}

/** Ada and Bea in one family circle, a week of Ada's plans, a task each way. */
export async function seedFamily(appUrl: string): Promise<SeededFamily> {
  const run = Date.now();
  const adaEmail = `ada-${run}@example.com`;
  const beaEmail = `bea-${run}@example.com`;
  const ada = await signIn(appUrl, adaEmail);
  const bea = await signIn(appUrl, beaEmail);
  const me = async (cookie: string) =>
    (
      (await (await fetch(`${appUrl}/api/auth/user`, { headers: { cookie } })).json()) as {
        id: number;
      }
    ).id;
  const circle = (await rest(appUrl, ada, "/api/circles", { name: "Family", type: "family" })) as {
    id: number;
  };
  const invitation = (await rest(appUrl, ada, `/api/circles/${circle.id}/invitations`, {
    email: beaEmail,
  })) as { id: number };
  await rest(appUrl, bea, `/api/invitations/${invitation.id}/accept`, {});
  const [adaId, beaId] = [await me(ada), await me(bea)];
  const day = (offset: number, hour: number) => {
    const date = new Date(Date.now() + offset * 86_400_000);
    date.setUTCHours(hour, 0, 0, 0);
    return date.toISOString();
  };
  const plans = `/api/circles/${circle.id}/events`;
  for (let offset = 0; offset < 7; offset++) {
    await rest(appUrl, ada, plans, {
      title: `Dinner ${offset}`,
      startTime: day(offset, 18),
      reminderTimes: [],
    });
  }
  await rest(appUrl, ada, plans, {
    title: "Book the hall",
    type: "task",
    assignedTo: beaId,
    startTime: day(1, 15),
    reminderTimes: [],
  });
  await rest(appUrl, bea, plans, {
    title: "Pick up the cake",
    type: "task",
    assignedTo: adaId,
    startTime: day(2, 15),
    reminderTimes: [],
  });
  return { cookie: ada, circleId: circle.id };
}

/** The `/api` requests a page makes, with their tRPC query keys, and a wait for quiet. */
function watch(page: Page) {
  const requests: Request[] = [];
  let running = 0;
  let lastChange = Date.now();
  // The live channel's own requests count too (its socket is no request): `live.connect` is
  // part of a page load's cost, whether alone or in the screen's batch.
  const counts = (request: Request) => new URL(request.url()).pathname.startsWith("/api/");
  page.on("request", (request) => {
    if (!counts(request)) return;
    requests.push(request);
    running += 1;
    lastChange = Date.now();
  });
  const settled = (request: Request) => {
    if (!counts(request)) return;
    running -= 1;
    lastChange = Date.now();
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  return {
    /** Starts the quiet wait's clock now: for a navigation whose first request is yet to come. */
    restart(): void {
      lastChange = Date.now();
    },
    take(): Request[] {
      return requests.splice(0);
    },
    async quiet(): Promise<void> {
      // A bench, not a test: it waits for the page's own requests to stop, however long.
      while (running > 0 || Date.now() - lastChange < QUIET_MS) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/**
 * The react-query keys (`[[router, procedure], { input, type }]`) of the queries a tRPC GET
 * carries: one, or several when the client batched them (`a,b?batch=1&input={"0":…,"1":…}`).
 */
function queryKeys(request: Request): unknown[][] {
  if (request.method() !== "GET") return [];
  const url = new URL(request.url());
  const match = /^\/api\/trpc\/([\w.,]+)$/.exec(url.pathname);
  if (!match?.[1]) return [];
  const encoded = url.searchParams.get("input");
  const inputs = encoded ? (JSON.parse(encoded) as Record<string, { json?: unknown }>) : {};
  const batched = isBatched(request);
  return match[1].split(",").map((path, index) => {
    const input = (batched ? inputs[String(index)] : (inputs as { json?: unknown }))?.json;
    const known = input !== undefined && input !== null;
    return [path.split("."), { ...(known ? { input } : {}), type: "query" }];
  });
}

/** What a request asked, for the bench's listing: `GET trpc circles.list,plans.list`. */
export function requestName(request: Request): string {
  const path = new URL(request.url()).pathname;
  const trpc = /^\/api\/trpc\/([\w.,]+)$/.exec(path);
  return `${request.method()} ${trpc?.[1] ? `trpc ${trpc[1]}` : path}`;
}

/** The requests only live sync makes: asking how to reach the channel, alone. */
const channelOnly = (request: Request) =>
  /^\/api\/(live\/connect|trpc\/live\.connect)$/.test(new URL(request.url()).pathname);

const isBatched = (request: Request) => new URL(request.url()).searchParams.get("batch") === "1";

/** The page script of an in-app navigation (the bench's own types have no DOM). */
const navigateInApp = (path: string) => `history.pushState(null, "", ${JSON.stringify(path)})`;

const keysOf = (requests: Request[]) => requests.flatMap(queryKeys);

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

async function bodyBytes(requests: Request[]): Promise<number[]> {
  return Promise.all(requests.map(async (request) => (await request.sizes()).responseBodySize));
}

export async function measureScreens(appUrl: string, chromePath: string): Promise<MeasuredScreens> {
  const family = await seedFamily(appUrl);
  const [name, value] = family.cookie.split("=");
  const home = "/dashboard";
  const paths: Record<string, string> = {
    dashboard: home,
    calendar: "/calendar",
    actions: "/actions",
    circle: `/circle/${family.circleId}`,
  };
  const browser: Browser = await chromium.launch({
    executablePath: chromePath,
    args: ["--no-sandbox"],
  });
  const sizes: number[] = [];
  const coldBytes = new Map<string, number>();
  try {
    const newPage = async () => {
      const context = await browser.newContext({ serviceWorkers: "block" });
      await context.addCookies([{ name: name ?? "", value: value ?? "", url: appUrl }]);
      const page = await context.newPage();
      return { page, requests: watch(page) };
    };
    const cold = new Map<string, Request[]>();
    for (const [screen, path] of Object.entries(paths)) {
      const { page, requests } = await newPage();
      // A page load of the model's day is someone opening the app again: the browser has been
      // here before and remembers who signed in (web/src/lib/remembered-user.ts).
      await page.goto(`${appUrl}${home}`);
      await page.locator("main h1").first().waitFor();
      await requests.quiet();
      requests.take();
      await page.goto(`${appUrl}${path}`);
      // The screen's heading comes with its first requests running: quiet before it means
      // nothing had started yet (a busy machine parsing the app), not that nothing will.
      await page.locator("main h1").first().waitFor();
      await requests.quiet();
      if (new URL(page.url()).pathname !== path) {
        throw new Error(`bench: ${path} ended on ${page.url()} (not signed in?)`);
      }
      const made = requests.take();
      cold.set(screen, made);
      coldBytes.set(screen, sum(await bodyBytes(made)));
      await page.context().close();
    }
    const visits = new Map<string, Request[]>();
    const { page, requests } = await newPage();
    await page.goto(`${appUrl}${home}`);
    await page.locator("main h1").first().waitFor();
    await requests.quiet();
    requests.take();
    for (const [screen, path] of Object.entries(paths)) {
      if (screen === "dashboard") continue;
      // wouter follows history.pushState, as a link click does.
      requests.restart();
      await page.evaluate(navigateInApp(path));
      await page.locator("main h1").first().waitFor();
      await requests.quiet();
      const made = requests.take();
      visits.set(screen, made);
      sizes.push(...(await bodyBytes(made)));
      requests.restart();
      await page.evaluate(navigateInApp(home));
      await requests.quiet();
      requests.take();
    }
    await page.context().close();
    const screens = Object.keys(paths).map((screen) => {
      const loaded = cold.get(screen) ?? [];
      return {
        name: screen,
        coldRequests: loaded.length,
        coldChannelRequests: loaded.filter(channelOnly).length,
        coldBytes: coldBytes.get(screen) ?? 0,
        coldRequestNames: loaded.map(requestName),
        visitRequests: (visits.get(screen) ?? loaded).length,
        visitRequestNames: (visits.get(screen) ?? loaded).map(requestName),
        activeKeys: keysOf(loaded),
      };
    });
    const bytesPerRequest = sum(sizes) / Math.max(1, sizes.length);
    const batchedQueries = [...cold.values()].some((made) => made.some(isBatched));
    return { screens, circleId: family.circleId, bytesPerRequest, batchedQueries };
  } finally {
    await browser.close();
  }
}
