import { trpc } from "@/lib/trpc";

/**
 * The inbox's unread count (the bell's) and marking read. Each mark answers the new count,
 * which the bell takes at once; the entries shown are marked read in place, so nothing is
 * fetched again for a tap.
 */
export function useInboxReading(): {
  unread: number;
  markRead: ReturnType<typeof trpc.inbox.markRead.useMutation>;
  markAllRead: ReturnType<typeof trpc.inbox.markAllRead.useMutation>;
} {
  const utils = trpc.useUtils();
  const count = trpc.inbox.unreadCount.useQuery();
  const markShown = (read: (entry: { id: number }) => boolean, at: Date) =>
    utils.inbox.list.setInfiniteData({}, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              entries: page.entries.map((entry) =>
                entry.readAt === null && read(entry) ? { ...entry, readAt: at } : entry,
              ),
            })),
          }
        : data,
    );
  const markRead = trpc.inbox.markRead.useMutation({
    onSuccess: (answer, { id }) => {
      utils.inbox.unreadCount.setData(undefined, answer);
      markShown((entry) => entry.id === id, new Date());
    },
  });
  const markAllRead = trpc.inbox.markAllRead.useMutation({
    onSuccess: (answer) => {
      utils.inbox.unreadCount.setData(undefined, answer);
      markShown(() => true, new Date());
    },
  });
  return { unread: count.data?.unread ?? 0, markRead, markAllRead };
}
