/**
 * The OpenAPI 3.1 document of the REST door, derived from the same procedures the door serves:
 * each route's parameters and body from the procedure's input schema, its answer from the
 * output schema, and the error answers of api-conventions.md. Nothing here is listed by hand:
 * an operation's summary and description are its procedure's `meta.rest`, a field's description
 * and a call's examples are the zod schema's `.describe()` / `.meta({ description, examples })`
 * in packages/shared (openapi.test.ts fails for anything undescribed; docs/decisions/007).
 */
import type { AnyRouter } from "@trpc/server";
import * as z from "zod";
import { calendarFeedOpenApiPath } from "./calendar-feed-route";
import { OPERATION_EXAMPLES, type OperationExample } from "./openapi-examples";
import { type DerivedRoute, deriveRoutes, inputSchemaOf, proceduresOf } from "./rest";

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** Instants travel as ISO 8601 strings in REST (api-conventions.md, Transport). */
function toJson(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: (ctx) => {
      if ((ctx.zodSchema as { _zod: { def: { type: string } } })._zod.def.type === "date") {
        ctx.jsonSchema.type = "string";
        ctx.jsonSchema.format = "date-time";
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

const ERROR_SCHEMA = {
  type: "object",
  required: ["message", "code"],
  properties: {
    message: { type: "string", description: "The product's own text" },
    code: { type: "string", description: "A stable machine-readable code" },
    issues: {
      type: "array",
      description: "Validation failures, one per field",
      items: {
        type: "object",
        required: ["path", "message"],
        properties: {
          path: { type: "string", description: "The field, dotted (`recurrenceEndDate`)" },
          message: { type: "string", description: "What is wrong with it, in the product's words" },
        },
      },
    },
    showForgotPassword: { type: "boolean", description: "Login only" },
  },
};

/** api-conventions.md, Errors: what any route may answer besides success. */
const ERROR_ANSWERS: Record<string, string> = {
  "400": "Bad input or a broken business rule",
  "401": "Not signed in",
  "403": "The role does not allow it, or the Origin is not the app's own",
  "404": "Does not exist, or the caller may not see it",
  "409": "A conflict (already accepted, already registered)",
  "413": "Body too large",
  "415": "Body of the wrong type",
  "429": "Rate limited; see Retry-After",
};

/**
 * OpenAPI's `examples` (a map by name) of a route's examples (openapi-examples.ts), each value
 * as the REST door writes it (instants as ISO strings); none when no example has a value there.
 */
function openApiExamples(
  examples: [string, OperationExample][],
  part: (example: OperationExample) => unknown,
) {
  const named = examples.flatMap(([name, example]) => {
    const value = part(example);
    if (value === undefined) return [];
    return [[name, { summary: example.summary, value: JSON.parse(JSON.stringify(value)) }]];
  });
  return named.length ? { examples: Object.fromEntries(named) } : {};
}

function operation(router: AnyRouter, route: DerivedRoute) {
  const examples = Object.entries(OPERATION_EXAMPLES[route.procedure] ?? {});
  const requestValue = (example: OperationExample, name: string) =>
    (example.request as Record<string, unknown> | undefined)?.[name];
  const input = inputSchemaOf(router, route.procedure);
  const inputJson = input ? toJson(input, "input") : undefined;
  const pathNames = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const properties = inputJson?.properties ?? {};
  const required = new Set(inputJson?.required ?? []);
  const parameter = (name: string, where: "path" | "query") => ({
    name,
    in: where,
    // The field's own description (its zod `.describe`/`.meta`), where tools show a parameter's.
    description: properties[name]?.description,
    required: where === "path" || required.has(name),
    schema: properties[name] ?? { type: "string" },
    ...openApiExamples(examples, (example) => requestValue(example, name)),
  });
  const parameters = pathNames.map((name) => parameter(name, "path"));
  let requestBody: unknown;
  if (route.method === "GET" || route.method === "DELETE") {
    for (const name of Object.keys(properties)) {
      if (!pathNames.includes(name)) parameters.push(parameter(name, "query"));
    }
  } else if (inputJson) {
    const bodyProperties = Object.fromEntries(
      Object.entries(properties).filter(([name]) => !pathNames.includes(name)),
    );
    const bodyRequired = [...required].filter((name) => !pathNames.includes(name));
    const schema = {
      ...inputJson,
      properties: bodyProperties,
      ...(bodyRequired.length ? { required: bodyRequired } : {}),
    };
    if (!bodyRequired.length) delete schema.required;
    const body = (example: OperationExample) =>
      Object.fromEntries(
        Object.entries(example.request as Record<string, unknown>).filter(
          ([name]) => !pathNames.includes(name),
        ),
      );
    requestBody = {
      required: bodyRequired.length > 0,
      content: {
        [route.body === "multipart" ? "multipart/form-data" : "application/json"]: {
          schema,
          ...openApiExamples(examples, body),
        },
      },
    };
  }
  const output = proceduresOf(router).find(([path]) => path === route.procedure)?.[1].output;
  const success = output instanceof z.ZodType ? toJson(output, "output") : { type: "object" };
  return {
    operationId: route.procedure,
    summary: route.summary,
    description: route.description,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(route.status ?? 200)]: {
        description: "Success",
        content: {
          "application/json": { schema: success, ...openApiExamples(examples, (e) => e.answer) },
        },
      },
      ...Object.fromEntries(
        Object.entries(ERROR_ANSWERS).map(([status, description]) => [
          status,
          {
            description,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
        ]),
      ),
    },
  };
}

export function buildOpenApiDocument(router: AnyRouter, serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of deriveRoutes(router)) {
    const openapiPath = route.path.replace(/:(\w+)/g, "{$1}");
    paths[openapiPath] ??= {};
    (paths[openapiPath] as Record<string, unknown>)[route.method.toLowerCase()] = operation(
      router,
      route,
    );
  }
  Object.assign(paths, calendarFeedOpenApiPath);
  return {
    openapi: "3.1.0",
    info: {
      title: "Circleplan API",
      version: "1.0.0",
      description:
        "Cookie sessions (circleplan_session; __Host-circleplan_session over https). State-changing requests must send an Origin header equal to the app's origin. JSON bodies up to 64 KB.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "circleplan_session" },
      },
    },
  };
}
