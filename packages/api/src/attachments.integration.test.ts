/**
 * Attachments on plans over real HTTP: one multipart call per file at
 * `POST /api/events/{id}/attachments`, or, as the plan form sends them, a direct upload
 * (`POST /api/uploads`, the bytes to storage) named at `POST .../attachments/uploaded`; removal
 * at `DELETE .../{attachmentId}`, and the bytes at `GET .../{attachmentId}` for the members of
 * the plan's circle only. Each accepted kind, a program under an accepted name, the size and
 * count limits, every role, whose uploads may be named, and what becomes of the stored objects
 * (uploads, attachments) when an attachment or its plan goes. Storage is the local folder, and
 * S3 over HTTP (s3rver) for the presigned upload.
 */

import { samplePhoto } from "@circleplan/core/photos/testing/sample-photos";
import {
  attachmentsOf,
  collectAttachmentGarbage,
  queueAttachmentObjects,
  queueCircleAttachmentObjects,
} from "@circleplan/core/plans/attachments";
import {
  bytesOf,
  sampleDoc,
  sampleDocx,
  sampleExe,
  samplePdf,
} from "@circleplan/core/plans/testing/sample-attachments";
import {
  type S3TestServer,
  startS3TestServer,
} from "@circleplan/core/storage/testing/s3-test-server";
import { UPLOAD_RATE_LIMIT } from "@circleplan/core/storage/upload-budget";
import { queryRows } from "@circleplan/db/client";
import { circles, planAttachments, plans, storageGarbage } from "@circleplan/db/schema";
import { createCircle } from "@circleplan/db/testing/factories";
import { waitUntil } from "@circleplan/db/testing/wait-until";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_STORAGE_QUOTA_BYTES,
  ATTACHMENTS_PER_PLAN_MAX,
  UPLOAD_BODY_MAX_BYTES,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "./app";
import { signedInClient } from "./testing/accounts";
import { expectNoSecrets } from "./testing/no-secrets";
import { callerFor, refusal } from "./testing/test-caller";
import type { TestClient } from "./testing/test-server";
import { fetchBytes, postMultipart, useTestServer } from "./testing/test-server";

const server = useTestServer();

type AttachmentBody = {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
  url: string;
  createdAt: string;
};

/** The plan's creator, a plain member and an outsider, and one plan of the creator's. */
async function planWithRoles() {
  const s = server();
  const creator = await signedInClient(s);
  const member = await signedInClient(s);
  const outsider = await signedInClient(s);
  const circle = await createCircle(s.deps, {
    creatorId: creator.user.id,
    members: [member.user.id],
  });
  const plan = await insertPlan(creator.client, circle.id);
  return { creator, member, outsider, circle, plan, anon: s.client() };
}

/** A plan made as the app makes one, by `client` (a member of the circle). */
async function insertPlan(client: TestClient, circleId: number) {
  const res = await client.post<{ id: number }>(`/api/circles/${circleId}/events`, {
    title: "School trip",
    startTime: "2026-12-01T08:00:00.000Z",
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** One file as the browser's form sends it (TestClient speaks JSON only). */
async function upload(
  client: TestClient | null,
  planId: number,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  type = "application/octet-stream",
) {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  const { status, body } = await postMultipart(
    server(),
    client,
    `/api/events/${planId}/attachments`,
    form,
  );
  return { status, body: body as unknown as AttachmentBody };
}

const download = (client: TestClient | null, url: string) => fetchBytes(server(), client, url);

const remove = (client: TestClient, planId: number, attachmentId: number) =>
  client.request("DELETE", `/api/events/${planId}/attachments/${attachmentId}`);

const rowsOf = (planId: number) =>
  server().db.db.select().from(planAttachments).where(eq(planAttachments.planId, planId));

const storedObject = async (attachmentId: number) => {
  const [row] = await server()
    .db.db.select()
    .from(planAttachments)
    .where(eq(planAttachments.id, attachmentId));
  return row ? server().deps.storage.get(row.storageKey) : null;
};

describe("adding attachments", () => {
  it("accepts each kind of the spec, one call per file, and lists them on the plan", async () => {
    const { creator, plan } = await planWithRoles();
    const files: [string, Uint8Array<ArrayBuffer>, string][] = [
      ["Permission slip.pdf", samplePdf(), "application/pdf"],
      ["Packing list.doc", sampleDoc(), "application/msword"],
      [
        "Route.docx",
        sampleDocx(),
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
      ["Notes.txt", bytesOf("Bring a lunch box 🍎\n"), "text/plain; charset=utf-8"],
      ["Bus.jpg", await samplePhoto(), "image/jpeg"],
      ["Bus.jpeg", await samplePhoto(), "image/jpeg"],
      ["Map.png", await samplePhoto({ format: "png" }), "image/png"],
      ["Wave.gif", await samplePhoto({ format: "gif" }), "image/gif"],
    ];
    const answers: AttachmentBody[] = [];
    for (const [name, bytes, contentType] of files) {
      // The browser's declared type is ignored: the bytes decide.
      const res = await upload(creator.client, plan.id, bytes, name, "text/html");
      expect(res.status, name).toBe(201);
      expect(res.body).toMatchObject({ fileName: name, contentType, size: bytes.byteLength });
      expect(res.body.url).toBe(`/api/events/${plan.id}/attachments/${res.body.id}`);
      expect(typeof res.body.createdAt).toBe("string");
      expectNoSecrets(res.body);
      const [row] = await server()
        .db.db.select()
        .from(planAttachments)
        .where(eq(planAttachments.id, res.body.id));
      expect(row?.storageKey).toMatch(/^attachments\/[0-9a-f]{32}$/);
      expect(JSON.stringify(res.body)).not.toContain(row?.storageKey.split("/")[1]);
      answers.push(res.body);
    }
    const listed = (await attachmentsOf(server().db.db, [plan.id, 999_999])).get(plan.id) ?? [];
    expect(listed.map((a) => a.id)).toEqual(answers.map((a) => a.id));
    expect((await attachmentsOf(server().db.db, [999_999])).get(999_999)).toEqual([]);

    for (const [index, [, bytes, contentType]] of files.entries()) {
      const got = await download(creator.client, answers[index]?.url as string);
      expect(got.status).toBe(200);
      expect(got.headers.get("content-type")).toBe(contentType);
      expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it("refuses a program renamed to an accepted name, and names off the list", async () => {
    const { creator, plan } = await planWithRoles();
    for (const name of ["setup.pdf", "setup.docx", "setup.doc", "setup.txt", "setup.png"]) {
      const res = await upload(creator.client, plan.id, sampleExe(), name);
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({
        message: messages.attachmentTypeInvalid,
        code: "VALIDATION_FAILED",
      });
    }
    const svg = await upload(creator.client, plan.id, bytesOf("<svg/>"), "logo.svg");
    expect(svg.status).toBe(400);
    const html = await upload(creator.client, plan.id, bytesOf("<script>x</script>"), "a.html");
    expect(html.status).toBe(400);
    expect(await rowsOf(plan.id)).toEqual([]);
  });

  it("refuses a file over 5 MB with 413, inside and beyond the upload body limit", async () => {
    const { creator, plan } = await planWithRoles();
    const justOver = new Uint8Array(ATTACHMENT_MAX_BYTES + 1).fill(0x61);
    const res = await upload(creator.client, plan.id, justOver, "big.txt");
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: messages.attachmentTooLarge, code: "PAYLOAD_TOO_LARGE" });
    const huge = new Uint8Array(UPLOAD_BODY_MAX_BYTES + 1024).fill(0x61);
    expect((await upload(creator.client, plan.id, huge, "huge.txt")).status).toBe(413);
    const atLimit = new Uint8Array(ATTACHMENT_MAX_BYTES).fill(0x61);
    expect((await upload(creator.client, plan.id, atLimit, "exact.txt")).status).toBe(201);
    expect(await rowsOf(plan.id)).toHaveLength(1);
  });

  it("holds at most 10 files a plan: the 11th is refused, and a removal frees a place", async () => {
    const { creator, plan } = await planWithRoles();
    const ids: number[] = [];
    for (let i = 0; i < ATTACHMENTS_PER_PLAN_MAX; i++) {
      const res = await upload(creator.client, plan.id, bytesOf(`note ${i}`), `n${i}.txt`);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const eleventh = await upload(creator.client, plan.id, bytesOf("one more"), "n10.txt");
    expect(eleventh.status).toBe(400);
    expect(eleventh.body).toMatchObject({ message: messages.attachmentsTooMany });
    expect(await rowsOf(plan.id)).toHaveLength(ATTACHMENTS_PER_PLAN_MAX);

    expect((await remove(creator.client, plan.id, ids[0] as number)).status).toBe(200);
    expect((await upload(creator.client, plan.id, bytesOf("again"), "n.txt")).status).toBe(201);
  });

  it("lets two uploads at once take the last place only once, leaving no stray object", async () => {
    const { creator, plan } = await planWithRoles();
    for (let i = 0; i < ATTACHMENTS_PER_PLAN_MAX - 1; i++) {
      expect((await upload(creator.client, plan.id, bytesOf(`${i}`), `${i}.txt`)).status).toBe(201);
    }
    const put = vi.spyOn(server().deps.storage, "put");
    try {
      const both = await Promise.all([
        upload(creator.client, plan.id, bytesOf("a"), "a.txt"),
        upload(creator.client, plan.id, bytesOf("b"), "b.txt"),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
      expect(await rowsOf(plan.id)).toHaveLength(ATTACHMENTS_PER_PLAN_MAX);
      const written = put.mock.calls.map(([key]) => key);
      const named = new Set((await rowsOf(plan.id)).map((row) => row.storageKey));
      // Each object written is named by a row, or gone again.
      for (const key of written) {
        if (!named.has(key)) expect(await server().deps.storage.get(key)).toBeNull();
      }
    } finally {
      put.mockRestore();
    }
  });

  it("keeps a safe file name and sends it back only as a download", async () => {
    const { creator, plan } = await planWithRoles();
    const res = await upload(
      creator.client,
      plan.id,
      bytesOf("hello"),
      '../../Grüße "Oma"\u202Etxt.exe.txt',
    );
    expect(res.status).toBe(201);
    expect(res.body.fileName).toBe('Grüße "Oma"txt.exe.txt');
    const got = await download(creator.client, res.body.url);
    expect(got.headers.get("content-disposition")).toBe(
      `attachment; filename="Gr__e _Oma_txt.exe.txt"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%22Oma%22txt.exe.txt`,
    );
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("attachments on every plan answer", () => {
  it("the plan, a range of days and the month carry them, in upload order", async () => {
    const { creator, member, plan } = await planWithRoles();
    const first = await upload(creator.client, plan.id, samplePdf(), "Slip.pdf");
    const second = await upload(creator.client, plan.id, bytesOf("Lunch\n"), "Notes.txt");
    const ids = [first.body.id, second.body.id];
    type Listed = { id: number; attachments: AttachmentBody[] };
    const attachmentIds = (item: Listed | undefined) => item?.attachments.map((a) => a.id);
    const one = await member.client.get<Listed>(`/api/events/${plan.id}`);
    expect(attachmentIds(one.body)).toEqual(ids);
    for (const path of [
      "/api/events?from=2026-11-30&to=2026-12-02",
      "/api/events/calendar/2026-12",
    ]) {
      const res = await member.client.get<Listed[]>(path);
      expect(res.status, path).toBe(200);
      expect(attachmentIds(res.body.find((item) => item.id === plan.id)), path).toEqual(ids);
      expectNoSecrets(res.body);
    }
    await remove(creator.client, plan.id, first.body.id);
    const month = await member.client.get<Listed[]>("/api/events/calendar/2026-12");
    expect(attachmentIds(month.body.find((item) => item.id === plan.id))).toEqual([second.body.id]);
  });
});

describe("who may add, remove and read", () => {
  it("adding: the plan's creator; a member 403, an outsider 404, signed out 401", async () => {
    const { creator, member, outsider, plan } = await planWithRoles();
    const pdf = samplePdf();
    expect(await upload(null, plan.id, pdf, "a.pdf")).toEqual({
      status: 401,
      body: { message: messages.notSignedIn, code: "UNAUTHORIZED" },
    });
    expect(await upload(outsider.client, plan.id, pdf, "a.pdf")).toEqual({
      status: 404,
      body: { message: messages.planNotFound, code: "NOT_FOUND" },
    });
    // A plan that does not exist answers exactly as one the caller may not see.
    expect(await upload(outsider.client, 999_999, pdf, "a.pdf")).toEqual({
      status: 404,
      body: { message: messages.planNotFound, code: "NOT_FOUND" },
    });
    expect(await upload(member.client, plan.id, pdf, "a.pdf")).toEqual({
      status: 403,
      body: { message: messages.planCreatorOnly, code: "FORBIDDEN" },
    });
    // An outsider learns nothing from a bad file either: the access check comes first.
    expect((await upload(outsider.client, plan.id, sampleExe(), "a.exe")).status).toBe(404);
    expect((await upload(creator.client, plan.id, pdf, "a.pdf")).status).toBe(201);
    expect(await rowsOf(plan.id)).toHaveLength(1);
  });

  it("reading: every member of the circle; an outsider 404, signed out 401, no other plan's id", async () => {
    const { creator, member, outsider, circle, plan } = await planWithRoles();
    const added = (await upload(creator.client, plan.id, samplePdf(), "slip.pdf")).body;
    expect((await download(creator.client, added.url)).status).toBe(200);
    const asMember = await download(member.client, added.url);
    expect(asMember.status).toBe(200);
    expect(asMember.headers.get("content-type")).toBe("application/pdf");
    expect(asMember.headers.get("content-disposition")).toMatch(/^attachment; /);

    const signedOut = await download(null, added.url);
    expect(signedOut.status).toBe(401);
    const stranger = await download(outsider.client, added.url);
    expect(stranger.status).toBe(404);
    expect(Buffer.from(stranger.bytes).toString()).not.toContain("%PDF");

    // The attachment named through another plan the caller can see: not found.
    const other = await insertPlan(member.client, circle.id);
    expect(
      (await download(member.client, `/api/events/${other.id}/attachments/${added.id}`)).status,
    ).toBe(404);
    for (const path of ["abc", `${added.id}x`, "0", "99999999999"]) {
      expect(
        (await download(member.client, `/api/events/${plan.id}/attachments/${path}`)).status,
      ).toBe(404);
    }
    expect(
      (await download(member.client, `/api/events/${plan.id}/attachments/${added.id + 1000}`))
        .status,
    ).toBe(404);
  });

  it("removing: the plan's creator; a member 403, an outsider 404; the object goes after commit", async () => {
    const { creator, member, outsider, anon, plan } = await planWithRoles();
    const added = (await upload(creator.client, plan.id, samplePdf(), "slip.pdf")).body;
    expect(await storedObject(added.id)).not.toBeNull();
    const [row] = await rowsOf(plan.id);
    const key = row?.storageKey as string;

    expect((await remove(anon, plan.id, added.id)).status).toBe(401);
    expect(await remove(outsider.client, plan.id, added.id)).toMatchObject({
      status: 404,
      body: { message: messages.planNotFound },
    });
    expect(await remove(member.client, plan.id, added.id)).toMatchObject({
      status: 403,
      body: { message: messages.planCreatorOnly },
    });

    const res = await remove(creator.client, plan.id, added.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: added.id, fileName: "slip.pdf" });
    expect(await rowsOf(plan.id)).toEqual([]);
    expect(await server().deps.storage.get(key)).toBeNull();
    expect(await server().db.db.select().from(storageGarbage)).toEqual([]);
    expect((await download(member.client, added.url)).status).toBe(404);
    expect((await remove(creator.client, plan.id, added.id)).status).toBe(404);
  });
});

describe("the objects of deleted plans and circles", () => {
  it("queues a plan's objects in the deleting transaction and removes them after commit", async () => {
    const { creator, circle, plan } = await planWithRoles();
    const kept = await insertPlan(creator.client, circle.id);
    await upload(creator.client, plan.id, samplePdf(), "a.pdf");
    await upload(creator.client, plan.id, bytesOf("b"), "b.txt");
    const keep = (await upload(creator.client, kept.id, bytesOf("c"), "c.txt")).body;
    const keys = (await rowsOf(plan.id)).map((row) => row.storageKey);

    const queued = await server().db.db.transaction(async (tx) => {
      const queuedKeys = await queueAttachmentObjects(tx, [plan.id]);
      await tx.delete(plans).where(eq(plans.id, plan.id));
      return queuedKeys;
    });
    expect(queued.sort()).toEqual(keys.sort());
    const garbage = await server().db.db.select().from(storageGarbage);
    expect(garbage.map((row) => row.key).sort()).toEqual(keys.sort());

    await collectAttachmentGarbage(server().deps, queued);
    for (const key of keys) expect(await server().deps.storage.get(key)).toBeNull();
    expect(await server().db.db.select().from(storageGarbage)).toEqual([]);
    expect(await storedObject(keep.id)).not.toBeNull();
    expect(await queueAttachmentObjects(server().db.db, [])).toEqual([]);
  });

  it("DELETE /api/events/{id} takes the plan's attachments out of storage", async () => {
    const { creator, member, plan } = await planWithRoles();
    const added = (await upload(creator.client, plan.id, samplePdf(), "a.pdf")).body;
    const key = (await rowsOf(plan.id))[0]?.storageKey as string;
    const shown = await member.client.get<{ attachments: AttachmentBody[] }>(
      `/api/events/${plan.id}`,
    );
    expect(shown.body.attachments).toEqual([added]);

    expect((await creator.client.request("DELETE", `/api/events/${plan.id}`)).status).toBe(200);
    expect(await server().deps.storage.get(key)).toBeNull();
    expect(await server().db.db.select().from(storageGarbage)).toEqual([]);
    expect((await download(creator.client, added.url)).status).toBe(404);
  });

  it("queues nothing when the deleting transaction rolls back", async () => {
    const { creator, plan } = await planWithRoles();
    const added = (await upload(creator.client, plan.id, samplePdf(), "a.pdf")).body;
    await expect(
      server().db.db.transaction(async (tx) => {
        await queueAttachmentObjects(tx, [plan.id]);
        await tx.delete(plans).where(eq(plans.id, plan.id));
        throw new Error("refused later in the transaction");
      }),
    ).rejects.toThrow("refused later");
    expect(await server().db.db.select().from(storageGarbage)).toEqual([]);
    expect(await storedObject(added.id)).not.toBeNull();
  });

  it("queues every attachment of a circle about to be deleted", async () => {
    const { creator, circle, plan } = await planWithRoles();
    const second = await insertPlan(creator.client, circle.id);
    await upload(creator.client, plan.id, samplePdf(), "a.pdf");
    await upload(creator.client, second.id, bytesOf("b"), "b.txt");
    const keys = (
      await server()
        .db.db.select()
        .from(planAttachments)
        .where(inArray(planAttachments.planId, [plan.id, second.id]))
    ).map((row) => row.storageKey);

    const queued = await server().db.db.transaction(async (tx) => {
      const queuedKeys = await queueCircleAttachmentObjects(tx, circle.id);
      await tx.delete(circles).where(eq(circles.id, circle.id));
      return queuedKeys;
    });
    expect(queued.sort()).toEqual(keys.sort());
    await collectAttachmentGarbage(server().deps, queued);
    for (const key of keys) expect(await server().deps.storage.get(key)).toBeNull();
    expect(await server().db.db.select().from(planAttachments)).toEqual([]);
  });
});

/** Transactions of this test database waiting for a lock another one holds. */
async function lockWaits(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    server().db.db,
    sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return row?.n ?? 0;
}

/**
 * Another connection holds these plans' rows until the answered function is called (and has
 * let go): transactions that lock one of them queue behind it, in the order they came.
 */
async function holdPlans(planIds: number[]): Promise<() => Promise<void>> {
  let letGo = () => {};
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  let holding = () => {};
  const isHeld = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const done = server().db.db.transaction(async (tx) => {
    await tx.select({ id: plans.id }).from(plans).where(inArray(plans.id, planIds)).for("update");
    holding();
    await held;
  });
  await Promise.race([isHeld, done]);
  return async () => {
    letGo();
    await done;
  };
}

const waitForLockWaits = (n: number, what: string) =>
  waitUntil(async () => (await lockWaits()) >= n, { what });

// PGlite has one connection, so two transactions never overlap there: PostgreSQL's pass only.
describe.runIf(process.env.CIRCLEPLAN_TEST_PG_URL)("races on PostgreSQL", () => {
  it("deleting a circle while an upload commits leaves no stored file without a row or a garbage entry", async () => {
    const s = server();
    const { creator, circle, plan } = await planWithRoles();
    const caller = callerFor(s, { cookie: creator.cookie });
    const put = vi.spyOn(s.deps.storage, "put");
    try {
      // The upload queues for the plan's row first, then the deletion; the upload commits
      // while the deletion runs.
      const letGo = await holdPlans([plan.id]);
      const uploading = caller.trpc.attachments.add({
        id: plan.id,
        file: new File([samplePdf()], "slip.pdf"),
      });
      await waitForLockWaits(1, "the upload waiting");
      const deleting = caller.trpc.circles.delete({ id: circle.id });
      await waitForLockWaits(2, "the deletion waiting");
      await letGo();
      const [added] = await Promise.all([uploading, deleting]);
      expect(added.fileName).toBe("slip.pdf");

      const [key] = put.mock.calls.map(([written]) => written);
      expect(key).toMatch(/^attachments\//);
      expect(await s.db.db.select().from(circles).where(eq(circles.id, circle.id))).toEqual([]);
      expect(await s.db.db.select().from(planAttachments)).toEqual([]);
      // The deletion saw the committed upload: its object was queued and removed.
      expect(await s.deps.storage.get(key as string)).toBeNull();
      expect(await s.db.db.select().from(storageGarbage)).toEqual([]);
    } finally {
      put.mockRestore();
    }
  });

  it("two uploads at once to two plans cannot both take the last room of the quota", async () => {
    const { creator, circle, plan } = await planWithRoles();
    const second = await insertPlan(creator.client, circle.id);
    await fillQuota(creator.client, circle.id, creator.user.id, 15);
    const put = vi.spyOn(server().deps.storage, "put");
    try {
      // Both are inside their transactions before either may write.
      const letGo = await holdPlans([plan.id, second.id]);
      const uploads = Promise.all([
        upload(creator.client, plan.id, bytesOf("ten bytes!"), "a.txt"),
        upload(creator.client, second.id, bytesOf("ten bytes?"), "b.txt"),
      ]);
      await waitForLockWaits(2, "both uploads waiting");
      await letGo();
      const both = await uploads;
      expect(both.map((r) => r.status).sort()).toEqual([201, 413]);
      const named = new Set(
        (await server().db.db.select().from(planAttachments)).map((row) => row.storageKey),
      );
      for (const [written] of put.mock.calls) {
        if (!named.has(written)) expect(await server().deps.storage.get(written)).toBeNull();
      }
    } finally {
      put.mockRestore();
    }
  });
});

type UploadTarget = { url: string; fields: Record<string, string>; key: string; maxBytes: number };

/** The plan form's way: ask where to upload, send the bytes there, answer the key. */
async function uploadDirectly(client: TestClient, bytes: Uint8Array<ArrayBuffer>, name: string) {
  const target = await client.post<UploadTarget>("/api/uploads");
  expect(target.status).toBe(200);
  const form = new FormData();
  for (const [field, value] of Object.entries(target.body.fields)) form.append(field, value);
  form.append("file", new File([bytes], name));
  const sent = await postMultipart(server(), client, target.body.url, form);
  expect(sent.status).toBe(200);
  return target.body.key;
}

async function addUploaded(
  client: TestClient,
  planId: number,
  uploadKey: unknown,
  fileName: unknown,
) {
  const res = await client.post<AttachmentBody>(`/api/events/${planId}/attachments/uploaded`, {
    uploadKey,
    fileName,
  });
  return { status: res.status, body: res.body };
}

const uploadInvalid = {
  message: messages.attachmentUploadInvalid,
  code: "VALIDATION_FAILED",
  issues: [{ path: "uploadKey", message: messages.attachmentUploadInvalid }],
};

describe("a file uploaded straight to storage first, named by its key", () => {
  it("attaches a file too large for one Lambda request, then removes the upload", async () => {
    const { creator, member, plan } = await planWithRoles();
    // Above ~4.4 MB a multipart request base64-encoded by API Gateway passes Lambda's 6 MB.
    const big = new Uint8Array(ATTACHMENT_MAX_BYTES).fill(0x61);
    const key = await uploadDirectly(creator.client, big, "anything.bin");
    expect(key).toMatch(new RegExp(`^uploads/${creator.user.id}/[a-f0-9]{32}$`));

    const res = await addUploaded(creator.client, plan.id, key, "Reading list.txt");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      fileName: "Reading list.txt",
      contentType: "text/plain; charset=utf-8",
      size: ATTACHMENT_MAX_BYTES,
      url: expect.stringMatching(new RegExp(`^/api/events/${plan.id}/attachments/\\d+$`)),
    });
    expectNoSecrets(res.body);
    expect(JSON.stringify(res.body)).not.toContain(key);
    // The upload is gone; the attachment is its own object.
    expect(await server().deps.storage.get(key)).toBeNull();
    const [row] = await rowsOf(plan.id);
    expect(row?.storageKey).toMatch(/^attachments\/[0-9a-f]{32}$/);
    const got = await download(member.client, res.body.url);
    expect(got.status).toBe(200);
    expect(Buffer.from(got.bytes).equals(Buffer.from(big))).toBe(true);
  });

  it("reads the type from the bytes and the name, as the multipart door does", async () => {
    const { creator, plan } = await planWithRoles();
    const pdf = await uploadDirectly(creator.client, samplePdf(), "x.bin");
    expect(await addUploaded(creator.client, plan.id, pdf, "../Slip.pdf")).toMatchObject({
      status: 201,
      body: { fileName: "Slip.pdf", contentType: "application/pdf" },
    });

    const program = await uploadDirectly(creator.client, sampleExe(), "setup.pdf");
    expect(await addUploaded(creator.client, plan.id, program, "setup.pdf")).toEqual({
      status: 400,
      body: {
        message: messages.attachmentTypeInvalid,
        code: "VALIDATION_FAILED",
        issues: [{ path: "file", message: messages.attachmentTypeInvalid }],
      },
    });
    // Refused or not, an upload is taken once.
    expect(await server().deps.storage.get(program)).toBeNull();
    expect(await rowsOf(plan.id)).toHaveLength(1);

    const notes = await uploadDirectly(creator.client, bytesOf("notes"), "notes.txt");
    expect((await addUploaded(creator.client, plan.id, notes, "notes.exe")).status).toBe(400);
    expect((await addUploaded(creator.client, plan.id, "", "a.txt")).body).toEqual(uploadInvalid);
    const noName = await uploadDirectly(creator.client, bytesOf("notes"), "notes.txt");
    expect(await addUploaded(creator.client, plan.id, noName, undefined)).toMatchObject({
      status: 400,
      body: { message: messages.attachmentTypeInvalid },
    });
    expect(await rowsOf(plan.id)).toHaveLength(1);
  });

  it("adding: the plan's creator; a member 403, an outsider 404, signed out 401", async () => {
    const { creator, member, outsider, anon, plan } = await planWithRoles();
    const membersKey = await uploadDirectly(member.client, samplePdf(), "a.pdf");
    expect(await addUploaded(member.client, plan.id, membersKey, "a.pdf")).toEqual({
      status: 403,
      body: { message: messages.planCreatorOnly, code: "FORBIDDEN" },
    });
    const outsidersKey = await uploadDirectly(outsider.client, samplePdf(), "a.pdf");
    for (const planId of [plan.id, 999_999]) {
      expect(await addUploaded(outsider.client, planId, outsidersKey, "a.pdf")).toEqual({
        status: 404,
        body: { message: messages.planNotFound, code: "NOT_FOUND" },
      });
    }
    // Refused before the key is looked at: their uploads are untouched.
    expect(await server().deps.storage.get(outsidersKey)).not.toBeNull();
    expect(await server().deps.storage.get(membersKey)).not.toBeNull();
    expect(await addUploaded(anon, plan.id, membersKey, "a.pdf")).toEqual({
      status: 401,
      body: { message: messages.notSignedIn, code: "UNAUTHORIZED" },
    });
    expect((await anon.post("/api/uploads")).status).toBe(401);
    expect(await rowsOf(plan.id)).toEqual([]);

    const own = await uploadDirectly(creator.client, samplePdf(), "a.pdf");
    expect((await addUploaded(creator.client, plan.id, own, "a.pdf")).status).toBe(201);
  });

  it("refuses someone else's upload, one never made, and one used already", async () => {
    const { creator, member, plan } = await planWithRoles();
    const membersKey = await uploadDirectly(member.client, samplePdf(), "a.pdf");
    expect(await addUploaded(creator.client, plan.id, membersKey, "a.pdf")).toEqual({
      status: 400,
      body: uploadInvalid,
    });
    // Not the caller's to take: it stays for its owner.
    expect(await server().deps.storage.get(membersKey)).not.toBeNull();
    for (const key of [
      `uploads/${creator.user.id}/0123456789abcdef`,
      `uploads/${creator.user.id}/../${member.user.id}/0123456789abcdef`,
      "attachments/0123456789abcdef0123456789abcdef",
      "uploads/abc",
      "x".repeat(201),
    ]) {
      expect(await addUploaded(creator.client, plan.id, key, "a.pdf"), key).toEqual({
        status: 400,
        body: uploadInvalid,
      });
    }

    const key = await uploadDirectly(creator.client, samplePdf(), "a.pdf");
    expect((await addUploaded(creator.client, plan.id, key, "a.pdf")).status).toBe(201);
    expect(await addUploaded(creator.client, plan.id, key, "a.pdf")).toEqual({
      status: 400,
      body: uploadInvalid,
    });
    expect(await rowsOf(plan.id)).toHaveLength(1);
  });

  it("has the local stand-in keep the bucket's rules: 1 byte to 5 MB, the caller's own key", async () => {
    const { creator, member } = await planWithRoles();
    const target = await creator.client.post<UploadTarget>("/api/uploads");
    expect(target.body).toEqual({
      url: "/api/photos/local-upload",
      fields: { key: target.body.key },
      key: target.body.key,
      maxBytes: ATTACHMENT_MAX_BYTES,
    });
    // The photos' path answers the same.
    const photosPath = await creator.client.post<UploadTarget>("/api/photos/uploads");
    expect(photosPath.body.maxBytes).toBe(ATTACHMENT_MAX_BYTES);

    const send = (client: TestClient, key: string, bytes: Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.append("key", key);
      form.append("file", new File([bytes], "big.pdf"));
      return postMultipart(server(), client, "/api/photos/local-upload", form);
    };
    const tooLarge = await send(
      creator.client,
      target.body.key,
      new Uint8Array(ATTACHMENT_MAX_BYTES + 1),
    );
    expect(tooLarge.status).toBe(413);
    expect((await send(creator.client, target.body.key, new Uint8Array(0))).status).toBe(400);
    expect(await server().deps.storage.get(target.body.key)).toBeNull();
    expect((await send(member.client, target.body.key, samplePdf())).status).toBe(400);
    expect(await server().deps.storage.get(target.body.key)).toBeNull();
  });

  it("holds 10 files a plan, counted with the multipart door's, and the last place once", async () => {
    const { creator, plan } = await planWithRoles();
    for (let i = 0; i < ATTACHMENTS_PER_PLAN_MAX - 2; i++) {
      expect((await upload(creator.client, plan.id, bytesOf(`${i}`), `${i}.txt`)).status).toBe(201);
    }
    const ninth = await uploadDirectly(creator.client, bytesOf("9"), "9.txt");
    expect((await addUploaded(creator.client, plan.id, ninth, "9.txt")).status).toBe(201);

    const [a, b] = [
      await uploadDirectly(creator.client, bytesOf("a"), "a.txt"),
      await uploadDirectly(creator.client, bytesOf("b"), "b.txt"),
    ];
    const put = vi.spyOn(server().deps.storage, "put");
    try {
      const both = await Promise.all([
        addUploaded(creator.client, plan.id, a, "a.txt"),
        addUploaded(creator.client, plan.id, b, "b.txt"),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
      expect(both.find((r) => r.status === 400)?.body).toMatchObject({
        message: messages.attachmentsTooMany,
      });
      expect(await rowsOf(plan.id)).toHaveLength(ATTACHMENTS_PER_PLAN_MAX);
      // The winner's upload was taken. The loser's was taken too when both passed the room
      // check before either committed (then its attachment object is removed again); when the
      // requests did not overlap, it was refused before taking it, and the upload expires with
      // the bucket's one-day rule. Either way no attachment object outlives a refused row.
      const winner = both[0]?.status === 201 ? a : b;
      const loser = winner === a ? b : a;
      expect(await server().deps.storage.get(winner)).toBeNull();
      const named = new Set((await rowsOf(plan.id)).map((row) => row.storageKey));
      const written = put.mock.calls.map(([key]) => key);
      expect(written.length === 2 || written.length === 1).toBe(true);
      if (written.length === 2) expect(await server().deps.storage.get(loser)).toBeNull();
      for (const key of written) {
        if (!named.has(key)) expect(await server().deps.storage.get(key)).toBeNull();
      }
    } finally {
      put.mockRestore();
    }

    const eleventh = await uploadDirectly(creator.client, bytesOf("c"), "c.txt");
    expect(await addUploaded(creator.client, plan.id, eleventh, "c.txt")).toMatchObject({
      status: 400,
      body: { message: messages.attachmentsTooMany },
    });
  });
});

/** Fills the creator's storage quota up to `left` bytes, with one row on a plan of their own. */
async function fillQuota(client: TestClient, circleId: number, uploadedBy: number, left: number) {
  const filler = await insertPlan(client, circleId);
  await server()
    .db.db.insert(planAttachments)
    .values({
      planId: filler.id,
      storageKey: `attachments/filler${filler.id}`,
      fileName: "archive.pdf",
      contentType: "application/pdf",
      size: ATTACHMENT_STORAGE_QUOTA_BYTES - left,
      uploadedBy,
    });
  return filler;
}

describe("the upload budget and the storage quota", () => {
  it("multipart attachments draw on the one upload budget: the 101st file of the hour is refused 429, by any door", async () => {
    const { creator, member, circle, plan } = await planWithRoles();
    const caller = callerFor(server(), { cookie: creator.cookie });
    for (let i = 0; i < UPLOAD_RATE_LIMIT.limit - 1; i++) await caller.trpc.photos.createUpload();
    expect((await upload(creator.client, plan.id, bytesOf("last"), "last.txt")).status).toBe(201);

    const multipart = await upload(creator.client, plan.id, bytesOf("one more"), "more.txt");
    expect(multipart).toMatchObject({ status: 429, body: { message: messages.rateLimited } });
    expect(await rowsOf(plan.id)).toHaveLength(1);
    const direct = await refusal(caller.trpc.photos.createUpload());
    expect(direct.status).toBe(429);
    expect(direct.retryAfter).toBeGreaterThan(0);
    const photo = await refusal(
      caller.trpc.photos.setUserPhoto({ photo: new File([await samplePhoto()], "me.jpg") }),
    );
    expect(photo.status).toBe(429);

    // The budget is each user's own.
    const others = await insertPlan(member.client, circle.id);
    expect((await upload(member.client, others.id, bytesOf("mine"), "m.txt")).status).toBe(201);
    // An hour later it is whole again.
    server().clock.advance(60 * 60 * 1000);
    expect((await upload(creator.client, plan.id, bytesOf("later"), "l.txt")).status).toBe(201);
  });

  it("a user's attachments cannot pass 1 GB: the file past it is refused 413 through both doors, and a removal frees room", async () => {
    const { creator, member, circle, plan } = await planWithRoles();
    const filler = await fillQuota(creator.client, circle.id, creator.user.id, 10);
    const quotaFull = { message: messages.attachmentQuotaExceeded, code: "PAYLOAD_TOO_LARGE" };

    expect(await upload(creator.client, plan.id, bytesOf("eleven byte"), "a.txt")).toMatchObject({
      status: 413,
      body: quotaFull,
    });
    const fits = await upload(creator.client, plan.id, bytesOf("ten bytes!"), "b.txt");
    expect(fits.status).toBe(201);
    const key = await uploadDirectly(creator.client, bytesOf("x"), "c.txt");
    expect(await addUploaded(creator.client, plan.id, key, "c.txt")).toMatchObject({
      status: 413,
      body: quotaFull,
    });
    // Refused before it was taken: the upload is still there to try again.
    expect(await server().deps.storage.get(key)).not.toBeNull();

    // Another user's quota is their own: the member's files count for them alone.
    const membersPlan = await insertPlan(member.client, circle.id);
    expect((await upload(member.client, membersPlan.id, bytesOf("m"), "m.txt")).status).toBe(201);

    expect((await remove(creator.client, plan.id, fits.body.id)).status).toBe(200);
    expect((await addUploaded(creator.client, plan.id, key, "c.txt")).status).toBe(201);
    expect((await creator.client.request("DELETE", `/api/events/${filler.id}`)).status).toBe(200);
    const big = new Uint8Array(ATTACHMENT_MAX_BYTES).fill(0x61);
    expect((await upload(creator.client, plan.id, big, "big.txt")).status).toBe(201);
  });
});

describe("an empty file", () => {
  it("is refused through both doors: storage takes 1 byte or more", async () => {
    const { creator, plan } = await planWithRoles();
    expect(await upload(creator.client, plan.id, new Uint8Array(0), "empty.txt")).toMatchObject({
      status: 400,
      body: { message: messages.attachmentTypeInvalid },
    });
    expect(await rowsOf(plan.id)).toEqual([]);
  });
});

describe("a direct upload with S3 storage", () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3TestServer();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it("downloads a file too large for a Lambda answer: a redirect to a short-lived presigned link, after the access check", async () => {
    const { creator, member, outsider, plan } = await planWithRoles();
    const deps = { ...server().deps, storage: s3.storage() };
    const caller = callerFor({ deps }, { cookie: creator.cookie });
    // 5 MB: base64-encoded through the function it made a 6.67 MB answer, over Lambda's 6 MB.
    const pdf = new Uint8Array(ATTACHMENT_MAX_BYTES).fill(0x20);
    pdf.set(samplePdf());
    const added = await caller.trpc.attachments.add({
      id: plan.id,
      file: new File([pdf], "Grüße slip.pdf"),
    });
    const app = createApp(deps, { remoteAddress: () => "127.0.0.1" });
    const get = (cookie: string | null) =>
      app.request(added.url, { headers: cookie ? { cookie } : {} });

    const redirect = await get(member.cookie);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("cache-control")).toBe("private, no-store");
    expect(redirect.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await redirect.text()).toBe("");
    const link = new URL(redirect.headers.get("location") ?? "");
    expect(link.origin).toBe(s3.endpoint);
    expect(link.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(link.searchParams.get("X-Amz-Signature")).toMatch(/^[a-f0-9]{64}$/);
    expect(link.href).not.toContain(member.cookie.split("=")[1]);

    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="Gr__e slip.pdf"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20slip.pdf`,
    );
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

    // The check comes first: no link for anyone else.
    const stranger = await get(outsider.cookie);
    expect(stranger.status).toBe(404);
    expect(stranger.headers.get("location")).toBeNull();
    const signedOut = await get(null);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("location")).toBeNull();
  });

  it("goes to the bucket under a signed, size-limited policy and becomes the plan's attachment", async () => {
    const { creator, plan } = await planWithRoles();
    const storage = s3.storage();
    const caller = callerFor({ deps: { ...server().deps, storage } }, { cookie: creator.cookie });
    const target = await caller.trpc.photos.createUpload();
    expect(target.url).toBe(`${s3.endpoint}/photos`);
    expect(target.key).toMatch(new RegExp(`^uploads/${creator.user.id}/[a-f0-9]{32}$`));
    const policy = JSON.parse(Buffer.from(target.fields.Policy ?? "", "base64").toString());
    expect(policy.conditions).toContainEqual(["content-length-range", 1, ATTACHMENT_MAX_BYTES]);
    expect(policy.conditions).toContainEqual({ key: target.key });

    // A PDF of 4.6 MB: more than one Lambda request can carry once base64-encoded.
    const pdf = new Uint8Array(4.6 * 1024 * 1024).fill(0x20);
    pdf.set(samplePdf());
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append("file", new Blob([pdf]), "Permission slip.pdf");
    expect((await fetch(target.url, { method: "POST", body: form })).status).toBe(204);

    const added = await caller.trpc.attachments.addUploaded({
      id: plan.id,
      uploadKey: target.key,
      fileName: "Permission slip.pdf",
    });
    expect(added).toMatchObject({
      fileName: "Permission slip.pdf",
      contentType: "application/pdf",
      size: pdf.byteLength,
    });
    expect(await storage.get(target.key)).toBeNull();
    const [row] = await rowsOf(plan.id);
    const stored = await storage.get(row?.storageKey as string);
    expect(stored?.contentType).toBe("application/pdf");
    expect(Buffer.from(stored?.body ?? []).equals(Buffer.from(pdf))).toBe(true);

    const again = await refusal(
      caller.trpc.attachments.addUploaded({
        id: plan.id,
        uploadKey: target.key,
        fileName: "Permission slip.pdf",
      }),
    );
    expect(again).toMatchObject({
      status: 400,
      body: { message: messages.attachmentUploadInvalid },
    });
  });
});
