/** Accounts for HTTP tests: registered, verified and signed in through the doors themselves. */
import { buildRegistration, type RegistrationData } from "@circleplan/db/testing/factories";
import { expect } from "vitest";
import type { TestClient, TestServer } from "./test-server";

export async function registerAndVerify(
  client: TestClient,
  overrides: Partial<RegistrationData> = {},
): Promise<RegistrationData> {
  const data = buildRegistration(overrides);
  const registered = await client.post("/api/auth/register", data);
  expect(registered.status).toBe(201);
  const verified = await client.post("/api/auth/verify-email", {
    token: registered.body.dev_verification_token,
  });
  expect(verified.status).toBe(200);
  return data;
}

export async function signIn(client: TestClient, data: { email: string; password: string }) {
  const login = await client.post("/api/auth/login", {
    email: data.email,
    password: data.password,
  });
  expect(login.status).toBe(200);
  return login.body as { id: number; email: string };
}

export async function signedIn(
  server: TestServer,
  options: { ip?: string; overrides?: Partial<RegistrationData> } = {},
) {
  const client = server.client(options.ip ? { ip: options.ip } : {});
  const data = await registerAndVerify(client, options.overrides);
  const user = await signIn(client, data);
  return { client, data, user };
}
