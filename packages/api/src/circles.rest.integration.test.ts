/**
 * The circle and member REST paths of spec section 7 over real HTTP: each path reaches its
 * procedure, path values arrive as numbers, statuses and `{message, code}` bodies are what a
 * client reads, and bodies are bounded. The rules themselves are tested in-process
 * (circles, members, circle-access .integration tests).
 */
import { circleMembers } from "@circleplan/db/schema";
import { createCircle, createUser, personalCircleOf } from "@circleplan/db/testing/factories";
import { CIRCLE_TYPE_COLORS, PHOTO_JSON_BODY_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { expectNoSecrets } from "./testing/no-secrets";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

/** A 1×1 PNG. */
const TINY_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC";

async function family() {
  const s = server();
  const creator = await signedInClient(s);
  const admin = await signedInClient(s);
  const member = await signedInClient(s);
  const outsider = await signedInClient(s);
  const circle = await createCircle(s.deps, {
    creatorId: creator.user.id,
    admins: [admin.user.id],
    members: [member.user.id],
  });
  const memberIdOf = async (userId: number) => {
    const [row] = await s.db.db
      .select({ id: circleMembers.id })
      .from(circleMembers)
      .where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, userId)));
    return row?.id as number;
  };
  return { creator, admin, member, outsider, circle, memberIdOf };
}

describe("circles", () => {
  it("GET /api/circles answers the caller's circles; signed out 401", async () => {
    const { member, circle } = await family();
    const res = await member.client.get<Record<string, unknown>[]>("/api/circles");
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.id)).toContain(circle.id);
    expect(res.body[0]).toMatchObject({ type: "personal", role: "admin" });
    expect(typeof res.body[0]?.createdAt).toBe("string");
    expectNoSecrets(res.body);
    const out = await server().client().get("/api/circles");
    expect(out.status).toBe(401);
    expect(out.body).toEqual({ message: messages.notSignedIn, code: "UNAUTHORIZED" });
  });

  it("POST /api/circles creates (201) and answers the circle with its id", async () => {
    const { client, user } = await signedInClient(server());
    const res = await client.post("/api/circles", {
      name: "Book club",
      description: "Monthly",
      color: "#8b5cf6",
      type: "custom",
      photo: TINY_PNG,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Book club",
      creatorId: user.id,
      color: "#8B5CF6",
      role: "admin",
      memberCount: 1,
    });
    expect(typeof res.body.id).toBe("number");
    expect(res.body.photo).toMatch(/^\/api\/photos\/circles\//);
    expect(res.body).not.toHaveProperty("photoKey");
  });

  it("POST /api/circles gives a Family circle sent without a colour the family green", async () => {
    const { client } = await signedInClient(server());
    for (const color of [undefined, "", null]) {
      const res = await client.post("/api/circles", {
        name: "The Lovelaces",
        description: "",
        type: "family",
        ...(color === undefined ? {} : { color }),
      });
      expect(res.status, JSON.stringify(color)).toBe(201);
      expect(res.body).toMatchObject({ type: "family", color: CIRCLE_TYPE_COLORS.family });
    }
    expect(CIRCLE_TYPE_COLORS.family).toBe("#10B981");
    const chosen = await client.post("/api/circles", {
      name: "The Babbages",
      type: "family",
      color: "#f59e0b",
    });
    expect(chosen.body).toMatchObject({ type: "family", color: "#F59E0B" });
  });

  it("POST /api/circles refuses bad input with 400 and the product's issues", async () => {
    const { client } = await signedInClient(server());
    const res = await client.post("/api/circles", { name: "x".repeat(51), color: "blue" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: messages.circleNameTooLong,
      code: "VALIDATION_FAILED",
    });
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: "name", message: messages.circleNameTooLong },
        { path: "color", message: messages.circleColorInvalid },
      ]),
    );
    const personal = await client.post("/api/circles", { name: "Me again", type: "personal" });
    expect(personal.status).toBe(400);
    expect(personal.body).toEqual({ message: messages.personalCircleExists, code: "BAD_REQUEST" });
  });

  it("POST /api/circles answers 413 for a body beyond a photo's size, never 500", async () => {
    const { client } = await signedInClient(server());
    const photo = `data:image/png;base64,${"A".repeat(PHOTO_JSON_BODY_MAX_BYTES)}`;
    const res = await client.post("/api/circles", { name: "Huge", photo });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: messages.payloadTooLarge, code: "PAYLOAD_TOO_LARGE" });
  });

  it("GET /api/circles/{id}: a member reads it; an outsider gets the same 404 as a missing id", async () => {
    const { member, outsider, circle } = await family();
    const res = await member.client.get(`/api/circles/${circle.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: circle.id, memberCount: 3, role: "member" });
    const hidden = await outsider.client.get(`/api/circles/${circle.id}`);
    const missing = await outsider.client.get("/api/circles/2000000000");
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: messages.circleNotFound, code: "NOT_FOUND" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(hidden.body);
  });

  it("PUT and PATCH /api/circles/{id} both change only the fields sent; members get 403", async () => {
    const { admin, member, circle } = await family();
    const put = await admin.client.request("PUT", `/api/circles/${circle.id}`, { name: "Renamed" });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: "Renamed", color: circle.color });
    const patch = await admin.client.patch(`/api/circles/${circle.id}`, { color: "#000000" });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ name: "Renamed", color: "#000000" });
    // What the web app sends for "no photo": an empty string.
    const noPhoto = await admin.client.patch(`/api/circles/${circle.id}`, { name: "A", photo: "" });
    expect(noPhoto.body).toMatchObject({ name: "A", photo: null });
    const refused = await member.client.request("PUT", `/api/circles/${circle.id}`, {
      name: "Mine now",
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: messages.circleAdminOnly, code: "FORBIDDEN" });
  });

  it("DELETE /api/circles/{id}: the creator deletes; an admin gets 403; a personal circle 400", async () => {
    const { creator, admin, circle } = await family();
    const refused = await admin.client.request("DELETE", `/api/circles/${circle.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: messages.circleDeleteCreatorOnly, code: "FORBIDDEN" });
    const deleted = await creator.client.request("DELETE", `/api/circles/${circle.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: messages.circleDeleted });
    expect((await creator.client.get(`/api/circles/${circle.id}`)).status).toBe(404);
    const personal = await personalCircleOf(server().deps, creator.user.id);
    const kept = await creator.client.request("DELETE", `/api/circles/${personal.id}`);
    expect(kept.status).toBe(400);
    expect(kept.body).toEqual({
      message: messages.personalCircleNotDeletable,
      code: "BAD_REQUEST",
    });
  });
});

describe("members", () => {
  it("GET /api/circles/{id}/members lists members to members only", async () => {
    const { creator, member, outsider, circle } = await family();
    const res = await member.client.get<Record<string, unknown>[]>(
      `/api/circles/${circle.id}/members`,
    );
    expect(res.status).toBe(200);
    expect(res.body.map((m) => m.userId)).toEqual(
      expect.arrayContaining([creator.user.id, member.user.id]),
    );
    expect(res.body[0]).toMatchObject({ userId: creator.user.id, isCreator: true });
    expect(typeof res.body[0]?.joinedAt).toBe("string");
    expectNoSecrets(res.body);
    const hidden = await outsider.client.get(`/api/circles/${circle.id}/members`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: messages.circleNotFound, code: "NOT_FOUND" });
  });

  it("GET /api/circles/members/all lists the members of all the caller's circles", async () => {
    const { member, circle } = await family();
    const res = await member.client.get<Record<string, unknown>[]>("/api/circles/members/all");
    expect(res.status).toBe(200);
    const personal = await personalCircleOf(server().deps, member.user.id);
    expect(new Set(res.body.map((m) => m.circleId))).toEqual(new Set([personal.id, circle.id]));
    expect(res.body).toHaveLength(4);
    expect((await server().client().get("/api/circles/members/all")).status).toBe(401);
  });

  it("PUT /api/circles/{id}/members/{userId} promotes; members get 403, oneself 400", async () => {
    const { admin, member, circle } = await family();
    const other = (await createUser(server().deps)).user;
    await server().db.db.insert(circleMembers).values({
      circleId: circle.id,
      userId: other.id,
      role: "member",
    });
    const refused = await member.client.request(
      "PUT",
      `/api/circles/${circle.id}/members/${other.id}`,
      { role: "admin" },
    );
    expect(refused.status).toBe(403);
    const self = await admin.client.request(
      "PUT",
      `/api/circles/${circle.id}/members/${admin.user.id}`,
      { role: "admin" },
    );
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: messages.memberActOnSelf, code: "BAD_REQUEST" });
    const res = await admin.client.request(
      "PUT",
      `/api/circles/${circle.id}/members/${member.user.id}`,
      { role: "admin" },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: member.user.id, role: "admin" });
    const missing = await admin.client.request(
      "PUT",
      `/api/circles/${circle.id}/members/2000000000`,
      { role: "admin" },
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: messages.memberNotFound, code: "NOT_FOUND" });
  });

  it("PATCH /api/circle-members/{memberId} promotes, the creator alone demotes; an outsider gets 404", async () => {
    const { creator, admin, member, outsider, memberIdOf } = await family();
    const memberId = await memberIdOf(member.user.id);
    const hidden = await outsider.client.patch(`/api/circle-members/${memberId}`, {
      role: "admin",
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: messages.circleNotFound, code: "NOT_FOUND" });
    const res = await admin.client.patch(`/api/circle-members/${memberId}`, { role: "admin" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: memberId, role: "admin" });
    const demote = await admin.client.patch(`/api/circle-members/${memberId}`, {
      role: "member",
    });
    expect(demote.status).toBe(403);
    expect(demote.body).toEqual({ message: messages.demotionCreatorOnly, code: "FORBIDDEN" });
    const byCreator = await creator.client.patch(`/api/circle-members/${memberId}`, {
      role: "member",
    });
    expect(byCreator.status).toBe(200);
    expect(byCreator.body).toMatchObject({ id: memberId, role: "member" });
  });

  it("DELETE /api/circles/{id}/members/{userId} removes; the creator cannot be removed", async () => {
    const { creator, admin, member, circle } = await family();
    const res = await admin.client.request(
      "DELETE",
      `/api/circles/${circle.id}/members/${member.user.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.memberRemoved });
    expect((await member.client.get(`/api/circles/${circle.id}`)).status).toBe(404);
    const theCreator = await admin.client.request(
      "DELETE",
      `/api/circles/${circle.id}/members/${creator.user.id}`,
    );
    expect(theCreator.status).toBe(400);
    expect(theCreator.body).toEqual({
      message: messages.creatorNotRemovable,
      code: "BAD_REQUEST",
    });
  });

  it("DELETE /api/circle-members/{memberId} removes; a member gets 403", async () => {
    const { admin, member, memberIdOf } = await family();
    const adminId = await memberIdOf(admin.user.id);
    const refused = await member.client.request("DELETE", `/api/circle-members/${adminId}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: messages.circleAdminOnly, code: "FORBIDDEN" });
    const memberId = await memberIdOf(member.user.id);
    const res = await admin.client.request("DELETE", `/api/circle-members/${memberId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.memberRemoved });
  });

  it("POST /api/circles/{id}/leave: a member leaves; the creator 400; an outsider 404; signed out 401", async () => {
    const { creator, member, outsider, circle } = await family();
    const path = `/api/circles/${circle.id}/leave`;
    expect((await server().client().post(path, {})).status).toBe(401);
    const hidden = await outsider.client.post(path, {});
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: messages.circleNotFound, code: "NOT_FOUND" });
    const theCreator = await creator.client.post(path, {});
    expect(theCreator.status).toBe(400);
    expect(theCreator.body).toEqual({ message: messages.leaveCreator, code: "BAD_REQUEST" });
    // A client may send no body at all.
    const res = await member.client.request("POST", path);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.circleLeft });
    expect((await member.client.get(`/api/circles/${circle.id}`)).status).toBe(404);
  });

  it("PUT /api/circles/{id}/my-color sets the caller's own colour; a colour off the palette 400", async () => {
    const { member, outsider, circle } = await family();
    const path = `/api/circles/${circle.id}/my-color`;
    const res = await member.client.request("PUT", path, { color: "#db2777" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: member.user.id, color: "#DB2777" });
    const members = await member.client.get<{ userId: number; color: string }[]>(
      `/api/circles/${circle.id}/members`,
    );
    expect(members.body.find((m) => m.userId === member.user.id)?.color).toBe("#DB2777");
    const off = await member.client.request("PUT", path, { color: "#123456" });
    expect(off.status).toBe(400);
    expect(off.body).toMatchObject({
      message: messages.memberColorInvalid,
      issues: [{ path: "color", message: messages.memberColorInvalid }],
    });
    expect((await outsider.client.request("PUT", path, { color: "#DB2777" })).status).toBe(404);
    expect((await server().client().request("PUT", path, { color: "#DB2777" })).status).toBe(401);
  });
});
