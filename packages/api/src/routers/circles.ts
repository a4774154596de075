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
    .meta({ rest: { method: "GET", path: "/api/circles", summary: "The caller's circles" } })
    .output(syncParsed(circleListOutput))
    .query(({ ctx }) => listCircles({ deps: ctx.deps, caller: ctx.caller, input: undefined })),

  get: circleMemberProcedure
    .meta({
      rest: { method: "GET", path: "/api/circles/:id", summary: "One circle (members only)" },
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
          "Signed in. Creates a circle of which the caller is creator and admin and answers 201 with it. A photo rides along as a data URL (`photo`) or as the key of a direct upload (`photoUploadKey`).",
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
          body: "photo-json",
        },
        {
          method: "PATCH",
          path: "/api/circles/:id",
          summary: "Rename or change the photo, colour or description (admins)",
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
      },
    })
    .input(myColorInput)
    .output(syncParsed(memberSchema))
    .mutation(({ ctx, input }) =>
      setMyColor({ deps: ctx.deps, caller: ctx.caller, input: { color: input.color } }),
    ),
});
