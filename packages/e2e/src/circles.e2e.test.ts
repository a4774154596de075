// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * The circle screens in a real browser (accounts spec, sections 2, 4, 5, 6 and 8): creating a
 * circle with the four-step dialog, the circle strip and its press-and-hold options, the circle
 * page and its detail dialog, the share dialog, and the settings page as admin, creator and
 * member (rename, promote, remove, invitations, photo, delete). Other people are set up through
 * the REST door; the full invitation round trip in two browsers is invitations.e2e.test.ts's.
 * Every screen is checked with axe and saved at phone and desktop size (circles-*.png).
 */
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { circleStrip, frontToast, isFocused } from "./browser-steps";
import { createCircle, invite, joinCircle } from "./circle-setup";
import { useBrowserSuite } from "./harness";
import { jpegWithExif, storedPhoto } from "./sample-photos";
import { useScreens } from "./screens";
import { createVerifiedUser, fullName, type TestUser } from "./test-users";

const suite = useBrowserSuite();
const saveScreen = useScreens("circles");

async function progressOf(dialog: Locator): Promise<string | null> {
  return dialog.getByRole("progressbar").getAttribute("aria-valuenow");
}

describe("circles in the browser", () => {
  it("creates a family circle with an invitation in four steps and opens it", async () => {
    const admin = await createVerifiedUser();
    const inviteeEmail = `invitee-${Date.now()}@example.com`;
    const page = await suite.signedInPage(admin, "/dashboard");
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    // Every account has its personal circle in the strip.
    await circleStrip(page).getByRole("link", { name: "Personal" }).waitFor();
    await saveScreen(page, "01-strip", { desktop: true });

    await circleStrip(page).getByRole("button", { name: "Add a new circle" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a New Circle" });
    await dialog.waitFor();
    expect(await progressOf(dialog)).toBe("33");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByText("Circle name is required").waitFor();
    await dialog.getByLabel("Circle Name").fill("The Lovelaces");
    await dialog.getByLabel("Description").fill("Dinners, birthdays and school runs");
    await dialog.getByRole("radio", { name: "Family" }).check();
    await dialog.getByRole("radio", { name: "Green" }).check();
    await saveScreen(page, "02-create-details");
    await dialog.getByRole("button", { name: "Next" }).click();

    const photoStep = page.getByRole("dialog", { name: "Add a Circle Photo" });
    await photoStep.getByRole("button", { name: "Choose Photo" }).waitFor();
    expect(await progressOf(photoStep)).toBe("66");
    await saveScreen(page, "03-create-photo");
    await photoStep.getByRole("button", { name: "Create Circle" }).click();
    await frontToast(page).getByText("Circle created successfully").waitFor();

    const invites = page.getByRole("dialog", { name: "Invite Members" });
    await invites.waitFor();
    expect(await progressOf(invites)).toBe("99");
    const send = invites.getByRole("button", { name: "Send Invitations" });
    expect(await send.isDisabled()).toBe(true);
    const email = invites.getByLabel("Email Address");
    await email.fill("not-an-address");
    await invites.getByRole("button", { name: "Add", exact: true }).click();
    await invites.getByText("Please enter a valid email address").waitFor();
    await email.fill(inviteeEmail);
    await invites.getByRole("button", { name: "Add", exact: true }).click();
    await invites.getByRole("list", { name: "People to invite" }).getByText(inviteeEmail).waitFor();
    await email.fill(inviteeEmail.toUpperCase());
    await invites.getByRole("button", { name: "Add", exact: true }).click();
    await frontToast(page).getByText("Email already added").waitFor();
    await invites
      .getByText("This email address has already been added to the invitation list")
      .waitFor();
    await saveScreen(page, "04-create-invites");
    await send.click();
    await frontToast(page).getByText("Invitations sent").waitFor();

    const done = page.getByRole("dialog", { name: "Circle Created" });
    await done.getByText("The Lovelaces is ready").waitFor();
    expect(await progressOf(done)).toBe("100");
    await saveScreen(page, "05-create-success");
    await done.getByRole("button", { name: "Go to Circle" }).click();

    const heading = page.getByRole("heading", { level: 1, name: "The Lovelaces" });
    await heading.waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/circle\/\d+$/);
    // Focus goes on to the new circle, not back to Add.
    await expect.poll(() => isFocused(heading)).toBe(true);
    await page.getByText("1 member", { exact: true }).waitFor();
    const inStrip = circleStrip(page).getByRole("link", { name: "The Lovelaces" });
    expect(await inStrip.getAttribute("aria-current")).toBe("page");
    await page.getByRole("button", { name: /^The Lovelaces\s*Next 7 Days$/ }).waitFor();
    await saveScreen(page, "06-circle-page");

    // The detail dialog: an admin of a family circle sees all three tabs.
    await page.getByRole("button", { name: "Circle details" }).click();
    const detail = page.getByRole("dialog", { name: "The Lovelaces" });
    await detail.getByRole("tab", { name: "Members" }).waitFor();
    await detail.getByRole("cell", { name: admin.email }).first().waitFor();
    await saveScreen(page, "07-detail-members");
    await detail.getByRole("tab", { name: "Invitations" }).click();
    await detail.getByText(inviteeEmail).waitFor();
    expect(await detail.getByLabel("Relationship").isVisible()).toBe(true);
    await saveScreen(page, "08-detail-invitations");

    // An invitation made here opens the share dialog with its link and QR code.
    const second = `second-${Date.now()}@example.com`;
    await detail.getByLabel("Email Address").fill(second);
    await detail.getByLabel("Relationship").selectOption("sibling");
    await detail.getByRole("button", { name: "Send Invitation" }).click();
    const share = page.getByRole("dialog", { name: "Share Invitation" });
    await share.getByRole("tab", { name: "Email", selected: true }).waitFor();
    await share.getByRole("tab", { name: "Link" }).click();
    const link = await share.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(new RegExp(`^${suite.app.url}/invitations/[\\w-]{20,}$`));
    await share.getByText("The link expires in 10 days.", { exact: false }).waitFor();
    await saveScreen(page, "09-share-link");
    await share.getByRole("tab", { name: "QR Code" }).click();
    await share.getByRole("img", { name: /QR code of the invitation link/ }).waitFor();
    await share.getByText("The QR code expires in 10 days.", { exact: false }).waitFor();
    await saveScreen(page, "10-share-qr");
    await share.getByRole("tab", { name: "Email" }).click();
    await share.getByRole("button", { name: "Send" }).click();
    await frontToast(page).getByText("Email required").waitFor();
    await share.getByLabel("Invite someone else").fill("nobody@nowhere");
    await share.getByRole("button", { name: "Send" }).click();
    await frontToast(page).getByText("Invalid email").waitFor();
    await saveScreen(page, "11-share-email");
    await page.keyboard.press("Escape");
    await share.waitFor({ state: "detached" });
    await detail.getByText(second).waitFor();

    await detail.getByRole("tab", { name: "Settings" }).click();
    await detail.getByLabel("Circle Name").waitFor();
    // A family circle is never deleted from the dialog (spec section 6).
    expect(await detail.getByRole("button", { name: "Delete Circle" }).count()).toBe(0);
    await saveScreen(page, "12-detail-settings");
  });

  it("renames a circle, promotes and removes members and manages invitations", async () => {
    const [admin, promoted, removed] = await Promise.all([
      createVerifiedUser({ firstName: "Ada", lastName: "Admin" }),
      createVerifiedUser({ firstName: "Bea", lastName: "Promoted" }),
      createVerifiedUser({ firstName: "Cal", lastName: "Removed" }),
    ]);
    const adminApi = await suite.apiAs(admin);
    const circle = await createCircle(adminApi, { name: "Book Club", type: "custom" });
    await joinCircle(adminApi, circle, promoted, await suite.apiAs(promoted));
    await joinCircle(adminApi, circle, removed, await suite.apiAs(removed));
    const pending = `pending-${Date.now()}@example.com`;
    await invite(adminApi, circle, { email: pending });

    const page = await suite.signedInPage(admin, `/circle/${circle.id}/settings`);
    await page.getByRole("heading", { level: 1, name: "Book Club Settings" }).waitFor();
    expect(await page.getByText("You don't have admin permissions").count()).toBe(0);

    // General: Save Changes waits for a change, and the new name shows everywhere.
    const save = page.getByRole("button", { name: "Save Changes" });
    expect(await save.isDisabled()).toBe(true);
    const name = page.getByLabel("Circle Name");
    await name.fill("   ");
    await save.click();
    await page.getByText("Circle name is required").waitFor();
    await name.fill("Book Club Nights");
    await saveScreen(page, "13-settings-general");
    await save.click();
    await frontToast(page).getByText("Circle updated").waitFor();
    await page.getByRole("heading", { level: 1, name: "Book Club Nights Settings" }).waitFor();
    await circleStrip(page).getByRole("link", { name: "Book Club Nights" }).waitFor();
    expect(await save.isDisabled()).toBe(true);

    // Members: the creator is marked and untouchable, the others are promoted or removed.
    await page.getByRole("tab", { name: "Members" }).click();
    const table = page.getByRole("table");
    const rowOf = (user: TestUser) => table.getByRole("row").filter({ hasText: fullName(user) });
    await rowOf(removed).waitFor();
    expect(await rowOf(admin).getByText("Creator").count()).toBe(1);
    expect(await rowOf(admin).getByRole("button").count()).toBe(0);
    await page.getByText("No invitations have been sent yet").waitFor({ state: "detached" });
    await page.getByRole("list", { name: "Sent invitations" }).getByText(pending).waitFor();
    await saveScreen(page, "14-settings-members");

    await rowOf(promoted)
      .getByRole("button", { name: /Make Admin/ })
      .click();
    await page
      .getByRole("alertdialog", { name: /an admin\?$/ })
      .getByRole("button", { name: "Make Admin" })
      .click();
    await frontToast(page).getByText("Member updated").waitFor();
    await rowOf(promoted).getByText("Admin", { exact: true }).filter({ visible: true }).waitFor();
    expect(
      await rowOf(promoted)
        .getByRole("button", { name: /Make Admin/ })
        .count(),
    ).toBe(0);

    await rowOf(removed)
      .getByRole("button", { name: /^Remove/ })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Remove Cal Removed?" });
    await confirm.waitFor();
    await saveScreen(page, "15-remove-member-confirm");
    await confirm.getByRole("button", { name: "Remove Member" }).click();
    await frontToast(page).getByText("Member removed").waitFor();
    await rowOf(removed).waitFor({ state: "detached" });

    // The invite form: blank is not sendable, a bad address gets the form's message.
    const sendInvite = page.getByRole("button", { name: "Send Invitation" });
    expect(await sendInvite.isDisabled()).toBe(true);
    const inviteEmail = page.getByLabel("Email Address");
    await inviteEmail.fill("   ");
    expect(await sendInvite.isDisabled()).toBe(true);
    await inviteEmail.fill("someone@nowhere");
    await sendInvite.click();
    await page.getByText("Invalid email address", { exact: true }).waitFor();
    expect(await page.getByLabel("Message").getAttribute("placeholder")).toMatch(
      /quick message so they know it's really from you/,
    );
    const invited = `invited-${Date.now()}@example.com`;
    await inviteEmail.fill(invited);
    await page.getByLabel("Message").fill("Join us on Thursdays!");
    await sendInvite.click();
    const share = page.getByRole("dialog", { name: "Share Invitation" });
    await share.getByRole("tab", { name: "Email", selected: true }).waitFor();
    await page.keyboard.press("Escape");
    await share.waitFor({ state: "detached" });

    // Sent invitations: accepted in green, pending neutral; deleting one removes it.
    const sent = page.getByRole("list", { name: "Sent invitations" });
    await sent.getByText(invited).waitFor();
    const accepted = sent.getByRole("listitem").filter({ hasText: promoted.email });
    await accepted.getByText("Accepted").waitFor();
    await sent
      .getByRole("listitem")
      .filter({ hasText: pending })
      .getByRole("button", { name: `Delete invitation for ${pending}` })
      .click();
    await frontToast(page).getByText("Invitation deleted").waitFor();
    await sent.getByText(pending).waitFor({ state: "detached" });
    await saveScreen(page, "16-settings-invitations");

    // The members screen shows the same table.
    await page.goto(`/circle/${circle.id}/members`);
    await page.getByRole("heading", { level: 1, name: "Book Club Nights Members" }).waitFor();
    await rowOf(promoted).getByText("Admin", { exact: true }).filter({ visible: true }).waitFor();
    await saveScreen(page, "17-members-page");
  });

  it("shows a member the notice, a disabled Save and no admin tabs", async () => {
    const [admin, member] = await Promise.all([createVerifiedUser(), createVerifiedUser()]);
    const adminApi = await suite.apiAs(admin);
    const circle = await createCircle(adminApi, { name: "Neighbours", type: "family" });
    await joinCircle(adminApi, circle, member, await suite.apiAs(member));

    const page = await suite.signedInPage(member, `/circle/${circle.id}/settings`);
    await page.getByRole("heading", { level: 1, name: "Neighbours Settings" }).waitFor();
    await page
      .getByText(
        "You don't have admin permissions for this circle. Some settings may not be editable.",
      )
      .waitFor();
    expect(await page.getByRole("button", { name: "Save Changes" }).isDisabled()).toBe(true);
    expect(await page.getByRole("tab").allTextContents()).toEqual(["General", "Appearance"]);
    await page.getByRole("tab", { name: "Appearance" }).click();
    await page.getByText("Only admins can change the circle photo.").waitFor();
    expect(await page.getByRole("button", { name: "Upload Photo" }).count()).toBe(0);
    await page.getByRole("tab", { name: "General" }).click();
    await saveScreen(page, "18-settings-member");

    await page.getByRole("link", { name: "Back to Neighbours" }).click();
    await page.getByRole("heading", { level: 1, name: "Neighbours" }).waitFor();
    await page.getByText("2 members", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Circle details" }).click();
    const detail = page.getByRole("dialog", { name: "Neighbours" });
    // The dialog downloads on its first opening (decision 005): wait for it before counting tabs.
    await detail.getByRole("tab").first().waitFor();
    expect(await detail.getByRole("tab").allTextContents()).toEqual(["Members", "Settings"]);
    await detail.getByRole("tab", { name: "Settings" }).click();
    await detail.getByText("Only admins can change the circle name.").waitFor();
    await saveScreen(page, "19-detail-member");

    // A circle one is not in is not found, exactly as one that does not exist.
    await page.goto("/circle/2147483647");
    await page.getByText("Circle not found or you don't have access.").waitFor();
    await saveScreen(page, "20-circle-not-found");
  });

  it("uploads a circle photo with a crop and removes it again", async () => {
    const admin = await createVerifiedUser();
    const circle = await createCircle(await suite.apiAs(admin), {
      name: "Photo Club",
      type: "custom",
    });
    const page = await suite.signedInPage(admin, `/circle/${circle.id}/settings`);
    await page.getByRole("tab", { name: "Appearance" }).click();
    const input = page.getByTestId("circle-photo-input");

    await input.setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hi"),
    });
    await frontToast(page).getByText("Invalid file type").waitFor();

    await input.setInputFiles({
      name: "sunset.jpg",
      mimeType: "image/jpeg",
      buffer: await jpegWithExif(),
    });
    const crop = page.getByRole("dialog", { name: "Crop Photo" });
    await crop.getByRole("button", { name: "Save Photo" }).waitFor();
    await expect
      .poll(() => crop.getByRole("button", { name: "Save Photo" }).isEnabled())
      .toBe(true);
    await saveScreen(page, "21-photo-crop");
    await crop.getByRole("button", { name: "Save Photo" }).click();
    await frontToast(page).getByText("Photo updated").waitFor();
    await crop.waitFor({ state: "detached" });

    const photoCard = page.getByRole("tabpanel", { name: "Appearance" });
    await expect
      .poll(() =>
        photoCard.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect
      .poll(() =>
        circleStrip(page)
          .getByRole("link", { name: "Photo Club" })
          .locator("img")
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0);
    await saveScreen(page, "22-photo-set");

    // What the server stored: re-encoded, square from the crop, without the EXIF it came with.
    const src = (await photoCard.locator("img").getAttribute("src")) ?? "";
    expect(src).toMatch(new RegExp(`^/api/photos/circles/${circle.id}/`));
    const stored = await page.context().request.get(src);
    expect(stored.status()).toBe(200);
    const { metadata, mentionsExif } = await storedPhoto(await stored.body());
    expect(metadata.exif).toBeUndefined();
    expect(metadata.width).toBe(metadata.height);
    expect(mentionsExif).toBe(false);

    await photoCard.getByRole("button", { name: "Remove Photo" }).click();
    await frontToast(page).getByText("Photo removed").waitFor();
    await photoCard.locator("img").waitFor({ state: "detached" });
    await photoCard.getByText("P", { exact: true }).waitFor();
  });

  it("opens a circle's options by press and hold or the keyboard, and deletes it", async () => {
    const admin = await createVerifiedUser();
    const circle = await createCircle(await suite.apiAs(admin), {
      name: "Old Project",
      type: "custom",
    });
    const page = await suite.signedInPage(admin, "/dashboard");
    const link = circleStrip(page).getByRole("link", { name: "Old Project" });
    await link.waitFor();

    // Held for longer than 500 ms: the options open and the link is not followed.
    const box = await link.boundingBox();
    if (!box) throw new Error("the circle is not on screen");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const options = page.getByRole("dialog", { name: "Old Project" });
    await options.waitFor();
    await page.mouse.up();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await options.getByRole("link", { name: "Circle Settings" }).waitFor();
    await options.getByRole("link", { name: "Manage Members" }).waitFor();
    await options.getByRole("button", { name: "Edit Circle" }).waitFor();
    await options.getByRole("button", { name: "Delete Circle" }).waitFor();
    await saveScreen(page, "23-strip-options");
    await page.keyboard.press("Escape");
    await options.waitFor({ state: "detached" });

    // The keyboard's way: the context-menu shortcut on the focused circle.
    await link.focus();
    await page.keyboard.press("Shift+F10");
    await options.waitFor();
    await options.getByRole("link", { name: "Circle Settings" }).click();
    await page.getByRole("heading", { level: 1, name: "Old Project Settings" }).waitFor();

    // The creator of a custom circle has the Danger Zone.
    await page.getByRole("tab", { name: "Danger Zone" }).click();
    for (const removedItem of [
      "All events and tasks",
      "All member access",
      "All shared files and photos",
      "All circle data and history",
      "This action cannot be undone.",
    ]) {
      await page.getByText(removedItem, { exact: true }).waitFor();
    }
    await saveScreen(page, "24-danger-zone");
    await page.getByRole("button", { name: "Delete Circle Permanently" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Old Project?" });
    await confirm
      .getByText("Are you sure you want to delete this circle? This action cannot be undone.")
      .waitFor();
    await saveScreen(page, "25-delete-confirm");
    await confirm.getByRole("button", { name: "Delete Circle" }).click();
    await page.waitForURL(`${suite.app.url}/dashboard`);
    await frontToast(page).getByText("Circle deleted").waitFor();
    await link.waitFor({ state: "detached" });

    await page.goto(`/circle/${circle.id}`);
    await page.getByText("Circle not found or you don't have access.").waitFor();
  });

  it("opens Create New Circle from the user menu", async () => {
    const admin = await createVerifiedUser();
    const page = await suite.signedInPage(admin, "/profile");
    await page.getByRole("button", { name: /user menu/ }).click();
    await page.getByRole("menuitem", { name: "Create New Circle" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a New Circle" });
    await dialog.getByLabel("Circle Name").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    // The menu item is gone: focus goes back to the menu's button.
    await expect.poll(() => isFocused(page.getByRole("button", { name: /user menu/ }))).toBe(true);
  });
});
