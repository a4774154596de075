/**
 * One tab's live-sync channel (docs/decisions/018-live-sync.md, "The client"): asks
 * `live.connect` how to reach the channel, keeps one connection while the tab is visible (and a
 * while after it is hidden), reconnects with backoff and jitter, renews a connection before its
 * token expires, and while the channel is down and the tab visible asks `live.version` at most
 * every LIVE_VERSION_CHECK_MS. It fetches no data itself: it reports what arrived
 * (`onAnnouncement`) or that something may have been missed (`onMissed`); the caller decides
 * what to refetch. A hidden tab makes no request at all.
 */
import {
  LIVE_VERSION_CHECK_MS,
  type LiveAnnouncement,
  type LiveConnection,
  type LiveVersion,
} from "@circleplan/shared/live-protocol";

/** The first reconnect waits about this long; each failure doubles it, up to the maximum. */
export const LIVE_RECONNECT_BASE_MS = 1_000;
/**
 * The longest wait between reconnects. The version check keeps the screens within a minute of
 * the truth meanwhile, so a server that is down is not also asked to connect every few seconds.
 */
export const LIVE_RECONNECT_MAX_MS = 5 * 60_000;
/** A connection that stayed open this long was a good one: the next failure starts afresh. */
export const LIVE_STABLE_MS = 30_000;
/**
 * A hidden tab keeps its connection this long (a quick look at another app costs nothing on
 * return), then closes it; it reconnects and refetches what it shows when it is visible again.
 */
export const LIVE_HIDDEN_PAUSE_MS = 10 * 60_000;
/** A token-authorised connection is replaced this long before its token expires. */
export const LIVE_RENEW_BEFORE_MS = 60_000;

/** What a transport reports. Never synchronously from `openTransport` itself. */
export interface TransportEvents {
  open(): void;
  announcement(announcement: LiveAnnouncement): void;
  /** Closed without being asked to (server gone, network lost, token refused), or never opened. */
  closed(): void;
}

export interface LiveTransport {
  /** Closes it; no event follows. */
  close(): void;
}

export type ChannelConnection = Exclude<LiveConnection, { transport: "none" }>;
export type OpenTransport = (
  connection: ChannelConnection,
  events: TransportEvents,
) => LiveTransport;

/** The two requests the channel makes; they reject with `LiveRequestError` on a failed answer. */
export interface LiveRequests {
  connect(): Promise<LiveConnection>;
  version(): Promise<LiveVersion>;
}

export class LiveRequestError extends Error {
  /** The HTTP status, or null when no answer came back (offline, server down). */
  readonly status: number | null;
  constructor(status: number | null) {
    super(status === null ? "The live channel's server was not reached" : `Answered ${status}`);
    this.name = "LiveRequestError";
    this.status = status;
  }
}

export interface LiveChannelOptions {
  requests: LiveRequests;
  openTransport: OpenTransport;
  onAnnouncement(announcement: LiveAnnouncement): void;
  /** The channel was not open for a while: whatever the screens show may be out of date. */
  onMissed(): void;
  /** For the jitter; tests pin it. */
  random?: () => number;
}

export type LivePhase =
  /** Asking `live.connect`, or opening the connection it named. */
  | "connecting"
  | "open"
  /** Down: a reconnect is scheduled; version checks run meanwhile (after a second failure). */
  | "waiting"
  /** The server has no channel (`transport: "none"`): version checks only, no reconnects. */
  | "unavailable"
  /** Hidden long enough to close; reconnects when visible. */
  | "paused"
  | "stopped";

export interface LiveChannel {
  readonly phase: LivePhase;
  start(visible: boolean): void;
  setVisible(visible: boolean): void;
  /**
   * Connects anew and drops the old connection once the new one is open (no gap): the set of
   * circles changed, so the topics did. A hidden tab does it when it is visible again.
   */
  renew(): void;
  /** The browser is back online: reconnect now rather than at the backoff's next turn. */
  retryNow(): void;
  stop(): void;
}

/**
 * How long to wait before reconnect number `attempt` (1, 2, …): an exponential ceiling from
 * LIVE_RECONNECT_BASE_MS to LIVE_RECONNECT_MAX_MS, and a random point in its upper half, so tabs
 * that lost the server together do not all come back in the same instant, and none comes back
 * at once.
 */
export function reconnectDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(
    LIVE_RECONNECT_MAX_MS,
    LIVE_RECONNECT_BASE_MS * 2 ** Math.max(0, attempt - 1),
  );
  return ceiling / 2 + random() * (ceiling / 2);
}

const isSignedOut = (error: unknown) => error instanceof LiveRequestError && error.status === 401;

/** Whether a connection can be opened again as it is: a token needs time left to be renewed in. */
function stillValid(connection: ChannelConnection): boolean {
  if (connection.transport !== "mqtt") return true;
  return Date.parse(connection.expiresAt) - LIVE_RENEW_BEFORE_MS > Date.now();
}

type TimerName = "retry" | "check" | "pause" | "renew";
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createLiveChannel(options: LiveChannelOptions): LiveChannel {
  const { requests, openTransport, onAnnouncement, onMissed } = options;
  const random = options.random ?? Math.random;
  const timers = new Map<TimerName, ReturnType<typeof setTimeout>>();

  let phase: LivePhase = "stopped";
  let visible = true;
  let current: LiveTransport | null = null;
  /** A renewal's connection, until it opens and takes over from `current`. */
  let replacement: LiveTransport | null = null;
  /** Bumped by every `live.connect` asked and by stop(): a late answer to an older one is dropped. */
  let turn = 0;
  let attempt = 0;
  let openedAt = Number.NEGATIVE_INFINITY;
  /** The channel closed after being open: announcements may have been missed since. */
  let missed = false;
  /** The last `live.version` answer, while checks run (cleared once the channel is open). */
  let baseline: string | undefined;
  let lastCheckAt = Number.NEGATIVE_INFINITY;
  let renewWhenVisible = false;
  /**
   * The last connection that opened: reconnecting (after a pause or a drop) uses it again
   * without asking `live.connect`, while its token has time left. Forgotten when it fails to
   * open, so the next attempt asks afresh.
   */
  let known: ChannelConnection | null = null;

  function schedule(name: TimerName, ms: number, run: () => void): void {
    clear(name);
    timers.set(
      name,
      setTimeout(() => {
        timers.delete(name);
        run();
      }, ms),
    );
  }

  function clear(name: TimerName): void {
    const timer = timers.get(name);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(name);
  }

  function missedSomething(): void {
    missed = false;
    baseline = undefined;
    onMissed();
  }

  function connect(): void {
    clear("retry");
    phase = "connecting";
    const mine = ++turn;
    if (known && stillValid(known)) {
      current = attach(known);
      return;
    }
    requests.connect().then(
      (connection) => {
        if (mine !== turn) return;
        if (connection.transport === "none") {
          phase = "unavailable";
          scheduleCheck();
          return;
        }
        current = attach(connection);
      },
      (error: unknown) => {
        if (mine !== turn) return;
        if (isSignedOut(error)) stop();
        else waitToRetry();
      },
    );
  }

  /** Opens a transport whose events act only while it is the current (or replacing) one. */
  function attach(connection: ChannelConnection): LiveTransport {
    const transport: LiveTransport = openTransport(connection, {
      open() {
        if (transport === replacement) {
          const old = current;
          current = transport;
          replacement = null;
          old?.close();
          scheduleRenewal(connection);
        } else if (transport === current) {
          opened(connection);
        }
        known = connection;
      },
      announcement(announcement) {
        if (transport !== current || phase !== "open") return;
        onAnnouncement(announcement);
      },
      closed() {
        if (transport === replacement) replacement = null;
        else if (transport === current) lost();
      },
    });
    return transport;
  }

  function opened(connection: ChannelConnection): void {
    phase = "open";
    openedAt = Date.now();
    clear("check");
    scheduleRenewal(connection);
    if (!visible) schedule("pause", LIVE_HIDDEN_PAUSE_MS, pause);
    if (missed) missedSomething();
    // Checks ran while it was down: what changed between the last one and now. A hidden tab
    // does not ask; it refetches everything when looked at instead.
    else if (baseline !== undefined && visible) check();
    else if (baseline !== undefined) {
      baseline = undefined;
      missed = true;
    }
  }

  function lost(): void {
    current = null;
    if (phase === "open") {
      missed = true;
      if (Date.now() - openedAt >= LIVE_STABLE_MS) attempt = 0;
    } else {
      known = null;
    }
    closeReplacement();
    waitToRetry();
  }

  function waitToRetry(): void {
    phase = "waiting";
    clear("pause");
    clear("renew");
    attempt += 1;
    schedule("retry", reconnectDelay(attempt, random), () => {
      if (visible) connect();
      else phase = "paused";
    });
    scheduleCheck();
  }

  /**
   * While down and visible: the version check, at most every LIVE_VERSION_CHECK_MS. Not after the
   * first failure of a channel that was open: the reconnect a second later usually answers first.
   */
  function scheduleCheck(): void {
    clear("check");
    const down = phase === "unavailable" || (phase === "waiting" && attempt >= 2);
    if (!down || !visible) return;
    const wait = lastCheckAt + LIVE_VERSION_CHECK_MS - Date.now();
    if (wait > 0) schedule("check", wait, check);
    else check();
  }

  function check(): void {
    lastCheckAt = Date.now();
    const mine = turn;
    requests.version().then(
      ({ version }) => {
        if (phase === "stopped" || mine !== turn) return;
        const changed = missed || (baseline !== undefined && baseline !== version);
        baseline = phase === "open" ? undefined : version;
        if (changed) {
          missed = false;
          onMissed();
        }
        scheduleCheck();
      },
      (error: unknown) => {
        if (phase === "stopped" || mine !== turn) return;
        if (isSignedOut(error)) stop();
        else scheduleCheck();
      },
    );
  }

  function scheduleRenewal(connection: ChannelConnection): void {
    clear("renew");
    if (connection.transport !== "mqtt") return;
    const due = Date.parse(connection.expiresAt) - LIVE_RENEW_BEFORE_MS - Date.now();
    // A timer longer than 2^31 - 1 ms fires at once; a token for weeks needs no timer today.
    if (due < MAX_TIMER_MS) schedule("renew", Math.max(0, due), renew);
  }

  function renew(): void {
    if (phase !== "open") return;
    // A hidden tab asks nothing: it closes instead, and reconnects when it is looked at.
    if (!visible) {
      pause();
      return;
    }
    clear("renew");
    closeReplacement();
    const mine = ++turn;
    requests.connect().then(
      (connection) => {
        if (mine !== turn || phase !== "open") return;
        if (connection.transport === "none") return;
        replacement = attach(connection);
      },
      (error: unknown) => {
        if (mine !== turn) return;
        // The old connection stays; if its token runs out, it closes and reconnecting starts.
        if (isSignedOut(error)) stop();
      },
    );
  }

  function closeReplacement(): void {
    const pending = replacement;
    replacement = null;
    pending?.close();
  }

  /** Closes everything and cancels every timer and pending answer; the phase comes next. */
  function closeAll(): void {
    for (const name of [...timers.keys()]) clear(name);
    turn += 1;
    closeReplacement();
    const open = current;
    current = null;
    open?.close();
  }

  function pause(): void {
    if (phase === "open") missed = true;
    closeAll();
    phase = "paused";
  }

  function stop(): void {
    closeAll();
    phase = "stopped";
  }

  return {
    get phase() {
      return phase;
    },
    start(isVisible) {
      stop();
      visible = isVisible;
      attempt = 0;
      known = null;
      missed = false;
      baseline = undefined;
      lastCheckAt = Number.NEGATIVE_INFINITY;
      // Even in a hidden tab: the page is loading its data anyway, and the pause comes later.
      connect();
    },
    setVisible(isVisible) {
      if (phase === "stopped" || isVisible === visible) return;
      visible = isVisible;
      if (!visible) {
        clear("check");
        if (phase === "open") schedule("pause", LIVE_HIDDEN_PAUSE_MS, pause);
        return;
      }
      clear("pause");
      if (phase === "paused") {
        // What the screens show is refetched now; the connection follows.
        if (missed) missedSomething();
        renewWhenVisible = false;
        connect();
      } else if (phase === "open") {
        if (missed) missedSomething();
        if (renewWhenVisible) {
          renewWhenVisible = false;
          renew();
        }
      } else {
        scheduleCheck();
      }
    },
    renew() {
      if (phase !== "open") return;
      if (visible) renew();
      else renewWhenVisible = true;
    },
    retryNow() {
      if (phase === "waiting" && visible) connect();
    },
    stop,
  };
}
