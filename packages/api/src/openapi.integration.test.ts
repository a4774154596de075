/**
 * The OpenAPI document: valid by a kept validator, and derived in full from the procedures; and
 * its reference page, /api/docs. That it is valid and describes every operation and field is a
 * unit test (openapi.test.ts): the document needs no database.
 */
import { describe, expect, it } from "vitest";
import { restRoutes } from "./root";
import { contentSecurityPolicy } from "./security-headers";
import { useTestServer } from "./testing/test-server";

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const server = useTestServer();
const documentOf = async () => (await server().client().get<Document>("/api/openapi.json")).body;

describe("GET /api/openapi.json", () => {
  it("describes every REST path with its parameters, body, answer and errors", async () => {
    const document = await documentOf();
    expect(restRoutes.length).toBeGreaterThanOrEqual(14);
    for (const route of restRoutes) {
      const path = route.path.replace(/:(\w+)/g, "{$1}");
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation?.operationId).toBe(route.procedure);
      const success = operation?.responses[String(route.status ?? 200)];
      expect(success?.content?.["application/json"]?.schema).toBeDefined();
      for (const status of ["400", "401", "403", "404", "429"]) {
        expect(operation?.responses[status], `${route.path} ${status}`).toBeDefined();
      }
    }
  });

  it("takes bodies, path parameters and answers from the procedures' schemas", async () => {
    const { paths } = await documentOf();
    const register = paths["/api/auth/register"]?.post;
    const props = register?.requestBody?.content["application/json"]?.schema.properties ?? {};
    expect(Object.keys(props).sort()).toEqual(
      [
        "city",
        "country",
        "email",
        "firstName",
        "gender",
        "lastName",
        "password",
        "phoneNumber",
        "returnTo",
        "timeFormat",
        "timeZone",
        "weekStart",
      ].sort(),
    );
    const user = register?.responses["201"]?.content?.["application/json"]?.schema as {
      properties: {
        user: {
          properties: Record<string, { type?: unknown; format?: string; description?: string }>;
        };
      };
    };
    expect(user.properties.user.properties.timeFormat?.description).toMatch(/null: not chosen/);
    expect(user.properties.user.properties.createdAt).toMatchObject({
      type: "string",
      format: "date-time",
    });
    expect(Object.keys(user.properties.user.properties)).not.toContain("passwordHash");

    const endSession = paths["/api/user/sessions/{id}"]?.delete;
    expect(endSession?.parameters).toEqual([
      expect.objectContaining({ name: "id", in: "path", required: true }),
    ]);
    expect(endSession?.requestBody).toBeUndefined();
  });
});

describe("GET /api/docs", () => {
  it("answers the reference page under the app's own CSP, its scripts and the document from our origin", async () => {
    const client = server().client();
    const page = await client.get<string>("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    // The app's policy unchanged: no inline script, no other origin (no CDN, no fonts host).
    expect(page.headers.get("content-security-policy")).toBe(contentSecurityPolicy());
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const sources = [...page.body.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(["/api/docs/scalar.js", "/api/docs/start.js"]);

    const [bundle, start] = await Promise.all(sources.map((src) => client.get<string>(`${src}`)));
    for (const script of [bundle, start]) {
      expect(script?.status).toBe(200);
      expect(script?.headers.get("content-type")).toMatch(/^text\/javascript/);
    }
    expect(bundle?.body).toContain("createApiReference");
    // Scalar's bundle mounts a second reference, with its defaults (web fonts, its AI agent's
    // catalogue: requests the CSP blocks), on any element with id "api-reference".
    expect(page.body).not.toMatch(/id="api-reference"/);
    expect(page.body).toContain('<div id="circleplan-api-reference"></div>');
    expect(start?.body).toMatch(/^Scalar\.createApiReference\("#circleplan-api-reference"/);

    // Nothing to leave our origin, in the option names Scalar 1.46.2 reads.
    const configuration = JSON.parse(start?.body.match(/\{.*\}/s)?.[0] ?? "{}");
    expect(configuration).toMatchObject({
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      showDeveloperTools: "never",
    });
    expect(configuration).not.toHaveProperty("proxyUrl");
    expect(configuration.url).toBe("/api/openapi.json");
    const document = await client.get<Document>(configuration.url);
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe("3.1.0");
  });
});
