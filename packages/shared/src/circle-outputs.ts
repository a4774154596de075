/**
 * What the circle, member, invitation and photo procedures answer (see auth-outputs.ts for why
 * every procedure declares one). Photos travel as URLs of the authorised photo route, never as
 * storage keys or bytes.
 */
import * as z from "zod";
import { CIRCLE_ROLES, CIRCLE_TYPES, RELATIONSHIPS } from "./limits";

const instant = z.date();

export const circleSchema = z.object({
  id: z.number().int().describe("The circle's id"),
  name: z.string().describe("The circle's name"),
  description: z.string().nullable().describe("What the circle is for; null when none"),
  type: z.enum(CIRCLE_TYPES).describe("personal, family, work or custom"),
  color: z
    .string()
    .describe("The circle's colour, `#rrggbb`: its plans show in it unless they have their own"),
  /** The photo's URL, or null; `photoUrl` is the same value (the spec names both). */
  photo: z
    .string()
    .nullable()
    .describe("The spec's name for `photoUrl` (the same address); null: no photo"),
  photoUrl: z
    .string()
    .nullable()
    .describe("The circle photo's address on this API (members only); null: no photo"),
  /** A small version of the photo for the circle strip and lists. */
  thumbnailUrl: z
    .string()
    .nullable()
    .describe("A small version of the photo for lists; null: no photo"),
  creatorId: z
    .number()
    .int()
    .describe(
      "The user id of the member who created the circle (always an admin, cannot be removed)",
    ),
  memberCount: z.number().int().describe("How many members the circle has"),
  /** The caller's own place in the circle. */
  role: z.enum(CIRCLE_ROLES).describe("The caller's role in the circle: admin or member"),
  isCreator: z.boolean().describe("Whether the caller created the circle"),
  createdAt: instant.describe("When the circle was created (UTC instant)"),
});
export type Circle = z.infer<typeof circleSchema>;

export const circleListOutput = z.array(circleSchema);

export const memberUserSchema = z.object({
  id: z.number().int().describe("The member's user id"),
  firstName: z.string().describe("First name"),
  lastName: z.string().describe("Last name"),
  email: z.string().describe("Email address"),
  username: z.string().describe("Handle"),
  photoUrl: z.string().nullable().describe("Profile photo's address on this API; null: no photo"),
});

export const memberSchema = z.object({
  id: z.number().int().describe("The membership's id (what /api/circle-members/{memberId} takes)"),
  userId: z.number().int().describe("The member's user id"),
  circleId: z.number().int().describe("The circle's id"),
  role: z.enum(CIRCLE_ROLES).describe("admin or member"),
  relationship: z
    .enum(RELATIONSHIPS)
    .nullable()
    .describe(
      "How the inviter named the member's relationship (spouse, parent, child, sibling or other); null when not said",
    ),
  isCreator: z.boolean().describe("Whether this member created the circle"),
  joinedAt: instant.describe("When the member joined (UTC instant)"),
  /** The member's colour in this circle, one of MEMBER_COLORS: drawn beside their name. */
  color: z
    .string()
    .describe("The member's colour in this circle, `#rrggbb` (each member picks their own)"),
  user: memberUserSchema.describe("The member's account"),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListOutput = z.array(memberSchema);

/** `expired` is a pending invitation past its expiry; the stored status stays pending. */
export const INVITATION_VIEW_STATUSES = ["pending", "accepted", "declined", "expired"] as const;

export const invitationSchema = z.object({
  id: z.number().int().describe("The invitation's id"),
  circleId: z.number().int().describe("The circle invited to"),
  circleName: z.string().describe("The circle's name"),
  circleColor: z.string().describe("The circle's colour, `#rrggbb`"),
  email: z.string().describe("The address invited"),
  status: z
    .enum(INVITATION_VIEW_STATUSES)
    .describe("pending, accepted, declined or expired (a pending invitation past `expiresAt`)"),
  relationship: z
    .enum(RELATIONSHIPS)
    .nullable()
    .describe("The invitee's relationship as the inviter named it; null when not said"),
  message: z.string().nullable().describe("The inviter's personal message; null when none"),
  /** "First Last" of the inviter, or null when that account is gone (the page says Someone). */
  inviterName: z
    .string()
    .nullable()
    .describe("The inviter's full name; null when their account is gone"),
  createdAt: instant.describe("When it was sent (UTC instant)"),
  expiresAt: instant.describe("When it stops being valid (UTC instant; 7 days after sending)"),
  /** The same instants under the names the spec also shows. */
  created_at: instant.describe("The spec's snake_case copy of `createdAt`"),
  expires_at: instant.describe("The spec's snake_case copy of `expiresAt`"),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListOutput = z.array(invitationSchema);

/**
 * A new invitation: the only answer that carries the token (only its hash is stored), for the
 * share dialog's link and QR code.
 */
export const createdInvitationSchema = invitationSchema.extend({
  inviteToken: z
    .string()
    .describe("The invitation's secret token (the link's last part); shown once, to the inviter"),
  inviteUrl: z
    .string()
    .describe("The link the invitee opens to accept (`{appUrl}/invite/{token}`)"),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const inviteManyOutput = z.object({
  message: z.string().describe("What happened, ready to show (how many were sent)"),
  invitations: z.array(createdInvitationSchema).describe("One invitation per address sent to"),
});

export const invitationByTokenOutput = z.object({
  /** `email` is the full address for the invitee only; anyone else holding the link sees it masked ("b•••@probe.test"). */
  invitation: invitationSchema.describe("The invitation"),
  /** Whether the signed-in user is the invitee: their verified email is the invitation's. */
  isInvitee: z
    .boolean()
    .describe("Whether the signed-in caller is the invited address (only they may accept)"),
  circle: z
    .object({
      id: z.number().int().describe("The circle's id"),
      name: z.string().describe("The circle's name"),
      color: z.string().describe("The circle's colour, `#rrggbb`"),
      type: z.enum(CIRCLE_TYPES).describe("personal, family, work or custom"),
      photoUrl: z.string().nullable().describe("The circle photo's address; null: no photo"),
    })
    .describe("The circle invited to"),
  inviter: z
    .object({
      firstName: z.string().describe("First name"),
      lastName: z.string().describe("Last name"),
    })
    .nullable()
    .describe("Who invited; null when their account is gone"),
});
export type InvitationByToken = z.infer<typeof invitationByTokenOutput>;

/** A link's invitation as a signed-out visitor sees it: who invited them where, no address. */
export const invitationPreviewOutput = z.object({
  circleName: z.string().describe("The circle's name, for the link's preview"),
  /** Null once the inviter's account is gone ("Someone invited you"). */
  inviterFirstName: z
    .string()
    .nullable()
    .describe("The inviter's first name; null when their account is gone"),
});
export type InvitationPreview = z.infer<typeof invitationPreviewOutput>;

export const invitationAnswerOutput = z.object({
  message: z.string().describe("What happened, ready to show"),
  status: z.enum(["accepted", "declined"]).describe("accepted or declined"),
  circleId: z.number().int().describe("The circle's id"),
  circleName: z.string().describe("The circle's name"),
});

export const photoOutput = z.object({
  photoUrl: z.string().nullable().describe("The photo's address on this API; null: no photo"),
});

/**
 * Where the web app sends a photo's bytes before naming it by `key`: a presigned S3 POST in
 * production (size-limited by the policy), the app's own upload route locally.
 */
export const photoUploadOutput = z.object({
  url: z
    .string()
    .describe(
      "Where to POST the file (a presigned S3 POST, or this API's local-upload route when running locally)",
    ),
  fields: z
    .record(z.string(), z.string())
    .describe("Form fields to send with the file, as they are, before the `file` field"),
  key: z
    .string()
    .describe(
      "The upload's key: what the photo or attachment request names afterwards (`photoUploadKey`, `uploadKey`)",
    ),
  maxBytes: z.number().int().describe("The largest file the upload accepts, in bytes"),
});
