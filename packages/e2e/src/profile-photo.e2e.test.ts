/**
 * The profile photo in a real browser: choose a phone photo carrying EXIF, crop it, save it,
 * and check through the photo route that what the server stored is square and has no EXIF;
 * refusals before cropping; removal.
 * Screens are saved at phone and desktop size (profile-photo-*.png).
 */
import { type Page, request } from "playwright-core";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { axeFindings, isSerious } from "./axe";
import { frontToast } from "./browser-steps";
import { screenshot, useBrowserSuite } from "./harness";
import { createVerifiedUser, type TestUser } from "./test-users";

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const suite = useBrowserSuite();
const opened: { close(): Promise<void> }[] = [];

/** What axe found serious on the screens saved by the current test, by screen. */
let serious: string[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((thing) => thing.close()));
  const found = serious;
  serious = [];
  expect(found).toEqual([]);
});

/** A browser already signed in as `user` (through the REST door, which sets the cookie). */
async function signedInPage(user: TestUser, to: string): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: MOBILE, baseURL: suite.app.url });
  opened.push(context);
  context.setDefaultTimeout(15_000);
  const answer = await context.request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { origin: suite.app.url },
  });
  if (!answer.ok()) throw new Error(`login answered ${answer.status()}`);
  const page = await context.newPage();
  await page.goto(to);
  return page;
}

/**
 * Checks the page with axe once its toasts and dialogs have finished sliding in (or contrast is
 * measured on half-transparent text), then saves it at phone size and again at desktop size.
 */
async function bothSizes(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
        )
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
  for (const finding of (await axeFindings(page)).filter(isSerious)) {
    serious.push(`${name}: ${finding.rule} ${finding.help} (${finding.targets.join(", ")})`);
  }
  await screenshot(page, `profile-photo-${name}`, { fullPage });
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `profile-photo-${name}-desktop`, { fullPage });
  await page.setViewportSize(MOBILE);
}

/** Picks `file` in the chooser that Upload Photo opens. */
async function choosePhoto(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "Upload Photo" }).click(),
  ]);
  await chooser.setFiles(file);
}

/** A 1200 x 800 holiday snap whose EXIF names who took it and where. */
async function jpegWithExif(): Promise<Buffer> {
  return sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 214, g: 96, b: 48 } },
  })
    .jpeg()
    .withMetadata({
      exif: {
        IFD0: {
          Artist: "Bea Jones",
          Copyright: "Taken at 12 Secret Lane",
          ImageDescription: "Holiday at home",
        },
      },
    })
    .toBuffer();
}

describe("profile photo in the browser", () => {
  it("crops, uploads and shows a photo stripped of its EXIF, then removes it", async () => {
    const user = await createVerifiedUser(suite.app.url, { firstName: "Bea", lastName: "Jones" });
    const page = await signedInPage(user, "/profile");
    await page.getByRole("heading", { level: 1, name: "Profile" }).waitFor();
    await page.getByText("BJ", { exact: true }).first().waitFor();
    expect(await page.getByRole("button", { name: "Remove Photo" }).isDisabled()).toBe(true);
    await bothSizes(page, "01-initials");

    const original = await jpegWithExif();
    // The test means something only if the file really carries EXIF.
    expect((await sharp(original).metadata()).exif?.length ?? 0).toBeGreaterThan(0);
    await choosePhoto(page, { name: "holiday.jpg", mimeType: "image/jpeg", buffer: original });

    const dialog = page.getByRole("dialog", { name: "Crop Photo" });
    const zoom = dialog.getByRole("slider", { name: "Zoom" });
    await zoom.waitFor();
    expect(await zoom.getAttribute("aria-valuemin")).toBe("1");
    expect(await zoom.getAttribute("aria-valuemax")).toBe("3");
    await dialog
      .getByRole("button", { name: "Save Photo" })
      .and(page.locator(":enabled"))
      .waitFor();
    await zoom.focus();
    for (let step = 0; step < 5; step += 1) await page.keyboard.press("ArrowRight");
    expect(await zoom.getAttribute("aria-valuenow")).toBe("1.5");
    await bothSizes(page, "02-crop-dialog", { fullPage: false });

    await dialog.getByRole("button", { name: "Save Photo" }).click();
    await frontToast(page).getByText("Photo updated").waitFor();
    await dialog.waitFor({ state: "detached" });
    const avatar = page.getByRole("img", { name: "Profile photo of Bea Jones" });
    await avatar.waitFor();
    // The menu's avatar follows, without a reload.
    await page.getByRole("button", { name: "User menu for Bea Jones" }).locator("img").waitFor();
    expect(await page.getByRole("button", { name: "Remove Photo" }).isEnabled()).toBe(true);
    await bothSizes(page, "03-photo-saved");

    // The stored photo: served to the session only, square, re-encoded without EXIF.
    const src = (await avatar.getAttribute("src")) ?? "";
    expect(src).toMatch(/^\/api\/photos\/users\/\d+\//);
    const stored = await page.context().request.get(src);
    expect(stored.status()).toBe(200);
    const metadata = await sharp(await stored.body()).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.width).toBeGreaterThan(0);
    expect(metadata.width).toBe(metadata.height);
    expect(await stored.text()).not.toContain("Secret Lane");
    const stranger = await request.newContext({ baseURL: suite.app.url });
    opened.push({ close: () => stranger.dispose() });
    expect((await stranger.get(src)).ok()).toBe(false);

    await page.getByRole("button", { name: "Remove Photo" }).click();
    await frontToast(page).getByText("Photo removed").waitFor();
    await avatar.waitFor({ state: "detached" });
    await page.getByText("BJ", { exact: true }).first().waitFor();
    await page.getByRole("button", { name: /^BJ, user menu for Bea Jones$/ }).waitFor();
    expect(await page.getByRole("button", { name: "Remove Photo" }).isDisabled()).toBe(true);
  });

  it("refuses a file that is not an image and one over 5 MB before cropping", async () => {
    const user = await createVerifiedUser(suite.app.url);
    const page = await signedInPage(user, "/profile");
    await page.getByRole("heading", { level: 1, name: "Profile" }).waitFor();

    await choosePhoto(page, {
      name: "notes.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7 not a photo"),
    });
    await frontToast(page).getByText("Invalid file type").waitFor();
    await frontToast(page).getByText("Please select an image file (JPEG, PNG, etc.)").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);

    await choosePhoto(page, {
      name: "huge.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await frontToast(page).getByText("File too large").waitFor();
    await frontToast(page).getByText("Please select an image smaller than 5MB").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await bothSizes(page, "04-too-large");
  });
});
