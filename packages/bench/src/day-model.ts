/**
 * One active user's day of requests, before live sync (the spec's polling) and after it, from
 * what each screen was measured to ask (screen-requests.ts) and the app's own rules: which
 * queries an announcement refetches is the web app's live-invalidation.ts, the pause and the
 * version check are its live-channel.ts and the shared protocol's constants. Pure arithmetic;
 * the assumptions are named below and written out in docs/bench-notes.md.
 */
import { LIVE_TOKEN_TTL_MS } from "@circleplan/core/live/live-token";
import { TRPC_MAX_BATCH_SIZE } from "@circleplan/shared/limits";
import { LIVE_VERSION_CHECK_MS } from "@circleplan/shared/live-protocol";
import {
  LIVE_HIDDEN_PAUSE_MS,
  LIVE_RENEW_BEFORE_MS,
} from "@circleplan/web/features/live/live-channel";
import {
  afterCircleChange,
  afterUserChange,
  isLiveQuery,
} from "@circleplan/web/features/live/live-invalidation";
import { AWS_PRICES, DEPLOYMENT } from "./aws-prices";

/** What one screen costs, as measured in Chromium against the local server. */
export interface ScreenCost {
  name: string;
  /** Requests of a page load that opens on it: the session, the shell, the screen, the channel. */
  coldRequests: number;
  /** Of those, the ones only live sync makes (`live.connect` asked alone). */
  coldChannelRequests: number;
  /** The page load's answers on the wire, in bytes. */
  coldBytes: number;
  /** What each request of the page load asked, in order (the bench lists them). */
  coldRequestNames: readonly string[];
  /** Requests of an in-app visit to it from the first screen. */
  visitRequests: number;
  visitRequestNames: readonly string[];
  /** The tRPC query keys it keeps active (shell included): what a refetch can touch. */
  activeKeys: readonly (readonly unknown[])[];
}

/**
 * The web app's polls before issue 20, from the spec: pending tasks every 5 s in the Action
 * Center and every 30 s elsewhere (plans spec, section 9), pending invitations every 30 s
 * (accounts spec, section 9; on the Action Center and the invitations screen), and the reminder
 * plans every 60 s, hidden tabs included (the app's own `REMINDER_PLANS_REFRESH_MS`).
 */
export const OLD_POLL_MS = {
  actionCenterTasks: 5_000,
  badgeTasks: 30_000,
  invitations: 30_000,
  reminderPlans: 60_000,
} as const;

export interface DayAssumptions {
  /** Members of a family, every one of them a user like this one. */
  familySize: number;
  /** Times a day the app is opened or returned to. */
  sessions: number;
  /** Of those, page loads (a phone's app the system closed); the rest return to a hidden tab. */
  coldStarts: number;
  minutesPerSession: number;
  /** Where every session starts. */
  firstScreen: string;
  /** The screens visited in-app after it, two a session, in turn. */
  visitRotation: readonly string[];
  visitsPerSession: number;
  /** Hours a day a tab stays open but hidden (a desktop browser), where the old reminder poll ran. */
  hiddenTabHours: number;
  /** The part of the day the family's changes are spread over. */
  awakeHours: number;
  /** Plans and tasks each member creates, moves, answers or deletes a day. */
  changesPerMember: number;
  /** Announcements about the user's own things a day (an invitation, their inbox). */
  userAnnouncements: number;
  /** The share of visible time the channel is down (the version check then runs). */
  channelDownShare: number;
  /**
   * The share of the user's own changes whose announcement comes back after the change's answer,
   * and is refetched again; the rest arrive first and are skipped (use-live-sync.ts), but for
   * what the change's own refetch did not cover. The server publishes before it answers
   * (api/src/trpc.ts; live-socket.integration.test.ts checks the order on the local channel).
   */
  echoAfterAnswerShare: number;
  /** The circle every change happens in. */
  circleId: number;
  /** Billed time of one API request on Lambda, and of one authorizer call. */
  apiMs: number;
  authorizerMs: number;
  authorizerMemoryGb: number;
  /** What the API function spends publishing one announcement to IoT Core. */
  publishMs: number;
  /**
   * The average in-app answer's size on the wire (the visits', measured); a page load's bytes are
   * measured whole (`ScreenCost.coldBytes`): batched, its few requests carry much more each.
   */
  bytesPerRequest: number;
  /**
   * Whether the queries a refetch asks for in one moment go in one request (measured: the app's
   * tRPC client batches queries, up to the server's TRPC_MAX_BATCH_SIZE a request).
   */
  batchedQueries: boolean;
}

export const DEFAULT_DAY: Omit<DayAssumptions, "circleId" | "bytesPerRequest" | "batchedQueries"> =
  {
    familySize: 3,
    sessions: 6,
    coldStarts: 3,
    minutesPerSession: 5,
    firstScreen: "dashboard",
    visitRotation: ["calendar", "actions", "circle"],
    visitsPerSession: 2,
    hiddenTabHours: 6,
    awakeHours: 14,
    changesPerMember: 5,
    userAnnouncements: 2,
    channelDownShare: 0,
    echoAfterAnswerShare: 0,
    apiMs: 50,
    authorizerMs: 20,
    authorizerMemoryGb: 0.125,
    publishMs: 20,
  };

/** One line of the day: requests before and after live sync, and how it was counted. */
export interface DayLine {
  label: string;
  old: number;
  live: number;
  how: string;
}

export interface Day {
  lines: DayLine[];
  old: number;
  live: number;
  /** Answers on the wire a day, in bytes: page loads as measured, the rest at `bytesPerRequest`. */
  bytes: { old: number; live: number };
  /** The channel's own use of AWS IoT Core, for the live day only. */
  iot: { connectionMinutes: number; messages: number; authorizerCalls: number };
}

const countWhere = (
  keys: readonly (readonly unknown[])[],
  test: (key: readonly unknown[]) => boolean,
) => keys.filter(test).length;

/** What a change in the family's circle refetches on this screen. */
export const circleRefetches = (screen: ScreenCost, circleId: number) =>
  countWhere(screen.activeKeys, (key) => afterCircleChange(circleId, key, undefined) === "refetch");
/** Whether the app's own plan or task change refetches it (plan-cache.ts: every plans and tasks query). */
const ownChangeRefetchesKey = (key: readonly unknown[]) =>
  Array.isArray(key[0]) && ["plans", "tasks"].includes(String(key[0][0]));
/** What the app's own plan or task change refetches. */
export const ownChangeRefetches = (screen: ScreenCost) =>
  countWhere(screen.activeKeys, ownChangeRefetchesKey);
/**
 * What the announcement of the app's own change refetches although it arrived before the
 * change's answer: what a circle's change refetches beyond the plans and tasks the change did.
 */
export const echoRefetches = (screen: ScreenCost, circleId: number) =>
  countWhere(
    screen.activeKeys,
    (key) =>
      afterCircleChange(circleId, key, undefined) === "refetch" && !ownChangeRefetchesKey(key),
  );
/** What a catch-up after a pause refetches. */
export const catchUpRefetches = (screen: ScreenCost) => countWhere(screen.activeKeys, isLiveQuery);
const userRefetches = (screen: ScreenCost) =>
  countWhere(screen.activeKeys, (key) => afterUserChange(key) === "refetch");

/** The requests that refetching `queries` at once takes: one a batch, or one each. */
export const refetchRequests = (queries: number, batched: boolean) =>
  batched ? Math.ceil(queries / TRPC_MAX_BATCH_SIZE) : queries;

/** Polls a minute on this screen before live sync. */
export function oldPollsPerMinute(screen: string): number {
  const perMinute = (ms: number) => 60_000 / ms;
  const tasks = screen === "actions" ? OLD_POLL_MS.actionCenterTasks : OLD_POLL_MS.badgeTasks;
  const invitations = screen === "actions" || screen === "invitations";
  return (
    perMinute(tasks) +
    (invitations ? perMinute(OLD_POLL_MS.invitations) : 0) +
    perMinute(OLD_POLL_MS.reminderPlans)
  );
}

export function modelDay(screens: readonly ScreenCost[], day: DayAssumptions): Day {
  const screen = (name: string) => {
    const found = screens.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`day model: no measured screen "${name}"`);
    return found;
  };
  const first = screen(day.firstScreen);
  const visits = Array.from({ length: day.sessions * day.visitsPerSession }, (_, index) =>
    screen(day.visitRotation[index % day.visitRotation.length] ?? day.firstScreen),
  );
  const returns = day.sessions - day.coldStarts;
  const screensPerSession = 1 + day.visitsPerSession;
  const minutesPerScreen = day.minutesPerSession / screensPerSession;
  const visibleMinutes = day.sessions * day.minutesPerSession;
  const visibleShare = visibleMinutes / (day.awakeHours * 60);
  /** Time-weighted over the screens a day shows: where an announcement or a change finds the user. */
  const shown = [...Array.from({ length: day.sessions }, () => first), ...visits];
  const average = (cost: (s: ScreenCost) => number) =>
    shown.reduce((sum, s) => sum + cost(s), 0) / shown.length;
  /** The requests of refetching, at once, the queries `count` picks on a screen. */
  const wave = (count: (s: ScreenCost) => number) => (s: ScreenCost) =>
    refetchRequests(count(s), day.batchedQueries);
  const changeWave = wave((s) => circleRefetches(s, day.circleId));

  const othersChanges = (day.familySize - 1) * day.changesPerMember;
  const ownChanges = day.changesPerMember;
  const oldPolls = shown.reduce((sum, s) => sum + oldPollsPerMinute(s.name) * minutesPerScreen, 0);
  const hiddenReminderPolls = (day.hiddenTabHours * 60 * 60_000) / OLD_POLL_MS.reminderPlans;
  const checksPerMinute = 60_000 / LIVE_VERSION_CHECK_MS;
  // A return reconnects with the token the tab already holds (live-channel.ts) while it has
  // time left; a token shorter than the waking day is asked for again on a return.
  const tokenOutlivesDay = LIVE_TOKEN_TTL_MS - LIVE_RENEW_BEFORE_MS >= day.awakeHours * 60 * 60_000;
  const returnConnects = tokenOutlivesDay ? 0 : 1;
  const tokenHours = LIVE_TOKEN_TTL_MS / 3_600_000;

  const lines: DayLine[] = [
    {
      label: "page loads",
      old: day.coldStarts * (first.coldRequests - first.coldChannelRequests),
      live: day.coldStarts * first.coldRequests,
      how: `${day.coldStarts} × ${first.name} measured (${first.coldRequests}, ${first.coldChannelRequests} of them live.connect alone)`,
    },
    {
      label: "returns to a hidden tab",
      old: 0,
      live: returns * (wave(catchUpRefetches)(first) + returnConnects),
      how: `${returns} × (${first.name}'s ${catchUpRefetches(first)} live queries refetched in ${wave(catchUpRefetches)(first)}, + ${returnConnects} live.connect: a ${tokenHours} h token ${tokenOutlivesDay ? "outlives" : "does not outlive"} the day), hidden longer than the pause`,
    },
    {
      label: "screens visited in-app",
      old: visits.reduce((sum, s) => sum + s.visitRequests, 0),
      live: visits.reduce((sum, s) => sum + s.visitRequests, 0),
      how: `${visits.length} visits (${day.visitRotation.join(", ")} in turn), measured`,
    },
    {
      label: "own changes",
      old: ownChanges * (1 + average(wave(ownChangeRefetches))),
      live:
        ownChanges *
        (1 +
          average(wave(ownChangeRefetches)) +
          day.echoAfterAnswerShare * average(changeWave) +
          (1 - day.echoAfterAnswerShare) * average(wave((s) => echoRefetches(s, day.circleId)))),
      how: `${ownChanges} × (the change + its plans/tasks refetch); live: + ${day.echoAfterAnswerShare * 100}% of its announcements refetched again, the rest for what the change did not refetch`,
    },
    {
      label: "others' changes seen",
      old: 0,
      live: othersChanges * visibleShare * average(changeWave),
      how: `${othersChanges} × ${(visibleShare * 100).toFixed(1)}% arriving while visible × refetch; the rest wait for the return`,
    },
    {
      label: "own announcements",
      old: 0,
      live: day.userAnnouncements * visibleShare * average(wave(userRefetches)),
      how: `${day.userAnnouncements} × visible share × circle list, invitations, feed`,
    },
    {
      label: "polls, visible",
      old: oldPolls,
      live: 0,
      how: "badge 30 s (Action Center 5 s), invitations 30 s, reminder plans 60 s",
    },
    {
      label: "polls, hidden tab",
      old: hiddenReminderPolls,
      live: 0,
      how: `reminder plans every 60 s for ${day.hiddenTabHours} h`,
    },
    {
      label: "version checks",
      old: 0,
      live: day.channelDownShare * visibleMinutes * checksPerMinute,
      how: `${(day.channelDownShare * 100).toFixed(0)}% of ${visibleMinutes} visible minutes down × 1 a minute`,
    },
  ];

  const connections = day.sessions;
  const connectionMinutes = day.sessions * (day.minutesPerSession + LIVE_HIDDEN_PAUSE_MS / 60_000);
  const connectedShare = Math.min(1, connectionMinutes / (day.awakeHours * 60));
  const messages =
    // CONNECT and SUBSCRIBE each time
    connections * 2 +
    // the announcements delivered to this user's connection
    (day.familySize * day.changesPerMember + day.userAnnouncements) * connectedShare +
    // the announcements published for this user's changes, one to each member (publishing is
    // per user: announcements.ts), and for their own things
    day.changesPerMember * day.familySize +
    day.userAnnouncements;
  const old = lines.reduce((sum, line) => sum + line.old, 0);
  const live = lines.reduce((sum, line) => sum + line.live, 0);
  const [pageLoads] = lines;
  const bytesOf = (total: number, loads: number) =>
    day.coldStarts * first.coldBytes + (total - loads) * day.bytesPerRequest;
  return {
    lines,
    old,
    live,
    bytes: { old: bytesOf(old, pageLoads?.old ?? 0), live: bytesOf(live, pageLoads?.live ?? 0) },
    iot: {
      connectionMinutes,
      messages,
      // The authorizer asks IoT to call again when the token ends (iot-authorizer.ts), past
      // every connection's end here; each CONNECT calls it once.
      authorizerCalls:
        connections *
        (1 + Math.floor(connectionMinutes / connections / Math.min(24 * 60, tokenHours * 60))),
    },
  };
}

/** One month's cost of one family, by AWS line, for a day of `requests` per member. */
export interface MonthCost {
  lambdaRequests: number;
  lambdaDuration: number;
  cloudFrontRequests: number;
  cloudFrontFunctions: number;
  cloudFrontTransfer: number;
  iotConnectivity: number;
  iotMessaging: number;
  authorizer: number;
  total: number;
}

export const DAYS_PER_MONTH = 30.4;

export function monthCost(
  requestsPerDay: number,
  bytesPerDay: number,
  iot: Day["iot"] | null,
  day: DayAssumptions,
): MonthCost {
  const p = AWS_PRICES;
  const gbSecond = p.lambdaPerGbSecond[DEPLOYMENT.architecture];
  const members = day.familySize * DAYS_PER_MONTH;
  const requests = requestsPerDay * members;
  const publishes = iot ? day.changesPerMember * members : 0;
  const apiGbSeconds =
    ((requests * day.apiMs + publishes * day.publishMs) / 1000) * DEPLOYMENT.apiMemoryGb;
  const authorizerCalls = iot ? iot.authorizerCalls * members : 0;
  const cost: Omit<MonthCost, "total"> = {
    lambdaRequests: requests * p.lambdaPerRequest,
    lambdaDuration: apiGbSeconds * gbSecond,
    cloudFrontRequests: requests * p.cloudFrontPerRequest,
    cloudFrontFunctions:
      requests * DEPLOYMENT.cloudFrontFunctionsPerRequest * p.cloudFrontFunctionPerInvocation,
    cloudFrontTransfer: ((bytesPerDay * members) / 1e9) * p.cloudFrontPerGb,
    iotConnectivity: iot ? iot.connectionMinutes * members * p.iotPerConnectionMinute : 0,
    iotMessaging: iot ? iot.messages * members * p.iotPerMessage : 0,
    authorizer:
      authorizerCalls * p.lambdaPerRequest +
      ((authorizerCalls * day.authorizerMs) / 1000) * day.authorizerMemoryGb * gbSecond,
  };
  return { ...cost, total: Object.values(cost).reduce((sum, value) => sum + value, 0) };
}
