/**
 * Input schemas for accounts. The register/login/reset forms and the server validate with these
 * same objects, so a message seen in the browser is the message the API answers.
 */
import * as z from "zod";
import { findCountry, phoneLengthMessage, splitPhoneNumber } from "./countries";
import { EMAIL_SHAPE } from "./email-address";
import {
  CITY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  GENDERS,
  NAME_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TIME_FORMATS,
  TOKEN_MAX_LENGTH,
  WEEK_STARTS,
} from "./limits";
import { messages } from "./messages";
import {
  CONTROL_CHARS,
  CONTROL_CHARS_BUT_LINES,
  LONE_SURROGATE,
  toLineFeeds,
} from "./text-characters";

/** The spec's special-character set: ! @ # $ % ^ & * ( ) , . ? " : { } | < > */
const SPECIAL_CHAR = /[!@#$%^&*(),.?":{}|<>]/;
const NAME_CHARS = /^[\p{L}\p{M}' ’-]+( [\p{L}\p{M}' ’-]+)*$/u;
/** A name's characters plus the period of "St. Louis" (docs/decisions/021). */
const CITY_CHARS = /^[\p{L}\p{M}\p{Nd}' ’.,()-]+( [\p{L}\p{M}\p{Nd}' ’.,()-]+)*$/u;

/**
 * Every string the API takes goes through here: bounded (so no input can reach an index or a
 * hash with megabytes) and free of control characters and broken UTF-16, which have no place
 * in a name or an address and which Postgres refuses (NUL) with an error instead of a message.
 */
export const safeString = (options: { max: number; tooLong: string; required?: string }) =>
  z
    .string({ error: options.required ?? messages.invalidText })
    .max(options.max, { error: options.tooLong, abort: true })
    .refine((value) => !CONTROL_CHARS.test(value) && !LONE_SURROGATE.test(value), {
      error: messages.invalidText,
      abort: true,
    });

/**
 * `safeString` for text typed in a text area (a description, a note, a message): bounded, no
 * control characters or broken UTF-16, but line breaks and tabs are text here. CRLF and the
 * Unicode line separators become plain line feeds.
 */
export const safeMultilineString = (options: { max: number; tooLong: string; required?: string }) =>
  z
    .string({ error: options.required ?? messages.invalidText })
    .max(options.max, { error: options.tooLong, abort: true })
    .refine((value) => !CONTROL_CHARS_BUT_LINES.test(value) && !LONE_SURROGATE.test(value), {
      error: messages.invalidText,
      abort: true,
    })
    .overwrite(toLineFeeds);

const requiredString = (message: string, max = 100) =>
  safeString({ max, tooLong: messages.textTooLong, required: message })
    .trim()
    .min(1, { error: message, abort: true });

export const emailField = safeString({
  max: EMAIL_MAX_LENGTH,
  tooLong: messages.emailTooLong,
  required: messages.emailRequired,
})
  .trim()
  .min(1, { error: messages.emailRequired, abort: true })
  .min(EMAIL_MIN_LENGTH, { error: messages.emailTooShort })
  .max(EMAIL_MAX_LENGTH, { error: messages.emailTooLong })
  .regex(EMAIL_SHAPE, { error: messages.emailInvalid });

/** A ceiling keeps hashing cost bounded; far above any real password or passphrase. */
const passwordString = () =>
  safeString({
    max: PASSWORD_MAX_LENGTH,
    tooLong: messages.passwordTooLong,
    required: messages.passwordRequired,
  });

export const newPasswordField = passwordString()
  .min(PASSWORD_MIN_LENGTH, { error: messages.passwordTooShort })
  .regex(/\d/, { error: messages.passwordNeedsNumber })
  .regex(SPECIAL_CHAR, { error: messages.passwordNeedsSpecial });

/** A password being checked, not chosen: only required (and bounded). */
export const currentPasswordField = passwordString().min(1, { error: messages.passwordRequired });

const nameField = (required: string, tooLong: string, chars: string) =>
  requiredString(required, 200)
    .max(NAME_MAX_LENGTH, { error: tooLong })
    .regex(NAME_CHARS, { error: chars });

export const firstNameField = nameField(
  messages.firstNameRequired,
  messages.firstNameTooLong,
  messages.firstNameChars,
);
export const lastNameField = nameField(
  messages.lastNameRequired,
  messages.lastNameTooLong,
  messages.lastNameChars,
);

/**
 * The city is typed, the country's list only suggests (docs/decisions/021): a family from a
 * town no list holds still registers. Bounded, free of control characters, and written like a
 * name, so it shows safely wherever a profile does.
 */
export const cityField = requiredString(messages.cityRequired, 200)
  .max(CITY_MAX_LENGTH, { error: messages.cityTooLong })
  .regex(CITY_CHARS, { error: messages.cityChars });

/**
 * An IANA zone name the runtime knows (`Europe/Berlin`). The browser's own zone is sent at
 * registration; every "today", recurrence and reminder is read in it.
 */
export const timeZoneField = safeString({ max: 64, tooLong: messages.timeZoneInvalid }).refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return zone.length > 0;
    } catch {
      return false;
    }
  },
  { error: messages.timeZoneInvalid },
);

/**
 * The phone rule on its own, so the form can run it on blur. Returns the message or null. The
 * country's calling code may be followed by the number with or without the space the spec
 * asks for: "+12125550123" is read as +1 and 2125550123, not refused for lacking the code.
 */
export function checkPhoneNumber(countryCode: string, phoneNumber: string): string | null {
  const country = findCountry(countryCode);
  const typed = phoneNumber.trim();
  if (!typed) return messages.phoneRequired;
  if (!country) return null;
  const parts = splitPhoneNumber(typed);
  const rest = typed.slice(country.phoneCode.length);
  // With a space, the code is what precedes it ("+12 345" is +12, never +1 and 2345).
  const national = parts
    ? parts.callingCode === country.phoneCode
      ? parts.digits
      : null
    : typed.startsWith(country.phoneCode) && /^[\d().-]*$/.test(rest)
      ? rest.replace(/\D/g, "")
      : null;
  if (national === null) return `${messages.phoneCallingCode} (${country.phoneCode})`;
  const { min, max } = country.phoneDigits;
  if (national.length < min || national.length > max) return phoneLengthMessage(country);
  return null;
}

/**
 * Where the verification link leads after the new account signs in (an invitation link opened
 * before registering): a path of this site, never another host, so a mail cannot carry a
 * visitor elsewhere. The web app checks it again before it navigates.
 */
export const returnToField = safeString({ max: 500, tooLong: messages.malformedRequest }).regex(
  /^\/(?![/\\])/,
  { error: messages.malformedRequest },
);

/** Ours (issue 21): how the person reads times and weeks; the spec's 24h and Sunday by default. */
export const timeFormatField = z.enum(TIME_FORMATS, { error: messages.timeFormatInvalid });
export const weekStartField = z.enum(WEEK_STARTS, { error: messages.weekStartInvalid });

export const registerInput = z
  .object({
    email: emailField.describe(
      "Email address: the sign-in name; a verification link is mailed to it",
    ),
    password: newPasswordField.describe(
      "At least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character",
    ),
    firstName: firstNameField.describe("First name (letters, spaces, apostrophes and hyphens)"),
    lastName: lastNameField.describe("Last name (letters, spaces, apostrophes and hyphens)"),
    gender: z.enum(GENDERS, { error: messages.genderRequired }).describe("male, female or other"),
    country: requiredString(messages.countryRequired).describe(
      "Country name from the registration form's list; decides the phone number's format",
    ),
    city: cityField.describe("City"),
    phoneNumber: requiredString(messages.phoneRequired, 30).describe(
      "Phone number valid for the country (its dialling code may be included)",
    ),
    /** Optional on the REST path (the spec's payload has none): UTC when absent. */
    timeZone: timeZoneField
      .optional()
      .describe(
        "IANA time zone (`Europe/Berlin`) in which days are read. Optional: UTC when absent",
      ),
    /** Ours, offered from the browser's locale: 24h and Sunday (the spec's) when absent. */
    timeFormat: timeFormatField
      .optional()
      .describe("Ours: `24h` or `12h`. Optional: absent keeps the spec's clocks"),
    weekStart: weekStartField
      .optional()
      .describe("Ours: `sunday` or `monday`. Optional: `sunday` when absent"),
    returnTo: returnToField
      .optional()
      .describe(
        "Ours: an app path (starting with `/`) the verification link leads back to, e.g. an invitation. Optional",
      ),
  })
  .superRefine((value, ctx) => {
    const country = findCountry(value.country);
    if (!country) {
      ctx.addIssue({ code: "custom", path: ["country"], message: messages.countryRequired });
      return;
    }
    const phoneProblem = checkPhoneNumber(value.country, value.phoneNumber);
    if (phoneProblem)
      ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: phoneProblem });
  });
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  email: safeString({
    max: EMAIL_MAX_LENGTH,
    tooLong: messages.emailTooLong,
    required: messages.emailRequired,
  })
    .trim()
    .min(1, { error: messages.emailRequired })
    .describe("The account's email address"),
  password: currentPasswordField.describe("The account's password"),
});
export type LoginInput = z.infer<typeof loginInput>;

export const emailOnlyInput = z.object({
  email: emailField.describe("The account's email address"),
});

export const otpField = safeString({
  max: 20,
  tooLong: messages.otpInvalid,
  required: messages.otpInvalid,
})
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: messages.otpInvalid });

export const resetPasswordInput = z.object({
  email: emailField.describe("The account's email address"),
  otp: otpField.describe("The 6-digit code the reset mail carried"),
  newPassword: newPasswordField.describe(
    "The new password (at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character)",
  ),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** The dialog's second step: the server input plus a confirmation that must match. */
export const resetPasswordForm = z
  .object({
    otp: otpField.describe("The 6-digit code the reset mail carried"),
    newPassword: newPasswordField.describe(
      "The new password (at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character)",
    ),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    error: messages.passwordsDontMatch,
  });

export const verifyEmailInput = z.object({
  token: requiredString(messages.verificationTokenMissing, TOKEN_MAX_LENGTH).describe(
    "The token from the verification link (`/verify-email?token=…`)",
  ),
  /** Needed when the link was a resent one (docs/decisions/006): whoever opens it sets the password. */
  newPassword: newPasswordField
    .optional()
    .describe(
      "The new password (at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character)",
    ),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailInput>;

/** What a profile update may change; `currentPassword` only vouches for a new email. */
const PROFILE_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "timeZone",
  "timeFormat",
  "weekStart",
] as const;

/**
 * `PATCH /api/user` changes what it is sent and keeps the rest (docs/decisions/021): any of the
 * profile fields, each checked as at registration, so the spec's full body and a time zone on
 * its own both work. A body naming none of them is refused rather than answered as a save.
 */
export const updateUserInput = z
  .object(
    {
      firstName: firstNameField
        .optional()
        .describe("New first name. Optional: a PATCH changes only the fields it sends"),
      lastName: lastNameField.optional().describe("New last name. Optional"),
      email: emailField
        .optional()
        .describe(
          "New email address: stays pending until confirmed by the link mailed to it. Optional; needs `currentPassword`",
        ),
      /** Required only when `email` changes (docs/decisions/006); the spec's payload stays valid. */
      currentPassword: currentPasswordField
        .optional()
        .describe("The current password: required only when `email` changes"),
      timeZone: timeZoneField
        .optional()
        .describe("IANA time zone (`Europe/Berlin`) in which the user's days are read. Optional"),
      timeFormat: timeFormatField.optional().describe("`24h` or `12h`. Optional"),
      weekStart: weekStartField.optional().describe("`sunday` or `monday`. Optional"),
    },
    { error: messages.nothingToUpdate },
  )
  .refine((value) => PROFILE_FIELDS.some((field) => value[field] !== undefined), {
    error: messages.nothingToUpdate,
  });
export type UpdateUserInput = z.infer<typeof updateUserInput>;

export const changePasswordInput = z.object({
  currentPassword: currentPasswordField.describe("The current password"),
  newPassword: newPasswordField.describe(
    "The new password (same rules as at registration); other sessions end",
  ),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The Account tab's form: the server input plus a confirmation that must match. */
export const changePasswordForm = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField.describe(
      "The new password (at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character)",
    ),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    error: messages.passwordsDontMatch,
  });

export const sessionIdInput = z.object({
  id: safeString({ max: TOKEN_MAX_LENGTH, tooLong: messages.notFound })
    .regex(/^[0-9a-f]{64}$/, { error: messages.notFound })
    .describe("The session's id, as GET /api/user/sessions lists it (64 hex digits)"),
});
