/** The OpenAPI 3.1 document of the REST door, derived from the route table and the procedures' zod inputs. */
import * as z from "zod";
import { restRoutes } from "./rest";
import { appRouter } from "./root";

const errorSchema = {
  type: "object",
  required: ["message", "code"],
  properties: {
    message: { type: "string" },
    code: { type: "string" },
    issues: {
      type: "array",
      items: {
        type: "object",
        properties: { path: { type: "string" }, message: { type: "string" } },
      },
    },
    showForgotPassword: { type: "boolean" },
  },
};

function inputSchema(procedure: string): unknown {
  const def = (
    appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>
  )[procedure]?._def;
  const input = def?.inputs[0];
  return input instanceof z.ZodType
    ? z.toJSONSchema(input, { io: "input", unrepresentable: "any" })
    : undefined;
}

export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of restRoutes) {
    const openapiPath = route.path.replace(/:(\w+)/g, "{$1}");
    const schema = inputSchema(route.procedure);
    const parameters = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    paths[openapiPath] ??= {};
    (paths[openapiPath] as Record<string, unknown>)[route.method.toLowerCase()] = {
      operationId: route.procedure,
      summary: route.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(schema && route.method !== "GET"
        ? { requestBody: { required: true, content: { "application/json": { schema } } } }
        : {}),
      responses: {
        [String(route.status ?? 200)]: {
          description: "OK",
          content: { "application/json": { schema: { type: "object" } } },
        },
        default: {
          description: "Error",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Circleplan API",
      version: "1.0.0",
      description:
        "Cookie sessions (circleplan_session; __Host-circleplan_session over https). State-changing requests must send an Origin header equal to the app's origin.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: { schemas: { Error: errorSchema } },
  };
}
