/**
 * Who may call each circle and member procedure, role by role: signed out (401), a signed-in
 * user outside the circle (404, the same answer as for a circle that does not exist, so the
 * circle's existence stays hidden), a member (403 where an admin is needed), an admin, and the
 * creator. The rules behind each procedure are in circles/members .integration tests.
 */
import { circleMembers, circles } from "@circleplan/db/schema";
import { createCircle, createUser } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callerFor, refusal, signedInCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

/** A family circle with its creator, one other admin, one member, and two plain members to act on. */
async function cast() {
  const h = harness();
  const creator = await signedInCaller(h);
  const admin = await signedInCaller(h);
  const member = await signedInCaller(h);
  const outsider = await signedInCaller(h);
  const signedOut = callerFor(h);
  const first = (await createUser(h.deps)).user;
  const second = (await createUser(h.deps)).user;
  const circle = await createCircle(h.deps, {
    creatorId: creator.user.id,
    admins: [admin.user.id],
    members: [member.user.id, first.id, second.id],
  });
  const memberIdOf = async (userId: number) => {
    const [row] = await h.db.db
      .select({ id: circleMembers.id })
      .from(circleMembers)
      .where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, userId)));
    if (!row) throw new Error("no such member");
    return row.id;
  };
  return { creator, admin, member, outsider, signedOut, first, second, circle, memberIdOf };
}

const notFound = { status: 404, body: { message: messages.circleNotFound, code: "NOT_FOUND" } };
const notSignedIn = { status: 401, body: { message: messages.notSignedIn, code: "UNAUTHORIZED" } };
const adminOnly = { status: 403, body: { message: messages.circleAdminOnly, code: "FORBIDDEN" } };
/** An id no circle has. */
const MISSING = 2_000_000_000;

describe("reading a circle", () => {
  it("circles.get: members, admins and the creator read it; nobody else learns it exists", async () => {
    const { creator, admin, member, outsider, signedOut, circle } = await cast();
    expect(await refusal(signedOut.trpc.circles.get({ id: circle.id }))).toEqual(notSignedIn);
    const hidden = await refusal(outsider.trpc.circles.get({ id: circle.id }));
    expect(hidden).toEqual(notFound);
    expect(await refusal(outsider.trpc.circles.get({ id: MISSING }))).toEqual(hidden);
    expect(await member.trpc.circles.get({ id: circle.id })).toMatchObject({
      id: circle.id,
      role: "member",
      isCreator: false,
      memberCount: 5,
    });
    expect(await admin.trpc.circles.get({ id: circle.id })).toMatchObject({ role: "admin" });
    expect(await creator.trpc.circles.get({ id: circle.id })).toMatchObject({
      role: "admin",
      isCreator: true,
    });
  });

  it("circles.members: members read the list; an outsider gets the missing circle's answer", async () => {
    const { creator, admin, member, outsider, signedOut, circle } = await cast();
    expect(await refusal(signedOut.trpc.circles.members({ id: circle.id }))).toEqual(notSignedIn);
    expect(await refusal(outsider.trpc.circles.members({ id: circle.id }))).toEqual(notFound);
    expect(await refusal(outsider.trpc.circles.members({ id: MISSING }))).toEqual(notFound);
    for (const who of [member, admin, creator]) {
      expect(await who.trpc.circles.members({ id: circle.id })).toHaveLength(5);
    }
  });

  it("circles.list and circles.allMembers need a session and show only one's own circles", async () => {
    const { member, outsider, signedOut, circle } = await cast();
    expect(await refusal(signedOut.trpc.circles.list())).toEqual(notSignedIn);
    expect(await refusal(signedOut.trpc.circles.allMembers())).toEqual(notSignedIn);
    expect((await outsider.trpc.circles.list()).map((c) => c.id)).not.toContain(circle.id);
    expect((await member.trpc.circles.list()).map((c) => c.id)).toContain(circle.id);
    const seen = await outsider.trpc.circles.allMembers();
    expect(seen.map((m) => m.circleId)).not.toContain(circle.id);
    expect(seen.map((m) => m.userId)).toEqual([outsider.user.id]);
  });
});

describe("changing a circle", () => {
  it("circles.update: admins and the creator only", async () => {
    const { creator, admin, member, outsider, signedOut, circle } = await cast();
    const rename = (name: string) => ({ id: circle.id, name });
    expect(await refusal(signedOut.trpc.circles.update(rename("Signed out")))).toEqual(notSignedIn);
    expect(await refusal(outsider.trpc.circles.update(rename("Outsider")))).toEqual(notFound);
    expect(await refusal(member.trpc.circles.update(rename("Member")))).toEqual(adminOnly);
    expect((await admin.trpc.circles.update(rename("By the admin"))).name).toBe("By the admin");
    expect((await creator.trpc.circles.update(rename("By the creator"))).name).toBe(
      "By the creator",
    );
    const [row] = await harness().db.db.select().from(circles).where(eq(circles.id, circle.id));
    expect(row?.name).toBe("By the creator");
  });

  it("circles.update of the description and colour after creation: admins and the creator only", async () => {
    const { creator, admin, member, outsider, signedOut, circle } = await cast();
    const change = (description: string, color: string) => ({ id: circle.id, description, color });
    expect(await refusal(signedOut.trpc.circles.update(change("x", "#111111")))).toEqual(
      notSignedIn,
    );
    expect(await refusal(outsider.trpc.circles.update(change("x", "#111111")))).toEqual(notFound);
    expect(await refusal(member.trpc.circles.update(change("x", "#111111")))).toEqual(adminOnly);
    expect(await admin.trpc.circles.update(change("Sundays at Gran's", "#0d9488"))).toMatchObject({
      description: "Sundays at Gran's",
      color: "#0D9488",
    });
    expect(await creator.trpc.circles.update(change("Every Sunday", "#DB2777"))).toMatchObject({
      description: "Every Sunday",
      color: "#DB2777",
    });
    const [row] = await harness().db.db.select().from(circles).where(eq(circles.id, circle.id));
    expect(row).toMatchObject({ description: "Every Sunday", color: "#DB2777" });
  });

  it("an outsider learns nothing from the rest of the input: a bad name still answers 404", async () => {
    const { outsider, circle } = await cast();
    const tooLong = { id: circle.id, name: "x".repeat(51), color: "red" };
    expect(await refusal(outsider.trpc.circles.update(tooLong))).toEqual(notFound);
    expect(await refusal(outsider.trpc.circles.update({ ...tooLong, id: MISSING }))).toEqual(
      notFound,
    );
  });

  it("circles.delete: only the creator; admins and members are refused alike", async () => {
    const { creator, admin, member, outsider, signedOut, circle } = await cast();
    const creatorOnly = {
      status: 403,
      body: { message: messages.circleDeleteCreatorOnly, code: "FORBIDDEN" },
    };
    expect(await refusal(signedOut.trpc.circles.delete({ id: circle.id }))).toEqual(notSignedIn);
    expect(await refusal(outsider.trpc.circles.delete({ id: circle.id }))).toEqual(notFound);
    expect(await refusal(outsider.trpc.circles.delete({ id: MISSING }))).toEqual(notFound);
    expect(await refusal(member.trpc.circles.delete({ id: circle.id }))).toEqual(creatorOnly);
    expect(await refusal(admin.trpc.circles.delete({ id: circle.id }))).toEqual(creatorOnly);
    expect(await creator.trpc.circles.delete({ id: circle.id })).toEqual({
      message: messages.circleDeleted,
    });
    expect(await refusal(creator.trpc.circles.get({ id: circle.id }))).toEqual(notFound);
  });

  it("circles.create needs a session", async () => {
    const { signedOut } = await cast();
    expect(await refusal(signedOut.trpc.circles.create({ name: "Mine" }))).toEqual(notSignedIn);
  });
});

describe("acting on members", () => {
  it("circles.setMemberRole (by user id): admins and the creator promote; others cannot", async () => {
    const { creator, admin, member, outsider, signedOut, first, second, circle } = await cast();
    const promote = (userId: number) => ({ id: circle.id, userId, role: "admin" as const });
    expect(await refusal(signedOut.trpc.circles.setMemberRole(promote(first.id)))).toEqual(
      notSignedIn,
    );
    expect(await refusal(outsider.trpc.circles.setMemberRole(promote(first.id)))).toEqual(notFound);
    expect(await refusal(member.trpc.circles.setMemberRole(promote(first.id)))).toEqual(adminOnly);
    expect(await admin.trpc.circles.setMemberRole(promote(first.id))).toMatchObject({
      userId: first.id,
      role: "admin",
    });
    expect(await creator.trpc.circles.setMemberRole(promote(second.id))).toMatchObject({
      userId: second.id,
      role: "admin",
    });
  });

  it("circles.setMemberRoleById: the same, for a member named by membership id", async () => {
    const { creator, admin, member, outsider, signedOut, first, second, memberIdOf } = await cast();
    const promote = async (userId: number) => ({
      memberId: await memberIdOf(userId),
      role: "admin" as const,
    });
    expect(
      await refusal(signedOut.trpc.circles.setMemberRoleById(await promote(first.id))),
    ).toEqual(notSignedIn);
    // A membership of a circle one is not in answers like one that does not exist.
    const hidden = await refusal(outsider.trpc.circles.setMemberRoleById(await promote(first.id)));
    expect(hidden).toEqual(notFound);
    expect(
      await refusal(outsider.trpc.circles.setMemberRoleById({ memberId: MISSING, role: "admin" })),
    ).toEqual(hidden);
    expect(await refusal(member.trpc.circles.setMemberRoleById(await promote(first.id)))).toEqual(
      adminOnly,
    );
    expect(await admin.trpc.circles.setMemberRoleById(await promote(first.id))).toMatchObject({
      userId: first.id,
      role: "admin",
    });
    expect(await creator.trpc.circles.setMemberRoleById(await promote(second.id))).toMatchObject({
      userId: second.id,
      role: "admin",
    });
  });

  it("circles.removeMember (by user id): admins and the creator remove; others cannot", async () => {
    const { creator, admin, member, outsider, signedOut, first, second, circle } = await cast();
    const remove = (userId: number) => ({ id: circle.id, userId });
    expect(await refusal(signedOut.trpc.circles.removeMember(remove(first.id)))).toEqual(
      notSignedIn,
    );
    expect(await refusal(outsider.trpc.circles.removeMember(remove(first.id)))).toEqual(notFound);
    expect(await refusal(member.trpc.circles.removeMember(remove(first.id)))).toEqual(adminOnly);
    const removed = { message: messages.memberRemoved };
    expect(await admin.trpc.circles.removeMember(remove(first.id))).toEqual(removed);
    expect(await creator.trpc.circles.removeMember(remove(second.id))).toEqual(removed);
    const left = await creator.trpc.circles.members({ id: circle.id });
    expect(left.map((m) => m.userId).sort()).toEqual(
      [creator.user.id, admin.user.id, member.user.id].sort(),
    );
  });

  it("circles.removeMemberById: the same, for a member named by membership id", async () => {
    const { creator, admin, member, outsider, signedOut, first, second, memberIdOf } = await cast();
    const firstId = await memberIdOf(first.id);
    expect(await refusal(signedOut.trpc.circles.removeMemberById({ memberId: firstId }))).toEqual(
      notSignedIn,
    );
    expect(await refusal(outsider.trpc.circles.removeMemberById({ memberId: firstId }))).toEqual(
      notFound,
    );
    expect(await refusal(outsider.trpc.circles.removeMemberById({ memberId: MISSING }))).toEqual(
      notFound,
    );
    expect(await refusal(member.trpc.circles.removeMemberById({ memberId: firstId }))).toEqual(
      adminOnly,
    );
    const removed = { message: messages.memberRemoved };
    expect(await admin.trpc.circles.removeMemberById({ memberId: firstId })).toEqual(removed);
    expect(
      await creator.trpc.circles.removeMemberById({ memberId: await memberIdOf(second.id) }),
    ).toEqual(removed);
  });

  it("a removed member loses access at once: the circle then answers them 404", async () => {
    const { admin, member, circle } = await cast();
    await admin.trpc.circles.removeMember({ id: circle.id, userId: member.user.id });
    expect(await refusal(member.trpc.circles.get({ id: circle.id }))).toEqual(notFound);
    expect((await member.trpc.circles.list()).map((c) => c.id)).not.toContain(circle.id);
  });

  it("a promoted member gains admin rights at once", async () => {
    const { admin, member, first, circle } = await cast();
    await admin.trpc.circles.setMemberRole({
      id: circle.id,
      userId: member.user.id,
      role: "admin",
    });
    expect(await member.trpc.circles.removeMember({ id: circle.id, userId: first.id })).toEqual({
      message: messages.memberRemoved,
    });
  });

  it("circles.setMemberRole to member: the creator alone demotes; an admin, a member, an outsider cannot", async () => {
    const { creator, admin, member, outsider, signedOut, first, circle } = await cast();
    await creator.trpc.circles.setMemberRole({ id: circle.id, userId: first.id, role: "admin" });
    const demote = (userId: number) => ({ id: circle.id, userId, role: "member" as const });
    const creatorOnly = {
      status: 403,
      body: { message: messages.demotionCreatorOnly, code: "FORBIDDEN" },
    };
    expect(await refusal(signedOut.trpc.circles.setMemberRole(demote(first.id)))).toEqual(
      notSignedIn,
    );
    expect(await refusal(outsider.trpc.circles.setMemberRole(demote(first.id)))).toEqual(notFound);
    expect(await refusal(member.trpc.circles.setMemberRole(demote(first.id)))).toEqual(adminOnly);
    expect(await refusal(admin.trpc.circles.setMemberRole(demote(first.id)))).toEqual(creatorOnly);
    expect(await creator.trpc.circles.setMemberRole(demote(first.id))).toMatchObject({
      userId: first.id,
      role: "member",
    });
    // The demoted admin has lost the rights at once: only an admin could do this.
    const demoted = await creator.trpc.circles.members({ id: circle.id });
    expect(demoted.find((m) => m.userId === first.id)?.role).toBe("member");
  });
});

describe("one's own membership", () => {
  it("circles.leave: a member and an admin leave; the creator cannot; an outsider learns nothing", async () => {
    const { creator, admin, member, outsider, signedOut, circle } = await cast();
    const leaving = { id: circle.id };
    expect(await refusal(signedOut.trpc.circles.leave(leaving))).toEqual(notSignedIn);
    expect(await refusal(outsider.trpc.circles.leave(leaving))).toEqual(notFound);
    expect(await refusal(outsider.trpc.circles.leave({ id: MISSING }))).toEqual(notFound);
    expect(await refusal(creator.trpc.circles.leave(leaving))).toEqual({
      status: 400,
      body: { message: messages.leaveCreator, code: "BAD_REQUEST" },
    });
    const left = { message: messages.circleLeft };
    expect(await member.trpc.circles.leave(leaving)).toEqual(left);
    expect(await admin.trpc.circles.leave(leaving)).toEqual(left);
    // Gone at once: the circle now answers them as it answers any outsider.
    expect(await refusal(member.trpc.circles.get(leaving))).toEqual(notFound);
    expect(await refusal(admin.trpc.circles.leave(leaving))).toEqual(notFound);
    const stayed = await creator.trpc.circles.members(leaving);
    expect(stayed.map((m) => m.userId)).not.toContain(member.user.id);
    expect(stayed.map((m) => m.userId)).not.toContain(admin.user.id);
  });

  it("circles.setMyColor: every member sets their own colour, and only their own; an outsider 404", async () => {
    const { creator, admin, member, outsider, signedOut, circle } = await cast();
    const slate = { id: circle.id, color: "#64748B" };
    expect(await refusal(signedOut.trpc.circles.setMyColor(slate))).toEqual(notSignedIn);
    expect(await refusal(outsider.trpc.circles.setMyColor(slate))).toEqual(notFound);
    for (const who of [member, admin, creator]) {
      expect(await who.trpc.circles.setMyColor(slate)).toMatchObject({
        userId: who.user.id,
        color: "#64748B",
      });
    }
    const colors = (await creator.trpc.circles.members({ id: circle.id })).map((m) => [
      m.userId,
      m.color,
    ]);
    // The two members nobody asked for kept theirs.
    expect(colors.filter(([, color]) => color === "#64748B")).toHaveLength(3);
    expect(colors).toHaveLength(5);
  });
});
