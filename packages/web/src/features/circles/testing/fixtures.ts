/** Answers of the circle procedures, as component tests hand them to renderWithTrpc. */
import type { PublicUser } from "@circleplan/shared/auth-outputs";
import type {
  Circle,
  CreatedInvitation,
  Invitation,
  Member,
} from "@circleplan/shared/circle-outputs";

const created = new Date("2026-11-01T10:00:00Z");

export function userFixture(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 1,
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    username: "ada",
    gender: "female",
    country: "GB",
    city: "London",
    phoneNumber: "+44 2071234567",
    photoUrl: null,
    timeZone: "Europe/London",
    timeFormat: null, // not chosen, as a new account
    weekStart: "sunday",
    emailVerified: true,
    pendingEmail: null,
    createdAt: created,
    ...overrides,
  };
}

export function circleFixture(overrides: Partial<Circle> = {}): Circle {
  return {
    id: 7,
    name: "The Lovelaces",
    description: null,
    type: "custom",
    color: "#8B5CF6",
    photo: null,
    photoUrl: null,
    thumbnailUrl: null,
    creatorId: 1,
    memberCount: 3,
    role: "admin",
    isCreator: true,
    createdAt: created,
    ...overrides,
  };
}

export function memberFixture(
  user: { id: number; firstName: string; lastName: string },
  overrides: Partial<Member> = {},
): Member {
  return {
    id: user.id * 10,
    userId: user.id,
    circleId: 7,
    role: "member",
    relationship: null,
    isCreator: false,
    joinedAt: created,
    color: "#3B82F6",
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: `${user.firstName.toLowerCase()}@example.com`,
      username: user.firstName.toLowerCase(),
      photoUrl: null,
    },
    ...overrides,
  };
}

export function invitationFixture(overrides: Partial<Invitation> = {}): Invitation {
  const expiresAt = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000 - 60_000);
  return {
    id: 50,
    circleId: 7,
    circleName: "The Lovelaces",
    circleColor: "#8B5CF6",
    email: "bea@example.com",
    status: "pending",
    relationship: null,
    message: null,
    inviterName: "Ada Lovelace",
    createdAt: created,
    expiresAt,
    created_at: created,
    expires_at: expiresAt,
    ...overrides,
  };
}

export function createdInvitationFixture(
  overrides: Partial<CreatedInvitation> = {},
): CreatedInvitation {
  return {
    ...invitationFixture(),
    inviteToken: "tok-abcdefghijklmnopqrstuvwxyz",
    inviteUrl: "http://localhost:3000/invitations/tok-abcdefghijklmnopqrstuvwxyz",
    ...overrides,
  };
}
