/**
 * The profile photo in a real browser: choose a phone photo carrying EXIF, crop it, save it,
 * and check through the photo route that what the server stored is square and has no EXIF;
 * refusals before cropping; removal.
 * Screens are checked with axe and saved at phone and desktop size (profile-photo-*.png).
 */
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { frontToast } from "./browser-steps";
import { useBrowserSuite } from "./harness";
import { jpegWithExif } from "./sample-photos";
import { useScreens } from "./screens";
import { createVerifiedUser } from "./test-users";

const suite = useBrowserSuite();
const saveScreen = useScreens("profile-photo");

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

describe("profile photo in the browser", () => {
  it("crops, uploads and shows a photo stripped of its EXIF, then removes it", async () => {
    const user = await createVerifiedUser({ firstName: "Bea", lastName: "Jones" });
    const page = await suite.signedInPage(user, "/profile");
    await page.getByRole("heading", { level: 1, name: "Profile" }).waitFor();
    await page.getByText("BJ", { exact: true }).first().waitFor();
    expect(await page.getByRole("button", { name: "Remove Photo" }).isDisabled()).toBe(true);
    await saveScreen(page, "01-initials");

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
    await saveScreen(page, "02-crop-dialog", { fullPage: false });

    await dialog.getByRole("button", { name: "Save Photo" }).click();
    await frontToast(page).getByText("Photo updated").waitFor();
    await dialog.waitFor({ state: "detached" });
    const avatar = page.getByRole("img", { name: "Profile photo of Bea Jones" });
    await avatar.waitFor();
    // The menu's avatar follows, without a reload.
    await page.getByRole("button", { name: "User menu for Bea Jones" }).locator("img").waitFor();
    expect(await page.getByRole("button", { name: "Remove Photo" }).isEnabled()).toBe(true);
    await saveScreen(page, "03-photo-saved");

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
    const stranger = await suite.newApi();
    expect((await stranger.get(src)).ok()).toBe(false);

    await page.getByRole("button", { name: "Remove Photo" }).click();
    await frontToast(page).getByText("Photo removed").waitFor();
    await avatar.waitFor({ state: "detached" });
    await page.getByText("BJ", { exact: true }).first().waitFor();
    await page.getByRole("button", { name: /^BJ, user menu for Bea Jones$/ }).waitFor();
    expect(await page.getByRole("button", { name: "Remove Photo" }).isDisabled()).toBe(true);
  });

  it("refuses a file that is not an image and one over 5 MB before cropping", async () => {
    const user = await createVerifiedUser();
    const page = await suite.signedInPage(user, "/profile");
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
    await saveScreen(page, "04-too-large");
  });
});
