/**
 * The circle rules, called in-process: the list and its order, creation (types, colours, the
 * per-user limit, the personal circle), PUT/PATCH updates that change only what is sent,
 * deletion (creator only, never personal, everything in one transaction), input bounds, and
 * photos from the request to storage and back out. Who may call what is in
 * circle-access.integration.test.ts; the HTTP doors in circles.rest.integration.test.ts.
 */
import { photoObjectKey } from "@circleplan/core/photos/photo-store";
import { solidPng } from "@circleplan/core/photos/testing/hand-made-png";
import {
  circleMembers,
  circles,
  invitations,
  planAttachments,
  plans,
  storageGarbage,
} from "@circleplan/db/schema";
import {
  createCircle,
  createInvitation,
  createPlan,
  createUser,
  personalCircleOf,
} from "@circleplan/db/testing/factories";
import {
  CIRCLE_TYPE_COLORS,
  CIRCLES_PER_USER_MAX,
  PHOTO_DATA_URL_MAX_LENGTH,
  PHOTO_MAX_BYTES,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creatorAndMember } from "./testing/circle-callers";
import { refusal, signedInCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

async function circleRow(id: number) {
  const [row] = await harness().db.db.select().from(circles).where(eq(circles.id, id));
  return row;
}

async function membersOf(circleId: number) {
  return harness().db.db.select().from(circleMembers).where(eq(circleMembers.circleId, circleId));
}

describe("listing circles", () => {
  it("lists the caller's circles: personal first, then by creation, with the caller's place", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const friend = (await createUser(h.deps)).user;
    h.clock.advance(60_000);
    const mine = await me.trpc.circles.create({ name: "Book club" });
    h.clock.advance(60_000);
    const theirs = await createCircle(h.deps, { creatorId: friend.id, members: [me.user.id] });
    await h.db.db
      .update(circles)
      .set({ createdAt: h.clock.now() })
      .where(eq(circles.id, theirs.id));
    const hidden = await createCircle(h.deps, { creatorId: friend.id });

    const list = await me.trpc.circles.list();
    const personal = await personalCircleOf(h.deps, me.user.id);
    expect(list.map((c) => c.id)).toEqual([personal.id, mine.id, theirs.id]);
    expect(list.map((c) => c.id)).not.toContain(hidden.id);
    expect(list[0]).toMatchObject({
      type: "personal",
      role: "admin",
      isCreator: true,
      memberCount: 1,
      color: CIRCLE_TYPE_COLORS.personal,
    });
    expect(list[2]).toMatchObject({
      id: theirs.id,
      name: theirs.name,
      type: "family",
      creatorId: friend.id,
      role: "member",
      isCreator: false,
      memberCount: 2,
      photo: null,
      photoUrl: null,
      thumbnailUrl: null,
    });
  });

  it("shows the creator as admin even when their membership row says member", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const circle = await createCircle(h.deps, { creatorId: me.user.id });
    await h.db.db
      .update(circleMembers)
      .set({ role: "member" })
      .where(eq(circleMembers.circleId, circle.id));
    const listed = (await me.trpc.circles.list()).find((c) => c.id === circle.id);
    expect(listed).toMatchObject({ role: "admin", isCreator: true });
    expect(await me.trpc.circles.get({ id: circle.id })).toMatchObject({ role: "admin" });
  });
});

describe("creating a circle", () => {
  it("makes the caller its creator and only admin, custom and purple unless told", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const created = await me.trpc.circles.create({ name: "  Climbing  ", description: "" });
    expect(created).toMatchObject({
      name: "Climbing",
      description: null,
      type: "custom",
      color: CIRCLE_TYPE_COLORS.custom,
      creatorId: me.user.id,
      memberCount: 1,
      role: "admin",
      isCreator: true,
      photo: null,
    });
    expect(created.createdAt).toEqual(h.clock.now());
    const members = await membersOf(created.id);
    expect(members.map((m) => [m.userId, m.role])).toEqual([[me.user.id, "admin"]]);
    expect(await me.trpc.circles.get({ id: created.id })).toEqual(created);
  });

  it("colours a circle by its type, or as asked", async () => {
    const me = await signedInCaller(harness());
    expect((await me.trpc.circles.create({ name: "Home", type: "family" })).color).toBe("#10B981");
    expect((await me.trpc.circles.create({ name: "Office", type: "work" })).color).toBe("#6B7280");
    const asked = await me.trpc.circles.create({ name: "Mine", type: "family", color: "#abcdef" });
    expect(asked).toMatchObject({ type: "family", color: "#ABCDEF" });
  });

  it("reads a colour sent as null or an empty string as not chosen", async () => {
    const me = await signedInCaller(harness());
    const made = await me.trpc.circles.create({ name: "Home", type: "family", color: null });
    expect(made.color).toBe("#10B981");
    expect((await me.trpc.circles.create({ name: "Club", color: "" })).color).toBe("#8B5CF6");
    const kept = await me.trpc.circles.update({ id: made.id, name: "Our home", color: "" });
    expect(kept).toMatchObject({ name: "Our home", color: "#10B981" });
    const refused = await refusal(me.trpc.circles.update({ id: made.id, color: "blue" }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(messages.circleColorInvalid);
  });

  it("refuses a second personal circle and creates nothing", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const before = await me.trpc.circles.list();
    const res = await refusal(me.trpc.circles.create({ name: "Another me", type: "personal" }));
    expect(res).toEqual({
      status: 400,
      body: { message: messages.personalCircleExists, code: "BAD_REQUEST" },
    });
    expect(await me.trpc.circles.list()).toEqual(before);
  });

  it(`stops at ${CIRCLES_PER_USER_MAX} circles created, counting only circles the user created`, async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const friend = (await createUser(h.deps)).user;
    // Circles one only belongs to do not count.
    await createCircle(h.deps, { creatorId: friend.id, members: [me.user.id] });
    // The personal circle counts: it and these leave room for exactly one more.
    await h.db.db.insert(circles).values(
      Array.from({ length: CIRCLES_PER_USER_MAX - 2 }, (_, i) => ({
        name: `Circle ${i}`,
        type: "custom" as const,
        color: CIRCLE_TYPE_COLORS.custom,
        creatorId: me.user.id,
      })),
    );
    await me.trpc.circles.create({ name: "The last one" });
    const res = await refusal(me.trpc.circles.create({ name: "One too many" }));
    expect(res).toEqual({
      status: 400,
      body: { message: messages.tooManyCircles, code: "BAD_REQUEST" },
    });
    const owned = await h.db.db.select().from(circles).where(eq(circles.creatorId, me.user.id));
    expect(owned).toHaveLength(CIRCLES_PER_USER_MAX);
  });
  it("lets only one of two simultaneous requests take the last place", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    await h.db.db.insert(circles).values(
      Array.from({ length: CIRCLES_PER_USER_MAX - 2 }, (_, i) => ({
        name: `Circle ${i}`,
        type: "custom" as const,
        color: CIRCLE_TYPE_COLORS.custom,
        creatorId: me.user.id,
      })),
    );
    const results = await Promise.allSettled([
      me.trpc.circles.create({ name: "First" }),
      me.trpc.circles.create({ name: "Second" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const owned = await h.db.db.select().from(circles).where(eq(circles.creatorId, me.user.id));
    expect(owned).toHaveLength(CIRCLES_PER_USER_MAX);
  });
});

describe("updating a circle", () => {
  it("changes only the fields sent (PUT and PATCH alike)", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const created = await me.trpc.circles.create({
      name: "Before",
      description: "Kept",
      type: "family",
    });
    const renamed = await me.trpc.circles.update({ id: created.id, name: "After" });
    expect(renamed).toMatchObject({
      name: "After",
      description: "Kept",
      color: CIRCLE_TYPE_COLORS.family,
      type: "family",
    });
    const recoloured = await me.trpc.circles.update({ id: created.id, color: "#123abc" });
    expect(recoloured).toMatchObject({ name: "After", description: "Kept", color: "#123ABC" });
    const cleared = await me.trpc.circles.update({ id: created.id, description: null });
    expect(cleared).toMatchObject({ name: "After", description: null, color: "#123ABC" });
    const untouched = await me.trpc.circles.update({ id: created.id });
    expect(untouched).toEqual(cleared);
    expect(await circleRow(created.id)).toMatchObject({
      name: "After",
      description: null,
      color: "#123ABC",
    });
  });

  it("renames a personal circle for its owner", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const personal = await personalCircleOf(h.deps, me.user.id);
    const res = await me.trpc.circles.update({ id: personal.id, name: "Just me" });
    expect(res).toMatchObject({ name: "Just me", type: "personal", memberCount: 1 });
  });

  it("answers the member count and the admin's own role", async () => {
    const h = harness();
    const creator = await signedInCaller(h);
    const admin = await signedInCaller(h);
    const member = (await createUser(h.deps)).user;
    const circle = await createCircle(h.deps, {
      creatorId: creator.user.id,
      admins: [admin.user.id],
      members: [member.id],
    });
    const res = await admin.trpc.circles.update({ id: circle.id, name: "Ours" });
    expect(res).toMatchObject({ memberCount: 3, role: "admin", isCreator: false });
  });
});

/** A trigger that makes every `event` on `table` fail: a real failure inside the transaction. */
async function failingStatementsOn(table: "invitations" | "circles", event: "delete" | "update") {
  const db = harness().db.db;
  await db.execute(
    sql.raw(
      "create or replace function circleplan_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$",
    ),
  );
  await db.execute(
    sql.raw(
      `create trigger circleplan_test_refuse before ${event} on ${table} for each row execute function circleplan_test_refuse()`,
    ),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger circleplan_test_refuse on ${table}`));
    await db.execute(sql.raw("drop function circleplan_test_refuse()"));
  };
}

describe("deleting a circle", () => {
  it("removes the circle with its members and invitations, and nothing else", async () => {
    const h = harness();
    const { creator, member, circle } = await creatorAndMember(h);
    const other = await createCircle(h.deps, {
      creatorId: creator.user.id,
      members: [member.user.id],
    });
    await createInvitation(h.deps, {
      circleId: circle.id,
      email: "invited@example.com",
      inviterId: creator.user.id,
    });
    const kept = await createInvitation(h.deps, {
      circleId: other.id,
      email: "invited@example.com",
      inviterId: creator.user.id,
    });

    expect(await creator.trpc.circles.delete({ id: circle.id })).toEqual({
      message: messages.circleDeleted,
    });
    expect(await circleRow(circle.id)).toBeUndefined();
    expect(await membersOf(circle.id)).toEqual([]);
    const left = await h.db.db.select().from(invitations);
    expect(left.map((i) => i.id)).toEqual([kept.invitation.id]);
    expect(await membersOf(other.id)).toHaveLength(2);
    expect((await member.trpc.circles.list()).map((c) => c.id)).not.toContain(circle.id);
  });

  it("removes its plans and their attachments' stored files after commit", async () => {
    const h = harness();
    const { creator, circle } = await creatorAndMember(h, { type: "custom" });
    const plan = await createPlan(h.deps, { circleId: circle.id, creatorId: creator.user.id });
    const storageKey = "attachments/0123456789abcdef0123456789abcdef";
    await h.deps.storage.put(storageKey, new TextEncoder().encode("list"), {
      contentType: "text/plain",
    });
    await h.db.db.insert(planAttachments).values({
      planId: plan.id,
      storageKey,
      fileName: "list.txt",
      contentType: "text/plain",
      size: 4,
      uploadedBy: creator.user.id,
    });
    await creator.trpc.circles.delete({ id: circle.id });
    expect(await h.db.db.select().from(plans).where(eq(plans.circleId, circle.id))).toEqual([]);
    expect(await h.deps.storage.get(storageKey)).toBeNull();
    expect(await h.db.db.select().from(storageGarbage)).toEqual([]);
  });

  it("never deletes a personal circle", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const personal = await personalCircleOf(h.deps, me.user.id);
    const res = await refusal(me.trpc.circles.delete({ id: personal.id }));
    expect(res).toEqual({
      status: 400,
      body: { message: messages.personalCircleNotDeletable, code: "BAD_REQUEST" },
    });
    expect(await circleRow(personal.id)).toBeDefined();
    expect(await membersOf(personal.id)).toHaveLength(1);
  });

  it("leaves everything as it was when the deletion fails part-way", async () => {
    const h = harness();
    const creator = await signedInCaller(h);
    const member = (await createUser(h.deps)).user;
    const circle = await createCircle(h.deps, { creatorId: creator.user.id, members: [member.id] });
    await createInvitation(h.deps, {
      circleId: circle.id,
      email: "invited@example.com",
      inviterId: creator.user.id,
    });
    // The cascade reaches invitations after members: the failure comes mid-way.
    const restore = await failingStatementsOn("invitations", "delete");
    try {
      const res = await refusal(creator.trpc.circles.delete({ id: circle.id }));
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: messages.internal, code: "INTERNAL" });
    } finally {
      await restore();
    }
    expect(await circleRow(circle.id)).toBeDefined();
    expect(await membersOf(circle.id)).toHaveLength(2);
    expect(await h.db.db.select().from(invitations)).toHaveLength(1);
    expect(await creator.trpc.circles.delete({ id: circle.id })).toEqual({
      message: messages.circleDeleted,
    });
  });
});

describe("input bounds", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["a name over 50 characters", { name: "x".repeat(51) }, messages.circleNameTooLong],
    ["a name of spaces", { name: "   " }, messages.circleNameRequired],
    ["a control character in the name", { name: "Bell\u0007" }, messages.invalidText],
    ["a line separator in the name", { name: "One\u2028Two" }, messages.invalidText],
    ["a lone surrogate in the name", { name: "Half\ud800" }, messages.invalidText],
    ["a control character in the description", { description: "a\u0000b" }, messages.invalidText],
    ["a long description", { description: "d".repeat(501) }, messages.circleDescriptionTooLong],
    ["a colour name", { color: "red" }, messages.circleColorInvalid],
    ["a short hex colour", { color: "#12345" }, messages.circleColorInvalid],
    ["a colour with more", { color: "#123456; x" }, messages.circleColorInvalid],
    [
      "a photo that is not a data URL",
      { photo: "https://x.test/a.png" },
      messages.photoInvalidType,
    ],
    [
      "a photo longer than any 5 MB image",
      { photo: `data:image/png;base64,${"A".repeat(PHOTO_DATA_URL_MAX_LENGTH)}` },
      messages.payloadTooLarge,
    ],
    [
      "an upload key of another shape",
      { photoUploadKey: "../secret" },
      messages.photoUploadInvalid,
    ],
  ];

  it.each(cases)(
    "refuses %s on create and update with the product's message",
    async (_, bad, message) => {
      const h = harness();
      const me = await signedInCaller(h);
      const personal = await personalCircleOf(h.deps, me.user.id);
      const created = await refusal(me.trpc.circles.create({ name: "Fine", ...bad } as never));
      expect(created.status).toBe(400);
      expect(created.body).toMatchObject({ message, code: "VALIDATION_FAILED" });
      const updated = await refusal(me.trpc.circles.update({ id: personal.id, ...bad } as never));
      expect(updated.status).toBe(400);
      expect(updated.body.message).toBe(message);
      expect((await me.trpc.circles.list()).map((c) => c.name)).toEqual(["Personal"]);
    },
  );

  it("takes a name of exactly 50 characters", async () => {
    const me = await signedInCaller(harness());
    const name = "n".repeat(50);
    expect((await me.trpc.circles.create({ name })).name).toBe(name);
  });

  it("refuses an unknown circle type", async () => {
    const me = await signedInCaller(harness());
    const res = await refusal(me.trpc.circles.create({ name: "X", type: "club" as "custom" }));
    expect(res.status).toBe(400);
  });
});

const dataUrl = (bytes: Buffer, type = "image/png") =>
  `data:${type};base64,${bytes.toString("base64")}`;
const bluePng = () => dataUrl(solidPng(8, 6, [59, 130, 246]));
const greenPng = () => dataUrl(solidPng(6, 8, [16, 185, 129]));

describe("circle photos", () => {
  /** Both stored sizes of a photo key, or nulls once they are gone. */
  async function objectsOf(key: string | null | undefined) {
    if (!key) throw new Error("no photo key");
    const { storage } = harness().deps;
    return Promise.all([
      storage.get(photoObjectKey(key, "large")),
      storage.get(photoObjectKey(key, "thumb")),
    ]);
  }
  const stored = (objects: Awaited<ReturnType<typeof objectsOf>>) =>
    objects.map((o) => o?.contentType ?? null);

  /** A signed-in creator and a circle of theirs with a photo, and the photo's stored key. */
  async function picturedCircle() {
    const me = await signedInCaller(harness());
    const created = await me.trpc.circles.create({ name: "Pictured", photo: bluePng() });
    const key = (await circleRow(created.id))?.photoKey;
    return { me, created, key };
  }

  it("creates a circle with a photo sent as a data URL, and answers its URLs, never its key", async () => {
    const me = await signedInCaller(harness());
    const created = await me.trpc.circles.create({ name: "Pictured", photo: bluePng() });
    const row = await circleRow(created.id);
    expect(row?.photoKey).toBeTruthy();
    expect(stored(await objectsOf(row?.photoKey))).toEqual(["image/webp", "image/webp"]);
    expect(created.photo).toMatch(new RegExp(`^/api/photos/circles/${created.id}/[a-z0-9]+$`));
    expect(created.photoUrl).toBe(created.photo);
    expect(created.thumbnailUrl).toBe(`${created.photo}?size=thumb`);
    expect(JSON.stringify(created)).not.toContain(row?.photoKey as string);
    expect((await me.trpc.circles.list()).find((c) => c.id === created.id)?.photo).toBe(
      created.photo,
    );
  });

  it("creates nothing when the photo is refused", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const notAnImage = dataUrl(Buffer.from("just some text, not an image"));
    const res = await refusal(me.trpc.circles.create({ name: "Broken", photo: notAnImage }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.photoInvalidType);
    expect((await me.trpc.circles.list()).map((c) => c.name)).toEqual(["Personal"]);
    const tooBig = dataUrl(Buffer.alloc(PHOTO_MAX_BYTES + 1));
    const big = await refusal(me.trpc.circles.create({ name: "Huge", photo: tooBig }));
    expect(big).toEqual({
      status: 413,
      body: { message: messages.payloadTooLarge, code: "PAYLOAD_TOO_LARGE" },
    });
    expect(await h.db.db.select().from(circles).where(eq(circles.name, "Huge"))).toEqual([]);
  });

  it("replaces the photo, and the old one's objects are gone", async () => {
    const h = harness();
    const { me, created, key: oldKey } = await picturedCircle();
    const updated = await me.trpc.circles.update({ id: created.id, photo: greenPng() });
    const newKey = (await circleRow(created.id))?.photoKey;
    expect(newKey).not.toBe(oldKey);
    expect(updated.photo).not.toBe(created.photo);
    expect(stored(await objectsOf(newKey))).toEqual(["image/webp", "image/webp"]);
    expect(stored(await objectsOf(oldKey))).toEqual([null, null]);
    expect(await h.db.db.select().from(storageGarbage)).toEqual([]);
  });

  it("keeps the photo when none is sent, and removes it for an empty string or null", async () => {
    const me = await signedInCaller(harness());
    for (const removal of ["", null]) {
      const created = await me.trpc.circles.create({ name: "Pictured", photo: bluePng() });
      const key = (await circleRow(created.id))?.photoKey;
      const renamed = await me.trpc.circles.update({ id: created.id, name: "Renamed" });
      expect(renamed.photo).toBe(created.photo);
      const removed = await me.trpc.circles.update({ id: created.id, photo: removal });
      expect(removed).toMatchObject({ photo: null, photoUrl: null, thumbnailUrl: null });
      expect((await circleRow(created.id))?.photoKey).toBeNull();
      expect(stored(await objectsOf(key))).toEqual([null, null]);
    }
  });

  it("reads photoUrl like photo (the personal circle's form sends both)", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const personal = await personalCircleOf(h.deps, me.user.id);
    const set = await me.trpc.circles.update({ id: personal.id, photoUrl: bluePng() });
    expect(set.photo).toBeTruthy();
    const key = (await circleRow(personal.id))?.photoKey;
    const both = await me.trpc.circles.update({ id: personal.id, photo: "", photoUrl: "" });
    expect(both.photo).toBeNull();
    expect(stored(await objectsOf(key))).toEqual([null, null]);
  });

  it("takes a photo the caller uploaded directly, by its key, and refuses another user's", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const other = await signedInCaller(h);
    const mine = `uploads/${me.user.id}/abcdef0123456789`;
    await h.deps.storage.put(mine, solidPng(4, 4, [1, 2, 3]), { contentType: "image/png" });
    const created = await me.trpc.circles.create({ name: "Uploaded", photoUploadKey: mine });
    expect(created.photo).toBeTruthy();
    expect(await h.deps.storage.get(mine)).toBeNull();

    const theirs = `uploads/${other.user.id}/abcdef0123456789`;
    await h.deps.storage.put(theirs, solidPng(4, 4, [1, 2, 3]), { contentType: "image/png" });
    const res = await refusal(me.trpc.circles.update({ id: created.id, photoUploadKey: theirs }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.photoUploadInvalid);
    expect(await h.deps.storage.get(theirs)).not.toBeNull();
    expect((await me.trpc.circles.get({ id: created.id })).photo).toBe(created.photo);
  });

  it("deletes the photo's objects with the circle", async () => {
    const h = harness();
    const { me, created, key } = await picturedCircle();
    await me.trpc.circles.delete({ id: created.id });
    expect(stored(await objectsOf(key))).toEqual([null, null]);
    expect(await h.db.db.select().from(storageGarbage)).toEqual([]);
  });

  it("keeps the photo when the deletion fails", async () => {
    const h = harness();
    const { me, created, key } = await picturedCircle();
    const restore = await failingStatementsOn("circles", "delete");
    try {
      expect((await refusal(me.trpc.circles.delete({ id: created.id }))).status).toBe(500);
    } finally {
      await restore();
    }
    expect((await circleRow(created.id))?.photoKey).toBe(key);
    expect(stored(await objectsOf(key))).toEqual(["image/webp", "image/webp"]);
    expect(await h.db.db.select().from(storageGarbage)).toEqual([]);
  });

  it("removes a new photo again when its update fails, and keeps the old one", async () => {
    const h = harness();
    const { me, created, key: oldKey } = await picturedCircle();
    // Records what this update stores, through the real storage.
    const storage = h.deps.storage;
    const put = storage.put;
    const written: string[] = [];
    storage.put = (key, body, options) => {
      written.push(key);
      return put.call(storage, key, body, options);
    };
    const restore = await failingStatementsOn("circles", "update");
    try {
      const res = await refusal(me.trpc.circles.update({ id: created.id, photo: greenPng() }));
      expect(res.status).toBe(500);
    } finally {
      storage.put = put;
      await restore();
    }
    expect(written).toHaveLength(2);
    for (const key of written) expect(await storage.get(key)).toBeNull();
    expect((await circleRow(created.id))?.photoKey).toBe(oldKey);
    expect(stored(await objectsOf(oldKey))).toEqual(["image/webp", "image/webp"]);
  });
});
