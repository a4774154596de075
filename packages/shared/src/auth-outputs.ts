/**
 * What the account procedures answer. Each procedure declares one of these as its `.output()`:
 * tRPC strips anything else (an allow-list, so no hash or secret can ride along), the OpenAPI
 * document describes it, and the web app's types come from it.
 */
import * as z from "zod";
import { GENDERS, TIME_FORMATS, WEEK_STARTS } from "./limits";

/** Instants: Date objects through tRPC (superjson), ISO 8601 strings in REST answers. */
const instant = z.date();

export const publicUserSchema = z.object({
  id: z.number().int().describe("The user's id"),
  email: z.string().describe("The account's email address (the sign-in name)"),
  firstName: z.string().describe("First name"),
  lastName: z.string().describe("Last name"),
  username: z
    .string()
    .describe("A handle made from the names at registration (not used to sign in)"),
  gender: z.enum(GENDERS).describe("male, female or other, as given at registration"),
  country: z
    .string()
    .describe("The country chosen at registration (its name, as in the registration form's list)"),
  city: z.string().describe("City, as given at registration"),
  phoneNumber: z
    .string()
    .describe("Phone number with its country's dialling code (`+49 30 1234567`)"),
  photoUrl: z
    .string()
    .nullable()
    .describe("The profile photo's address on this API (an authorised route); null: no photo"),
  timeZone: z
    .string()
    .describe(
      'IANA time zone (`Europe/Berlin`) in which the user\'s days are read: "today", a list by `date`, reminder times. UTC until set',
    ),
  /** Ours (issue 21): "24h" or "12h" once the person chose; null until then. */
  timeFormat: z
    .enum(TIME_FORMATS)
    .nullable()
    .describe(
      'The clock the person chose. null: not chosen, the spec\'s clocks apply (HH:mm on screens, "h:mm a" in reminder notifications and mails).',
    ),
  /** Ours (issue 21): "sunday" or "monday". */
  weekStart: z
    .enum(WEEK_STARTS)
    .describe(
      "The first day of the week in the user's calendars: `sunday` (the spec's default) or `monday`",
    ),
  emailVerified: z.boolean().describe("Whether the address was confirmed by its verification link"),
  /** A new address waiting for its confirmation link, if the user asked to change email. */
  pendingEmail: z
    .string()
    .nullable()
    .describe("A new address waiting for its confirmation link (an email change); null when none"),
  createdAt: instant.describe("When the account was registered (UTC instant)"),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const messageOutput = z.object({
  message: z.string().describe("What happened, in the product's words, ready to show"),
});

/** Sandbox mode only (api-conventions.md): the secret the mail carried. */
const devVerificationToken = z.string().optional();

export const registerOutput = z.object({
  message: z.string().describe("What happened, in the product's words, ready to show"),
  user: publicUserSchema.describe("The new account, not yet verified"),
  dev_verification_token: devVerificationToken.describe(
    "Sandbox mode only (api-conventions.md): the token the verification mail carried; absent in production",
  ),
});

export const profileOutput = publicUserSchema.extend({
  dev_verification_token: devVerificationToken.describe(
    "Sandbox mode only (api-conventions.md): the token the verification mail carried; absent in production",
  ),
});

/**
 * A verification link's answer; `alreadyVerified` when it was opened before and proved the
 * address the account still has (decision 025), so the page says so instead of "verified".
 */
export const verifyEmailOutput = messageOutput.extend({
  alreadyVerified: z
    .boolean()
    .describe(
      'true when the link had already been used and the address is verified: the page says so instead of "verified"',
    ),
});

export const resendVerificationOutput = messageOutput.extend({
  dev_verification_token: devVerificationToken.describe(
    "Sandbox mode only (api-conventions.md): the token the verification mail carried; absent in production",
  ),
});

export const forgotPasswordOutput = messageOutput.extend({
  dev_otp: z
    .string()
    .optional()
    .describe("Sandbox mode only: the reset code the mail carried; absent in production"),
});

export const sessionInfoSchema = z.object({
  id: z
    .string()
    .describe(
      "The session's id (a hash, not the cookie's secret): what DELETE /api/user/sessions/{id} takes",
    ),
  createdAt: instant.describe("When the session began (UTC instant)"),
  expiresAt: instant.describe("When it ends unless used again (UTC instant; use extends it)"),
  userAgent: z
    .string()
    .nullable()
    .describe("The browser or app that began it, as it named itself; null when it sent none"),
  current: z.boolean().describe("Whether this is the session making the request"),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionsOutput = z.object({
  sessions: z
    .array(sessionInfoSchema)
    .describe("The user's open sessions, the current one included"),
});

export const circleSummarySchema = z.object({
  id: z.number().int().describe("The circle's id"),
  name: z.string().describe("The circle's name"),
  type: z.string().describe("personal, family, work or custom"),
  color: z.string().describe("The circle's colour, `#rrggbb`"),
});

export const defaultCirclesOutput = z.object({
  circles: z.array(circleSummarySchema).describe("The user's Personal and Family circles"),
});

export const mailboxOutput = z.array(
  z.object({
    id: z.number().int().describe("The mail's id in the sandbox mailbox"),
    to: z.string().describe("Recipient address"),
    subject: z.string().describe("Subject line"),
    text: z.string().describe("Plain-text body"),
    html: z.string().describe("HTML body"),
    createdAt: instant.describe("When it was written (UTC instant)"),
  }),
);
