/** The messages Circleplan sends: subject, plain text and HTML, links built from the app's URL. */
import { INVITATION_TTL_MS, RESET_CODE_TTL_MS } from "@circleplan/shared/limits";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import type { MailMessage } from "./mail-service";

/** Where a reminder or digest mail can be turned off (notifications/unsubscribe-links.ts). */
export interface UnsubscribeLinks {
  /** The page a person opens from the footer, which confirms. */
  page: string;
  /** The address a mail client POSTs to for one-click unsubscribe (RFC 8058). */
  oneClick: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

const ACCOUNT_FOOTER =
  "You received this because of an action on your Circleplan account. If it was not you, you can ignore this email.";

/** The footer is plain text, or HTML the caller built with every value escaped. */
function layout(
  title: string,
  bodyHtml: string,
  footer: string | { html: string } = ACCOUNT_FOOTER,
): string {
  const footerHtml = typeof footer === "string" ? escapeHtml(footer) : footer.html;
  return `<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#4f46e5">Circleplan</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="margin:32px 0 0;font-size:12px;color:#71717a">${footerHtml}</p>
</td></tr></table></td></tr></table></body></html>`;
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#52525b">Or paste this link into your browser:<br><a href="${escapeHtml(href)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(href)}</a></p>`;
}

const VERIFICATION_TEXTS = {
  signup: {
    subject: "Verify your email for Circleplan",
    intro:
      "Welcome to Circleplan! Please verify your email address to finish creating your account.",
  },
  resend: {
    subject: "Verify your email for Circleplan",
    intro:
      "Here is a new link to verify your email address for Circleplan. When you open it, you will choose the password for your account.",
  },
  change: {
    subject: "Confirm your new Circleplan email address",
    intro: "Please confirm that this is your new email address for Circleplan.",
  },
} as const;

export function verificationMail(options: {
  to: string;
  firstName: string;
  link: string;
  purpose: keyof typeof VERIFICATION_TEXTS;
}): MailMessage {
  const { to, firstName, link } = options;
  const { subject, intro } = VERIFICATION_TEXTS[options.purpose];
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

/** Tells the address that still owns the account what was done to it, and what to do if not them. */
function securityNotice(options: {
  to: string;
  firstName: string;
  subject: string;
  what: string;
  appUrl: string;
}): MailMessage {
  const { to, firstName, subject, what, appUrl } = options;
  const advice =
    "If this was you, there is nothing to do. If it was not, reset your password now from the sign-in page and review your account.";
  return {
    to,
    subject,
    text: `Hi ${firstName},\n\n${what}\n\n${advice}\n${appUrl}/auth\n\n— Circleplan`,
    html: layout(
      subject,
      `<p>Hi ${escapeHtml(firstName)},</p><p>${escapeHtml(what)}</p><p>${escapeHtml(advice)}</p>${button(`${appUrl}/auth`, "Open Circleplan")}`,
    ),
  };
}

export function emailChangeNotice(options: {
  to: string;
  firstName: string;
  newEmail: string;
  appUrl: string;
}): MailMessage {
  return securityNotice({
    ...options,
    subject: "Your Circleplan email address is being changed",
    what: `Someone signed in to your account asked to change its email address to ${options.newEmail}. This address stays in use until the new one is confirmed.`,
  });
}

export function passwordChangedNotice(options: {
  to: string;
  firstName: string;
  appUrl: string;
}): MailMessage {
  return securityNotice({
    ...options,
    subject: "Your Circleplan password was changed",
    what: "The password of your Circleplan account was just changed, and every other session was signed out.",
  });
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

/**
 * An invitation to a circle. The recipient may have no account, so the footer speaks of the
 * inviter, not of "your account". Everything the inviter typed is escaped in the HTML.
 */
export function invitationMail(options: {
  to: string;
  circleName: string;
  /** "First Last" of the admin who invited. */
  inviterName: string;
  message: string | null;
  link: string;
}): MailMessage {
  const { to, circleName, inviterName, message, link } = options;
  const days = INVITATION_TTL_MS / (24 * 60 * 60 * 1000);
  const subject = `${inviterName} invited you to join ${circleName} on Circleplan`;
  const intro = `${inviterName} invited you to join the circle ${circleName} on Circleplan, a shared planner for families and groups.`;
  const expiry = `The invitation expires in ${days} days.`;
  const footer =
    "You received this because a Circleplan user invited this email address. If you do not know them, you can ignore this email.";
  const quoted = message ? `\n\nTheir message:\n"${message}"` : "";
  return {
    to,
    subject,
    text: `Hi,\n\n${intro}${quoted}\n\nOpen this link to accept or decline:\n${link}\n\n${expiry}\n\n${footer}\n\n— Circleplan`,
    html: layout(
      subject,
      `<p>Hi,</p><p>${escapeHtml(intro)}</p>${
        message
          ? `<blockquote style="margin:16px 0;padding:12px 16px;border-left:4px solid #4f46e5;background:#f4f4f5;white-space:pre-wrap">${escapeHtml(message)}</blockquote>`
          : ""
      }${button(link, "View invitation")}<p style="font-size:13px;color:#52525b">${escapeHtml(expiry)}</p>`,
      footer,
    ),
  };
}

/**
 * The footer and headers of mail a user asked for (reminders, the digest): why it came, a
 * visible link that turns it off, and the one-click unsubscribe of RFC 8058 that mail clients
 * show next to the sender (List-Unsubscribe with List-Unsubscribe-Post).
 */
function optOut(reason: string, unsubscribe: UnsubscribeLinks) {
  const action = "Unsubscribe";
  return {
    text: `${reason} ${action}: ${unsubscribe.page}`,
    footer: {
      html: `${escapeHtml(reason)} <a href="${escapeHtml(unsubscribe.page)}" style="color:#4f46e5">${action}</a>`,
    },
    headers: {
      "List-Unsubscribe": `<${unsubscribe.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

const REMINDER_REASON =
  "You received this reminder because reminders by email are on for your Circleplan account. You can change this in your profile, or stop them here.";
const DIGEST_REASON =
  "You received this because you asked for the morning digest in your Circleplan profile. You can change this in your profile, or stop it here.";

/** A plan's reminder: what, when (in the reader's zone), where, and a link to it. */
export function reminderMail(options: {
  to: string;
  firstName: string;
  title: string;
  description: string | null;
  location: string | null;
  circleName: string;
  isTask: boolean;
  /** "at 9:00 AM on Monday, March 9, 2026", or "on Monday, March 9, 2026 (all day)". */
  when: string;
  link: string;
  unsubscribe: UnsubscribeLinks;
  /** This mail reaches the day's cap of reminder mails (reminders/reminder-mail-cap.ts). */
  lastToday?: { perDay: number; more: number } | null;
}): MailMessage {
  const { to, firstName, title, description, location, circleName, when, link } = options;
  const subject = `Reminder: ${title}`;
  const capNote = options.lastToday ? lastReminderMailNote(options.lastToday) : null;
  const lead = `${title} starts ${when}.`;
  const details: [string, string][] = [
    ...(options.isTask ? ([["Type", "Task"]] as [string, string][]) : []),
    ["Circle", circleName],
    ...(location ? ([["Where", location]] as [string, string][]) : []),
  ];
  const out = optOut(REMINDER_REASON, options.unsubscribe);
  const detailText = details.map(([label, value]) => `${label}: ${value}`).join("\n");
  const detailHtml = details
    .map(
      ([label, value]) =>
        `<p style="margin:4px 0"><span style="color:#52525b">${label}:</span> ${escapeHtml(value)}</p>`,
    )
    .join("");
  return {
    to,
    subject,
    text: `Hi ${firstName},\n\n${lead}\n\n${detailText}${description ? `\n\n${description}` : ""}\n\nOpen it in Circleplan:\n${link}${capNote ? `\n\n${capNote}` : ""}\n\n— Circleplan\n\n${out.text}`,
    html: layout(
      subject,
      `<p>Hi ${escapeHtml(firstName)},</p><p>${escapeHtml(lead)}</p>${detailHtml}${
        description
          ? `<p style="margin:16px 0;white-space:pre-wrap;color:#3f3f46">${escapeHtml(description)}</p>`
          : ""
      }${button(link, "View plan")}${
        capNote ? `<p style="margin:16px 0;color:#52525b">${escapeHtml(capNote)}</p>` : ""
      }`,
      out.footer,
    ),
    headers: out.headers,
  };
}

/** Said by the reminder mail that reaches the day's cap: why mail stops, and what is not mailed. */
function lastReminderMailNote({ perDay, more }: { perDay: number; more: number }): string {
  const others =
    more === 0 ? "" : `And ${more} more reminder${more === 1 ? " is" : "s are"} due now. `;
  return `${others}Circleplan mails at most ${perDay} reminders a day and this is today's last: later reminders today still show in Circleplan, but are not mailed.`;
}

/** One line of the digest: a plan of the day, or a task waiting for an answer. */
export interface DigestLine {
  /** "9:00 AM", "All day", or the task's day and time. */
  when: string;
  title: string;
  circleName: string;
  /** Who the task is from (waiting for you) or for (waiting for them). */
  person?: string | undefined;
}

export interface DigestSections {
  plans: DigestLine[];
  waitingForYou: DigestLine[];
  waitingForOthers: DigestLine[];
  /** What changed since yesterday's digest, in words (docs/decisions/019); newest first. */
  changes: DigestLine[];
  /** Lines of each section left out past the mail's limit. */
  more: { plans: number; waitingForYou: number; waitingForOthers: number; changes: number };
}

/** The morning digest: today's plans across one's circles and the tasks waiting for answers. */
export function digestMail(options: {
  to: string;
  firstName: string;
  /** "Monday, March 9" */
  dayLabel: string;
  sections: DigestSections;
  links: { today: string; actions: string; inbox: string };
  unsubscribe: UnsubscribeLinks;
}): MailMessage {
  const { to, firstName, dayLabel, sections, links } = options;
  const subject = `Your day on Circleplan: ${dayLabel}`;
  const out = optOut(DIGEST_REASON, options.unsubscribe);
  const count = sections.plans.length + sections.more.plans;
  const summary =
    count === 0
      ? "Nothing is planned for today."
      : `You have ${count} ${count === 1 ? "plan" : "plans"} today.`;
  const blocks = [
    { heading: "Today", lines: sections.plans, more: sections.more.plans, link: links.today },
    {
      heading: "Waiting for your answer",
      lines: sections.waitingForYou,
      more: sections.more.waitingForYou,
      link: links.actions,
      by: "from",
    },
    {
      heading: "Waiting for others to answer",
      lines: sections.waitingForOthers,
      more: sections.more.waitingForOthers,
      link: links.actions,
      by: "for",
    },
    {
      heading: notificationMessages.digestChangesHeading,
      lines: sections.changes,
      more: sections.more.changes,
      link: links.inbox,
    },
  ].filter((block) => block.lines.length > 0);
  const lineText = (line: DigestLine, by?: string) =>
    `- ${line.when}  ${line.title} (${line.circleName}${line.person && by ? `, ${by} ${line.person}` : ""})`;
  const lineHtml = (line: DigestLine, by?: string) =>
    `<li style="margin:4px 0"><span style="color:#52525b">${escapeHtml(line.when)}</span> ${escapeHtml(line.title)} <span style="color:#71717a">(${escapeHtml(line.circleName)}${line.person && by ? `, ${by} ${escapeHtml(line.person)}` : ""})</span></li>`;
  const moreText = (more: number) => (more > 0 ? `\n- and ${more} more` : "");
  const text = blocks
    .map(
      (block) =>
        `${block.heading}\n${block.lines.map((line) => lineText(line, block.by)).join("\n")}${moreText(block.more)}\n${block.link}`,
    )
    .join("\n\n");
  const html = blocks
    .map(
      (block) =>
        `<h2 style="margin:24px 0 8px;font-size:16px">${escapeHtml(block.heading)}</h2><ul style="margin:0;padding-left:20px">${block.lines
          .map((line) => lineHtml(line, block.by))
          .join(
            "",
          )}${block.more > 0 ? `<li style="margin:4px 0;color:#71717a">and ${block.more} more</li>` : ""}</ul>`,
    )
    .join("");
  return {
    to,
    subject,
    text: `Hi ${firstName},\n\n${summary}\n\n${text}\n\n— Circleplan\n\n${out.text}`,
    html: layout(
      subject,
      `<p>Hi ${escapeHtml(firstName)},</p><p>${escapeHtml(summary)}</p>${html}${button(links.today, "Open Circleplan")}`,
      out.footer,
    ),
    headers: out.headers,
  };
}

/**
 * Confirms a deleted account to the address it had (docs/decisions/014), with what became of
 * the circles its owner created. Sent after the fact: the password was the confirmation.
 */
export function accountDeletedNotice(options: {
  to: string;
  firstName: string;
  /** Circles that passed to another member, with that member's name. */
  handedOver: readonly { circleName: string; newCreatorName: string }[];
  /** Shared circles that were deleted because nobody else was in them (not the personal one). */
  deleted: readonly string[];
}): MailMessage {
  const { to, firstName, handedOver, deleted } = options;
  const subject = "Your Circleplan account has been deleted";
  const what =
    "As you asked, your Circleplan account has been deleted: your profile and photo, the plans and tasks you created, and your place in every circle. Tasks others gave you were handed back to them.";
  const circleLines = [
    ...handedOver.map(
      ({ circleName, newCreatorName }) => `${circleName} now belongs to ${newCreatorName}.`,
    ),
    ...deleted.map((circleName) => `${circleName} was deleted, as nobody else was in it.`),
  ];
  const after =
    "This cannot be undone. You are welcome back any time: you can sign up again with this address.";
  const footer =
    "You received this because your Circleplan account was deleted. If you did not ask for this, someone who knew your password did.";
  const textCircles = circleLines.length ? `\n\n${circleLines.join("\n")}` : "";
  const htmlCircles = circleLines.length
    ? `<ul>${circleLines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`
    : "";
  return {
    to,
    subject,
    text: `Hi ${firstName},\n\n${what}${textCircles}\n\n${after}\n\n${footer}\n\n— Circleplan`,
    html: layout(
      subject,
      `<p>Hi ${escapeHtml(firstName)},</p><p>${escapeHtml(what)}</p>${htmlCircles}<p>${escapeHtml(after)}</p>`,
      footer,
    ),
  };
}
