/**
 * Attachments on plans over real HTTP, as the plan form sends them: one multipart call per
 * file at `POST /api/events/{id}/attachments`, removal at `DELETE .../{attachmentId}`, and the
 * bytes at `GET .../{attachmentId}` for the members of the plan's circle only. Each accepted
 * kind, a program under an accepted name, the size and count limits, every role, and what
 * becomes of the stored objects when an attachment or its plan goes.
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
import { circles, planAttachments, plans, storageGarbage } from "@circleplan/db/schema";
import { createCircle } from "@circleplan/db/testing/factories";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_PER_PLAN_MAX,
  UPLOAD_BODY_MAX_BYTES,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { signedInClient } from "./testing/accounts";
import { expectNoSecrets } from "./testing/no-secrets";
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
    expect(attachmentIds(month.body.find((item) => item.id === plan.id))).toEqual([
      second.body.id,
    ]);
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
