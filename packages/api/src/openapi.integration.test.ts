import { describe, expect, it } from "vitest";
import { restRoutes } from "./rest";
import { startTestServer } from "./testing/test-server";

describe("GET /api/openapi.json", () => {
  it("documents every REST path with its method and request schema", async () => {
    const server = await startTestServer();
    try {
      const res = await server.client().get<{
        openapi: string;
        paths: Record<
          string,
          Record<
            string,
            {
              requestBody?: {
                content: Record<string, { schema: { properties: Record<string, unknown> } }>;
              };
            }
          >
        >;
      }>("/api/openapi.json");
      expect(res.status).toBe(200);
      expect(res.body.openapi).toBe("3.1.0");
      for (const route of restRoutes) {
        const documented = route.path.replace(/:(\w+)/g, "{$1}");
        expect(res.body.paths[documented]?.[route.method.toLowerCase()]).toBeDefined();
      }
      const register = res.body.paths["/api/auth/register"]?.post;
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
        ].sort(),
      );
    } finally {
      await server.close();
    }
  });
});
