import {
  createCircle,
  deleteCircle,
  getCircle,
  listCircles,
  updateCircle,
} from "@circleplan/core/circles/circles";
import {
  leaveCircle,
  listAllMembers,
  listMembers,
  removeMember,
  setMemberRole,
  setMyColor,
} from "@circleplan/core/circles/members";
import { messageOutput } from "@circleplan/shared/auth-outputs";
import {
  circleListOutput,
  circleSchema,
  memberListOutput,
  memberSchema,
} from "@circleplan/shared/circle-outputs";
import {
  circleMemberByUserInput,
  createCircleInput,
  myColorInput,
  setRoleByMemberInput,
  setRoleByUserInput,
  updateCircleInput,
} from "@circleplan/shared/circle-schemas";
import {
  circleAdminProcedure,
  circleCreatorProcedure,
  circleMemberProcedure,
  memberIdAdminProcedure,
  protectedProcedure,
  router,
  syncParsed,
} from "../trpc";

export const circlesRouter = router({
  list: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/circles",
        summary: "The caller's circles",
        description:
          "Signed in. The circles the caller is a member of, the personal circle first, then by age, each with the caller's role in it and its member count.",
      },
    })
    .output(syncParsed(circleListOutput))
    .query(({ ctx }) => listCircles({ deps: ctx.deps, caller: ctx.caller, input: undefined })),

  get: circleMemberProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/circles/:id",
        summary: "One circle (members only)",
        description:
          "Members of the circle. One circle with the caller's role in it. 404 for a circle the caller is not in, exactly as for one that does not exist.",
      },
    })
    .output(syncParsed(circleSchema))
    .query(({ ctx }) => getCircle({ deps: ctx.deps, caller: ctx.caller, input: undefined })),

  create: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/circles",
        summary: "Create a circle; the caller becomes its creator and admin",
        description:
          "Signed in. Creates a circle of which the caller is creator and admin and answers 201 with it. A photo rides along as a data URL (`photo`) or as the key of a direct upload (`photoUploadKey`). 400 for type `personal` (each account has its one personal circle) and past 50 circles created.",
        status: 201,
        body: "photo-json",
      },
    })
    .input(createCircleInput)
    .output(syncParsed(circleSchema))
    .mutation(({ ctx, input }) => createCircle({ deps: ctx.deps, caller: ctx.caller, input })),

  // PUT and PATCH alike (spec section 7): only the fields sent change. Admins only.
  update: circleAdminProcedure
    .meta({
      rest: [
        {
          method: "PUT",
          path: "/api/circles/:id",
          summary: "Rename or change the photo, colour or description (admins)",
          description:
            'Circle admins. Changes only the fields sent: name, description, colour or photo (a data URL, or the key of a direct upload; `""` or null removes it). 403 for a member who is not an admin; 404 for a circle the caller is not in.',
          body: "photo-json",
        },
        {
          method: "PATCH",
          path: "/api/circles/:id",
          summary: "Rename or change the photo, colour or description (admins)",
          description:
            "Circle admins. The same as PUT /api/circles/{id}: only the fields sent change. 403 for a member who is not an admin; 404 for a circle the caller is not in.",
          body: "photo-json",
        },
      ],
    })
    .input(updateCircleInput)
    .output(syncParsed(circleSchema))
    .mutation(({ ctx, input }) => updateCircle({ deps: ctx.deps, caller: ctx.caller, input })),

  delete: circleCreatorProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/circles/:id",
        summary: "Delete a circle with its plans, members, invitations and photo (creator only)",
        description:
          "The circle's creator only, and never a personal circle. Deletes the circle with its plans, members, invitations and photo, in one transaction. 403 for anyone else in the circle (\"Only the circle's creator can delete it.\"); 400 for a personal circle; 404 for a circle the caller is not in.",
      },
    })
    .output(syncParsed(messageOutput))
    .mutation(({ ctx }) => deleteCircle({ deps: ctx.deps, caller: ctx.caller, input: undefined })),

  members: circleMemberProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/circles/:id/members",
        summary: "The circle's members (members only)",
        description:
          "Members of the circle. Its members: the creator first, then admins, then by the time they joined, each with role, relationship, colour and public account fields. 404 for a circle the caller is not in.",
      },
    })
    .output(syncParsed(memberListOutput))
    .query(({ ctx }) => listMembers({ deps: ctx.deps, caller: ctx.caller, input: undefined })),

  allMembers: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/circles/members/all",
        summary: "The members of every circle the caller belongs to",
        description:
          "Signed in. The members of every circle the caller belongs to, circle by circle in the order of GET /api/circles.",
      },
    })
    .output(syncParsed(memberListOutput))
    .query(({ ctx }) => listAllMembers({ deps: ctx.deps, caller: ctx.caller, input: undefined })),

  setMemberRole: circleAdminProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/api/circles/:id/members/:userId",
        summary:
          "Promote a member to admin (admins), or an admin back to member (the creator); never oneself",
        description:
          "Circle admins promote a member to admin; only the creator makes an admin a member again. Nobody acts on themselves and the creator is always an admin (400). Asking for the role a member already has changes nothing. 403 for a member who is not an admin; 404 for a circle the caller is not in or a user who is not a member.",
      },
    })
    .input(setRoleByUserInput)
    .output(syncParsed(memberSchema))
    .mutation(({ ctx, input }) =>
      setMemberRole({
        deps: ctx.deps,
        caller: ctx.caller,
        input: { target: { userId: input.userId }, role: input.role },
      }),
    ),

  removeMember: circleAdminProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/circles/:id/members/:userId",
        summary: "Remove a member (admins; never oneself, never the creator)",
        description:
          "Circle admins. Removes another member; their tasks in the circle are withdrawn and the plans they made there go with them. Never oneself (use leave) and never the creator (400). 403 for a member who is not an admin; 404 for a circle the caller is not in or a user who is not a member.",
      },
    })
    .input(circleMemberByUserInput)
    .output(syncParsed(messageOutput))
    .mutation(({ ctx, input }) =>
      removeMember({ deps: ctx.deps, caller: ctx.caller, input: { userId: input.userId } }),
    ),

  setMemberRoleById: memberIdAdminProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/circle-members/:memberId",
        summary:
          "Promote a member to admin (admins), or an admin back to member (the creator), named by membership id",
        description:
          "Circle admins. As PUT /api/circles/{id}/members/{userId}, the member named by their membership id: admins promote, only the creator demotes, never oneself. 404 for a membership of a circle the caller is not in.",
      },
    })
    .input(setRoleByMemberInput)
    .output(syncParsed(memberSchema))
    .mutation(({ ctx, input }) =>
      setMemberRole({
        deps: ctx.deps,
        caller: ctx.caller,
        input: { target: { memberId: input.memberId }, role: input.role },
      }),
    ),

  removeMemberById: memberIdAdminProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/circle-members/:memberId",
        summary: "Remove a member, named by membership id (admins)",
        description:
          "Circle admins. As DELETE /api/circles/{id}/members/{userId}, the member named by their membership id: never oneself, never the creator. 404 for a membership of a circle the caller is not in.",
      },
    })
    .output(syncParsed(messageOutput))
    .mutation(({ ctx, input }) =>
      removeMember({ deps: ctx.deps, caller: ctx.caller, input: { memberId: input.memberId } }),
    ),

  leave: circleMemberProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/circles/:id/leave",
        summary: "Leave a circle (any member but its creator; never a personal circle)",
        description:
          "Any member but the circle's creator, and never from a personal circle (400 for both). The caller leaves: their tasks there are withdrawn and the plans they made there go, as a removal would. 404 for a circle the caller is not in.",
      },
    })
    .output(syncParsed(messageOutput))
    .mutation(({ ctx }) => leaveCircle({ deps: ctx.deps, caller: ctx.caller, input: undefined })),

  setMyColor: circleMemberProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/api/circles/:id/my-color",
        summary: "Choose one's own colour in a circle, one of the member colours (members)",
        description:
          "Members of the circle, for themselves only. Sets the colour drawn beside the caller's name in this circle, one of the member colours (400 otherwise). 404 for a circle the caller is not in.",
      },
    })
    .input(myColorInput)
    .output(syncParsed(memberSchema))
    .mutation(({ ctx, input }) =>
      setMyColor({ deps: ctx.deps, caller: ctx.caller, input: { color: input.color } }),
    ),
});
