/**
 * Input schemas for circles, members, invitations and photos. The web forms and the server
 * validate with these same objects (as auth-schemas.ts does for accounts).
 */
import * as z from "zod";
import { emailField, safeMultilineString, safeString } from "./auth-schemas";
import {
  CIRCLE_DESCRIPTION_MAX_LENGTH,
  CIRCLE_NAME_MAX_LENGTH,
  CIRCLE_ROLES,
  CIRCLE_TYPES,
  INVITATION_MESSAGE_MAX_LENGTH,
  INVITE_BATCH_MAX,
  MEMBER_COLOR_VALUES,
  PHOTO_DATA_URL_MAX_LENGTH,
  RELATIONSHIPS,
  TOKEN_MAX_LENGTH,
} from "./limits";
import { messages } from "./messages";

/** Ids are positive integers (api-conventions.md) that fit a Postgres integer. */
export const idField = (notFound: string = messages.notFound) =>
  z
    .number({ error: notFound })
    .int({ error: notFound })
    .positive({ error: notFound })
    .max(2_147_483_647, { error: notFound });

export const circleIdInput = z.object({
  id: idField(messages.circleNotFound).describe("The circle's id"),
});

export const circleNameField = safeString({
  max: 200,
  tooLong: messages.circleNameTooLong,
  required: messages.circleNameRequired,
})
  .trim()
  .min(1, { error: messages.circleNameRequired, abort: true })
  .max(CIRCLE_NAME_MAX_LENGTH, { error: messages.circleNameTooLong });

/** Optional text: absent, null and "" all mean none. */
const optionalText = (max: number, tooLong: string, lines = false) =>
  (lines ? safeMultilineString : safeString)({ max, tooLong })
    .trim()
    .nullish()
    .transform((value) => value || null);

export const circleDescriptionField = optionalText(
  CIRCLE_DESCRIPTION_MAX_LENGTH,
  messages.circleDescriptionTooLong,
  true,
);

export const hexColorField = safeString({ max: 20, tooLong: messages.circleColorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: messages.circleColorInvalid })
  .transform((value) => value.toUpperCase());

/** A hex colour; absent, null or "" mean "not chosen" (the type's colour, or unchanged). */
export const circleColorField = z
  .union([z.literal(""), z.null(), hexColorField], { error: messages.circleColorInvalid })
  .optional()
  .transform((value) => value || undefined);

/**
 * A photo sent inside JSON (spec section 7): a data URL, or "" / null to remove it. Its bytes
 * go through the same checks as an upload; the type in the URL is not trusted.
 */
export const photoDataUrlField = safeString({
  max: PHOTO_DATA_URL_MAX_LENGTH,
  tooLong: messages.payloadTooLarge,
})
  .nullable()
  .refine((value) => !value || /^data:[\w.+-]+\/[\w.+-]+(;[\w=.+-]+)*;base64,/.test(value), {
    error: messages.photoInvalidType,
  });

/**
 * What the web app sends instead of bytes: the key of a file it uploaded straight to storage
 * (a Lambda request cannot carry 5 MB), which the server then checks and processes.
 */
export const photoUploadKeyField = safeString({
  max: 200,
  tooLong: messages.photoUploadInvalid,
}).regex(/^uploads\/\d+\/[a-z0-9-]{8,64}$/, { error: messages.photoUploadInvalid });

export const relationshipField = z
  .union([z.enum(RELATIONSHIPS), z.literal("")], { error: messages.relationshipInvalid })
  .nullish()
  .transform((value) => value || null);

export const createCircleInput = z.object({
  name: circleNameField.describe("The circle's name (at most 50 characters)"),
  description: circleDescriptionField.describe("What the circle is for. Optional"),
  /** Optional: the type's colour (section 1) when absent. */
  color: circleColorField.describe("Colour as `#rrggbb`. Optional: a default colour when absent"),
  /** Optional: custom when absent. A personal circle comes with the account and is refused. */
  type: z
    .enum(CIRCLE_TYPES)
    .default("custom")
    .describe("personal, family, work or custom. Optional: custom when absent"),
  photo: photoDataUrlField
    .optional()
    .describe(
      "A photo as a data URL (`data:image/jpeg;base64,…`, at most 5 MB of image). Optional",
    ),
  photoUploadKey: photoUploadKeyField
    .optional()
    .describe(
      "Instead of `photo`: the key of a file uploaded to POST /api/photos/uploads first. Optional",
    ),
});
export type CreateCircleInput = z.infer<typeof createCircleInput>;

/** PUT and PATCH alike: every field optional, only what is sent changes. */
export const updateCircleInput = z.object({
  id: idField(messages.circleNotFound).describe("The circle's id"),
  name: circleNameField
    .optional()
    .describe("New name. Optional: only the fields sent change (PUT and PATCH alike)"),
  description: circleDescriptionField
    .optional()
    .describe('New description; null or "" removes it. Optional'),
  color: circleColorField.describe("New colour, `#rrggbb`. Optional"),
  /** A data URL sets the photo; "" or null removes it; absent leaves it. */
  photo: photoDataUrlField
    .optional()
    .describe(
      "A photo as a data URL (`data:image/jpeg;base64,…`, at most 5 MB of image). Optional",
    ),
  /** Sent beside `photo` for personal circles (spec section 7); read like `photo`. */
  photoUrl: photoDataUrlField
    .optional()
    .describe("The spec's name for `photo`: a data URL. Optional"),
  photoUploadKey: photoUploadKeyField
    .optional()
    .describe(
      "Instead of `photo`: the key of a file uploaded to POST /api/photos/uploads first. Optional",
    ),
});
export type UpdateCircleInput = z.infer<typeof updateCircleInput>;

export const memberRoleField = z.enum(CIRCLE_ROLES, { error: "Role must be admin or member" });

export const circleMemberByUserInput = z.object({
  id: idField(messages.circleNotFound).describe("The circle's id"),
  userId: idField(messages.memberNotFound).describe("The member's user id"),
});
const newRoleField = memberRoleField.describe(
  "The member's new role: `admin` promotes; `member` demotes an admin (the creator only)",
);
/** PUT /api/circles/{id}/members/{userId}. */
export const setRoleByUserInput = circleMemberByUserInput.extend({ role: newRoleField });

/** One of the member colours (limits.ts), in any letter case. */
export const memberColorField = safeString({
  max: 20,
  tooLong: messages.memberColorInvalid,
  required: messages.memberColorInvalid,
})
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(MEMBER_COLOR_VALUES, { error: messages.memberColorInvalid }))
  .describe("One of the member colours, `#rrggbb` in any letter case");
/** PUT /api/circles/{id}/my-color. */
export const myColorInput = z.object({ color: memberColorField });

export const memberIdInput = z.object({
  memberId: idField(messages.memberNotFound).describe(
    "The membership's id (`id` of an entry of the members list)",
  ),
});
/** PATCH /api/circle-members/{memberId}. */
export const setRoleByMemberInput = memberIdInput.extend({ role: newRoleField });

export const invitationEmailField = safeString({
  max: 200,
  tooLong: messages.emailTooLong,
  required: messages.invitationEmailRequired,
})
  .trim()
  .min(1, { error: messages.invitationEmailRequired, abort: true })
  .pipe(emailField);

export const invitationMessageField = optionalText(
  INVITATION_MESSAGE_MAX_LENGTH,
  messages.invitationMessageTooLong,
  true,
);

export const createInvitationInput = z.object({
  id: idField(messages.circleNotFound).describe("The circle's id"),
  email: invitationEmailField.describe(
    "The address to invite (a member already in the circle is refused)",
  ),
  message: invitationMessageField.describe("A personal message for the mail. Optional"),
  /** Family circles only (section 2, the dialog's invite form). */
  relationship: relationshipField.describe(
    "The invitee's relationship to the inviter (spouse, parent, child, sibling or other). Optional",
  ),
});
export type CreateInvitationInput = z.infer<typeof createInvitationInput>;

export const inviteManyInput = z.object({
  id: idField(messages.circleNotFound).describe("The circle's id"),
  inviteEmails: z
    .array(invitationEmailField, { error: messages.inviteEmailsRequired })
    .min(1, { error: messages.inviteEmailsRequired })
    .max(INVITE_BATCH_MAX, { error: messages.inviteEmailsTooMany })
    .describe("The addresses to invite, at least one"),
  inviteMessage: invitationMessageField.describe("A personal message for the mail. Optional"),
  relationship: relationshipField.describe(
    "The invitee's relationship to the inviter (spouse, parent, child, sibling or other). Optional",
  ),
});
export type InviteManyInput = z.infer<typeof inviteManyInput>;

export const circleInvitationInput = z.object({
  id: idField(messages.circleNotFound).describe("The circle's id"),
  invitationId: idField(messages.invitationNotFound).describe("The invitation's id"),
});

export const invitationIdInput = z.object({
  id: idField(messages.invitationNotFound).describe("The invitation's id"),
});

export const respondInvitationInput = invitationIdInput.extend({
  status: z
    .enum(["accepted", "declined"], { error: messages.invitationStatusInvalid })
    .describe("accepted to join the circle, declined to refuse"),
});

export const invitationTokenInput = z.object({
  token: safeString({ max: TOKEN_MAX_LENGTH, tooLong: messages.invitationInvalid })
    .trim()
    .min(1, { error: messages.invitationInvalid })
    .describe("The invitation's secret token, from its link"),
});

/** A photo uploaded as multipart (field `photo`) or named by a direct-upload key. */
export const userPhotoInput = z.union([
  z.object({
    photo: z
      .instanceof(File, { error: messages.photoInvalidType })
      .describe("The photo file (multipart): JPEG, PNG, WebP or GIF, at most 5 MB"),
  }),
  z.object({
    photoUploadKey: photoUploadKeyField.describe(
      "The key of a file uploaded to POST /api/photos/uploads first",
    ),
  }),
]);

export const photoReadInput = z.object({
  kind: z.enum(["users", "circles"], { error: messages.notFound }),
  ownerId: idField(),
  /** The stored photo's version, so a changed photo gets a new URL and caches never go stale. */
  version: safeString({ max: 64, tooLong: messages.notFound }).regex(/^[a-z0-9]{8,64}$/, {
    error: messages.notFound,
  }),
  size: z.enum(["large", "thumb"]).default("large"),
});

/** The local stand-in for S3's presigned POST: the same fields, then the file. */
export const localUploadInput = z.object({
  key: photoUploadKeyField.describe("The key from POST /api/photos/uploads"),
  file: z.instanceof(File, { error: messages.photoInvalidType }).describe("The file (multipart)"),
});
