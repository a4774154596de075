/**
 * The member rules, called in-process: the list and its order, the list across one's circles,
 * promotion (no demotion), removal, and whom an admin may act on (never oneself, never the
 * creator). Who may call each procedure at all is in circle-access.integration.test.ts.
 */
import { circleMembers, plans, users } from "@circleplan/db/schema";
import {
  createCircle,
  createPlan,
  createUser,
  personalCircleOf,
} from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creatorAndMember } from "./testing/circle-callers";
import { refusal, signedInCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

async function membershipOf(circleId: number, userId: number) {
  const [row] = await harness()
    .db.db.select()
    .from(circleMembers)
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)));
  return row;
}

/** Sets when a member joined, so the order by join time does not hang on insert timing. */
async function joinedAt(circleId: number, userId: number, at: string) {
  await harness()
    .db.db.update(circleMembers)
    .set({ createdAt: new Date(at) })
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)));
}

describe("listing members", () => {
  it("lists the creator first, then admins, then members by the time they joined", async () => {
    const h = harness();
    const creator = await signedInCaller(h);
    const early = (await createUser(h.deps)).user;
    const late = (await createUser(h.deps)).user;
    const admin = (await createUser(h.deps)).user;
    const circle = await createCircle(h.deps, {
      creatorId: creator.user.id,
      members: [late.id, early.id],
      admins: [admin.id],
    });
    // The creator joined last of all: still first in the list.
    await joinedAt(circle.id, creator.user.id, "2026-03-01T00:00:00Z");
    await joinedAt(circle.id, admin.id, "2026-02-01T00:00:00Z");
    await joinedAt(circle.id, early.id, "2026-01-01T00:00:00Z");
    await joinedAt(circle.id, late.id, "2026-01-02T00:00:00Z");

    const list = await creator.trpc.circles.members({ id: circle.id });
    expect(list.map((m) => m.userId)).toEqual([creator.user.id, admin.id, early.id, late.id]);
    expect(list.map((m) => [m.role, m.isCreator])).toEqual([
      ["admin", true],
      ["admin", false],
      ["member", false],
      ["member", false],
    ]);
    const first = list[2];
    expect(first).toEqual({
      id: (await membershipOf(circle.id, early.id))?.id,
      userId: early.id,
      circleId: circle.id,
      role: "member",
      relationship: null,
      isCreator: false,
      joinedAt: new Date("2026-01-01T00:00:00Z"),
      user: {
        id: early.id,
        firstName: early.firstName,
        lastName: early.lastName,
        email: early.email,
        username: early.username,
        photoUrl: null,
      },
    });
  });

  it("shows the relationship a member joined with, and nothing private of theirs", async () => {
    const h = harness();
    const creator = await signedInCaller(h);
    const child = (await createUser(h.deps)).user;
    const circle = await createCircle(h.deps, { creatorId: creator.user.id, members: [child.id] });
    await h.db.db
      .update(circleMembers)
      .set({ relationship: "child" })
      .where(eq(circleMembers.userId, child.id));
    const list = await creator.trpc.circles.members({ id: circle.id });
    expect(list[1]?.relationship).toBe("child");
    const text = JSON.stringify(list);
    for (const secret of [child.passwordHash, child.phoneNumber, child.city, "photoKey"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("shows a member's photo as the thumbnail URL of the photo route, never its key", async () => {
    const h = harness();
    const creator = await signedInCaller(h);
    const pictured = (await createUser(h.deps)).user;
    const circle = await createCircle(h.deps, {
      creatorId: creator.user.id,
      members: [pictured.id],
    });
    const key = "users/0123456789abcdef0123456789abcdef";
    await h.db.db.update(users).set({ photoKey: key }).where(eq(users.id, pictured.id));
    const list = await creator.trpc.circles.members({ id: circle.id });
    expect(list[1]?.user.photoUrl).toBe(
      `/api/photos/users/${pictured.id}/0123456789abcdef0123456789abcdef?size=thumb`,
    );
    expect(list[0]?.user.photoUrl).toBeNull();
    expect(JSON.stringify(list)).not.toContain(key);
  });

  it("shows the creator as admin even when their membership row says member", async () => {
    const h = harness();
    const creator = await signedInCaller(h);
    const circle = await createCircle(h.deps, { creatorId: creator.user.id });
    await h.db.db
      .update(circleMembers)
      .set({ role: "member" })
      .where(eq(circleMembers.circleId, circle.id));
    const [only] = await creator.trpc.circles.members({ id: circle.id });
    expect(only).toMatchObject({ role: "admin", isCreator: true });
  });

  it("lists the members of every circle the caller is in, each row with its circle", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const friend = (await createUser(h.deps)).user;
    const stranger = (await createUser(h.deps)).user;
    const mine = await createCircle(h.deps, { creatorId: me.user.id, members: [friend.id] });
    const theirs = await createCircle(h.deps, { creatorId: friend.id, members: [me.user.id] });
    const notMine = await createCircle(h.deps, { creatorId: stranger.id, members: [friend.id] });
    const personal = await personalCircleOf(h.deps, me.user.id);

    const all = await me.trpc.circles.allMembers();
    const rows = all.map((m) => [m.circleId, m.userId]);
    // Circle by circle as the circle list orders them (personal first, then by age), and in
    // each circle its creator first.
    expect(rows).toEqual([
      [personal.id, me.user.id],
      [mine.id, me.user.id],
      [mine.id, friend.id],
      [theirs.id, friend.id],
      [theirs.id, me.user.id],
    ]);
    expect(all.map((m) => m.circleId)).not.toContain(notMine.id);
  });
});

describe("promoting", () => {
  async function circleWithMember() {
    const h = harness();
    const creator = await signedInCaller(h);
    const admin = await signedInCaller(h);
    const member = (await createUser(h.deps)).user;
    const circle = await createCircle(h.deps, {
      creatorId: creator.user.id,
      admins: [admin.user.id],
      members: [member.id],
    });
    return { creator, admin, member, circle };
  }

  it("makes a member an admin, and answers the member", async () => {
    const { admin, member, circle } = await circleWithMember();
    const promoted = await admin.trpc.circles.setMemberRole({
      id: circle.id,
      userId: member.id,
      role: "admin",
    });
    expect(promoted).toMatchObject({
      userId: member.id,
      circleId: circle.id,
      role: "admin",
      isCreator: false,
      user: { id: member.id, email: member.email },
    });
    expect((await membershipOf(circle.id, member.id))?.role).toBe("admin");
  });

  it("promotes by membership id as well", async () => {
    const { creator, member, circle } = await circleWithMember();
    const row = await membershipOf(circle.id, member.id);
    const promoted = await creator.trpc.circles.setMemberRoleById({
      memberId: row?.id as number,
      role: "admin",
    });
    expect(promoted).toMatchObject({ id: row?.id, role: "admin" });
  });

  it("refuses to make an admin a member again: there is no demotion", async () => {
    const { creator, admin, circle } = await circleWithMember();
    const res = await refusal(
      creator.trpc.circles.setMemberRole({ id: circle.id, userId: admin.user.id, role: "member" }),
    );
    expect(res).toEqual({
      status: 400,
      body: { message: messages.demotionNotSupported, code: "BAD_REQUEST" },
    });
    expect((await membershipOf(circle.id, admin.user.id))?.role).toBe("admin");
  });

  it("changes nothing when a member is made a member or an admin an admin", async () => {
    const { creator, admin, member, circle } = await circleWithMember();
    const same = await creator.trpc.circles.setMemberRole({
      id: circle.id,
      userId: member.id,
      role: "member",
    });
    expect(same).toMatchObject({ userId: member.id, role: "member" });
    const again = await creator.trpc.circles.setMemberRole({
      id: circle.id,
      userId: admin.user.id,
      role: "admin",
    });
    expect(again).toMatchObject({ userId: admin.user.id, role: "admin" });
    expect((await membershipOf(circle.id, member.id))?.role).toBe("member");
  });

  it("refuses acting on oneself, and on the creator, who is always an admin", async () => {
    const { creator, admin, circle } = await circleWithMember();
    const self = await refusal(
      admin.trpc.circles.setMemberRole({ id: circle.id, userId: admin.user.id, role: "admin" }),
    );
    expect(self).toEqual({
      status: 400,
      body: { message: messages.memberActOnSelf, code: "BAD_REQUEST" },
    });
    for (const role of ["member", "admin"] as const) {
      const res = await refusal(
        admin.trpc.circles.setMemberRole({ id: circle.id, userId: creator.user.id, role }),
      );
      expect(res).toEqual({
        status: 400,
        body: { message: messages.creatorAlwaysAdmin, code: "BAD_REQUEST" },
      });
    }
  });

  it("answers 404 for a user who is not in this circle, even one in another of the admin's", async () => {
    const h = harness();
    const { creator, circle } = await circleWithMember();
    const elsewhere = (await createUser(h.deps)).user;
    await createCircle(h.deps, { creatorId: creator.user.id, members: [elsewhere.id] });
    for (const userId of [elsewhere.id, 2_000_000_000]) {
      const res = await refusal(
        creator.trpc.circles.setMemberRole({ id: circle.id, userId, role: "admin" }),
      );
      expect(res).toEqual({
        status: 404,
        body: { message: messages.memberNotFound, code: "NOT_FOUND" },
      });
    }
    expect((await membershipOf(circle.id, elsewhere.id))?.role).toBeUndefined();
  });

  it("refuses a role that is neither admin nor member", async () => {
    const { creator, member, circle } = await circleWithMember();
    const res = await refusal(
      creator.trpc.circles.setMemberRole({
        id: circle.id,
        userId: member.id,
        role: "owner" as "admin",
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Role must be admin or member");
  });
});

describe("removing", () => {
  it("withdraws the removed member's tasks in that circle, and only there", async () => {
    const h = harness();
    const { creator, member, circle } = await creatorAndMember(h);
    const other = await createCircle(h.deps, {
      creatorId: creator.user.id,
      members: [member.user.id],
    });
    const here = await createPlan(h.deps, {
      circleId: circle.id,
      creatorId: creator.user.id,
      assignedTo: member.user.id,
    });
    const there = await createPlan(h.deps, {
      circleId: other.id,
      creatorId: creator.user.id,
      assignedTo: member.user.id,
    });
    expect((await member.trpc.tasks.pending()).map((t) => t.id).sort()).toEqual(
      [here.id, there.id].sort(),
    );
    await creator.trpc.circles.removeMember({ id: circle.id, userId: member.user.id });
    expect((await member.trpc.tasks.pending()).map((t) => t.id)).toEqual([there.id]);
    expect((await creator.trpc.tasks.pending()).map((t) => t.id)).toEqual([there.id]);
    const [row] = await h.db.db.select().from(plans).where(eq(plans.id, here.id));
    expect(row).toMatchObject({ assignedTo: null, cancelledAssignee: member.user.id });
  });

  it("removes a member and answers Member removed; the user keeps their account and other circles", async () => {
    const h = harness();
    const { creator, member, circle } = await creatorAndMember(h);
    const other = await createCircle(h.deps, {
      creatorId: creator.user.id,
      members: [member.user.id],
    });
    expect(
      await creator.trpc.circles.removeMember({ id: circle.id, userId: member.user.id }),
    ).toEqual({ message: messages.memberRemoved });
    expect(await membershipOf(circle.id, member.user.id)).toBeUndefined();
    expect(await membershipOf(other.id, member.user.id)).toBeDefined();
    const [account] = await h.db.db.select().from(users).where(eq(users.id, member.user.id));
    expect(account).toBeDefined();
    expect((await creator.trpc.circles.get({ id: circle.id })).memberCount).toBe(1);
  });

  it("lets an admin remove another admin, never themselves or the creator", async () => {
    const h = harness();
    const creator = await signedInCaller(h);
    const admin = await signedInCaller(h);
    const otherAdmin = (await createUser(h.deps)).user;
    const circle = await createCircle(h.deps, {
      creatorId: creator.user.id,
      admins: [admin.user.id, otherAdmin.id],
    });
    const self = await refusal(
      admin.trpc.circles.removeMember({ id: circle.id, userId: admin.user.id }),
    );
    expect(self).toEqual({
      status: 400,
      body: { message: messages.memberActOnSelf, code: "BAD_REQUEST" },
    });
    const theCreator = await refusal(
      admin.trpc.circles.removeMember({ id: circle.id, userId: creator.user.id }),
    );
    expect(theCreator).toEqual({
      status: 400,
      body: { message: messages.creatorNotRemovable, code: "BAD_REQUEST" },
    });
    const creatorRow = await membershipOf(circle.id, creator.user.id);
    const byId = await refusal(
      admin.trpc.circles.removeMemberById({ memberId: creatorRow?.id as number }),
    );
    expect(byId.body.message).toBe(messages.creatorNotRemovable);
    expect(await admin.trpc.circles.removeMember({ id: circle.id, userId: otherAdmin.id })).toEqual(
      { message: messages.memberRemoved },
    );
    expect((await creator.trpc.circles.members({ id: circle.id })).map((m) => m.userId)).toEqual([
      creator.user.id,
      admin.user.id,
    ]);
  });

  it("never removes a personal circle's one member", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const personal = await personalCircleOf(h.deps, me.user.id);
    const byUser = await refusal(
      me.trpc.circles.removeMember({ id: personal.id, userId: me.user.id }),
    );
    expect(byUser.status).toBe(400);
    const row = await membershipOf(personal.id, me.user.id);
    const byId = await refusal(me.trpc.circles.removeMemberById({ memberId: row?.id as number }));
    expect(byId.status).toBe(400);
    expect(await membershipOf(personal.id, me.user.id)).toBeDefined();
  });

  it("answers 404 for someone not in the circle, and removes nothing elsewhere", async () => {
    const h = harness();
    const creator = await signedInCaller(h);
    const elsewhere = (await createUser(h.deps)).user;
    const circle = await createCircle(h.deps, { creatorId: creator.user.id });
    const other = await createCircle(h.deps, {
      creatorId: creator.user.id,
      members: [elsewhere.id],
    });
    const res = await refusal(
      creator.trpc.circles.removeMember({ id: circle.id, userId: elsewhere.id }),
    );
    expect(res).toEqual({
      status: 404,
      body: { message: messages.memberNotFound, code: "NOT_FOUND" },
    });
    expect(await membershipOf(other.id, elsewhere.id)).toBeDefined();
  });
});
