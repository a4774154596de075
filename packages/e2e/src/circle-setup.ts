/**
 * Circles, invitations and plans set up through the REST door, for browser tests whose subject
 * is a screen further on: quicker than the dialogs, and a failed step names the call that
 * failed. Each `api` is a client from the suite (`suite.apiAs`), which sends the app's own Origin.
 */
import type { APIRequestContext } from "playwright-core";
import { createVerifiedUser, type TestUser } from "./test-users";

export interface ApiCircle {
  id: number;
  name: string;
}

export interface ApiInvitation {
  id: number;
  inviteToken: string;
}

export interface ApiPlan {
  id: number;
}

async function postJson<T>(api: APIRequestContext, path: string, data: unknown): Promise<T> {
  const answer = await api.post(path, { data });
  if (!answer.ok()) throw new Error(`${path} answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** The id of the account `api` is signed in as. */
export async function userIdOf(api: APIRequestContext): Promise<number> {
  const answer = await api.get("/api/auth/user");
  if (!answer.ok()) throw new Error(`/api/auth/user answered ${answer.status()}`);
  return ((await answer.json()) as { id: number }).id;
}

export function createCircle(
  api: APIRequestContext,
  data: { name: string; type: "family" | "work" | "custom" },
): Promise<ApiCircle> {
  return postJson<ApiCircle>(api, "/api/circles", data);
}

export function invite(
  admin: APIRequestContext,
  circle: ApiCircle,
  data: { email: string; relationship?: string; message?: string },
): Promise<ApiInvitation> {
  return postJson<ApiInvitation>(admin, `/api/circles/${circle.id}/invitations`, data);
}

export async function acceptInvitation(
  invitee: APIRequestContext,
  invitation: ApiInvitation,
): Promise<void> {
  await postJson(invitee, `/api/invitations/${invitation.id}/accept`, {});
}

/** `member` joins `circle`: invited by its admin, then accepting with their own client. */
export async function joinCircle(
  admin: APIRequestContext,
  circle: ApiCircle,
  member: { email: string },
  memberApi: APIRequestContext,
): Promise<void> {
  const invitation = await invite(admin, circle, { email: member.email });
  await acceptInvitation(memberApi, invitation);
}

/**
 * A plan in `circle`, as the plan form's fields would send it (`startTime` an ISO instant). Without `reminderTimes` it has none, not the defaults: a
 * default reminder falling due while a test runs would open the reminder popup over the page
 * (reminders.e2e.test.ts asks for reminders by name).
 */
export function createPlan(
  api: APIRequestContext,
  circle: ApiCircle,
  data: Record<string, unknown>,
): Promise<ApiPlan> {
  return postJson<ApiPlan>(api, `/api/circles/${circle.id}/events`, {
    reminderTimes: [],
    ...data,
  });
}

/**
 * Ada and Bea, both living in UTC, members of Ada's family circle "The Lovelaces", each with a
 * REST client: two members' own browsers start here.
 */
export async function adaAndBeaInACircle(apiAs: (user: TestUser) => Promise<APIRequestContext>) {
  const person = (firstName: string, lastName: string) =>
    createVerifiedUser({ firstName, lastName, timeZone: "UTC" });
  const [ada, bea] = await Promise.all([person("Ada", "Lovelace"), person("Bea", "Byron")]);
  const [adaApi, beaApi] = await Promise.all([apiAs(ada), apiAs(bea)]);
  const circle = await createCircle(adaApi, { name: "The Lovelaces", type: "family" });
  await joinCircle(adaApi, circle, bea, beaApi);
  return { ada, bea, adaApi, beaApi, circle };
}
