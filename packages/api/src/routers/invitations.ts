import { respondToInvitation } from "@circleplan/core/invitations/answer-invitation";
import {
  invitationByToken,
  invitationPreview,
  listCircleInvitations,
  pendingInvitations,
} from "@circleplan/core/invitations/invitation-reads";
import {
  createInvitation,
  deleteInvitation,
  inviteMany,
} from "@circleplan/core/invitations/invite";
import { messageOutput } from "@circleplan/shared/auth-outputs";
import {
  createdInvitationSchema,
  invitationAnswerOutput,
  invitationByTokenOutput,
  invitationListOutput,
  invitationPreviewOutput,
  inviteManyOutput,
} from "@circleplan/shared/circle-outputs";
import {
  circleInvitationInput,
  createInvitationInput,
  invitationIdInput,
  invitationTokenInput,
  inviteManyInput,
  respondInvitationInput,
} from "@circleplan/shared/circle-schemas";
import {
  circleAdminProcedure,
  protectedProcedure,
  publicProcedure,
  router,
  syncParsed,
} from "../trpc";

export const invitationsRouter = router({
  // Sent invitations: the Invitations tab is for admins (section 6), and so is this list.
  listForCircle: circleAdminProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/circles/:id/invitations",
        summary: "Invitations sent for a circle (admins)",
        description:
          "Circle admins. The invitations sent for the circle, pending and answered, each with its status and expiry; never their tokens. 403 for a member who is not an admin; 404 for a circle the caller is not in.",
      },
    })
    .output(syncParsed(invitationListOutput))
    .query(({ ctx }) =>
      listCircleInvitations({ deps: ctx.deps, caller: ctx.caller, input: undefined }),
    ),

  create: circleAdminProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/circles/:id/invitations",
        summary: "Invite one email (admins); mails the link and answers its token once",
        description:
          "Circle admins, not in a personal circle (400). Invites one address: mails it a link valid for 10 days and answers 201 with the invitation, its token and link (the token is never shown again). 409 when the address is already a member or has a pending invitation; 400 for the caller's own address or when the circle is full; 403 for a member who is not an admin; 404 for a circle the caller is not in; 429 while invitations are rate limited.",
        status: 201,
      },
    })
    .input(createInvitationInput)
    .output(syncParsed(createdInvitationSchema))
    .mutation(({ ctx, input }) => createInvitation({ deps: ctx.deps, caller: ctx.caller, input })),

  inviteMany: circleAdminProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/circles/:id/invite",
        summary: "Invite a list of emails at once (admins); all or none",
        description:
          "Circle admins. Invites up to 20 addresses at once, each as POST /api/circles/{id}/invitations would, all or none: one address refused refuses the batch, naming it. 403 for a member who is not an admin; 404 for a circle the caller is not in.",
        status: 201,
      },
    })
    .input(inviteManyInput)
    .output(syncParsed(inviteManyOutput))
    .mutation(({ ctx, input }) => inviteMany({ deps: ctx.deps, caller: ctx.caller, input })),

  delete: circleAdminProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/circles/:id/invitations/:invitationId",
        summary: "Withdraw or remove an invitation (admins)",
        description:
          "Circle admins. Withdraws a pending invitation (its link stops working) or removes an answered one from the list. 403 for a member who is not an admin; 404 for a circle the caller is not in or an invitation of another circle.",
      },
    })
    .input(circleInvitationInput)
    .output(syncParsed(messageOutput))
    .mutation(({ ctx, input }) => deleteInvitation({ deps: ctx.deps, caller: ctx.caller, input })),

  pending: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/invitations/pending",
        summary: "Pending, unexpired invitations addressed to the caller's email",
        description:
          "Signed in. Invitations addressed to the caller's account email that are still pending and not expired, with the circle's name and colour and the inviter's name. The web app polls it every 30 seconds.",
      },
    })
    .output(syncParsed(invitationListOutput))
    .query(({ ctx }) =>
      pendingInvitations({ deps: ctx.deps, caller: ctx.caller, input: undefined }),
    ),

  byToken: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/invitations/token/:token",
        summary: "An invitation by its link's token: invitation, circle and inviter",
        description:
          "Signed in, holding the link. The invitation its token opens, with the circle's name and the inviter's name; the address it went to is shown in full only to its invitee, masked to anyone else. 409 once accepted (\"This invitation has already been accepted.\"); 400 for an unknown, declined or expired token.",
      },
    })
    .input(invitationTokenInput)
    .output(syncParsed(invitationByTokenOutput))
    .query(({ ctx, input }) => invitationByToken({ deps: ctx.deps, caller: ctx.caller, input })),

  // Signed out too: the auth screen's "Ada invited you to The Lovelaces" (docs/decisions/021).
  preview: publicProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/invitations/token/:token/preview",
        summary:
          "Who invited whom where, for anyone holding the link, signed out too: circle name and inviter's first name, never the address",
        description:
          "Anyone holding the link, signed out too: who invited the holder to which circle (the circle's name, the inviter's first name), for the page above Register. Never the address, not even masked. 400 for an unknown, answered or expired token.",
      },
    })
    .input(invitationTokenInput)
    .output(syncParsed(invitationPreviewOutput))
    .query(({ ctx, input }) => invitationPreview({ deps: ctx.deps, caller: ctx.caller, input })),

  respond: protectedProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/api/invitations/:id",
        summary: "Accept or decline (the invitee only, once)",
        description:
          "The invitee only: a signed-in, verified user whose account email equals the invitation's, in any letter case (403 otherwise). `status` accepted makes them a member with the invitation's relationship; declined ends it. Once only: 409 when already accepted or declined; 400 when expired; 404 for an unknown id.",
      },
    })
    .input(respondInvitationInput)
    .output(syncParsed(invitationAnswerOutput))
    .mutation(({ ctx, input }) =>
      respondToInvitation({ deps: ctx.deps, caller: ctx.caller, input }),
    ),

  accept: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/invitations/:id/accept",
        summary: "Accept (the invitee only, once); answers circleId and circleName",
        description:
          "The invitee only (403 for any other account). Makes the caller a member with the invitation's relationship and answers the circle's id and name. 409 when already accepted (\"already been accepted\") or declined; 400 when expired or the circle is full; 404 for an unknown id.",
      },
    })
    .input(invitationIdInput)
    .output(syncParsed(invitationAnswerOutput))
    .mutation(({ ctx, input }) =>
      respondToInvitation({
        deps: ctx.deps,
        caller: ctx.caller,
        input: { id: input.id, status: "accepted" },
      }),
    ),

  decline: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/invitations/:id/decline",
        summary: "Decline (the invitee only, once)",
        description:
          "The invitee only (403 for any other account). Declines the invitation; its circle's admins see it declined. 409 when already answered; 400 when expired; 404 for an unknown id.",
      },
    })
    .input(invitationIdInput)
    .output(syncParsed(invitationAnswerOutput))
    .mutation(({ ctx, input }) =>
      respondToInvitation({
        deps: ctx.deps,
        caller: ctx.caller,
        input: { id: input.id, status: "declined" },
      }),
    ),
});
