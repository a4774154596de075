/**
 * An email address's shape, without zod: the schemas' `emailField` (auth-schemas.ts) ends with
 * this test, and a screen that only reads an address from a link (/auth's invitation landing)
 * uses it without downloading the validation library (decision 005, "The first load on a phone").
 */
import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH } from "./limits";
import { CONTROL_CHARS, LONE_SURROGATE } from "./text-characters";

/** Exactly one @, a non-empty local part, a dot inside the domain, no spaces. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@]*[^\s@.]$/;

/** The trimmed address when `text` has an email address's length and shape, else null. */
export function emailAddressIn(text: string): string | null {
  const email = text.trim();
  const fits = email.length >= EMAIL_MIN_LENGTH && email.length <= EMAIL_MAX_LENGTH;
  return fits &&
    EMAIL_SHAPE.test(email) &&
    !CONTROL_CHARS.test(email) &&
    !LONE_SURROGATE.test(email)
    ? email
    : null;
}
