/**
 * Downloading one's data (docs/decisions/014): the profile, the circles one belongs to, and the
 * plans and tasks one created or is assigned with the list of their attachments, in pages.
 * Every page holds at most `DATA_EXPORT_PAGE_SIZE` circles and plans together, so its answer
 * stays far below Lambda's 6 MB however large each plan is, and its read is a few indexed
 * statements; `nextPage` names where the next one starts. Starting an export is rate limited;
 * following its pages is not (each is as cheap as a list read).
 */
import type { Executor } from "@circleplan/db/client";
import { circleMembers, circles, users } from "@circleplan/db/schema";
import {
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_VERSION,
  type DataExportPage,
  type ExportCircle,
} from "@circleplan/shared/data-rights-outputs";
import type { DataExportInput, DataExportSection } from "@circleplan/shared/data-rights-schemas";
import { messages } from "@circleplan/shared/messages";
import { and, asc, eq, gt } from "drizzle-orm";
import { toPublicUser } from "../auth/public-user";
import { roleIn } from "../circles/circles";
import type { Call, SignedInCaller } from "../deps";
import type { RateRule } from "../env";
import { AppError } from "../errors";
import { followedPlanIdsOf } from "../notifications/follows";
import { exportPlansOf } from "../plans/account-plans";
import { consumeRateLimit } from "../rate-limit/rate-limit";

/**
 * Items (circles and plans together) one page holds. A plan at every field's ceiling is about
 * 50 KB of JSON (decision 014), so a page stays near 2.5 MB at worst and ~30 KB in practice.
 */
export const DATA_EXPORT_PAGE_SIZE = 50;

/** Exports one user may start an hour: a download is a person's occasional act. */
export const DATA_EXPORT_RATE_LIMIT: RateRule = { limit: 10, windowMs: 60 * 60 * 1000 };

interface PageStart {
  section: DataExportSection;
  afterId: number;
}

/** Where a page starts; the schema has checked the shape, this checks the number's range. */
function pageStart(page: string | undefined): PageStart {
  if (!page) return { section: "circles", afterId: 0 };
  const [section, id] = page.split(".") as [DataExportSection, string];
  const afterId = Number(id);
  // Ids are Postgres integers: a larger number names no page (and must not reach a query).
  if (!Number.isSafeInteger(afterId) || afterId > 2 ** 31 - 1) {
    throw new AppError("VALIDATION_FAILED", messages.dataExportPageInvalid, {
      issues: [{ path: "page", message: messages.dataExportPageInvalid }],
    });
  }
  return { section, afterId };
}

export async function exportData({
  deps,
  caller,
  input,
}: Call<DataExportInput, SignedInCaller>): Promise<DataExportPage> {
  const now = deps.clock.now();
  const start = pageStart(input?.page);
  const first = !input?.page;
  if (first) {
    await consumeRateLimit(deps.db, {
      key: `data-export:user:${caller.userId}`,
      rule: DATA_EXPORT_RATE_LIMIT,
      now,
    });
  }
  const { db } = deps;
  const userId = caller.userId;
  let room = DATA_EXPORT_PAGE_SIZE;
  let nextPage: string | null = null;

  let exportedCircles: ExportCircle[] = [];
  if (start.section === "circles") {
    // One more than there is room for tells whether another page follows.
    const rows = await exportCirclesOf(db, { userId, afterId: start.afterId, limit: room + 1 });
    exportedCircles = rows.slice(0, room);
    room -= exportedCircles.length;
    if (rows.length > exportedCircles.length) {
      nextPage = `circles.${exportedCircles.at(-1)?.id ?? start.afterId}`;
    }
  }
  const plansAfter = start.section === "plans" ? start.afterId : 0;
  const rows =
    nextPage === null && room > 0
      ? await exportPlansOf(db, { userId, afterId: plansAfter, limit: room + 1 })
      : [];
  const exportedPlans = rows.slice(0, room);
  if (nextPage === null && (room === 0 || rows.length > exportedPlans.length)) {
    nextPage = `plans.${exportedPlans.at(-1)?.id ?? plansAfter}`;
  }

  return {
    format: DATA_EXPORT_FORMAT,
    version: DATA_EXPORT_VERSION,
    exportedAt: now,
    profile: first ? await exportProfileOf(db, userId) : null,
    circles: exportedCircles,
    plans: exportedPlans,
    nextPage,
  };
}

async function exportProfileOf(db: Executor, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  return {
    ...toPublicUser(user),
    reminderPush: user.reminderPush,
    reminderEmail: user.reminderEmail,
    digestEmail: user.digestEmail,
    changePush: user.changePush,
    // At most PLAN_FOLLOWS_PER_USER_MAX: the first page holds them all.
    followedPlanIds: await followedPlanIdsOf(db, userId),
  };
}

/** The circles `userId` belongs to, by id after `afterId`, with their place in each. */
async function exportCirclesOf(
  db: Executor,
  options: { userId: number; afterId: number; limit: number },
): Promise<ExportCircle[]> {
  const { userId, afterId, limit } = options;
  const rows = await db
    .select({ circle: circles, membership: circleMembers })
    .from(circleMembers)
    .innerJoin(circles, eq(circles.id, circleMembers.circleId))
    .where(and(eq(circleMembers.userId, userId), gt(circles.id, afterId)))
    .orderBy(asc(circles.id))
    .limit(limit);
  return rows.map(({ circle, membership }) => ({
    id: circle.id,
    name: circle.name,
    description: circle.description,
    type: circle.type,
    color: circle.color,
    role: roleIn(circle, userId, membership.role),
    isCreator: circle.creatorId === userId,
    relationship: membership.relationship,
    memberColor: membership.color,
    notify: membership.notify,
    joinedAt: membership.createdAt,
  }));
}
