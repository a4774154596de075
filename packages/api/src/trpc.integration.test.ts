/** The tRPC door over real HTTP with the typed client the web app uses: same procedures, same rules. */
import { buildRegistration } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import superjson, { type SuperJSONResult } from "superjson";
import { describe, expect, it } from "vitest";
import type { AppRouter } from "./root";
import { useTestServer } from "./testing/test-server";

const testServer = useTestServer();

/** A typed client with a cookie jar and the app's Origin, as a browser on the app would be. */
function trpcClient() {
  const jar = new Map<string, string>();
  const client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${testServer().url}/api/trpc`,
        transformer: superjson,
        headers: () => ({
          origin: testServer().url,
          ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        }),
        fetch: async (url, init) => {
          const response = await fetch(url, init);
          for (const cookie of response.headers.getSetCookie()) {
            const [pair = ""] = cookie.split(";");
            const [name = "", value = ""] = pair.split("=");
            if (value) jar.set(name, value);
            else jar.delete(name);
          }
          return response;
        },
      }),
    ],
  });
  return { client, jar };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCClientError) return error as TRPCClientError<AppRouter>;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("tRPC door", () => {
  it("registers, verifies, logs in and reads the current user with Dates intact", async () => {
    const { client } = trpcClient();
    const data = buildRegistration();
    const registered = await client.auth.register.mutate(data);
    expect(registered.user.createdAt).toBeInstanceOf(Date);
    await client.auth.verifyEmail.mutate({ token: registered.dev_verification_token as string });
    const user = await client.auth.login.mutate({ email: data.email, password: data.password });
    expect(user.email).toBe(data.email);
    const me = await client.auth.user.query();
    expect(me).toMatchObject({ id: user.id, emailVerified: true });
    expect(me.createdAt).toBeInstanceOf(Date);
    await client.auth.logout.mutate();
    const signedOut = await failure(client.auth.user.query());
    expect(signedOut.data?.httpStatus).toBe(401);
  });

  it("carries the product's message, code, issues and flags in error data", async () => {
    const { client } = trpcClient();
    const invalid = await failure(
      client.auth.register.mutate({ ...buildRegistration(), password: "short" }),
    );
    expect(invalid.message).toBe(messages.passwordTooShort);
    expect(invalid.data).toMatchObject({ code: "VALIDATION_FAILED", httpStatus: 400 });
    expect(invalid.data?.issues).toContainEqual({
      path: "password",
      message: messages.passwordTooShort,
    });

    const login = await failure(
      client.auth.login.mutate({ email: "ghost@example.com", password: "Whatever#123" }),
    );
    expect(login.message).toBe(messages.invalidCredentials);
    expect(login.data).toMatchObject({
      code: "UNAUTHORIZED",
      httpStatus: 401,
      showForgotPassword: true,
    });
    expect(JSON.stringify(login.data)).not.toContain("stack");

    const data = buildRegistration();
    await client.auth.register.mutate(data);
    const unverified = await failure(
      client.auth.login.mutate({ email: data.email, password: data.password }),
    );
    expect(unverified.data).toMatchObject({ code: "EMAIL_NOT_VERIFIED", httpStatus: 403 });
    const conflict = await failure(client.auth.register.mutate(data));
    expect(conflict.data).toMatchObject({ code: "CONFLICT", httpStatus: 409 });
  });

  it("answers with the HTTP status of the error", async () => {
    const res = await fetch(`${testServer().url}/api/trpc/auth.user`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as {
      error: { json: { message: string; data: { code: string } } };
    };
    expect(body.error.json.message).toBe(messages.notSignedIn);
    expect(body.error.json.data.code).toBe("UNAUTHORIZED");
  });

  it("answers plans with their Dates through the typed client, one call and a batch alike", async () => {
    const { client, jar } = trpcClient();
    const data = buildRegistration();
    const registered = await client.auth.register.mutate(data);
    await client.auth.verifyEmail.mutate({ token: registered.dev_verification_token as string });
    await client.auth.login.mutate({ email: data.email, password: data.password });
    const [personal] = await client.circles.list.query();
    const startTime = new Date("2027-03-28T00:30:00.000Z");
    const created = await client.plans.create.mutate({
      circleId: personal?.id as number,
      title: "Piano lesson",
      startTime,
      endTime: new Date("2027-03-28T01:30:00.000Z"),
      recurrenceType: "weekly",
      recurrenceFrequency: 1,
      recurrenceDaysOfWeek: ["sunday"],
    });
    expect(created.startTime).toStrictEqual(startTime);

    const [list, month] = await Promise.all([
      client.plans.list.query({ from: "2027-03-20", to: "2027-04-10" }),
      client.plans.calendarMonth.query({ month: "2027-03" }),
    ]);
    expect(list.map((plan) => plan.startTime.toISOString())).toEqual([
      "2027-03-28T00:30:00.000Z",
      "2027-04-04T00:30:00.000Z",
    ]);
    for (const plan of [...list, ...month]) {
      expect(plan.originalStartTime).toBeInstanceOf(Date);
      expect(plan.createdAt).toBeInstanceOf(Date);
      expect(plan.completedAt).toBeNull();
    }
    expect(JSON.parse(JSON.stringify(month))).toEqual(
      JSON.parse(JSON.stringify(list.filter((plan) => plan.date.startsWith("2027-03")))),
    );

    // A batch as the web app's httpBatchLink sends it: each answer decodes to the same plans.
    const input = {
      0: { json: { from: "2027-03-20", to: "2027-04-10" } },
      1: { json: { month: "2027-03" } },
    };
    const response = await fetch(
      `${testServer().url}/api/trpc/plans.list,plans.calendarMonth?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
      { headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } },
    );
    expect(response.status).toBe(200);
    const answers = (await response.json()) as { result: { data: SuperJSONResult } }[];
    expect(answers.map((answer) => superjson.deserialize(answer.result.data))).toStrictEqual([
      list,
      month,
    ]);
  });
});
