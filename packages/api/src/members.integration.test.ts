/**
 * The member rules, called in-process: the list and its order, the list across one's circles,
 * promotion and demotion, removal, leaving, members' colours, and whom an admin may act on
 * (never oneself, never the creator). Who may call each procedure at all is in
 * circle-access.integration.test.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { checkMember } from "@circleplan/core/circles/access";
import { leaveCircle } from "@circleplan/core/circles/members";
import type { SignedInCaller } from "@circleplan/core/deps";
import { migrationsFolder } from "@circleplan/db/client";
import { circleMembers, circles, plans, users } from "@circleplan/db/schema";
import {
  createCircle,
  createInvitation,
  createPlan,
  createUser,
  personalCircleOf,
} from "@circleplan/db/testing/factories";
import { MEMBER_COLORS } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, eq, sql } from "drizzle-orm";
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

/** A member with a task in each of two circles the creator made: `here` in `circle`, `there` in `other`. */
async function taskedInTwoCircles() {
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
  return { h, creator, member, circle, other, here, there };
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
      // The fourth to join (creator, admin, late, early): the palette's fourth colour.
      color: MEMBER_COLORS[3].value,
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

describe("demoting", () => {
  async function circleWithAdmins() {
    const h = harness();
    const creator = await signedInCaller(h);
    const admin = await signedInCaller(h);
    const otherAdmin = (await createUser(h.deps)).user;
    const member = (await createUser(h.deps)).user;
    const circle = await createCircle(h.deps, {
      creatorId: creator.user.id,
      admins: [admin.user.id, otherAdmin.id],
      members: [member.id],
    });
    return { creator, admin, otherAdmin, member, circle };
  }

  it("lets the creator make an admin a member again, who then loses the admin's rights", async () => {
    const { creator, admin, member, circle } = await circleWithAdmins();
    const demoted = await creator.trpc.circles.setMemberRole({
      id: circle.id,
      userId: admin.user.id,
      role: "member",
    });
    expect(demoted).toMatchObject({ userId: admin.user.id, role: "member", isCreator: false });
    expect((await membershipOf(circle.id, admin.user.id))?.role).toBe("member");
    const refused = await refusal(
      admin.trpc.circles.removeMember({ id: circle.id, userId: member.id }),
    );
    expect(refused.body).toEqual({ message: messages.circleAdminOnly, code: "FORBIDDEN" });
  });

  it("stops an admin demoting another admin: only the creator demotes", async () => {
    const { admin, otherAdmin, circle } = await circleWithAdmins();
    const res = await refusal(
      admin.trpc.circles.setMemberRole({ id: circle.id, userId: otherAdmin.id, role: "member" }),
    );
    expect(res).toEqual({
      status: 403,
      body: { message: messages.demotionCreatorOnly, code: "FORBIDDEN" },
    });
    expect((await membershipOf(circle.id, otherAdmin.id))?.role).toBe("admin");
  });

  it("stops an admin demoting the creator, and the creator demoting themselves: the circle keeps an admin", async () => {
    const { creator, admin, circle } = await circleWithAdmins();
    const ofCreator = await refusal(
      admin.trpc.circles.setMemberRole({ id: circle.id, userId: creator.user.id, role: "member" }),
    );
    expect(ofCreator.body).toEqual({ message: messages.creatorAlwaysAdmin, code: "BAD_REQUEST" });
    const ofSelf = await refusal(
      creator.trpc.circles.setMemberRole({
        id: circle.id,
        userId: creator.user.id,
        role: "member",
      }),
    );
    expect(ofSelf.body).toEqual({ message: messages.memberActOnSelf, code: "BAD_REQUEST" });
    const ofSelfById = await refusal(
      admin.trpc.circles.setMemberRoleById({
        memberId: (await membershipOf(circle.id, admin.user.id))?.id as number,
        role: "member",
      }),
    );
    expect(ofSelfById.body).toEqual({ message: messages.memberActOnSelf, code: "BAD_REQUEST" });
    const admins = (await creator.trpc.circles.members({ id: circle.id })).filter(
      (m) => m.role === "admin",
    );
    expect(admins.map((m) => m.userId)).toContain(creator.user.id);
    expect(admins).toHaveLength(3);
  });

  it("demotes by membership id as well, and a demoted member can be promoted again", async () => {
    const { creator, otherAdmin, circle } = await circleWithAdmins();
    const row = await membershipOf(circle.id, otherAdmin.id);
    const demoted = await creator.trpc.circles.setMemberRoleById({
      memberId: row?.id as number,
      role: "member",
    });
    expect(demoted).toMatchObject({ id: row?.id, role: "member" });
    const again = await creator.trpc.circles.setMemberRole({
      id: circle.id,
      userId: otherAdmin.id,
      role: "admin",
    });
    expect(again.role).toBe("admin");
  });
});

describe("removing", () => {
  it("withdraws the removed member's tasks in that circle, and only there", async () => {
    const { h, creator, member, circle, here, there } = await taskedInTwoCircles();
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

describe("leaving", () => {
  it("withdraws the leaver's tasks in that circle, and only there, as a removal does", async () => {
    const { h, creator, member, circle, other, here, there } = await taskedInTwoCircles();
    expect(await member.trpc.circles.leave({ id: circle.id })).toEqual({
      message: messages.circleLeft,
    });
    expect(await membershipOf(circle.id, member.user.id)).toBeUndefined();
    expect(await membershipOf(other.id, member.user.id)).toBeDefined();
    expect((await member.trpc.tasks.pending()).map((t) => t.id)).toEqual([there.id]);
    const [row] = await h.db.db.select().from(plans).where(eq(plans.id, here.id));
    expect(row).toMatchObject({ assignedTo: null, cancelledAssignee: member.user.id });
    expect((await creator.trpc.circles.get({ id: circle.id })).memberCount).toBe(1);
  });

  it("never lets anyone leave their personal circle", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const personal = await personalCircleOf(h.deps, me.user.id);
    expect(await refusal(me.trpc.circles.leave({ id: personal.id }))).toEqual({
      status: 400,
      body: { message: messages.leavePersonal, code: "BAD_REQUEST" },
    });
    expect(await membershipOf(personal.id, me.user.id)).toBeDefined();
  });

  it("refuses a member who became the creator after the request was checked (a creator's account deleted meanwhile)", async () => {
    const h = harness();
    const { creator, member, circle } = await creatorAndMember(h);
    // The request's access is read first; then the creator's account is deleted and the
    // circle handed to this member (succession.ts) before their leaving is written.
    const checked = await checkMember(h.deps.db, signedInAs(member.user.id), {
      circleId: circle.id,
    });
    await h.db.db
      .update(circles)
      .set({ creatorId: member.user.id })
      .where(eq(circles.id, circle.id));
    await h.db.db
      .delete(circleMembers)
      .where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, creator.user.id)));
    const res = await refusal(leaveCircle({ deps: h.deps, caller: checked, input: undefined }));
    expect(res).toEqual({
      status: 400,
      body: { message: messages.leaveCreator, code: "BAD_REQUEST" },
    });
    expect(await membershipOf(circle.id, member.user.id)).toBeDefined();
  });

  it("lets someone who left come back by a new invitation, with a colour of their own", async () => {
    const h = harness();
    const { creator, member, circle } = await creatorAndMember(h);
    await member.trpc.circles.leave({ id: circle.id });
    const { invitation } = await createInvitation(h.deps, {
      circleId: circle.id,
      email: member.user.email,
      inviterId: creator.user.id,
    });
    await member.trpc.invitations.accept({ id: invitation.id });
    const back = await member.trpc.circles.members({ id: circle.id });
    expect(back.map((m) => [m.userId, m.role, m.color])).toEqual([
      [creator.user.id, "admin", MEMBER_COLORS[0].value],
      [member.user.id, "member", MEMBER_COLORS[1].value],
    ]);
  });
});

describe("members' colours", () => {
  it("gives a circle's creator the first colour and each invitee the next free one", async () => {
    const h = harness();
    const creator = await signedInCaller(h);
    const created = await creator.trpc.circles.create({ name: "The Smiths", type: "family" });
    const joiners = [await signedInCaller(h), await signedInCaller(h), await signedInCaller(h)];
    for (const joiner of joiners) {
      const { invitation } = await createInvitation(h.deps, {
        circleId: created.id,
        email: joiner.user.email,
        inviterId: creator.user.id,
      });
      await joiner.trpc.invitations.accept({ id: invitation.id });
    }
    const list = await creator.trpc.circles.members({ id: created.id });
    expect(list.map((m) => m.color)).toEqual(MEMBER_COLORS.slice(0, 4).map((c) => c.value));
  });

  it("gives a newcomer the colour someone who left has freed, never one a member holds", async () => {
    const h = harness();
    const creator = await signedInCaller(h);
    const leaver = await signedInCaller(h);
    const stayer = await signedInCaller(h);
    const newcomer = await signedInCaller(h);
    const circle = await createCircle(h.deps, {
      creatorId: creator.user.id,
      members: [leaver.user.id, stayer.user.id],
    });
    // The stayer chose Blue, the creator's colour: the two share it by choice.
    await stayer.trpc.circles.setMyColor({ id: circle.id, color: MEMBER_COLORS[0].value });
    await leaver.trpc.circles.leave({ id: circle.id });
    const { invitation } = await createInvitation(h.deps, {
      circleId: circle.id,
      email: newcomer.user.email,
      inviterId: creator.user.id,
    });
    await newcomer.trpc.invitations.accept({ id: invitation.id });
    const colors = new Map(
      (await creator.trpc.circles.members({ id: circle.id })).map((m) => [m.userId, m.color]),
    );
    // Orange was the leaver's; Green, the stayer's first, is free again too: Orange comes first.
    expect(colors.get(newcomer.user.id)).toBe(MEMBER_COLORS[1].value);
    expect(colors.get(creator.user.id)).toBe(MEMBER_COLORS[0].value);
  });

  it("changes only the caller's own colour, in that circle only, accepting any letter case", async () => {
    const h = harness();
    const { creator, member, circle } = await creatorAndMember(h);
    const other = await createCircle(h.deps, {
      creatorId: creator.user.id,
      members: [member.user.id],
    });
    const mine = await member.trpc.circles.setMyColor({ id: circle.id, color: " #c026d3 " });
    expect(mine).toMatchObject({ userId: member.user.id, circleId: circle.id, color: "#C026D3" });
    expect((await membershipOf(circle.id, member.user.id))?.color).toBe("#C026D3");
    expect((await membershipOf(other.id, member.user.id))?.color).toBe(MEMBER_COLORS[1].value);
    expect((await membershipOf(circle.id, creator.user.id))?.color).toBe(MEMBER_COLORS[0].value);
    const all = await creator.trpc.circles.allMembers();
    expect(all.find((m) => m.circleId === circle.id && m.userId === member.user.id)?.color).toBe(
      "#C026D3",
    );
  });

  it("refuses a colour outside the palette, or no colour, with the product's message", async () => {
    const h = harness();
    const { member, circle } = await creatorAndMember(h);
    for (const color of ["#123456", "red", "", "#3B82F6; drop table", "x".repeat(500)]) {
      const res = await refusal(member.trpc.circles.setMyColor({ id: circle.id, color }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.memberColorInvalid);
    }
    const missing = await refusal(
      member.trpc.circles.setMyColor({ id: circle.id } as { id: number; color: string }),
    );
    expect(missing.body.message).toBe(messages.memberColorInvalid);
    expect((await membershipOf(circle.id, member.user.id))?.color).toBe(MEMBER_COLORS[1].value);
  });

  it("the migration gives members who joined before colours the palette in order of joining", async () => {
    const h = harness();
    const creator = await signedInCaller(h);
    const joiners = await Promise.all(
      Array.from({ length: 11 }, async () => (await createUser(h.deps)).user),
    );
    const circle = await createCircle(h.deps, {
      creatorId: creator.user.id,
      members: joiners.map((u) => u.id),
    });
    const order = [creator.user.id, ...joiners.map((u) => u.id)];
    // Joined in this order, and all on the column's default, as the rows were before.
    for (const [index, userId] of order.entries()) {
      await joinedAt(circle.id, userId, `2026-01-01T00:00:${String(index).padStart(2, "0")}Z`);
    }
    await h.db.db
      .update(circleMembers)
      .set({ color: MEMBER_COLORS[0].value })
      .where(eq(circleMembers.circleId, circle.id));
    await h.db.db.execute(sql.raw(backfillStatement()));
    const colors = new Map(
      (await creator.trpc.circles.members({ id: circle.id })).map((m) => [m.userId, m.color]),
    );
    expect(order.map((userId) => colors.get(userId))).toEqual([
      ...MEMBER_COLORS.map((c) => c.value),
      MEMBER_COLORS[0].value,
      MEMBER_COLORS[1].value,
    ]);
  });
});

/** The UPDATE of the migration that added members' colours, as it runs on deploy. */
function backfillStatement(): string {
  const migration = readFileSync(path.join(migrationsFolder, "0011_member_colors.sql"), "utf8");
  const statement = migration.split("--> statement-breakpoint").find((s) => s.includes("UPDATE"));
  if (!statement) throw new Error("the member colours migration has no UPDATE");
  return statement;
}

function signedInAs(userId: number): SignedInCaller {
  return { userId, sessionId: "test", ip: "127.0.0.1", requestId: "test" };
}
