/**
 * What the circle, member, invitation and photo procedures answer (see auth-outputs.ts for why
 * every procedure declares one). Photos travel as URLs of the authorised photo route, never as
 * storage keys or bytes.
 */
import * as z from "zod";
import { CIRCLE_ROLES, CIRCLE_TYPES, RELATIONSHIPS } from "./limits";

const instant = z.date();

export const circleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(CIRCLE_TYPES),
  color: z.string(),
  /** The photo's URL, or null; `photoUrl` is the same value (the spec names both). */
  photo: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /** A small version of the photo for the circle strip and lists. */
  thumbnailUrl: z.string().nullable(),
  creatorId: z.number().int(),
  memberCount: z.number().int(),
  /** The caller's own place in the circle. */
  role: z.enum(CIRCLE_ROLES),
  isCreator: z.boolean(),
  createdAt: instant,
});
export type Circle = z.infer<typeof circleSchema>;

export const circleListOutput = z.array(circleSchema);

export const memberUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  photoUrl: z.string().nullable(),
});

export const memberSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  circleId: z.number().int(),
  role: z.enum(CIRCLE_ROLES),
  relationship: z.enum(RELATIONSHIPS).nullable(),
  isCreator: z.boolean(),
  joinedAt: instant,
  /** The member's colour in this circle, one of MEMBER_COLORS: drawn beside their name. */
  color: z.string(),
  user: memberUserSchema,
});
export type Member = z.infer<typeof memberSchema>;

export const memberListOutput = z.array(memberSchema);

/** `expired` is a pending invitation past its expiry; the stored status stays pending. */
export const INVITATION_VIEW_STATUSES = ["pending", "accepted", "declined", "expired"] as const;

export const invitationSchema = z.object({
  id: z.number().int(),
  circleId: z.number().int(),
  circleName: z.string(),
  circleColor: z.string(),
  email: z.string(),
  status: z.enum(INVITATION_VIEW_STATUSES),
  relationship: z.enum(RELATIONSHIPS).nullable(),
  message: z.string().nullable(),
  /** "First Last" of the inviter, or null when that account is gone (the page says Someone). */
  inviterName: z.string().nullable(),
  createdAt: instant,
  expiresAt: instant,
  /** The same instants under the names the spec also shows. */
  created_at: instant,
  expires_at: instant,
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListOutput = z.array(invitationSchema);

/**
 * A new invitation: the only answer that carries the token (only its hash is stored), for the
 * share dialog's link and QR code.
 */
export const createdInvitationSchema = invitationSchema.extend({
  inviteToken: z.string(),
  inviteUrl: z.string(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const inviteManyOutput = z.object({
  message: z.string(),
  invitations: z.array(createdInvitationSchema),
});

export const invitationByTokenOutput = z.object({
  /** `email` is the full address for the invitee only; anyone else holding the link sees it masked ("b•••@probe.test"). */
  invitation: invitationSchema,
  /** Whether the signed-in user is the invitee: their verified email is the invitation's. */
  isInvitee: z.boolean(),
  circle: z.object({
    id: z.number().int(),
    name: z.string(),
    color: z.string(),
    type: z.enum(CIRCLE_TYPES),
    photoUrl: z.string().nullable(),
  }),
  inviter: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});
export type InvitationByToken = z.infer<typeof invitationByTokenOutput>;

/** A link's invitation as a signed-out visitor sees it: who invited them where, no address. */
export const invitationPreviewOutput = z.object({
  circleName: z.string(),
  /** Null once the inviter's account is gone ("Someone invited you"). */
  inviterFirstName: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewOutput>;

export const invitationAnswerOutput = z.object({
  message: z.string(),
  status: z.enum(["accepted", "declined"]),
  circleId: z.number().int(),
  circleName: z.string(),
});

export const photoOutput = z.object({ photoUrl: z.string().nullable() });

/**
 * Where the web app sends a photo's bytes before naming it by `key`: a presigned S3 POST in
 * production (size-limited by the policy), the app's own upload route locally.
 */
export const photoUploadOutput = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  maxBytes: z.number().int(),
});
