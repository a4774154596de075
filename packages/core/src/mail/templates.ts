/** The messages Circleplan sends: subject, plain text and HTML, links built from the app's URL. */
import { RESET_CODE_TTL_MS } from "@circleplan/shared/limits";
import type { MailMessage } from "./mail-service";

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#4f46e5">Circleplan</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="margin:32px 0 0;font-size:12px;color:#71717a">You received this because of an action on your Circleplan account. If it was not you, you can ignore this email.</p>
</td></tr></table></td></tr></table></body></html>`;
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#52525b">Or paste this link into your browser:<br><a href="${escapeHtml(href)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(href)}</a></p>`;
}

export function verificationMail(options: {
  to: string;
  firstName: string;
  link: string;
  isChange: boolean;
}): MailMessage {
  const { to, firstName, link, isChange } = options;
  const subject = isChange
    ? "Confirm your new Circleplan email address"
    : "Verify your email for Circleplan";
  const intro = isChange
    ? "Please confirm that this is your new email address for Circleplan."
    : "Welcome to Circleplan! Please verify your email address to finish creating your account.";
  return {
    to,
    subject,
    text: `Hi ${firstName},\n\n${intro}\n\nOpen this link to verify (valid for 24 hours):\n${link}\n\nIf you did not ask for this, you can ignore this email.\n\n— Circleplan`,
    html: layout(
      subject,
      `<p>Hi ${escapeHtml(firstName)},</p><p>${escapeHtml(intro)}</p>${button(link, "Verify email")}<p style="font-size:13px;color:#52525b">The link is valid for 24 hours.</p>`,
    ),
  };
}

export function resetCodeMail(options: {
  to: string;
  firstName: string;
  code: string;
}): MailMessage {
  const { to, firstName, code } = options;
  const minutes = RESET_CODE_TTL_MS / 60_000;
  const subject = "Your Circleplan password reset code";
  return {
    to,
    subject,
    text: `Hi ${firstName},\n\nYour password reset code is: ${code}\n\nIt expires in ${minutes} minutes and can be used once. If you did not ask to reset your password, you can ignore this email.\n\n— Circleplan`,
    html: layout(
      subject,
      `<p>Hi ${escapeHtml(firstName)},</p><p>Use this code to reset your password:</p><p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:16px 0">${code}</p><p style="font-size:13px;color:#52525b">It expires in ${minutes} minutes and can be used once.</p>`,
    ),
  };
}
