/**
 * Photos end to end: the profile photo through both doors (multipart at the spec's
 * `POST /api/user/photo`, a data URL, a direct upload named by its key), who may read which
 * photo at `GET /api/photos/{kind}/{ownerId}/{version}`, and what becomes of the objects a
 * replaced photo leaves behind. Images are real (made by sharp); storage is the local folder,
 * and S3 over HTTP (s3rver) for the presigned upload.
 */
import { randomBytes } from "node:crypto";
import type { SignedInCaller } from "@circleplan/core/deps";
import { readPhoto } from "@circleplan/core/photos/photo-access";
import {
  collectPhotoGarbage,
  discardPhotoLater,
  photoObjectKey,
  preparePhoto,
} from "@circleplan/core/photos/photo-store";
import {
  asDataUrl,
  HEIC_BYTES,
  photoMetadata,
  samplePhoto,
} from "@circleplan/core/photos/testing/sample-photos";
import { setUserPhoto } from "@circleplan/core/photos/user-photos";
import { createDirectUpload, receiveLocalUpload } from "@circleplan/core/storage/direct-uploads";
import type { ObjectStorage } from "@circleplan/core/storage/object-storage";
import {
  type S3TestServer,
  startS3TestServer,
} from "@circleplan/core/storage/testing/s3-test-server";
import { circles, invitations, storageGarbage, users } from "@circleplan/db/schema";
import {
  createCircle,
  createInvitation,
  type SignedInFactoryUser,
} from "@circleplan/db/testing/factories";
import { INVITATION_TTL_MS, PHOTO_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { signedInClient } from "./testing/accounts";
import { callerFor, refusal, signedInCaller } from "./testing/test-caller";
import type { TestClient } from "./testing/test-server";
import { fetchBytes, postMultipart, useTestServer } from "./testing/test-server";

const server = useTestServer();

const photoFile = (bytes: Uint8Array<ArrayBuffer>, name = "me.jpg", type = "image/jpeg") =>
  new File([bytes], name, { type });

/** A signed-in caller as core sees it, for calling domain functions directly. */
const callerOf = (account: SignedInFactoryUser): SignedInCaller => ({
  userId: account.user.id,
  sessionId: account.sessionId,
  ip: "198.51.100.7",
  requestId: "photos-test",
});

async function photoKeyOf(userId: number): Promise<string | null> {
  const [row] = await server()
    .db.db.select({ photoKey: users.photoKey })
    .from(users)
    .where(eq(users.id, userId));
  return row?.photoKey ?? null;
}

const stored = (key: string, size: "large" | "thumb" = "large") =>
  server().deps.storage.get(photoObjectKey(key, size));

const versionOf = (url: string | null) => url?.split("/").at(-1)?.split("?")[0] ?? "";

const sendForm = (client: TestClient | null, path: string, form: FormData) =>
  postMultipart(server(), client, path, form);

const photoForm = (file: File) => {
  const form = new FormData();
  form.append("photo", file);
  return form;
};

/** A photo URL as the browser's <img> asks for it. */
const getPhoto = (client: TestClient | null, url: string) => fetchBytes(server(), client, url);

const jsonOf = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString("utf8"));

describe("the profile photo, through the procedures", () => {
  it("stores a phone photo upright as WebP, without its EXIF or GPS position", async () => {
    const alice = await signedInCaller(server());
    const taken = await samplePhoto({ width: 2000, height: 1500, gps: true });
    expect((await photoMetadata(taken)).hasExif).toBe(true);

    const { photoUrl } = await alice.trpc.photos.setUserPhoto({ photo: photoFile(taken) });

    const key = (await photoKeyOf(alice.user.id)) as string;
    expect(photoUrl).toMatch(new RegExp(`^/api/photos/users/${alice.user.id}/[a-f0-9]{32}$`));
    expect(photoUrl).not.toContain(key);
    const large = (await stored(key)) as { body: Uint8Array; contentType: string };
    expect(large.contentType).toBe("image/webp");
    expect(await photoMetadata(large.body)).toEqual({
      format: "webp",
      width: 1024,
      height: 768,
      hasExif: false,
      hasXmp: false,
    });
    expect(Buffer.from(large.body).includes(Buffer.from("PhoneMaker"))).toBe(false);
    const thumb = (await stored(key, "thumb")) as { body: Uint8Array };
    expect(await photoMetadata(thumb.body)).toMatchObject({ width: 256, height: 192 });
    expect((await alice.trpc.auth.user()).photoUrl).toBe(photoUrl);
  });

  it("gives a replaced photo a new URL and deletes the old one's objects", async () => {
    const alice = await signedInCaller(server());
    const first = await alice.trpc.photos.setUserPhoto({ photo: photoFile(await samplePhoto()) });
    const firstKey = (await photoKeyOf(alice.user.id)) as string;
    const second = await alice.trpc.photos.setUserPhoto({
      photo: photoFile(await samplePhoto({ format: "png" }), "me.png", "image/png"),
    });
    expect(second.photoUrl).not.toBe(first.photoUrl);
    expect(await stored(firstKey)).toBeNull();
    expect(await stored(firstKey, "thumb")).toBeNull();
    expect(await stored((await photoKeyOf(alice.user.id)) as string)).not.toBeNull();
    expect(await server().db.db.select().from(storageGarbage)).toEqual([]);
  });

  it("refuses HEIC, SVG and text with the product message and keeps the current photo", async () => {
    const alice = await signedInCaller(server());
    await alice.trpc.photos.setUserPhoto({ photo: photoFile(await samplePhoto()) });
    const before = await photoKeyOf(alice.user.id);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const [bytes, type] of [
      [HEIC_BYTES, "image/heic"],
      [svg, "image/svg+xml"],
      [new TextEncoder().encode("just text"), "image/jpeg"],
    ] as const) {
      const refused = await refusal(
        alice.trpc.photos.setUserPhoto({ photo: photoFile(new Uint8Array(bytes), "x", type) }),
      );
      expect(refused.status, type).toBe(400);
      expect(refused.body.message).toBe(messages.photoInvalidType);
    }
    expect(await photoKeyOf(alice.user.id)).toBe(before);
  });

  it("removes the photo and its objects, and removing again still answers", async () => {
    const alice = await signedInCaller(server());
    await alice.trpc.photos.setUserPhoto({ photo: photoFile(await samplePhoto()) });
    const key = (await photoKeyOf(alice.user.id)) as string;
    expect(await alice.trpc.photos.removeUserPhoto()).toEqual({ message: messages.photoRemoved });
    expect(await photoKeyOf(alice.user.id)).toBeNull();
    expect(await stored(key)).toBeNull();
    expect((await alice.trpc.auth.user()).photoUrl).toBeNull();
    expect(await alice.trpc.photos.removeUserPhoto()).toEqual({ message: messages.photoRemoved });
  });

  it("refuses a signed-out caller", async () => {
    const visitor = callerFor(server());
    const refused = await refusal(
      visitor.trpc.photos.setUserPhoto({ photo: photoFile(await samplePhoto()) }),
    );
    expect(refused.status).toBe(401);
    expect((await refusal(visitor.trpc.photos.createUpload())).status).toBe(401);
  });

  it("limits direct uploads per user (429 with Retry-After)", async () => {
    const alice = await signedInCaller(server());
    const call = { deps: server().deps, caller: callerOf(alice), input: undefined };
    for (let i = 0; i < 100; i++) await createDirectUpload(call);
    const limited = await refusal(createDirectUpload(call));
    expect(limited.status).toBe(429);
    expect(limited.retryAfter).toBeGreaterThan(0);
    const bob = await signedInCaller(server());
    await expect(bob.trpc.photos.createUpload()).resolves.toMatchObject({
      maxBytes: PHOTO_MAX_BYTES,
    });
  });
});

describe("POST and DELETE /api/user/photo", () => {
  it("takes the multipart field photo and answers photoUrl, which serves the WebP", async () => {
    const { client, user } = await signedInClient(server());
    const set = await sendForm(
      client,
      "/api/user/photo",
      photoForm(photoFile(await samplePhoto({ gps: true }))),
    );
    expect(set.status).toBe(200);
    const photoUrl = set.body.photoUrl as string;
    expect(photoUrl).toMatch(new RegExp(`^/api/photos/users/${user.id}/[a-f0-9]{32}$`));
    const image = await getPhoto(client, photoUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(await photoMetadata(image.bytes)).toMatchObject({ format: "webp", hasExif: false });
    const thumb = await getPhoto(client, `${photoUrl}?size=thumb`);
    expect(await photoMetadata(thumb.bytes)).toMatchObject({ width: 64, height: 48 });

    const removed = await client.request("DELETE", "/api/user/photo");
    expect(removed).toMatchObject({ status: 200, body: { message: messages.photoRemoved } });
    expect((await getPhoto(client, photoUrl)).status).toBe(404);
  });

  it("answers 413 over 5 MB, whether the procedure or the body limit sees it first", async () => {
    const { client, user } = await signedInClient(server());
    for (const size of [PHOTO_MAX_BYTES + 1, PHOTO_MAX_BYTES + 200 * 1024]) {
      const big = await sendForm(
        client,
        "/api/user/photo",
        photoForm(photoFile(new Uint8Array(size))),
      );
      expect(big.status, String(size)).toBe(413);
      expect(big.body).toEqual({ message: messages.payloadTooLarge, code: "PAYLOAD_TOO_LARGE" });
    }
    expect(await photoKeyOf(user.id)).toBeNull();
  });

  it("refuses HEIC and text with the product message, and a signed-out visitor", async () => {
    const { client } = await signedInClient(server());
    for (const bytes of [HEIC_BYTES, new TextEncoder().encode("not a photo")]) {
      const refused = await sendForm(client, "/api/user/photo", photoForm(photoFile(bytes)));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(messages.photoInvalidType);
    }
    const visitor = await sendForm(
      null,
      "/api/user/photo",
      photoForm(photoFile(await samplePhoto())),
    );
    expect(visitor.status).toBe(401);
  });
});

describe("a photo sent as a data URL", () => {
  it("is read by its bytes, whatever type it declares", async () => {
    const alice = await signedInCaller(server());
    const png = await samplePhoto({ format: "png" });
    const prepared = await preparePhoto(
      server().deps,
      callerOf(alice),
      { userId: alice.user.id },
      { dataUrl: asDataUrl(png, "image/gif") },
    );
    expect(await photoMetadata((await stored(prepared.key))?.body as Uint8Array)).toMatchObject({
      format: "webp",
    });
    await prepared.discard();
    expect(await stored(prepared.key)).toBeNull();

    const text = asDataUrl(new TextEncoder().encode("hello"), "image/png");
    const refused = await refusal(
      preparePhoto(server().deps, callerOf(alice), { userId: alice.user.id }, { dataUrl: text }),
    );
    expect(refused).toMatchObject({ status: 400, body: { message: messages.photoInvalidType } });
  });

  it("refuses a malformed data URL (400) and one over 5 MB (413)", async () => {
    const alice = await signedInCaller(server());
    const prepare = (dataUrl: string) =>
      preparePhoto(server().deps, callerOf(alice), { userId: alice.user.id }, { dataUrl });
    for (const malformed of [
      "data:image/png;base64,@@@@",
      "data:image/png,not-base64",
      "image/png;base64,AAAA",
      "data:image/png;base64,AA=A",
    ]) {
      const refused = await refusal(prepare(malformed));
      expect(refused.status, malformed).toBe(400);
      expect(refused.body.message).toBe(messages.photoInvalidType);
    }
    const huge = `data:image/png;base64,${"A".repeat(Math.ceil((PHOTO_MAX_BYTES * 4) / 3) + 8)}`;
    expect(await refusal(prepare(huge))).toMatchObject({
      status: 413,
      body: { message: messages.payloadTooLarge },
    });
  });
});

describe("a direct upload named by its key (local storage)", () => {
  async function uploadOwn(client: TestClient, bytes: Uint8Array<ArrayBuffer>) {
    const { body: upload } = await client.post<{
      url: string;
      fields: Record<string, string>;
      key: string;
    }>("/api/photos/uploads");
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append("file", new File([bytes], "photo.jpg"));
    const sent = await sendForm(client, upload.url, form);
    expect(sent.status).toBe(200);
    return upload.key;
  }

  it("hands out an upload under the caller's own folder, taken once by the photo procedure", async () => {
    const alice = await signedInClient(server());
    const upload = await alice.client.post("/api/photos/uploads");
    expect(upload.body).toEqual({
      url: "/api/photos/local-upload",
      fields: { key: upload.body.key },
      key: expect.stringMatching(new RegExp(`^uploads/${alice.user.id}/[a-f0-9]{32}$`)),
      maxBytes: PHOTO_MAX_BYTES,
    });

    const key = await uploadOwn(alice.client, await samplePhoto({ gps: true }));
    const named = new FormData();
    named.append("photoUploadKey", key);
    const set = await sendForm(alice.client, "/api/user/photo", named);
    expect(set.status).toBe(200);
    expect(versionOf(set.body.photoUrl as string)).toMatch(/^[a-f0-9]{32}$/);
    expect(await server().deps.storage.get(key)).toBeNull();
    const caller = callerFor(server(), { cookie: alice.cookie });
    const again = await refusal(caller.trpc.photos.setUserPhoto({ photoUploadKey: key }));
    expect(again).toMatchObject({ status: 400, body: { message: messages.photoUploadInvalid } });
  });

  it("refuses another user's upload and one that was never made", async () => {
    const alice = await signedInCaller(server());
    const bob = await signedInClient(server());
    const bobsKey = await uploadOwn(bob.client, await samplePhoto());
    const stolen = await refusal(alice.trpc.photos.setUserPhoto({ photoUploadKey: bobsKey }));
    expect(stolen).toMatchObject({ status: 400, body: { message: messages.photoUploadInvalid } });
    expect(await server().deps.storage.get(bobsKey)).not.toBeNull();

    const missing = await refusal(
      alice.trpc.photos.setUserPhoto({
        photoUploadKey: `uploads/${alice.user.id}/0123456789abcdef`,
      }),
    );
    expect(missing).toMatchObject({ status: 400, body: { message: messages.photoUploadInvalid } });
    expect(await photoKeyOf(alice.user.id)).toBeNull();
  });

  it("refuses bytes that are not a photo, and removes that upload too", async () => {
    const alice = await signedInClient(server());
    const key = await uploadOwn(alice.client, new TextEncoder().encode("text, not a photo"));
    const caller = callerFor(server(), { cookie: alice.cookie });
    const refused = await refusal(caller.trpc.photos.setUserPhoto({ photoUploadKey: key }));
    expect(refused).toMatchObject({ status: 400, body: { message: messages.photoInvalidType } });
    expect(await server().deps.storage.get(key)).toBeNull();
  });

  it("has the local upload route keep S3's rules: own key, 1 byte to 5 MB, signed in", async () => {
    const alice = await signedInClient(server());
    const bob = await signedInCaller(server());
    const form = (key: string, bytes: Uint8Array<ArrayBuffer>) => {
      const body = new FormData();
      body.append("key", key);
      body.append("file", new File([bytes], "photo.jpg"));
      return body;
    };
    const photo = await samplePhoto();
    const bobsKey = `uploads/${bob.user.id}/0123456789abcdef`;
    const foreign = await sendForm(alice.client, "/api/photos/local-upload", form(bobsKey, photo));
    expect(foreign).toMatchObject({ status: 400, body: { message: messages.photoUploadInvalid } });
    expect(await server().deps.storage.get(bobsKey)).toBeNull();

    const ownKey = `uploads/${alice.user.id}/0123456789abcdef`;
    const big = await sendForm(
      alice.client,
      "/api/photos/local-upload",
      form(ownKey, new Uint8Array(PHOTO_MAX_BYTES + 1)),
    );
    expect(big).toMatchObject({ status: 413, body: { message: messages.payloadTooLarge } });
    const empty = await sendForm(
      alice.client,
      "/api/photos/local-upload",
      form(ownKey, new Uint8Array(0)),
    );
    expect(empty.status).toBe(400);
    const visitor = await sendForm(null, "/api/photos/local-upload", form(ownKey, photo));
    expect(visitor.status).toBe(401);
    expect(await server().deps.storage.get(ownKey)).toBeNull();
  });
});

describe("GET /api/photos/users/{userId}/{version}", () => {
  it("serves a user's photo to the user and to anyone sharing a circle, else 404 or 401", async () => {
    const alice = await signedInClient(server());
    const coMember = await signedInClient(server());
    const stranger = await signedInClient(server());
    await createCircle(server().deps, { creatorId: coMember.user.id, members: [alice.user.id] });
    const set = await sendForm(
      alice.client,
      "/api/user/photo",
      photoForm(photoFile(await samplePhoto())),
    );
    const url = set.body.photoUrl as string;

    expect((await getPhoto(alice.client, url)).status).toBe(200);
    expect((await getPhoto(coMember.client, url)).status).toBe(200);
    const hidden = await getPhoto(stranger.client, url);
    expect(hidden.status).toBe(404);
    expect(jsonOf(hidden.bytes)).toEqual({ message: messages.notFound, code: "NOT_FOUND" });
    expect(hidden.headers.get("cache-control")).toBe("no-store");
    const signedOut = await getPhoto(null, url);
    expect(signedOut.status).toBe(401);
    expect(jsonOf(signedOut.bytes)).toEqual({
      message: messages.notSignedIn,
      code: "UNAUTHORIZED",
    });
  });

  it("answers 404 for a version that is not the current photo, and for malformed addresses", async () => {
    const alice = await signedInClient(server());
    const first = await sendForm(
      alice.client,
      "/api/user/photo",
      photoForm(photoFile(await samplePhoto())),
    );
    const oldUrl = first.body.photoUrl as string;
    await sendForm(alice.client, "/api/user/photo", photoForm(photoFile(await samplePhoto())));
    const base = `/api/photos/users/${alice.user.id}`;
    for (const url of [
      oldUrl,
      `${base}/${randomBytes(16).toString("hex")}`,
      `${base}/${versionOf(oldUrl)}?size=huge`,
      `${base}/not-a-version`,
      `/api/photos/users/abc/${versionOf(oldUrl)}`,
      `/api/photos/planets/${alice.user.id}/${versionOf(oldUrl)}`,
      `/api/photos/users/99999999999/${versionOf(oldUrl)}`,
      `/api/photos/users/0/${versionOf(oldUrl)}`,
      `${base}/%E0%A4%A`,
      `${base}/${"a".repeat(65)}`,
    ]) {
      const answer = await getPhoto(alice.client, url);
      expect(answer.status, url).toBe(404);
      expect(jsonOf(answer.bytes).code).toBe("NOT_FOUND");
    }
  });
});

describe("GET /api/photos/circles/{circleId}/{version}", () => {
  /** A photo stored for the circle and written into its row, as the circle procedures do. */
  async function givePhoto(creator: SignedInFactoryUser, circleId: number) {
    const prepared = await preparePhoto(
      server().deps,
      callerOf(creator),
      { circleId },
      { bytes: await samplePhoto() },
    );
    await server()
      .db.db.update(circles)
      .set({ photoKey: prepared.key })
      .where(eq(circles.id, circleId));
    return prepared;
  }

  it("serves a circle's photo to its members only", async () => {
    const creator = await signedInClient(server());
    const member = await signedInClient(server());
    const outsider = await signedInClient(server());
    const circle = await createCircle(server().deps, {
      creatorId: creator.user.id,
      members: [member.user.id],
    });
    const prepared = await givePhoto(creator, circle.id);
    const url = `/api/photos/circles/${circle.id}/${prepared.key.split("/")[1]}`;

    expect((await getPhoto(creator.client, url)).status).toBe(200);
    const seen = await getPhoto(member.client, `${url}?size=thumb`);
    expect(seen.status).toBe(200);
    expect(await photoMetadata(seen.bytes)).toMatchObject({ format: "webp" });
    expect((await getPhoto(outsider.client, url)).status).toBe(404);
    expect((await getPhoto(null, url)).status).toBe(401);
    // A user's photo route does not serve a circle's photo under the same number.
    const asUser = url.replace("/circles/", "/users/");
    expect((await getPhoto(creator.client, asUser)).status).toBe(404);
  });

  it("serves it to the invitee of a pending invitation (the invitation page), until it is answered or expires", async () => {
    const creator = await signedInClient(server());
    const invitee = await signedInClient(server());
    const circle = await createCircle(server().deps, { creatorId: creator.user.id });
    const prepared = await givePhoto(creator, circle.id);
    const url = `/api/photos/circles/${circle.id}/${prepared.key.split("/")[1]}?size=thumb`;
    expect((await getPhoto(invitee.client, url)).status).toBe(404);

    const { invitation } = await createInvitation(server().deps, {
      circleId: circle.id,
      email: invitee.user.email.toUpperCase(),
      inviterId: creator.user.id,
      createdAt: server().clock.now(),
    });
    expect((await getPhoto(invitee.client, url)).status).toBe(200);

    server().clock.advance(INVITATION_TTL_MS + 1000);
    expect((await getPhoto(invitee.client, url)).status).toBe(404);
    server().clock.set(new Date());
    await server()
      .db.db.update(invitations)
      .set({ status: "declined" })
      .where(eq(invitations.id, invitation.id));
    expect((await getPhoto(invitee.client, url)).status).toBe(404);
  });
});

/** The harness's storage, with deletes refused for keys `refuse` picks while it does. */
function flakyStorage(refuse: (key: string) => boolean): ObjectStorage & { heal(): void } {
  const real = server().deps.storage;
  let healed = false;
  return {
    put: (key, body, options) => real.put(key, body, options),
    get: (key) => real.get(key),
    async delete(keys) {
      if (!healed && keys.some(refuse)) throw new Error("storage unavailable");
      await real.delete(keys);
    },
    heal() {
      healed = true;
    },
  };
}

describe("objects a photo leaves behind", () => {
  it("keeps a failed delete queued, and the scheduled collection retries it", async () => {
    const alice = await signedInCaller(server());
    const storage = flakyStorage(() => true);
    const deps = { ...server().deps, storage };
    const call = (bytes: Uint8Array<ArrayBuffer>) =>
      setUserPhoto({ deps, caller: callerOf(alice), input: { photo: photoFile(bytes) } });
    await call(await samplePhoto());
    const oldKey = (await photoKeyOf(alice.user.id)) as string;
    const { photoUrl } = await call(await samplePhoto({ format: "png" }));

    // The answer stands; the old objects wait in the queue, one attempt spent.
    expect(versionOf(photoUrl)).not.toBe(oldKey.split("/")[1]);
    expect(await stored(oldKey)).not.toBeNull();
    const queued = await server().db.db.select().from(storageGarbage);
    expect(queued.map((row) => [row.key, row.attempts]).sort()).toEqual([
      [photoObjectKey(oldKey, "large"), 1],
      [photoObjectKey(oldKey, "thumb"), 1],
    ]);

    expect(await collectPhotoGarbage(deps)).toEqual({ removed: 0, failed: 2 });
    expect((await server().db.db.select().from(storageGarbage))[0]?.attempts).toBe(2);

    storage.heal();
    expect(await collectPhotoGarbage(deps)).toEqual({ removed: 2, failed: 0 });
    expect(await server().db.db.select().from(storageGarbage)).toEqual([]);
    expect(await stored(oldKey)).toBeNull();
    expect(await stored(oldKey, "thumb")).toBeNull();
    expect(await stored((await photoKeyOf(alice.user.id)) as string)).not.toBeNull();
  });

  it("removes what storage accepts even when some objects fail", async () => {
    const alice = await signedInCaller(server());
    const prepare = async () =>
      (
        await preparePhoto(
          server().deps,
          callerOf(alice),
          { userId: alice.user.id },
          { bytes: await samplePhoto() },
        )
      ).key;
    const stuck = await prepare();
    const free = await prepare();
    await server().db.db.transaction(async (tx) => {
      await discardPhotoLater(tx, stuck);
      await discardPhotoLater(tx, free);
      // Queuing twice is harmless: each object has one row.
      await discardPhotoLater(tx, free);
      await discardPhotoLater(tx, null);
    });
    const deps = { ...server().deps, storage: flakyStorage((key) => key.startsWith(stuck)) };
    expect(await collectPhotoGarbage(deps)).toEqual({ removed: 2, failed: 2 });
    expect(await stored(free)).toBeNull();
    expect(await stored(stuck)).not.toBeNull();
    const left = await server().db.db.select().from(storageGarbage);
    expect(left.map((row) => row.key).sort()).toEqual([
      photoObjectKey(stuck, "large"),
      photoObjectKey(stuck, "thumb"),
    ]);
  });

  it("collects only what was queued: a live photo's key handed in by mistake stays", async () => {
    const alice = await signedInCaller(server());
    await alice.trpc.photos.setUserPhoto({ photo: photoFile(await samplePhoto()) });
    const live = (await photoKeyOf(alice.user.id)) as string;
    expect(await collectPhotoGarbage(server().deps, { photoKey: live })).toEqual({
      removed: 0,
      failed: 0,
    });
    expect(await stored(live)).not.toBeNull();
  });

  it("removes a prepared photo whose row was never written, or queues it if storage fails", async () => {
    const alice = await signedInCaller(server());
    const storage = flakyStorage(() => true);
    const prepared = await preparePhoto(
      { ...server().deps, storage },
      callerOf(alice),
      { userId: alice.user.id },
      { bytes: await samplePhoto() },
    );
    await prepared.discard();
    expect(await stored(prepared.key)).not.toBeNull();
    expect(await server().db.db.select().from(storageGarbage)).toHaveLength(2);
    await collectPhotoGarbage(server().deps);
    expect(await stored(prepared.key)).toBeNull();
  });
});

describe("with S3 storage", () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3TestServer();
  });
  afterAll(async () => {
    await s3?.close();
  });
  const s3Deps = () => ({ ...server().deps, storage: s3.storage() });

  it("uploads straight to the bucket under a signed, size-limited policy, then processes it", async () => {
    const alice = await signedInCaller(server());
    const caller = callerFor({ deps: s3Deps() }, { cookie: alice.cookie });
    const upload = await caller.trpc.photos.createUpload();
    expect(upload.url).toBe(`${s3.endpoint}/photos`);
    expect(upload.key).toMatch(new RegExp(`^uploads/${alice.user.id}/[a-f0-9]{32}$`));
    expect(upload.fields).toMatchObject({
      key: upload.key,
      "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
      "X-Amz-Credential": expect.stringMatching(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/),
      "X-Amz-Signature": expect.stringMatching(/^[a-f0-9]{64}$/),
    });
    const policy = JSON.parse(Buffer.from(upload.fields.Policy ?? "", "base64").toString());
    expect(policy.conditions).toContainEqual(["content-length-range", 1, PHOTO_MAX_BYTES]);
    expect(policy.conditions).toContainEqual({ key: upload.key });

    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append("file", new Blob([await samplePhoto({ gps: true })]), "photo.jpg");
    expect((await fetch(upload.url, { method: "POST", body: form })).status).toBe(204);

    const { photoUrl } = await caller.trpc.photos.setUserPhoto({ photoUploadKey: upload.key });
    expect(await s3.storage().get(upload.key)).toBeNull();
    const photo = await readPhoto({
      deps: s3Deps(),
      caller: callerOf(alice),
      input: { kind: "users", ownerId: alice.user.id, version: versionOf(photoUrl), size: "large" },
    });
    // Sent to the bucket by a presigned link, which answers the WebP, kept for a year.
    if (!("redirect" in photo)) throw new Error("S3 storage answers photos by presigned link");
    expect(photo.cacheControl).toBe("private, max-age=600");
    const fetched = await fetch(photo.redirect);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-type")).toBe("image/webp");
    expect(fetched.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const bytes = new Uint8Array(await fetched.arrayBuffer());
    expect(await photoMetadata(bytes)).toMatchObject({ format: "webp", hasExif: false });
  });

  it("GET /api/photos/... redirects a co-member to a presigned link, kept 10 minutes; strangers still 404", async () => {
    const alice = await signedInCaller(server());
    const coMember = await signedInCaller(server());
    const stranger = await signedInCaller(server());
    await createCircle(server().deps, { creatorId: coMember.user.id, members: [alice.user.id] });
    const deps = s3Deps();
    const caller = callerFor({ deps }, { cookie: alice.cookie });
    const { photoUrl } = await caller.trpc.photos.setUserPhoto({
      photo: photoFile(await samplePhoto()),
    });
    const app = createApp(deps, { remoteAddress: () => "127.0.0.1" });
    const get = (cookie: string) => app.request(`${photoUrl}?size=thumb`, { headers: { cookie } });

    const redirect = await get(coMember.cookie);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("cache-control")).toBe("private, max-age=600");
    const link = new URL(redirect.headers.get("location") ?? "");
    expect(link.origin).toBe(s3.endpoint);
    expect(link.pathname).toMatch(/-thumb\.webp$/);
    expect(link.searchParams.get("X-Amz-Expires")).toBe("900");
    const image = await fetch(link);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("content-disposition")).toBeNull();
    expect((await photoMetadata(new Uint8Array(await image.arrayBuffer()))).format).toBe("webp");

    const hidden = await get(stranger.cookie);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get("location")).toBeNull();
  });

  it("has no local upload route", async () => {
    const alice = await signedInCaller(server());
    const refused = await refusal(
      receiveLocalUpload({
        deps: s3Deps(),
        caller: callerOf(alice),
        input: {
          key: `uploads/${alice.user.id}/0123456789abcdef`,
          file: photoFile(await samplePhoto()),
        },
      }),
    );
    expect(refused.status).toBe(404);
  });
});
