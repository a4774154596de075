/**
 * The invitations router's rules, called in-process (testing/test-caller.ts): who may invite,
 * list and delete (admins of the circle), who may read a link (anyone signed in holding it),
 * who may answer (the invitee, once), the token kept only as a hash, the mail, the rate limits
 * and the all-or-nothing batch. The HTTP doors are in invitations.rest.integration.test.ts.
 */
import { createHash } from "node:crypto";
import { photoUrl } from "@circleplan/core/photos/photo-store";
import { circleMembers, circles, invitations, mailOutbox, users } from "@circleplan/db/schema";
import { createCircle, createInvitation, personalCircleOf } from "@circleplan/db/testing/factories";
import { CIRCLE_MEMBERS_MAX, INVITATION_TTL_MS } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectNoSecrets } from "./testing/no-secrets";
import { callerFor, refusal, signedInCaller } from "./testing/test-caller";
import { type TestHarness, useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A circle with one of each role, and people around it. */
async function circleWithRoles(
  h: TestHarness = harness(),
  type: "family" | "work" | "custom" = "family",
) {
  const creator = await signedInCaller(h);
  const admin = await signedInCaller(h);
  const member = await signedInCaller(h);
  const outsider = await signedInCaller(h);
  const circle = await createCircle(h.deps, {
    creatorId: creator.user.id,
    admins: [admin.user.id],
    members: [member.user.id],
    type,
  });
  return { creator, admin, member, outsider, circle, anon: callerFor(h) };
}

async function invitationRows(h: TestHarness = harness()) {
  return h.db.db.select().from(invitations);
}

async function membershipsOf(userId: number, circleId: number) {
  return harness()
    .db.db.select()
    .from(circleMembers)
    .where(and(eq(circleMembers.userId, userId), eq(circleMembers.circleId, circleId)));
}

describe("who may use the circle's invitation paths", () => {
  it("refuses the signed out (401), non-members (404) and plain members (403) on every admin path", async () => {
    const { creator, member, outsider, anon, circle } = await circleWithRoles();
    const { invitation } = await createInvitation(harness().deps, {
      circleId: circle.id,
      email: "guest@example.com",
      inviterId: creator.user.id,
    });
    const paths = [
      (c: typeof anon) => c.trpc.invitations.listForCircle({ id: circle.id }),
      (c: typeof anon) => c.trpc.invitations.create({ id: circle.id, email: "new@example.com" }),
      (c: typeof anon) =>
        c.trpc.invitations.inviteMany({ id: circle.id, inviteEmails: ["new@example.com"] }),
      (c: typeof anon) => c.trpc.invitations.delete({ id: circle.id, invitationId: invitation.id }),
    ];
    for (const path of paths) {
      expect((await refusal(path(anon))).status).toBe(401);
      const stranger = await refusal(path(outsider));
      expect(stranger.status).toBe(404);
      expect(stranger.body.message).toBe(messages.circleNotFound);
      const plain = await refusal(path(member));
      expect(plain.status).toBe(403);
      expect(plain.body.message).toBe(messages.circleAdminOnly);
    }
    // Nothing was made or removed along the way.
    expect((await invitationRows()).map((row) => row.id)).toEqual([invitation.id]);
    expect(await harness().db.db.select().from(mailOutbox)).toEqual([]);
  });

  it("answers a circle that does not exist like one the caller is not in", async () => {
    const { admin } = await circleWithRoles();
    const res = await refusal(admin.trpc.invitations.listForCircle({ id: 999_999 }));
    expect(res).toMatchObject({ status: 404, body: { message: messages.circleNotFound } });
  });
});

describe("invitations.create", () => {
  it("lets an admin invite: the answer carries the token once, the row only its hash", async () => {
    const { admin, circle } = await circleWithRoles();
    const now = harness().clock.now();
    const created = await admin.trpc.invitations.create({
      id: circle.id,
      email: "  Guest.Person@Example.COM ",
      message: "See you at dinner",
      relationship: "child",
    });
    expect(created).toMatchObject({
      circleId: circle.id,
      circleName: circle.name,
      circleColor: circle.color,
      email: "guest.person@example.com",
      status: "pending",
      relationship: "child",
      message: "See you at dinner",
      inviterName: `${admin.user.firstName} ${admin.user.lastName}`,
    });
    expect(created.expiresAt.getTime()).toBe(now.getTime() + INVITATION_TTL_MS);
    expect(created.expires_at).toEqual(created.expiresAt);
    expect(created.created_at).toEqual(created.createdAt);
    expect(created.inviteToken.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(created.inviteUrl).toBe(`http://localhost:3000/invitations/${created.inviteToken}`);

    const [row] = await invitationRows();
    expect(row?.tokenHash).toBe(sha256(created.inviteToken));
    expect(JSON.stringify(row)).not.toContain(created.inviteToken);
    expect(row).toMatchObject({ inviterId: admin.user.id, status: "pending" });
  });

  it("lets the creator invite too, and answers the created invitation without a hash", async () => {
    const { creator, circle } = await circleWithRoles();
    const created = await creator.trpc.invitations.create({
      id: circle.id,
      email: "someone@example.com",
    });
    expect(created).toMatchObject({ status: "pending", relationship: null, message: null });
    expectNoSecrets(created);
  });

  it("mails the link with the circle, the inviter, the message and the expiry", async () => {
    const { admin, circle } = await circleWithRoles();
    const created = await admin.trpc.invitations.create({
      id: circle.id,
      email: "Guest@Example.com",
      message: "Join <b>us</b> & plan",
    });
    const mail = await harness().db.db.select().from(mailOutbox);
    expect(mail).toHaveLength(1);
    const [sent] = mail;
    const inviter = `${admin.user.firstName} ${admin.user.lastName}`;
    expect(sent?.to).toBe("guest@example.com");
    expect(sent?.subject).toBe(`${inviter} invited you to join ${circle.name} on Circleplan`);
    expect(sent?.text).toContain(created.inviteUrl);
    expect(sent?.text).toContain(created.inviteToken);
    expect(sent?.text).toContain("Join <b>us</b> & plan");
    expect(sent?.text).toContain("expires in 10 days");
    expect(sent?.text).toContain(inviter);
    expect(sent?.html).toContain(created.inviteUrl);
    expect(sent?.html).toContain("Join &lt;b&gt;us&lt;/b&gt; &amp; plan");
    expect(sent?.html).not.toContain("<b>us</b>");
    expect(sent?.html).toContain("expires in 10 days");
  });

  it("refuses a personal circle (400)", async () => {
    const owner = await signedInCaller(harness());
    const personal = await personalCircleOf(harness().deps, owner.user.id);
    const res = await refusal(
      owner.trpc.invitations.create({ id: personal.id, email: "friend@example.com" }),
    );
    expect(res).toMatchObject({
      status: 400,
      body: { message: messages.personalCircleNoInvitations },
    });
    const many = await refusal(
      owner.trpc.invitations.inviteMany({ id: personal.id, inviteEmails: ["a@example.com"] }),
    );
    expect(many.status).toBe(400);
    expect(await invitationRows()).toEqual([]);
  });

  it("keeps a relationship only in family circles, and ignores one sent for another circle", async () => {
    const { admin, circle } = await circleWithRoles(harness(), "work");
    const work = await admin.trpc.invitations.create({
      id: circle.id,
      email: "colleague@example.com",
      relationship: "sibling",
    });
    expect(work.relationship).toBeNull();
    const family = await circleWithRoles(harness(), "family");
    const kept = await family.admin.trpc.invitations.create({
      id: family.circle.id,
      email: "cousin@example.com",
      relationship: "sibling",
    });
    expect(kept.relationship).toBe("sibling");
    // An empty relationship means none.
    const none = await family.admin.trpc.invitations.create({
      id: family.circle.id,
      email: "friend@example.com",
      relationship: "",
    });
    expect(none.relationship).toBeNull();
  });

  it("refuses inviting oneself, whatever the case (400)", async () => {
    const { admin, circle } = await circleWithRoles();
    const res = await refusal(
      admin.trpc.invitations.create({ id: circle.id, email: admin.user.email.toUpperCase() }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.inviteSelf);
    expect(res.body.issues).toEqual([{ path: "email", message: messages.inviteSelf }]);
  });

  it("refuses an address that is already a member's (409), whatever the case", async () => {
    const { admin, member, creator, circle } = await circleWithRoles();
    for (const email of [member.user.email.toUpperCase(), creator.user.email]) {
      const res = await refusal(admin.trpc.invitations.create({ id: circle.id, email }));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(messages.inviteAlreadyMember);
    }
    expect(await invitationRows()).toEqual([]);
  });

  it("invites a registered non-member by their account email", async () => {
    const { admin, outsider, circle } = await circleWithRoles();
    const created = await admin.trpc.invitations.create({
      id: circle.id,
      email: outsider.user.email,
    });
    expect(created.email).toBe(outsider.user.email);
  });

  it("refuses a second invitation to an address with an open one (409), whatever the case", async () => {
    const { admin, creator, circle } = await circleWithRoles();
    await admin.trpc.invitations.create({ id: circle.id, email: "guest@example.com" });
    const res = await refusal(
      creator.trpc.invitations.create({ id: circle.id, email: "GUEST@example.com" }),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.invitePending);
    expect(await invitationRows()).toHaveLength(1);
    // The same address in another circle is another invitation.
    const other = await createCircle(harness().deps, { creatorId: admin.user.id });
    await admin.trpc.invitations.create({ id: other.id, email: "guest@example.com" });
    expect(await invitationRows()).toHaveLength(2);
  });

  it("clears an expired invitation so a new one can be made; the old link dies", async () => {
    const { admin, circle } = await circleWithRoles();
    const first = await admin.trpc.invitations.create({ id: circle.id, email: "late@example.com" });
    harness().clock.advance(INVITATION_TTL_MS);
    const second = await admin.trpc.invitations.create({
      id: circle.id,
      email: "late@example.com",
    });
    const rows = await invitationRows();
    expect(rows.map((row) => row.id)).toEqual([second.id]);
    const guest = await signedInCaller(harness(), { user: { email: "late@example.com" } });
    const old = await refusal(guest.trpc.invitations.byToken({ token: first.inviteToken }));
    expect(old).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });
    const fresh = await guest.trpc.invitations.byToken({ token: second.inviteToken });
    expect(fresh.invitation.id).toBe(second.id);
  });

  it("allows a new invitation once the last one was declined", async () => {
    const { admin, circle } = await circleWithRoles();
    await createInvitation(harness().deps, {
      circleId: circle.id,
      email: "again@example.com",
      inviterId: admin.user.id,
      status: "declined",
    });
    const again = await admin.trpc.invitations.create({
      id: circle.id,
      email: "again@example.com",
    });
    expect(again.status).toBe("pending");
  });

  it("refuses bad input with the product's messages, never a 500", async () => {
    const { admin, circle } = await circleWithRoles();
    const blank = await refusal(admin.trpc.invitations.create({ id: circle.id, email: "  " }));
    expect(blank.status).toBe(400);
    expect(blank.body.issues).toContainEqual({
      path: "email",
      message: messages.invitationEmailRequired,
    });
    const shape = await refusal(
      admin.trpc.invitations.create({ id: circle.id, email: "not-an-email" }),
    );
    expect(shape.status).toBe(400);
    expect(shape.body.message).toBe(messages.emailInvalid);
    const long = await refusal(
      admin.trpc.invitations.create({
        id: circle.id,
        email: "ok@example.com",
        message: "x".repeat(501),
      }),
    );
    expect(long.body.message).toBe(messages.invitationMessageTooLong);
    const relationship = await refusal(
      admin.trpc.invitations.create({
        id: circle.id,
        email: "ok@example.com",
        // @ts-expect-error: not one of the relationships
        relationship: "cousin",
      }),
    );
    expect(relationship.body.message).toBe(messages.relationshipInvalid);
    expect(await invitationRows()).toEqual([]);
  });

  it("keeps a circle within its member ceiling, counting open invitations as seats", async () => {
    const { admin, circle } = await circleWithRoles();
    // 3 members (creator, admin, member) and enough open invitations to fill every seat but one.
    const open = CIRCLE_MEMBERS_MAX - 3 - 1;
    const now = harness().clock.now();
    await harness()
      .db.db.insert(invitations)
      .values(
        Array.from({ length: open }, (_, i) => ({
          circleId: circle.id,
          email: `seat${i}@example.com`,
          tokenHash: sha256(`seat-${i}`),
          inviterId: admin.user.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        })),
      );
    const two = await refusal(
      admin.trpc.invitations.inviteMany({
        id: circle.id,
        inviteEmails: ["last1@example.com", "last2@example.com"],
      }),
    );
    expect(two).toMatchObject({ status: 400, body: { message: messages.circleFull } });
    await admin.trpc.invitations.create({ id: circle.id, email: "last1@example.com" });
    const full = await refusal(
      admin.trpc.invitations.create({ id: circle.id, email: "last2@example.com" }),
    );
    expect(full.body.message).toBe(messages.circleFull);
  });
});

describe("invitations.inviteMany", () => {
  it("invites a list at once: one row, token and mail each", async () => {
    const { admin, circle } = await circleWithRoles();
    const res = await admin.trpc.invitations.inviteMany({
      id: circle.id,
      inviteEmails: ["one@example.com", "Two@Example.com", "three@example.com"],
      inviteMessage: "Welcome to the family calendar",
      relationship: "sibling",
    });
    expect(res.message).toBe("Invitations sent");
    expect(res.invitations.map((i) => i.email)).toEqual([
      "one@example.com",
      "two@example.com",
      "three@example.com",
    ]);
    expect(new Set(res.invitations.map((i) => i.inviteToken)).size).toBe(3);
    for (const invitation of res.invitations) {
      expect(invitation).toMatchObject({
        message: "Welcome to the family calendar",
        relationship: "sibling",
        status: "pending",
      });
    }
    const mail = await harness().db.db.select().from(mailOutbox);
    expect(mail.map((m) => m.to).sort()).toEqual([
      "one@example.com",
      "three@example.com",
      "two@example.com",
    ]);
    for (const invitation of res.invitations) {
      const sent = mail.find((m) => m.to === invitation.email);
      expect(sent?.text).toContain(invitation.inviteUrl);
    }
    const rows = await invitationRows();
    expect(rows.map((r) => r.tokenHash).sort()).toEqual(
      res.invitations.map((i) => sha256(i.inviteToken)).sort(),
    );
  });

  it("refuses duplicates in the list, whatever the case, naming each repeat (400)", async () => {
    const { admin, circle } = await circleWithRoles();
    const res = await refusal(
      admin.trpc.invitations.inviteMany({
        id: circle.id,
        inviteEmails: ["a@example.com", "b@example.com", "A@EXAMPLE.com", "b@example.com"],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.inviteEmailDuplicate);
    expect(res.body.issues).toEqual([
      { path: "inviteEmails.2", message: messages.inviteEmailDuplicate },
      { path: "inviteEmails.3", message: messages.inviteEmailDuplicate },
    ]);
    expect(await invitationRows()).toEqual([]);
  });

  it("invites all or none: one member or open invitation in the list refuses the whole list", async () => {
    const { admin, member, circle } = await circleWithRoles();
    const memberIn = await refusal(
      admin.trpc.invitations.inviteMany({
        id: circle.id,
        inviteEmails: ["fresh1@example.com", "fresh2@example.com", member.user.email],
      }),
    );
    expect(memberIn.status).toBe(409);
    expect(memberIn.body.message).toBe(messages.inviteAlreadyMember);
    expect(memberIn.body.issues).toEqual([
      { path: "inviteEmails.2", message: messages.inviteAlreadyMember },
    ]);

    await admin.trpc.invitations.create({ id: circle.id, email: "open@example.com" });
    const pendingIn = await refusal(
      admin.trpc.invitations.inviteMany({
        id: circle.id,
        inviteEmails: ["fresh1@example.com", "OPEN@example.com"],
      }),
    );
    expect(pendingIn.status).toBe(409);
    expect(pendingIn.body.issues).toEqual([
      { path: "inviteEmails.1", message: messages.invitePending },
    ]);

    const selfIn = await refusal(
      admin.trpc.invitations.inviteMany({
        id: circle.id,
        inviteEmails: ["fresh1@example.com", admin.user.email],
      }),
    );
    expect(selfIn.status).toBe(400);
    expect(selfIn.body.issues).toEqual([{ path: "inviteEmails.1", message: messages.inviteSelf }]);

    // Only the single invitation made in between exists, with its one mail.
    expect((await invitationRows()).map((r) => r.email)).toEqual(["open@example.com"]);
    expect((await harness().db.db.select().from(mailOutbox)).map((m) => m.to)).toEqual([
      "open@example.com",
    ]);
  });

  it("refuses an empty list, too long a list and a bad email by its index", async () => {
    const { admin, circle } = await circleWithRoles();
    const empty = await refusal(
      admin.trpc.invitations.inviteMany({ id: circle.id, inviteEmails: [] }),
    );
    expect(empty.body.message).toBe(messages.inviteEmailsRequired);
    const many = await refusal(
      admin.trpc.invitations.inviteMany({
        id: circle.id,
        inviteEmails: Array.from({ length: 21 }, (_, i) => `p${i}@example.com`),
      }),
    );
    expect(many.body.message).toBe(messages.inviteEmailsTooMany);
    const bad = await refusal(
      admin.trpc.invitations.inviteMany({
        id: circle.id,
        inviteEmails: ["good@example.com", "bad"],
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toContainEqual({
      path: "inviteEmails.1",
      message: messages.emailInvalid,
    });
    expect(await invitationRows()).toEqual([]);
  });
});

describe("invitations.listForCircle", () => {
  it("shows an admin this circle's invitations, newest first, expired ones marked", async () => {
    const { admin, creator, circle } = await circleWithRoles();
    const h = harness();
    const start = h.clock.now();
    const at = (days: number) => new Date(start.getTime() - days * 24 * 60 * 60 * 1000);
    const old = await createInvitation(h.deps, {
      circleId: circle.id,
      email: "old@example.com",
      inviterId: creator.user.id,
      createdAt: at(11),
    });
    const accepted = await createInvitation(h.deps, {
      circleId: circle.id,
      email: "yes@example.com",
      inviterId: admin.user.id,
      status: "accepted",
      createdAt: at(3),
    });
    const declined = await createInvitation(h.deps, {
      circleId: circle.id,
      email: "no@example.com",
      inviterId: null,
      status: "declined",
      createdAt: at(2),
    });
    const fresh = await createInvitation(h.deps, {
      circleId: circle.id,
      email: "new@example.com",
      inviterId: admin.user.id,
      relationship: "parent",
      createdAt: at(1),
    });
    const elsewhere = await createCircle(h.deps, { creatorId: admin.user.id });
    await createInvitation(h.deps, {
      circleId: elsewhere.id,
      email: "other@example.com",
      inviterId: admin.user.id,
    });

    for (const who of [admin, creator]) {
      const list = await who.trpc.invitations.listForCircle({ id: circle.id });
      expect(list.map((i) => [i.id, i.status])).toEqual([
        [fresh.invitation.id, "pending"],
        [declined.invitation.id, "declined"],
        [accepted.invitation.id, "accepted"],
        [old.invitation.id, "expired"],
      ]);
      expect(list[0]).toMatchObject({
        circleName: circle.name,
        circleColor: circle.color,
        relationship: "parent",
        inviterName: `${admin.user.firstName} ${admin.user.lastName}`,
      });
      // The inviter's account is gone: the list says so with null (the page shows Someone).
      expect(list[1]?.inviterName).toBeNull();
      expectNoSecrets(list);
      expect(JSON.stringify(list)).not.toContain(fresh.token);
    }
  });

  it("answers an empty list for a personal circle", async () => {
    const owner = await signedInCaller(harness());
    const personal = await personalCircleOf(harness().deps, owner.user.id);
    expect(await owner.trpc.invitations.listForCircle({ id: personal.id })).toEqual([]);
  });
});

describe("invitations.delete", () => {
  it("lets an admin remove an invitation; its link dies", async () => {
    const { admin, creator, circle } = await circleWithRoles();
    const created = await admin.trpc.invitations.create({
      id: circle.id,
      email: "gone@example.com",
    });
    const res = await creator.trpc.invitations.delete({
      id: circle.id,
      invitationId: created.id,
    });
    expect(res).toEqual({ message: messages.invitationDeleted });
    expect(await invitationRows()).toEqual([]);
    const guest = await signedInCaller(harness(), { user: { email: "gone@example.com" } });
    const dead = await refusal(guest.trpc.invitations.byToken({ token: created.inviteToken }));
    expect(dead.status).toBe(400);
    const again = await refusal(
      creator.trpc.invitations.delete({ id: circle.id, invitationId: created.id }),
    );
    expect(again).toMatchObject({ status: 404, body: { message: messages.invitationNotFound } });
  });

  it("answers 404 for another circle's invitation, even to an admin of both", async () => {
    const { admin, circle } = await circleWithRoles();
    const other = await createCircle(harness().deps, { creatorId: admin.user.id });
    const { invitation } = await createInvitation(harness().deps, {
      circleId: other.id,
      email: "elsewhere@example.com",
      inviterId: admin.user.id,
    });
    const res = await refusal(
      admin.trpc.invitations.delete({ id: circle.id, invitationId: invitation.id }),
    );
    expect(res).toMatchObject({ status: 404, body: { message: messages.invitationNotFound } });
    expect(await invitationRows()).toHaveLength(1);
  });
});

describe("invitations.pending", () => {
  it("lists only pending, unexpired invitations to the caller's own address", async () => {
    const { admin, circle } = await circleWithRoles();
    const h = harness();
    const guest = await signedInCaller(h, { user: { email: "guest@example.com" } });
    const now = h.clock.now();
    const mine = await createInvitation(h.deps, {
      circleId: circle.id,
      email: "GUEST@example.com",
      inviterId: admin.user.id,
      relationship: "spouse",
      createdAt: now,
    });
    const second = await createCircle(h.deps, { creatorId: admin.user.id, type: "custom" });
    await createInvitation(h.deps, {
      circleId: second.id,
      email: "guest@example.com",
      inviterId: admin.user.id,
      status: "declined",
    });
    const third = await createCircle(h.deps, { creatorId: admin.user.id, type: "work" });
    await createInvitation(h.deps, {
      circleId: third.id,
      email: "guest@example.com",
      inviterId: admin.user.id,
      expiresAt: now,
    });
    const fourth = await createCircle(h.deps, { creatorId: admin.user.id });
    await createInvitation(h.deps, {
      circleId: fourth.id,
      email: "guest@example.com",
      inviterId: admin.user.id,
      status: "accepted",
    });
    await createInvitation(h.deps, {
      circleId: circle.id,
      email: "someone.else@example.com",
      inviterId: admin.user.id,
    });

    const list = await guest.trpc.invitations.pending();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: mine.invitation.id,
      circleId: circle.id,
      circleName: circle.name,
      circleColor: circle.color,
      email: "guest@example.com",
      status: "pending",
      relationship: "spouse",
      inviterName: `${admin.user.firstName} ${admin.user.lastName}`,
    });
    expectNoSecrets(list);

    h.clock.advance(INVITATION_TTL_MS);
    expect(await guest.trpc.invitations.pending()).toEqual([]);
    expect((await refusal(callerFor(h).trpc.invitations.pending())).status).toBe(401);
  });
});

describe("invitations.byToken", () => {
  async function invited() {
    const setup = await circleWithRoles();
    const created = await setup.admin.trpc.invitations.create({
      id: setup.circle.id,
      email: "Invitee@Example.com",
      message: "Come along",
      relationship: "child",
    });
    const invitee = await signedInCaller(harness(), { user: { email: "invitee@example.com" } });
    return { ...setup, created, invitee };
  }

  it("shows a pending invitation, its circle and inviter to anyone signed in holding the link", async () => {
    const { created, invitee, outsider, admin, circle } = await invited();
    for (const who of [invitee, outsider]) {
      const res = await who.trpc.invitations.byToken({ token: created.inviteToken });
      expect(res.invitation).toMatchObject({
        id: created.id,
        status: "pending",
        message: "Come along",
        relationship: "child",
      });
      expect(res.circle).toEqual({
        id: circle.id,
        name: circle.name,
        color: circle.color,
        type: "family",
        photoUrl: null,
      });
      expect(res.inviter).toEqual({
        firstName: admin.user.firstName,
        lastName: admin.user.lastName,
      });
      expectNoSecrets(res);
      expect(JSON.stringify(res)).not.toContain(created.inviteToken);
    }
  });

  it("shows the invitee's address in full to the invitee only: masked to everyone else holding the shared link", async () => {
    const { created, invitee, outsider, member, admin, creator } = await invited();
    const h = harness();
    const read = (who: typeof invitee) =>
      who.trpc.invitations.byToken({ token: created.inviteToken });

    for (const who of [outsider, member, admin, creator]) {
      const res = await read(who);
      expect(res.invitation.email).toBe("i•••@example.com");
      expect(res.isInvitee).toBe(false);
      expect(JSON.stringify(res)).not.toContain("invitee@example.com");
    }
    const mine = await read(invitee);
    expect(mine).toMatchObject({ isInvitee: true, invitation: { email: "invitee@example.com" } });

    // Whatever the case either address is stored in.
    await h.db.db
      .update(invitations)
      .set({ email: "Invitee@Example.COM" })
      .where(eq(invitations.id, created.id));
    expect(await read(invitee)).toMatchObject({
      isInvitee: true,
      invitation: { email: "Invitee@Example.COM" },
    });
    expect((await read(outsider)).invitation.email).toBe("I•••@Example.COM");

    // An account that never proved the address is not the invitee (as for the pending list).
    const unproved = await admin.trpc.invitations.create({
      id: created.circleId,
      email: "unproved@example.com",
    });
    const unverified = await signedInCaller(h, {
      user: { email: "unproved@example.com", verified: false },
    });
    expect(
      await unverified.trpc.invitations.byToken({ token: unproved.inviteToken }),
    ).toMatchObject({ isInvitee: false, invitation: { email: "u•••@example.com" } });
  });

  it("shows the circle's photo as its thumbnail URL, never its storage key", async () => {
    const { created, invitee, circle } = await invited();
    const key = "circles/abcdef0123456789";
    await harness().db.db.update(circles).set({ photoKey: key }).where(eq(circles.id, circle.id));
    const res = await invitee.trpc.invitations.byToken({ token: created.inviteToken });
    expect(res.circle.photoUrl).toBe(photoUrl({ circleId: circle.id }, key, "thumb"));
    expect(res.circle.photoUrl).toContain("thumb");
  });

  it("answers 409 'already been accepted' once accepted, 400 once declined or expired or unknown", async () => {
    const { created, invitee, admin, circle } = await invited();
    await invitee.trpc.invitations.accept({ id: created.id });
    const accepted = await refusal(
      invitee.trpc.invitations.byToken({ token: created.inviteToken }),
    );
    expect(accepted.status).toBe(409);
    expect(accepted.body.message).toBe(messages.invitationAlreadyAccepted);
    expect(accepted.body.message).toContain("already been accepted");

    const declinedOne = await admin.trpc.invitations.create({
      id: circle.id,
      email: "decliner@example.com",
    });
    const decliner = await signedInCaller(harness(), { user: { email: "decliner@example.com" } });
    await decliner.trpc.invitations.decline({ id: declinedOne.id });
    const declined = await refusal(
      decliner.trpc.invitations.byToken({ token: declinedOne.inviteToken }),
    );
    expect(declined).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });

    const unknown = await refusal(invitee.trpc.invitations.byToken({ token: "no-such-token" }));
    expect(unknown).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });
    const empty = await refusal(invitee.trpc.invitations.byToken({ token: "" }));
    expect(empty.status).toBe(400);
    // The hash itself opens nothing.
    const hash = await refusal(
      invitee.trpc.invitations.byToken({ token: sha256(created.inviteToken) }),
    );
    expect(hash.status).toBe(400);
  });

  it("answers 400 once the invitation has expired", async () => {
    const { created, invitee } = await invited();
    harness().clock.advance(INVITATION_TTL_MS - 1);
    await invitee.trpc.invitations.byToken({ token: created.inviteToken });
    harness().clock.advance(1);
    const expired = await refusal(invitee.trpc.invitations.byToken({ token: created.inviteToken }));
    expect(expired).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });
  });

  it("needs a session (401)", async () => {
    const { created } = await invited();
    const res = await refusal(
      callerFor(harness()).trpc.invitations.byToken({ token: created.inviteToken }),
    );
    expect(res.status).toBe(401);
  });
});

describe("invitations.preview (a signed-out invitee's landing)", () => {
  async function invited() {
    const setup = await circleWithRoles();
    const created = await setup.admin.trpc.invitations.create({
      id: setup.circle.id,
      email: "invitee@example.com",
    });
    const invitee = await signedInCaller(harness(), { user: { email: "invitee@example.com" } });
    return { ...setup, created, invitee };
  }

  it("tells anyone holding the link, signed out too, who invited them where, and nothing more", async () => {
    const { created, invitee, outsider, admin, circle } = await invited();
    for (const who of [callerFor(harness()), outsider, invitee]) {
      const res = await who.trpc.invitations.preview({ token: created.inviteToken });
      expect(res).toEqual({ circleName: circle.name, inviterFirstName: admin.user.firstName });
    }
  });

  it("never hands a signed-out holder the address, not even masked (the shared link must not tell whom it was for)", async () => {
    const { created } = await invited();
    const res = await callerFor(harness()).trpc.invitations.preview({
      token: created.inviteToken,
    });
    expect(JSON.stringify(res)).not.toMatch(/@|invitee/);
  });

  it("answers as the token page does: 409 once accepted, 400 declined, expired or unknown", async () => {
    const { created, invitee, admin, circle } = await invited();
    const anon = callerFor(harness());
    await invitee.trpc.invitations.accept({ id: created.id });
    const accepted = await refusal(anon.trpc.invitations.preview({ token: created.inviteToken }));
    expect(accepted).toMatchObject({
      status: 409,
      body: { message: messages.invitationAlreadyAccepted },
    });

    const later = await admin.trpc.invitations.create({ id: circle.id, email: "late@example.com" });
    harness().clock.advance(INVITATION_TTL_MS);
    const expired = await refusal(anon.trpc.invitations.preview({ token: later.inviteToken }));
    expect(expired).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });
    const unknown = await refusal(anon.trpc.invitations.preview({ token: "no-such-token" }));
    expect(unknown).toMatchObject({ status: 400, body: { message: messages.invitationInvalid } });
    const empty = await refusal(anon.trpc.invitations.preview({ token: " " }));
    expect(empty.status).toBe(400);
  });

  it("says no name once the inviter's account is gone", async () => {
    const { created } = await invited();
    await harness()
      .db.db.update(invitations)
      .set({ inviterId: null })
      .where(eq(invitations.id, created.id));
    const res = await callerFor(harness()).trpc.invitations.preview({
      token: created.inviteToken,
    });
    expect(res.inviterFirstName).toBeNull();
  });

  it("puts the address in the mailed link only, so Register can be filled in from it", async () => {
    const { created } = await invited();
    const [mail] = await harness().db.db.select().from(mailOutbox);
    const mailed = new URL(mail?.text.match(/https?:\/\/\S+\/invitations\/\S+/)?.[0] ?? "");
    expect(mailed.pathname).toBe(`/invitations/${created.inviteToken}`);
    expect(mailed.searchParams.get("email")).toBe("invitee@example.com");
    expect(created.inviteUrl).not.toContain("?");
  });
});

describe("answering an invitation", () => {
  async function invited(relationship: "child" | null = "child") {
    const setup = await circleWithRoles();
    const created = await setup.admin.trpc.invitations.create({
      id: setup.circle.id,
      email: "Guest.Name@Example.com",
      relationship,
    });
    // The account's address in another case than the invitation's.
    const invitee = await signedInCaller(harness(), { user: { email: "guest.name@example.com" } });
    return { ...setup, created, invitee };
  }

  it("accepting makes the invitee a member with the invitation's relationship", async () => {
    const { created, invitee, circle } = await invited();
    const res = await invitee.trpc.invitations.accept({ id: created.id });
    expect(res).toEqual({
      message: "Invitation accepted",
      status: "accepted",
      circleId: circle.id,
      circleName: circle.name,
    });
    const [membership] = await membershipsOf(invitee.user.id, circle.id);
    expect(membership).toMatchObject({ role: "member", relationship: "child" });
    const [row] = await invitationRows();
    expect(row).toMatchObject({ status: "accepted" });
    expect(row?.respondedAt).toEqual(harness().clock.now());
    expect(await invitee.trpc.invitations.pending()).toEqual([]);
    // Now a member: the circle's admin-only paths answer 403, no longer 404.
    const list = await refusal(invitee.trpc.invitations.listForCircle({ id: circle.id }));
    expect(list.status).toBe(403);
  });

  it("accepts through PUT's procedure too, and answers a second answer 409", async () => {
    const { created, invitee, circle } = await invited(null);
    const res = await invitee.trpc.invitations.respond({ id: created.id, status: "accepted" });
    expect(res).toMatchObject({ status: "accepted", circleId: circle.id });
    const [membership] = await membershipsOf(invitee.user.id, circle.id);
    expect(membership?.relationship).toBeNull();
    for (const again of [
      () => invitee.trpc.invitations.accept({ id: created.id }),
      () => invitee.trpc.invitations.respond({ id: created.id, status: "declined" }),
      () => invitee.trpc.invitations.decline({ id: created.id }),
    ]) {
      const refused = await refusal(again());
      expect(refused).toMatchObject({
        status: 409,
        body: { message: messages.invitationAlreadyAccepted },
      });
    }
    expect(await membershipsOf(invitee.user.id, circle.id)).toHaveLength(1);
  });

  it("declining adds no member; a declined invitation cannot be answered again", async () => {
    const { created, invitee, circle } = await invited();
    const res = await invitee.trpc.invitations.decline({ id: created.id });
    expect(res).toEqual({
      message: messages.invitationDeclined,
      status: "declined",
      circleId: circle.id,
      circleName: circle.name,
    });
    expect(await membershipsOf(invitee.user.id, circle.id)).toEqual([]);
    for (const again of [
      () => invitee.trpc.invitations.accept({ id: created.id }),
      () => invitee.trpc.invitations.respond({ id: created.id, status: "declined" }),
    ]) {
      const refused = await refusal(again());
      expect(refused).toMatchObject({
        status: 409,
        body: { message: messages.invitationAlreadyDeclined },
      });
    }
    expect(await membershipsOf(invitee.user.id, circle.id)).toEqual([]);
  });

  it("refuses everyone but the invitee (403), the circle's own admins included", async () => {
    const { created, outsider, admin, creator, member, circle } = await invited();
    for (const who of [outsider, admin, creator, member]) {
      for (const call of [
        () => who.trpc.invitations.accept({ id: created.id }),
        () => who.trpc.invitations.decline({ id: created.id }),
        () => who.trpc.invitations.respond({ id: created.id, status: "accepted" }),
      ]) {
        const res = await refusal(call());
        expect(res).toMatchObject({
          status: 403,
          body: { message: messages.invitationWrongRecipient },
        });
      }
    }
    expect(await membershipsOf(outsider.user.id, circle.id)).toEqual([]);
    const [row] = await invitationRows();
    expect(row?.status).toBe("pending");
  });

  it("refuses the signed out (401) and an unknown invitation (404)", async () => {
    const { created, invitee } = await invited();
    const anon = callerFor(harness());
    for (const call of [
      () => anon.trpc.invitations.accept({ id: created.id }),
      () => anon.trpc.invitations.decline({ id: created.id }),
      () => anon.trpc.invitations.respond({ id: created.id, status: "accepted" }),
    ]) {
      expect((await refusal(call())).status).toBe(401);
    }
    for (const call of [
      () => invitee.trpc.invitations.accept({ id: created.id + 1000 }),
      () => invitee.trpc.invitations.decline({ id: created.id + 1000 }),
      () => invitee.trpc.invitations.respond({ id: created.id + 1000, status: "declined" }),
    ]) {
      expect(await refusal(call())).toMatchObject({
        status: 404,
        body: { message: messages.invitationNotFound },
      });
    }
    const badStatus = await refusal(
      // @ts-expect-error: only accepted or declined
      invitee.trpc.invitations.respond({ id: created.id, status: "maybe" }),
    );
    expect(badStatus).toMatchObject({
      status: 400,
      body: { message: messages.invitationStatusInvalid },
    });
  });

  it("refuses an expired invitation (400) and adds no member", async () => {
    const { created, invitee, circle } = await invited();
    harness().clock.advance(INVITATION_TTL_MS);
    for (const call of [
      () => invitee.trpc.invitations.accept({ id: created.id }),
      () => invitee.trpc.invitations.decline({ id: created.id }),
    ]) {
      expect(await refusal(call())).toMatchObject({
        status: 400,
        body: { message: messages.invitationInvalid },
      });
    }
    expect(await membershipsOf(invitee.user.id, circle.id)).toEqual([]);
  });

  it("makes one member of a double click", async () => {
    const { created, invitee, circle } = await invited();
    const answers = await Promise.allSettled([
      invitee.trpc.invitations.accept({ id: created.id }),
      invitee.trpc.invitations.accept({ id: created.id }),
      invitee.trpc.invitations.respond({ id: created.id, status: "accepted" }),
    ]);
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status === "rejected")) {
      expect(await refusal(Promise.reject(answer.reason))).toMatchObject({ status: 409 });
    }
    expect(await membershipsOf(invitee.user.id, circle.id)).toHaveLength(1);
  });

  it("marks the invitation accepted when the invitee is already a member, keeping their role", async () => {
    const { admin, circle } = await circleWithRoles();
    const { invitation } = await createInvitation(harness().deps, {
      circleId: circle.id,
      email: admin.user.email,
      inviterId: null,
      relationship: "parent",
    });
    const res = await admin.trpc.invitations.accept({ id: invitation.id });
    expect(res.status).toBe("accepted");
    const memberships = await membershipsOf(admin.user.id, circle.id);
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ role: "admin", relationship: null });
  });

  it("refuses an account whose address was never verified", async () => {
    const { admin, circle } = await circleWithRoles();
    const created = await admin.trpc.invitations.create({
      id: circle.id,
      email: "unproven@example.com",
    });
    const unverified = await signedInCaller(harness(), {
      user: { email: "unproven@example.com", verified: false },
    });
    const res = await refusal(unverified.trpc.invitations.accept({ id: created.id }));
    expect(res).toMatchObject({ status: 403, body: { message: messages.emailNotVerified } });
    expect(await unverified.trpc.invitations.pending()).toEqual([]);
    expect(await membershipsOf(unverified.user.id, circle.id)).toEqual([]);
  });

  it("refuses to accept into a full circle, leaving the invitation open", async () => {
    const { admin, circle } = await circleWithRoles();
    const created = await admin.trpc.invitations.create({
      id: circle.id,
      email: "late@example.com",
    });
    const invitee = await signedInCaller(harness(), { user: { email: "late@example.com" } });
    // Fill the remaining seats directly (3 members already).
    const extra = await harness()
      .db.db.insert(users)
      .values(
        Array.from({ length: CIRCLE_MEMBERS_MAX - 3 }, (_, i) => ({
          email: `filler${i}@example.com`,
          passwordHash: "unused",
          firstName: "Fill",
          lastName: "Er",
          username: `filler-${i}`,
          gender: "female" as const,
          country: "US",
          city: "New York",
          phoneNumber: "+1 2125550123",
        })),
      )
      .returning({ id: users.id });
    await harness()
      .db.db.insert(circleMembers)
      .values(
        extra.map(({ id }) => ({ circleId: circle.id, userId: id, role: "member" as const })),
      );
    const res = await refusal(invitee.trpc.invitations.accept({ id: created.id }));
    expect(res).toMatchObject({ status: 400, body: { message: messages.circleFull } });
    const [row] = await invitationRows();
    expect(row?.status).toBe("pending");
  });
});

describe("invitation rate limits", () => {
  const limited = useTestHarness({
    env: { RATE_LIMIT_INVITE_CIRCLE: "3/86400", RATE_LIMIT_INVITE_USER: "5/86400" },
  });

  it("counts every invitation of a circle, batches included, and answers 429 with Retry-After", async () => {
    const { admin, creator, circle } = await circleWithRoles(limited());
    await admin.trpc.invitations.create({ id: circle.id, email: "one@example.com" });
    await creator.trpc.invitations.create({ id: circle.id, email: "two@example.com" });
    const batch = await refusal(
      admin.trpc.invitations.inviteMany({
        id: circle.id,
        inviteEmails: ["three@example.com", "four@example.com"],
      }),
    );
    expect(batch.status).toBe(429);
    expect(batch.body.message).toBe(messages.rateLimited);
    expect(batch.retryAfter).toBeGreaterThan(0);
    expect(batch.retryAfter).toBeLessThanOrEqual(86_400);
    // All or none: the batch made nothing, though its first email was within the limit.
    expect((await invitationRows(limited())).map((r) => r.email).sort()).toEqual([
      "one@example.com",
      "two@example.com",
    ]);
    limited().clock.advance(86_400_000);
    await admin.trpc.invitations.create({ id: circle.id, email: "three@example.com" });
  });

  it("counts an inviter's invitations across circles", async () => {
    const h = limited();
    const { admin, circle } = await circleWithRoles(h);
    const second = await createCircle(h.deps, { creatorId: admin.user.id });
    const third = await createCircle(h.deps, { creatorId: admin.user.id, type: "custom" });
    await admin.trpc.invitations.inviteMany({
      id: circle.id,
      inviteEmails: ["a@example.com", "b@example.com", "c@example.com"],
    });
    await admin.trpc.invitations.inviteMany({
      id: second.id,
      inviteEmails: ["a@example.com", "b@example.com"],
    });
    const res = await refusal(
      admin.trpc.invitations.create({ id: third.id, email: "a@example.com" }),
    );
    expect(res.status).toBe(429);
    // Another inviter has a count of their own.
    const other = await signedInCaller(h);
    const fourth = await createCircle(h.deps, { creatorId: other.user.id });
    await other.trpc.invitations.create({ id: fourth.id, email: "a@example.com" });
  });
});
