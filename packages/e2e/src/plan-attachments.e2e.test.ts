// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * Plan attachments in a real browser (plans spec, section 5): files chosen in the plan form go
 * up once the plan is saved, each straight to storage (locally the server's stand-in for the
 * bucket's presigned POST) and then named by key, never inside one request to the API, which on
 * Lambda cannot carry a file above ~4.4 MB. A 4.6 MB PDF and a note added to a plan; the files
 * shown on the form again and served back; a program refused when chosen; one file removed.
 * Screens are checked with axe and saved at phone and desktop size (plan-attachments-*.png).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { frontToast, openPlanEditForm } from "./browser-steps";
import { createCircle, createPlan } from "./circle-setup";
import { useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { createVerifiedUser } from "./test-users";
import { dayInZone } from "./zoned-time";

const suite = useBrowserSuite();
const saveScreen = useScreens("plan-attachments");

/** A PDF of `size` bytes: a real header and trailer, padded with spaces. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from(
    "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

/** Picks `files` in the chooser that Add files opens. */
async function chooseFiles(
  page: Page,
  form: ReturnType<Page["getByRole"]>,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    form.getByRole("button", { name: "Add files" }).click(),
  ]);
  await chooser.setFiles(files);
}

/** The paths of the POSTs the page makes from now on. */
function watchPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  return posts;
}

describe("plan attachments in the browser", () => {
  it("uploads a 4.6 MB PDF and a note directly to storage, shows and serves them, and removes one", async () => {
    const ada = await createVerifiedUser({
      firstName: "Ada",
      lastName: "Byron",
      timeZone: "UTC",
    });
    const api = await suite.apiAs(ada);
    const circle = await createCircle(api, { name: "The Byrons", type: "family" });
    const today = dayInZone("UTC");
    await createPlan(api, circle, { title: "School trip", startTime: `${today}T23:30:00.000Z` });
    const page = await suite.signedInPage(ada, "/dashboard");
    await page.getByRole("heading", { level: 1, name: "Your Day at a Glance" }).waitFor();
    const posts = watchPosts(page);

    const card = page.getByRole("article", { name: "School trip" });
    const form = await openPlanEditForm(page, card, "School trip");
    // Above what one Lambda request can carry once API Gateway has base64-encoded it.
    const slip = pdfOf(Math.round(4.6 * 1024 * 1024));
    await chooseFiles(page, form, [
      { name: "Permission slip.pdf", mimeType: "application/pdf", buffer: slip },
      { name: "Packing list.txt", mimeType: "text/plain", buffer: Buffer.from("Lunch box\n") },
    ]);
    const chosen = form.getByRole("list", { name: "Attached files" });
    await chosen.getByText("Permission slip.pdf").waitFor();
    await chosen.getByText("Packing list.txt").waitFor();
    await chosen.scrollIntoViewIfNeeded();
    await saveScreen(page, "01-chosen", { fullPage: false });
    await form.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(page).getByText("Event updated successfully").waitFor();
    await form.waitFor({ state: "detached" });

    // Each file: where to upload, the bytes to storage, then the key named; no multipart call.
    expect(posts.filter((path) => !path.startsWith("/api/trpc/plans."))).toEqual([
      "/api/trpc/photos.createUpload",
      "/api/photos/local-upload",
      "/api/trpc/attachments.addUploaded",
      "/api/trpc/photos.createUpload",
      "/api/photos/local-upload",
      "/api/trpc/attachments.addUploaded",
    ]);

    const edit = await openPlanEditForm(page, card, "School trip");
    const files = edit.getByRole("list", { name: "Attached files" });
    const slipLink = files.getByRole("link", { name: "Permission slip.pdf" });
    await slipLink.waitFor();
    await files.getByRole("link", { name: "Packing list.txt" }).waitFor();
    const served = await page.context().request.get((await slipLink.getAttribute("href")) ?? "");
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("application/pdf");
    expect(Buffer.compare(await served.body(), slip)).toBe(0);
    await files.scrollIntoViewIfNeeded();
    await saveScreen(page, "02-attached", { fullPage: false });

    await chooseFiles(page, edit, [
      { name: "setup.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") },
    ]);
    await edit
      .getByText(
        "Attachments can be PDF, Word, text or image files (pdf, doc, docx, txt, jpg, jpeg, png, gif).",
      )
      .waitFor();
    await files.getByRole("button", { name: "Remove Packing list.txt" }).click();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(page).getByText("Event updated successfully").waitFor();
    await edit.waitFor({ state: "detached" });

    const again = await openPlanEditForm(page, card, "School trip");
    const left = again.getByRole("list", { name: "Attached files" });
    await left.getByRole("link", { name: "Permission slip.pdf" }).waitFor();
    expect(await left.getByRole("link").count()).toBe(1);
  });
});
