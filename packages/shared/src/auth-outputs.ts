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
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  gender: z.enum(GENDERS),
  country: z.string(),
  city: z.string(),
  phoneNumber: z.string(),
  photoUrl: z.string().nullable(),
  timeZone: z.string(),
  /** Ours (issue 21): "24h" or "12h" once the person chose; null until then. */
  timeFormat: z
    .enum(TIME_FORMATS)
    .nullable()
    .describe(
      'The clock the person chose. null: not chosen, the spec\'s clocks apply (HH:mm on screens, "h:mm a" in reminder notifications and mails).',
    ),
  /** Ours (issue 21): "sunday" or "monday". */
  weekStart: z.enum(WEEK_STARTS),
  emailVerified: z.boolean(),
  /** A new address waiting for its confirmation link, if the user asked to change email. */
  pendingEmail: z.string().nullable(),
  createdAt: instant,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const messageOutput = z.object({ message: z.string() });

/** Sandbox mode only (api-conventions.md): the secret the mail carried. */
const devVerificationToken = z.string().optional();

export const registerOutput = z.object({
  message: z.string(),
  user: publicUserSchema,
  dev_verification_token: devVerificationToken,
});

export const profileOutput = publicUserSchema.extend({
  dev_verification_token: devVerificationToken,
});

/**
 * A verification link's answer; `alreadyVerified` when it was opened before and proved the
 * address the account still has (decision 025), so the page says so instead of "verified".
 */
export const verifyEmailOutput = messageOutput.extend({ alreadyVerified: z.boolean() });

export const resendVerificationOutput = messageOutput.extend({
  dev_verification_token: devVerificationToken,
});

export const forgotPasswordOutput = messageOutput.extend({ dev_otp: z.string().optional() });

export const sessionInfoSchema = z.object({
  id: z.string(),
  createdAt: instant,
  expiresAt: instant,
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionsOutput = z.object({ sessions: z.array(sessionInfoSchema) });

export const circleSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  color: z.string(),
});

export const defaultCirclesOutput = z.object({ circles: z.array(circleSummarySchema) });

export const mailboxOutput = z.array(
  z.object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    createdAt: instant,
  }),
);
