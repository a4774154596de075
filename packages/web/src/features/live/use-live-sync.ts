/**
 * Keeps every open screen current without polling (issue 20; decision 018, "The client"):
 * mounted once in the signed-in shell, it runs the tab's live channel and turns what arrives
 * into react-query invalidations. Invalidating refetches only the queries a screen shows, so
 * each screen refetches only what it shows; a hidden tab marks them and asks nothing until it
 * is looked at again. The one handler of the tab becoming visible lives here (react-query's
 * refetchOnWindowFocus stays off).
 */
import type { LiveAnnouncement } from "@circleplan/shared/live-protocol";
import { type Query, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { trpc } from "@/lib/trpc";
import { createLiveChannel, type LiveChannel, type LiveChannelOptions } from "./live-channel";
import { isCircleList, isLiveQuery, type Staleness, stalenessAfter } from "./live-invalidation";
import { type LiveConnectClient, liveRequests } from "./live-requests";
import { openTransport } from "./open-transport";

/**
 * Announcements arriving this close together are applied as one: a change sends its circle's
 * and its people's own, and the same query is then refetched once, not twice. The wait also
 * lets this tab's own change be refetched first by its mutation (see `coveredSince`).
 */
export const LIVE_BATCH_MS = 250;

export type CreateChannel = (
  handlers: Pick<LiveChannelOptions, "onAnnouncement" | "onMissed">,
) => LiveChannel;

/** The tab's real channel: its `live.connect` through the app's tRPC client (live-requests.ts). */
const channelThrough =
  (client: LiveConnectClient): CreateChannel =>
  (handlers) =>
    createLiveChannel({ ...handlers, requests: liveRequests(client), openTransport });

const tabVisible = () => document.visibilityState !== "hidden";

function invalidate(
  queryClient: QueryClient,
  verdict: (query: Query) => Staleness,
  visible: boolean,
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({
      predicate: (query) => verdict(query) === "refetch",
      refetchType: visible ? "active" : "none",
    }),
    queryClient.invalidateQueries({
      predicate: (query) => verdict(query) === "mark",
      refetchType: "none",
    }),
  ]);
}

/** Everything live sync covers: refetched if shown (visible), else marked for the next look. */
function catchUp(queryClient: QueryClient): Promise<unknown> {
  return invalidate(
    queryClient,
    (query) => (isLiveQuery(query.queryKey) ? "refetch" : "keep"),
    tabVisible(),
  );
}

/** The ids of the circles the caller's circle list holds, in one comparable string. */
function circleIds(queryClient: QueryClient): string | null {
  const list = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => isCircleList(query.queryKey) })[0];
  const data = list?.state.data;
  if (!Array.isArray(data)) return null;
  return data
    .map((circle: { id: number }) => circle.id)
    .sort((a, b) => a - b)
    .join(",");
}

export function useLiveSync({ create: injected }: { create?: CreateChannel } = {}): void {
  const queryClient = useQueryClient();
  const { client } = trpc.useUtils();
  useEffect(() => {
    const create = injected ?? channelThrough(client);
    let pending: LiveAnnouncement[] = [];
    let batch: ReturnType<typeof setTimeout> | undefined;
    /**
     * The order of events in this tab: each announcement's arrival and each query's latest fetch
     * get the next number. A change is committed before it is announced, so a fetch begun after
     * its announcement arrived already holds it: the query need not be asked again. That is how
     * this tab's own change, refetched by its mutation, is not refetched a second time when its
     * announcement comes back (if the announcement came first), and never skips anyone else's.
     */
    let sequence = 0;
    let lastArrival = 0;
    const fetchedAt = new WeakMap<Query, number>();
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "fetch") {
        fetchedAt.set(event.query, ++sequence);
      }
    });
    const coveredSince = (query: Query, arrived: number) => {
      const fetched = fetchedAt.get(query) ?? 0;
      if (fetched < arrived) return false;
      const { fetchStatus, status, dataUpdatedAt } = query.state;
      // Still running, or done without failing (a failed one shows its error and Try again).
      return fetchStatus === "fetching" || (status === "success" && dataUpdatedAt > 0);
    };

    async function apply(announcements: LiveAnnouncement[], arrived: number): Promise<void> {
      const visible = tabVisible();
      const user = announcements.some((announcement) => announcement.kind === "user");
      const before = user ? circleIds(queryClient) : null;
      await invalidate(
        queryClient,
        (query) => {
          const verdict = stalenessAfter(announcements, query.queryKey, query.state.data);
          return verdict === "refetch" && visible && coveredSince(query, arrived)
            ? "keep"
            : verdict;
        },
        visible,
      );
      if (!user) return;
      // A circle joined or left changes every list across circles and the channel's topics. A
      // hidden tab cannot tell without asking: it marks everything and renews when looked at.
      if (!visible || circleIds(queryClient) !== before) {
        await catchUp(queryClient);
        channel.renew();
      }
    }

    const channel = create({
      onAnnouncement(announcement) {
        pending.push(announcement);
        // The batch's latest arrival: a fetch begun after it holds every change of the batch.
        lastArrival = ++sequence;
        batch ??= setTimeout(() => {
          batch = undefined;
          const announcements = pending;
          pending = [];
          void apply(announcements, lastArrival);
        }, LIVE_BATCH_MS);
      },
      onMissed() {
        void catchUp(queryClient);
      },
    });

    const onVisibility = () => {
      const visible = tabVisible();
      // First the channel: back from a pause, it has everything refetched (onMissed).
      channel.setVisible(visible);
      if (!visible) return;
      // Then what announcements marked while hidden; a refetch already running is reused.
      void queryClient.refetchQueries(
        { type: "active", predicate: (query) => query.state.isInvalidated },
        { cancelRefetch: false },
      );
    };
    const onOnline = () => channel.retryNow();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("online", onOnline);
    channel.start(tabVisible());
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("online", onOnline);
      clearTimeout(batch);
      unsubscribe();
      channel.stop();
    };
  }, [injected, client, queryClient]);
}
