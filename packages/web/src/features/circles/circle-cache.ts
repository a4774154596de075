import type { Circle } from "@circleplan/shared/circle-outputs";
import { useParams } from "wouter";
import { trpc } from "@/lib/trpc";

/** A route's `:id` as a circle id, or null when it cannot be one (the screen says not found). */
export function parseCircleId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export function useCircleIdParam(): number | null {
  return parseCircleId(useParams<{ id?: string }>().id);
}

/**
 * What each circle change makes stale. Queries never go stale by themselves (spec section 9),
 * so every mutation names the lists that show what it changed: the strip, the circle, its
 * members, its invitations.
 */
export function useCircleCache() {
  const utils = trpc.useUtils();
  return {
    /** A circle's own fields changed (name, colour, photo): put the answer in place at once. */
    async circleSaved(circle: Circle) {
      utils.circles.get.setData({ id: circle.id }, circle);
      await utils.circles.list.invalidate();
    },
    async circleCreated() {
      await utils.circles.list.invalidate();
    },
    async circleDeleted(id: number) {
      // Marked stale but not asked again now, while the screen that deleted it may still be
      // mounted (that would only answer 404); a later visit asks and shows "not found".
      const later = { refetchType: "none" } as const;
      await Promise.all([
        utils.circles.get.invalidate({ id }, later),
        utils.circles.members.invalidate({ id }, later),
        utils.invitations.listForCircle.invalidate({ id }, later),
        utils.circles.list.invalidate(),
        utils.circles.allMembers.invalidate(),
      ]);
    },
    /** Someone joined, left or changed role: the member count moves with the list. */
    async membersChanged(id: number) {
      await Promise.all([
        utils.circles.members.invalidate({ id }),
        utils.circles.allMembers.invalidate(),
        utils.circles.get.invalidate({ id }),
        utils.circles.list.invalidate(),
      ]);
    },
    async invitationsChanged(id: number) {
      await utils.invitations.listForCircle.invalidate({ id });
    },
  };
}
