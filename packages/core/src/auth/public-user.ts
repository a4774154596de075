import type { users } from "@circleplan/db/schema";
import type { PublicUser } from "@circleplan/shared/auth-outputs";
import { photoUrl } from "../photos/photo-store";

/** The one place a user row becomes an answer: an allow-list, so no hash or secret can leak. */
export function toPublicUser(row: typeof users.$inferSelect): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    gender: row.gender,
    country: row.country,
    city: row.city,
    phoneNumber: row.phoneNumber,
    photoUrl: photoUrl({ userId: row.id }, row.photoKey, "large"),
    timeZone: row.timeZone,
    timeFormat: row.timeFormat,
    weekStart: row.weekStart,
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: row.pendingEmail,
    createdAt: row.createdAt,
  };
}

/** Emails compare and store lower-cased: one account per address whatever its case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
