/**
 * Invitations in real browsers (accounts spec, sections 2, 4, 5, 7 and 8): the full round trip
 * in two browsers (an admin invites by email; a newcomer opens the mailed link signed out,
 * registers, verifies, signs in, lands back on the invitation, proves the address, accepts; the
 * admin promotes and removes them), the pending list, the already-accepted and error cards, and
 * an existing account's signed-out link. Screens are checked with axe and saved at phone and
 * desktop size (invitations-*.png).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { authScreen, circleStrip, fillLogin, fillRegistration, frontToast } from "./browser-steps";
import { acceptInvitation, createCircle, invite } from "./circle-setup";
import { useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { buildUser, createVerifiedUser, fullName } from "./test-users";

const suite = useBrowserSuite();
const saveScreen = useScreens("invitations");

/** Opens the newest mail to `email` whose subject matches, in the dev mailbox. */
async function openMail(page: Page, email: string, subject: RegExp): Promise<void> {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.getByRole("heading", { name: "Dev mailbox" }).waitFor();
  await page
    .getByRole("navigation", { name: "Mail list" })
    .getByRole("button", { name: subject })
    .first()
    .click();
}

/** Types the invitation's address on the token page and answers the check. */
async function proveEmail(page: Page, email: string): Promise<void> {
  await page.getByRole("heading", { name: "Email Verification Required" }).waitFor();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Verify Email" }).click();
}

describe("invitations in the browser", () => {
  it("takes a newcomer from the mailed link through registration into the circle, then out again", async () => {
    const admin = await createVerifiedUser({
      firstName: "Ada",
      lastName: "Lovelace",
    });
    const newcomer = buildUser({ firstName: "Bea", lastName: "Newcomer" });
    const circleName = "The Lovelaces";

    // The admin creates a family circle and invites the newcomer's address, all in the app.
    const adminPage = await suite.signedInPage(admin, "/dashboard");
    await circleStrip(adminPage).getByRole("button", { name: "Add a new circle" }).click();
    const details = adminPage.getByRole("dialog", { name: "Create a New Circle" });
    await details.getByLabel("Circle Name").fill(circleName);
    await details.getByRole("radio", { name: "Family" }).check();
    await details.getByRole("button", { name: "Next" }).click();
    await adminPage
      .getByRole("dialog", { name: "Add a Circle Photo" })
      .getByRole("button", { name: "Create Circle" })
      .click();
    await adminPage
      .getByRole("dialog", { name: "Invite Members" })
      .getByRole("button", { name: "Skip" })
      .click();
    await adminPage
      .getByRole("dialog", { name: "Circle Created" })
      .getByRole("button", { name: "Go to Circle" })
      .click();
    await adminPage.getByRole("heading", { level: 1, name: circleName }).waitFor();
    const circleId = Number(new URL(adminPage.url()).pathname.split("/").at(-1));
    expect(circleId).toBeGreaterThan(0);

    await adminPage.getByRole("button", { name: "Circle details" }).click();
    const detail = adminPage.getByRole("dialog", { name: circleName });
    await detail.getByRole("tab", { name: "Invitations" }).click();
    await detail.getByLabel("Email Address").fill(newcomer.email);
    await detail.getByLabel("Relationship").selectOption("sibling");
    await detail.getByLabel("Message").fill("Join us for Sunday lunches!");
    await detail.getByRole("button", { name: "Send Invitation" }).click();
    const share = adminPage.getByRole("dialog", { name: "Share Invitation" });
    await share.getByRole("tab", { name: "Email", selected: true }).waitFor();
    await adminPage.keyboard.press("Escape");
    await share.waitFor({ state: "detached" });

    // The newcomer, signed out in another browser, opens the link from the mail.
    const page = await suite.newPage();
    await openMail(page, newcomer.email, /invited you to join The Lovelaces/);
    const mailText = page.getByTestId("mail-text");
    expect(await mailText.textContent()).toContain("Join us for Sunday lunches!");
    const invitationLink = mailText.getByRole("link", { name: /\/invitations\// });
    const mailedUrl = new URL((await invitationLink.textContent())?.trim() ?? "");
    const token = mailedUrl.pathname.split("/invitations/")[1] ?? "";
    expect(token).toMatch(/^[\w-]{20,}$/);
    await invitationLink.click();
    await authScreen(page);
    expect(new URL(page.url()).pathname).toBe("/auth");
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe(
      `/invitations/${token}${mailedUrl.search}`,
    );

    // Registers there; the verification mail leads back to the invitation after signing in.
    await fillRegistration(page, newcomer);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
    await page.getByRole("link", { name: "Open dev mailbox" }).click();
    await page
      .getByRole("navigation", { name: "Mail list" })
      .getByRole("button", { name: /Verify your email for Circleplan/ })
      .click();
    const verifyLink = page
      .getByTestId("mail-text")
      .getByRole("link", { name: /\/verify-email\?/ });
    const verifyUrl = new URL((await verifyLink.textContent())?.trim() ?? "");
    expect(verifyUrl.searchParams.get("returnTo")).toBe(`/invitations/${token}`);
    await verifyLink.click();
    await page.getByRole("heading", { name: "Email Verified!" }).waitFor();
    await page.getByRole("link", { name: "Go to Login" }).click();
    await page.getByText("Email verified successfully! You can now log in.").waitFor();
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe(`/invitations/${token}`);
    await fillLogin(page, newcomer.email, newcomer.password);
    await page.waitForURL(`${suite.app.url}/invitations/${token}`);

    // The invitation: who, where, why, until when; answering waits for the address.
    await page.getByRole("heading", { level: 1, name: `Join ${circleName}` }).waitFor();
    const card = page.getByRole("region", { name: `Join ${circleName}` });
    await card.getByText("“Join us for Sunday lunches!”").waitFor();
    await card.getByText(fullName(admin), { exact: true }).first().waitFor();
    await card.getByText("sibling", { exact: true }).waitFor();
    await card.getByText("(Expires in 10 days)").waitFor();
    expect(await page.getByRole("button", { name: "Accept Invitation" }).count()).toBe(0);
    await saveScreen(page, "01-token-email-required");

    await proveEmail(page, "someone.else@example.com");
    await page.getByText("Email does not match the invitation recipient").waitFor();
    await saveScreen(page, "02-token-wrong-email");
    await page.getByLabel("Email", { exact: true }).fill(newcomer.email.toUpperCase());
    await page.getByRole("button", { name: "Verify Email" }).click();
    const accept = page.getByRole("button", { name: "Accept Invitation" });
    await accept.waitFor();
    await page.getByRole("button", { name: "Decline" }).waitFor();
    await saveScreen(page, "03-token-verified");

    await accept.click();
    const toast = frontToast(page);
    await toast.getByText("Invitation accepted!").waitFor();
    await toast.getByText(`You have joined ${circleName}`).waitFor();
    await page.waitForURL(`${suite.app.url}/dashboard`);
    await circleStrip(page).getByRole("link", { name: circleName }).click();
    // Where a slow run stops tells which part was slow: the address, or the circle's answer.
    await page.waitForURL(/\/circle\/\d+$/);
    await page.getByRole("heading", { level: 1, name: circleName }).waitFor();
    await page.getByText("2 members", { exact: true }).waitFor();

    // The admin sees the newcomer, makes them an admin, then removes them.
    await adminPage.goto(`/circle/${circleId}/settings`);
    await adminPage.getByRole("tab", { name: "Members" }).click();
    const row = adminPage
      .getByRole("table")
      .getByRole("row")
      .filter({ hasText: fullName(newcomer) });
    await row.getByText("Member", { exact: true }).first().waitFor();
    await row.getByRole("button", { name: /Make Admin/ }).click();
    await adminPage
      .getByRole("alertdialog", { name: `Make ${fullName(newcomer)} an admin?` })
      .getByRole("button", { name: "Make Admin" })
      .click();
    await frontToast(adminPage).getByText("Member updated").waitFor();
    await row.getByText("Admin", { exact: true }).first().waitFor();
    await row.getByRole("button", { name: /^Remove/ }).click();
    await adminPage
      .getByRole("alertdialog", { name: `Remove ${fullName(newcomer)}?` })
      .getByRole("button", { name: "Remove Member" })
      .click();
    await frontToast(adminPage).getByText("Member removed").waitFor();
    await row.waitFor({ state: "detached" });

    // Removed: the circle is gone for them, as if it never existed.
    await page.goto(`/circle/${circleId}`);
    await page.getByText("Circle not found or you don't have access.").waitFor();
  });

  it("lists pending invitations, declines one and accepts another into its circle", async () => {
    const [admin, invitee] = await Promise.all([
      createVerifiedUser({ firstName: "Ann", lastName: "Admin" }),
      createVerifiedUser({ firstName: "Ivy", lastName: "Invitee" }),
    ]);
    const api = await suite.apiAs(admin);
    const family = await createCircle(api, { name: "Admin Family", type: "family" });
    const club = await createCircle(api, { name: "Chess Club", type: "custom" });
    await invite(api, family, {
      email: invitee.email,
      relationship: "spouse",
      message: "Welcome home",
    });
    await invite(api, club, { email: invitee.email });

    const page = await suite.signedInPage(invitee, "/invitations");
    await page.getByRole("heading", { level: 1, name: "Pending Invitations" }).waitFor();
    const rows = page.getByRole("list", { name: "Pending Invitations" }).getByRole("listitem");
    const familyRow = rows.filter({ hasText: "Admin Family" });
    const clubRow = rows.filter({ hasText: "Chess Club" });
    await familyRow.getByText("Invited by Ann Admin as spouse").waitFor();
    await clubRow.getByText("Invited by Ann Admin", { exact: true }).waitFor();
    expect(await familyRow.textContent()).toMatch(/Invited on .+ · Expires in 10 days/);
    await saveScreen(page, "04-pending-list");

    await clubRow.getByRole("button", { name: "Decline" }).click();
    await frontToast(page).getByText("Invitation declined").waitFor();
    await clubRow.waitFor({ state: "detached" });

    await familyRow.getByRole("button", { name: "Accept" }).click();
    await frontToast(page).getByText("You have joined Admin Family").waitFor();
    await page.waitForURL(`${suite.app.url}/circle/${family.id}`);
    await page.getByRole("heading", { level: 1, name: "Admin Family" }).waitFor();

    await page.goto("/invitations");
    await page.getByText("You don't have any pending invitations").waitFor();
    await saveScreen(page, "05-pending-empty");
    await page.getByRole("link", { name: "Return Home" }).click();
    await page.waitForURL(`${suite.app.url}/dashboard`);
  });

  it("shows the green card for an accepted invitation and the error card for a bad link", async () => {
    const [admin, invitee] = await Promise.all([createVerifiedUser(), createVerifiedUser()]);
    const adminApi = await suite.apiAs(admin);
    const circle = await createCircle(adminApi, { name: "Accepted Already", type: "custom" });
    const invitation = await invite(adminApi, circle, { email: invitee.email });
    await acceptInvitation(await suite.apiAs(invitee), invitation);

    const page = await suite.signedInPage(invitee, `/invitations/${invitation.inviteToken}`);
    await page.getByRole("heading", { level: 1, name: "Invitation Already Accepted" }).waitFor();
    await page
      .getByText(
        "This invitation has already been accepted. You can continue using the application.",
      )
      .waitFor();
    await saveScreen(page, "06-already-accepted");

    await page.goto("/invitations/not-a-real-invitation-token");
    await page.getByRole("heading", { level: 1, name: "Invitation Error" }).waitFor();
    await page.getByText("This invitation is invalid or has expired.").waitFor();
    await saveScreen(page, "07-invitation-error");
    await page.getByRole("link", { name: "Go Home" }).click();
    await page.waitForURL(`${suite.app.url}/dashboard`);
  });

  it("brings a signed-out member back to the invitation after logging in, and declines it", async () => {
    const [admin, invitee] = await Promise.all([
      createVerifiedUser({ firstName: "Ann", lastName: "Admin" }),
      createVerifiedUser(),
    ]);
    const adminApi = await suite.apiAs(admin);
    const circle = await createCircle(adminApi, { name: "Walking Group", type: "custom" });
    const invitation = await invite(adminApi, circle, { email: invitee.email });

    const page = await suite.newPage();
    await page.goto(`/invitations/${invitation.inviteToken}`);
    await authScreen(page);
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe(
      `/invitations/${invitation.inviteToken}`,
    );
    // An invitation's link opens on Register (most invitees are new); a member logs in.
    await page.getByRole("tab", { name: "Login" }).click();
    await fillLogin(page, invitee.email, invitee.password);
    await page.waitForURL(`${suite.app.url}/invitations/${invitation.inviteToken}`);
    await page.getByRole("heading", { level: 1, name: "Join Walking Group" }).waitFor();

    await proveEmail(page, invitee.email);
    await page.getByRole("button", { name: "Decline" }).click();
    await frontToast(page).getByText("Invitation declined").waitFor();
    await page.waitForURL(`${suite.app.url}/dashboard`);

    // Answered: the link now shows why it cannot be answered again.
    await page.goto(`/invitations/${invitation.inviteToken}`);
    await page.getByRole("heading", { level: 1, name: "Invitation Error" }).waitFor();
  });
});
