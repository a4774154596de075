/**
 * The invitation paths of spec section 7 over real HTTP: statuses, `{message, code}` bodies,
 * instants as strings, and answers that never carry a token hash (the token itself only in the
 * answers that create it). The rules behind them are in invitations.integration.test.ts.
 */
import { createCircle, createInvitation } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { expectNoSecrets } from "./testing/no-secrets";
import { type TestServer, useTestServer } from "./testing/test-server";

const server = useTestServer();

async function circleWithRoles(s: TestServer = server()) {
  const admin = await signedInClient(s);
  const member = await signedInClient(s);
  const outsider = await signedInClient(s);
  const circle = await createCircle(s.deps, {
    creatorId: admin.user.id,
    members: [member.user.id],
  });
  return { admin, member, outsider, circle, anon: s.client() };
}

type Created = { id: number; inviteToken: string; inviteUrl: string; createdAt: string };

describe("POST /api/circles/{id}/invitations", () => {
  it("answers an admin 201 with the token and link; others 401, 403, 404 in the error shape", async () => {
    const { admin, member, outsider, anon, circle } = await circleWithRoles();
    const path = `/api/circles/${circle.id}/invitations`;
    const body = { email: "Guest@Example.com", message: "Hello", relationship: "child" };

    expect(await anon.post(path, body)).toMatchObject({
      status: 401,
      body: { message: messages.notSignedIn, code: "UNAUTHORIZED" },
    });
    const stranger = await outsider.client.post(path, body);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ message: messages.circleNotFound, code: "NOT_FOUND" });
    const plain = await member.client.post(path, body);
    expect(plain.status).toBe(403);
    expect(plain.body).toEqual({ message: messages.circleAdminOnly, code: "FORBIDDEN" });

    const res = await admin.client.post<Created & Record<string, unknown>>(path, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: "guest@example.com",
      status: "pending",
      relationship: "child",
      message: "Hello",
      circleId: circle.id,
    });
    expect(res.body.inviteUrl).toBe(`${server().url}/invitations/${res.body.inviteToken}`);
    expect(typeof res.body.createdAt).toBe("string");
    expect(typeof res.body.expires_at).toBe("string");
    expectNoSecrets(res.body);

    const again = await admin.client.post(path, body);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: messages.invitePending, code: "CONFLICT" });
    const bad = await admin.client.post(path, { email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message: messages.emailInvalid,
      code: "VALIDATION_FAILED",
      issues: [{ path: "email", message: messages.emailInvalid }],
    });
  });
});

describe("POST /api/circles/{id}/invite", () => {
  it("invites a list with 201, or refuses the whole list with the repeat's index", async () => {
    const { admin, member, circle } = await circleWithRoles();
    const path = `/api/circles/${circle.id}/invite`;
    const dup = await admin.client.post(path, {
      inviteEmails: ["a@example.com", "A@example.com"],
      inviteMessage: "Join us",
    });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({
      message: messages.inviteEmailDuplicate,
      code: "VALIDATION_FAILED",
      issues: [{ path: "inviteEmails.1", message: messages.inviteEmailDuplicate }],
    });
    expect((await member.client.post(path, { inviteEmails: ["a@example.com"] })).status).toBe(403);

    const res = await admin.client.post<{ message: string; invitations: Created[] }>(path, {
      inviteEmails: ["a@example.com", "b@example.com"],
      inviteMessage: "Join us",
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Invitations sent");
    expect(res.body.invitations).toHaveLength(2);
    expect(res.body.invitations.every((i) => i.inviteUrl.endsWith(i.inviteToken))).toBe(true);
    expectNoSecrets(res.body);
  });
});

describe("GET and DELETE /api/circles/{id}/invitations", () => {
  it("lists for admins without any token, and deletes one", async () => {
    const { admin, member, outsider, circle } = await circleWithRoles();
    const created = await admin.client.post<Created>(`/api/circles/${circle.id}/invitations`, {
      email: "guest@example.com",
    });
    const path = `/api/circles/${circle.id}/invitations`;
    const list = await admin.client.get<Record<string, unknown>[]>(path);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: created.body.id, status: "pending" });
    expect(list.body[0]).not.toHaveProperty("inviteToken");
    expect(JSON.stringify(list.body)).not.toContain(created.body.inviteToken);
    expectNoSecrets(list.body);
    expect((await member.client.get(path)).status).toBe(403);
    expect((await outsider.client.get(path)).status).toBe(404);

    const one = `${path}/${created.body.id}`;
    expect((await member.client.request("DELETE", one)).status).toBe(403);
    const deleted = await admin.client.request("DELETE", one);
    expect(deleted).toMatchObject({ status: 200, body: { message: messages.invitationDeleted } });
    const gone = await admin.client.request("DELETE", one);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: messages.invitationNotFound, code: "NOT_FOUND" });
  });
});

describe("the invitee's paths", () => {
  async function invited() {
    const setup = await circleWithRoles();
    const created = await setup.admin.client.post<Created>(
      `/api/circles/${setup.circle.id}/invitations`,
      { email: "Invitee@Example.com", relationship: "spouse" },
    );
    const invitee = await signedInClient(server(), { user: { email: "invitee@example.com" } });
    return { ...setup, created: created.body, invitee };
  }

  it("GET /api/invitations/pending lists the caller's own", async () => {
    const { created, invitee, outsider, anon } = await invited();
    const mine = await invitee.client.get<Record<string, unknown>[]>("/api/invitations/pending");
    expect(mine.status).toBe(200);
    expect(mine.body.map((i) => i.id)).toEqual([created.id]);
    expectNoSecrets(mine.body);
    expect((await outsider.client.get("/api/invitations/pending")).body).toEqual([]);
    expect((await anon.get("/api/invitations/pending")).status).toBe(401);
  });

  it("GET /api/invitations/token/{token}: 200, then 409 once accepted, 400 when unknown", async () => {
    const { created, invitee, circle, admin } = await invited();
    const path = `/api/invitations/token/${created.inviteToken}`;
    const res = await invitee.client.get(path);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      invitation: {
        id: created.id,
        email: "invitee@example.com",
        status: "pending",
        relationship: "spouse",
      },
      isInvitee: true,
      circle: { id: circle.id, name: circle.name, type: "family", photoUrl: null },
      inviter: { firstName: admin.user.firstName, lastName: admin.user.lastName },
    });
    expectNoSecrets(res.body);
    expect(JSON.stringify(res.body)).not.toContain(created.inviteToken);

    expect((await invitee.client.post(`/api/invitations/${created.id}/accept`)).status).toBe(200);
    const accepted = await invitee.client.get(path);
    expect(accepted.status).toBe(409);
    expect(accepted.body).toEqual({
      message: messages.invitationAlreadyAccepted,
      code: "CONFLICT",
    });
    const unknown = await invitee.client.get("/api/invitations/token/not-a-real-token");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: messages.invitationInvalid, code: "BAD_REQUEST" });
    expect((await server().client().get(path)).status).toBe(401);
  });

  it("GET /api/invitations/token/{token}/preview: signed out 200 with who and where, no address; 400 unknown", async () => {
    const { created, circle, admin, anon } = await invited();
    const res = await anon.get(`/api/invitations/token/${created.inviteToken}/preview`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ circleName: circle.name, inviterFirstName: admin.user.firstName });
    const unknown = await anon.get("/api/invitations/token/not-a-real-token/preview");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: messages.invitationInvalid, code: "BAD_REQUEST" });
  });

  it("POST /api/invitations/{id}/accept: the invitee joins; anyone else 403", async () => {
    const { created, invitee, outsider, circle } = await invited();
    const path = `/api/invitations/${created.id}/accept`;
    const wrong = await outsider.client.post(path);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: messages.invitationWrongRecipient, code: "FORBIDDEN" });
    const res = await invitee.client.post(path);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: "Invitation accepted",
      status: "accepted",
      circleId: circle.id,
      circleName: circle.name,
    });
    const twice = await invitee.client.post(path);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain("already been accepted");
    // A member now: the circle's admin paths answer 403 where they answered 404 before.
    const circlePath = `/api/circles/${circle.id}/invitations`;
    expect((await invitee.client.get(circlePath)).status).toBe(403);
  });

  it("POST /api/invitations/{id}/decline and PUT /api/invitations/{id}", async () => {
    const { created, invitee, outsider, admin, circle } = await invited();
    const declined = await invitee.client.post(`/api/invitations/${created.id}/decline`);
    expect(declined).toMatchObject({
      status: 200,
      body: { message: messages.invitationDeclined, status: "declined", circleId: circle.id },
    });
    const again = await invitee.client.request("PUT", `/api/invitations/${created.id}`, {
      status: "accepted",
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: messages.invitationAlreadyDeclined, code: "CONFLICT" });

    const { invitation } = await createInvitation(server().deps, {
      circleId: circle.id,
      email: "invitee@example.com",
      inviterId: admin.user.id,
    });
    const put = `/api/invitations/${invitation.id}`;
    const foreign = await outsider.client.request("PUT", put, { status: "accepted" });
    expect(foreign.status).toBe(403);
    const badStatus = await invitee.client.request("PUT", put, { status: "maybe" });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body).toMatchObject({
      message: messages.invitationStatusInvalid,
      code: "VALIDATION_FAILED",
    });
    const ok = await invitee.client.request("PUT", put, { status: "accepted" });
    expect(ok).toMatchObject({ status: 200, body: { status: "accepted", circleId: circle.id } });
    const missing = await invitee.client.request("PUT", `/api/invitations/${invitation.id + 99}`, {
      status: "declined",
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: messages.invitationNotFound, code: "NOT_FOUND" });
    expect((await server().client().post(`/api/invitations/${invitation.id}/decline`)).status).toBe(
      401,
    );
  });
});

describe("rate limits over HTTP", () => {
  const limited = useTestServer({ env: { RATE_LIMIT_INVITE_CIRCLE: "1/86400" } });

  it("answers 429 with Retry-After", async () => {
    const admin = await signedInClient(limited());
    const circle = await createCircle(limited().deps, { creatorId: admin.user.id });
    const path = `/api/circles/${circle.id}/invitations`;
    expect((await admin.client.post(path, { email: "one@example.com" })).status).toBe(201);
    const res = await admin.client.post(path, { email: "two@example.com" });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: messages.rateLimited, code: "RATE_LIMITED" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
