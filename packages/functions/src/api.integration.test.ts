/**
 * The Lambda entry point end to end: API Gateway v2 (payload format 2.0) events in, results out,
 * cookies carried the way API Gateway carries them (`cookies` arrays), on the embedded store.
 */
import { gunzipSync } from "node:zlib";
import { samplePhoto } from "@circleplan/core/photos/testing/sample-photos";
import { buildRegistration } from "@circleplan/db/testing/factories";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  LAMBDA_APP_URL,
  type LambdaEnvironment,
  useLambdaEnvironment,
} from "./testing/lambda-environment";
import { functionUrlEvent } from "./testing/lambda-events";

const APP_URL = LAMBDA_APP_URL;
let environment: LambdaEnvironment;
let handler: typeof import("./api").handler;
let readerIsWarm: typeof import("@circleplan/core/nlp/warm-reader").readerIsWarm;

beforeAll(async () => {
  // The handler reads its configuration from the environment, as on Lambda.
  environment = await useLambdaEnvironment("circleplan-lambda-");
  // Fresh modules, as a new container has: another file in this worker may have readied the
  // sentence reader, and whether init does is what this file checks.
  vi.resetModules();
  ({ handler } = await import("./api"));
  ({ readerIsWarm } = await import("@circleplan/core/nlp/warm-reader"));
});

afterAll(() => environment.restore());

function event(
  method: string,
  rawPath: string,
  options: { body?: unknown; cookies?: string[] } = {},
): APIGatewayProxyEventV2 {
  return functionUrlEvent(method, rawPath, { origin: APP_URL, ...options });
}

const lambdaContext = {} as Context;

async function call(e: APIGatewayProxyEventV2) {
  const result = (await handler(e as never, lambdaContext)) as {
    statusCode: number;
    body: string;
    headers: Record<string, string>;
    cookies?: string[];
    multiValueHeaders?: Record<string, string[]>;
  };
  return { ...result, json: JSON.parse(result.body || "null") as Record<string, unknown> };
}

let session: Promise<string> | undefined;

/** A session cookie for the tests that need one: one user registered and signed in a file. */
function signedIn(): Promise<string> {
  session ??= (async () => {
    const data = buildRegistration();
    const registered = await call(event("POST", "/api/auth/register", { body: data }));
    const token = registered.json.dev_verification_token as string;
    await call(event("POST", "/api/auth/verify-email", { body: { token } }));
    const login = await call(
      event("POST", "/api/auth/login", { body: { email: data.email, password: data.password } }),
    );
    return (login.cookies ?? [])[0]?.split(";")[0] as string;
  })();
  return session;
}

describe("API Lambda handler", () => {
  it("readies the sentence reader on nlp.prepare, not at init: a cold start that reads no sentence does not pay for it", async () => {
    // The handler is imported: its init has run.
    expect(readerIsWarm()).toBe(false);
    const cookie = await signedIn();
    const prepared = await call(event("POST", "/api/nlp/prepare", { cookies: [cookie] }));
    expect(prepared.statusCode).toBe(200);
    expect(prepared.json).toEqual({ ready: true });
    expect(readerIsWarm()).toBe(true);
  });

  it("registers, verifies, logs in and answers the current user through API Gateway v2 events", async () => {
    const data = buildRegistration();
    const registered = await call(event("POST", "/api/auth/register", { body: data }));
    expect(registered.statusCode).toBe(201);
    const token = registered.json.dev_verification_token as string;

    const verified = await call(event("POST", "/api/auth/verify-email", { body: { token } }));
    expect(verified.statusCode).toBe(200);

    const login = await call(
      event("POST", "/api/auth/login", { body: { email: data.email, password: data.password } }),
    );
    expect(login.statusCode).toBe(200);
    const setCookies = login.cookies ?? [];
    // https APP_URL: the cookie is __Host- prefixed and Secure outside local mode.
    const session = setCookies.find((c) => c.startsWith("__Host-circleplan_session="));
    expect(session).toBeDefined();
    expect(session).toMatch(/Secure/);
    expect(session).toMatch(/HttpOnly/);
    const cookie = (session as string).split(";")[0] as string;

    const me = await call(event("GET", "/api/auth/user", { cookies: [cookie] }));
    expect(me.statusCode).toBe(200);
    expect(me.json).toMatchObject({
      email: data.email,
      firstName: data.firstName,
      emailVerified: true,
    });

    const anonymous = await call(event("GET", "/api/auth/user"));
    expect(anonymous.statusCode).toBe(401);
  });

  it("takes a photo as multipart and answers it as binary (base64 in the result)", async () => {
    const cookie = await signedIn();

    const form = new FormData();
    form.append("photo", new File([await samplePhoto()], "me.jpg", { type: "image/jpeg" }));
    // API Gateway hands a binary body over base64-encoded, with the browser's content type.
    const encoded = new Response(form);
    const upload = functionUrlEvent("POST", "/api/user/photo", {
      origin: APP_URL,
      cookies: [cookie],
      rawBody: {
        contentType: encoded.headers.get("content-type") as string,
        base64: Buffer.from(await encoded.arrayBuffer()).toString("base64"),
      },
    });
    const set = await call(upload);
    expect(set.statusCode).toBe(200);
    const photoUrl = set.json.photoUrl as string;

    const image = (await handler(
      event("GET", photoUrl, { cookies: [cookie] }) as never,
      lambdaContext,
    )) as {
      statusCode: number;
      body: string;
      isBase64Encoded: boolean;
      headers: Record<string, string>;
    };
    expect(image.statusCode).toBe(200);
    expect(image.isBase64Encoded).toBe(true);
    expect(image.headers["content-type"]).toBe("image/webp");
    const bytes = Buffer.from(image.body, "base64");
    expect(bytes.subarray(0, 4).toString()).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString()).toBe("WEBP");
  });

  it("answers a large JSON answer gzipped and base64-encoded to a browser that accepts gzip", async () => {
    const e = event("GET", "/api/openapi.json");
    e.headers["accept-encoding"] = "gzip, deflate, br, zstd";
    const answer = (await handler(e as never, lambdaContext)) as {
      statusCode: number;
      body: string;
      isBase64Encoded: boolean;
      headers: Record<string, string>;
    };
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.isBase64Encoded).toBe(true);
    const document = JSON.parse(gunzipSync(Buffer.from(answer.body, "base64")).toString("utf8"));
    expect(document.openapi).toMatch(/^3\./);
  });

  it("refuses a state-changing event from another origin", async () => {
    const e = event("POST", "/api/auth/logout", { body: {} });
    e.headers.origin = "https://evil.example";
    expect((await call(e)).statusCode).toBe(403);
  });
});
