/**
 * Accounts for HTTP tests: the user and session inserted directly (factories.ts), and a client
 * holding the session cookie, for door tests that need someone signed in. Tests whose subject is
 * signing in post to the login door themselves.
 */
import {
  createSignedInUser,
  type SignedInFactoryUser,
  type UserOverrides,
} from "@circleplan/db/testing/factories";
import type { TestClient, TestServer } from "./test-server";

export async function signedInClient(
  server: TestServer,
  options: { ip?: string; user?: UserOverrides } = {},
): Promise<SignedInFactoryUser & { client: TestClient }> {
  const account = await createSignedInUser(server.deps, options.user);
  const client = server.client(options.ip ? { ip: options.ip } : {}).setCookie(account.cookie);
  return { ...account, client };
}
