/**
 * The REST door of Import calendar (docs/decisions/027): the file as JSON text on the documented
 * paths, a body over the JSON's 64 KB allowed up to the file's own bound, and past it the
 * product's "File too large" words (413) before anything is read.
 */
import { readFileSync } from "node:fs";
import { createCircle } from "@circleplan/db/testing/factories";
import { CALENDAR_IMPORT_BODY_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

const school = readFileSync(
  new URL("../../core/src/calendar-import/fixtures/school-year.ics", import.meta.url),
  "utf8",
);

describe("POST /api/circles/{id}/calendar-import", () => {
  it("takes a calendar file over the JSON bound as JSON text, and refuses a body past the file's bound with 413", async () => {
    const s = server();
    s.clock.set(new Date("2026-11-01T12:00:00Z"));
    const member = await signedInClient(s);
    const circle = await createCircle(s.deps, { creatorId: member.user.id });
    const path = `/api/circles/${circle.id}/calendar-import`;
    // 200 KB of description: past the 64 KB every other JSON body is allowed.
    const long = school.replace(
      "SUMMARY:Christmas holidays",
      `SUMMARY:Christmas holidays\nDESCRIPTION:${"x".repeat(200_000)}`,
    );
    const preview = await member.client.post(`${path}/preview`, {
      fileName: "school.ics",
      content: long,
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      events: 8,
      newPlans: 8,
      notes: [{ title: "Christmas holidays" }],
    });
    const imported = await member.client.post(path, { content: long });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ created: 8, updated: 0, unchanged: 0, skipped: 0 });

    const huge = await member.client.post(path, {
      content: "x".repeat(CALENDAR_IMPORT_BODY_MAX_BYTES),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ message: messages.calendarFileTooLarge });
  });
});
