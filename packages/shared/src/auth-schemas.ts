/**
 * Input schemas for accounts. The register/login/reset forms and the server validate with these
 * same objects, so a message seen in the browser is the message the API answers.
 */
import * as z from "zod";
import { findCountry, phoneLengthMessage, splitPhoneNumber } from "./countries";
import {
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  NAME_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "./limits";
import { messages } from "./messages";

/** Exactly one @, a non-empty local part, a dot inside the domain, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@]*[^\s@.]$/;
/** The spec's special-character set: ! @ # $ % ^ & * ( ) , . ? " : { } | < > */
const SPECIAL_CHAR = /[!@#$%^&*(),.?":{}|<>]/;
const NAME_CHARS = /^[\p{L}\p{M}' ’-]+( [\p{L}\p{M}' ’-]+)*$/u;

const requiredString = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

export const emailField = requiredString(messages.emailRequired)
  .min(EMAIL_MIN_LENGTH, { error: messages.emailTooShort })
  .max(EMAIL_MAX_LENGTH, { error: messages.emailTooLong })
  .regex(EMAIL_SHAPE, { error: messages.emailInvalid });

export const newPasswordField = z
  .string({ error: messages.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: messages.passwordTooShort })
  .regex(/\d/, { error: messages.passwordNeedsNumber })
  .regex(SPECIAL_CHAR, { error: messages.passwordNeedsSpecial })
  // A ceiling keeps hashing cost bounded; far above any real password.
  .max(200, { error: "Password must be at most 200 characters" });

const nameField = (required: string, tooLong: string, chars: string) =>
  requiredString(required)
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

export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

/** The phone rule on its own, so the form can run it on blur. Returns the message or null. */
export function checkPhoneNumber(countryCode: string, phoneNumber: string): string | null {
  const country = findCountry(countryCode);
  if (!phoneNumber.trim()) return messages.phoneRequired;
  if (!country) return null;
  const parts = splitPhoneNumber(phoneNumber);
  if (!parts || parts.callingCode !== country.phoneCode) {
    return `${messages.phoneCallingCode} (${country.phoneCode})`;
  }
  const { min, max } = country.phoneDigits;
  if (parts.digits.length < min || parts.digits.length > max) return phoneLengthMessage(country);
  return null;
}

export const registerInput = z
  .object({
    email: emailField,
    password: newPasswordField,
    firstName: firstNameField,
    lastName: lastNameField,
    gender: z.enum(GENDERS, { error: messages.genderRequired }),
    country: requiredString(messages.countryRequired),
    city: requiredString(messages.cityRequired),
    phoneNumber: requiredString(messages.phoneRequired),
  })
  .superRefine((value, ctx) => {
    const country = findCountry(value.country);
    if (!country) {
      ctx.addIssue({ code: "custom", path: ["country"], message: messages.countryRequired });
      return;
    }
    if (!country.cities.includes(value.city)) {
      ctx.addIssue({ code: "custom", path: ["city"], message: messages.cityUnknown });
    }
    const phoneProblem = checkPhoneNumber(value.country, value.phoneNumber);
    if (phoneProblem)
      ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: phoneProblem });
  });
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  email: requiredString(messages.emailRequired),
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, { error: messages.passwordRequired }),
});
export type LoginInput = z.infer<typeof loginInput>;

export const emailOnlyInput = z.object({ email: emailField });

export const otpField = z
  .string({ error: messages.otpInvalid })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: messages.otpInvalid });

export const resetPasswordInput = z.object({
  email: emailField,
  otp: otpField,
  newPassword: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** The dialog's second step: the server input plus a confirmation that must match. */
export const resetPasswordForm = z
  .object({ otp: otpField, newPassword: newPasswordField, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    error: messages.passwordsDontMatch,
  });

export const verifyEmailInput = z.object({
  token: requiredString(messages.verificationTokenMissing),
});

export const updateUserInput = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/** What the API tells about the signed-in user; never a hash, token or session. */
export interface PublicUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  gender: Gender;
  country: string;
  city: string;
  phoneNumber: string;
  photoUrl: string | null;
  emailVerified: boolean;
  /** A new address waiting for its confirmation link, if the user asked to change email. */
  pendingEmail: string | null;
  createdAt: Date;
}
