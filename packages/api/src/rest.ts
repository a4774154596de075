/**
 * The REST door: the documented paths, each served by the procedure that declares it in its
 * `.meta({ rest })`, through a server-side caller. The route table is derived from the router,
 * so a procedure and its path cannot drift apart; adding a REST path is one `meta` line.
 *
 * Path and query values arrive as strings. The door coerces them per route from the
 * procedure's own input schema (numbers, booleans, repeated keys as arrays), so the schemas
 * stay strict for the typed client and a REST client still gets `/api/circles/7` as `{ id: 7 }`.
 */
import type { Logger } from "@circleplan/core/log";
import { messages } from "@circleplan/shared/messages";
import type { AnyRouter } from "@trpc/server";
import type { Hono, Context as HonoContext } from "hono";
import type { RequestIdVariables } from "hono/request-id";
import * as z from "zod";
import type { Context } from "./context";
import { describeError, errorBody } from "./errors";
import { createCallerFactory, type RestRoute } from "./trpc";

export interface DerivedRoute extends RestRoute {
  /** "auth.login": the procedure that serves it */
  procedure: string;
}

interface ProcedureDef {
  type: "query" | "mutation" | "subscription";
  meta?: { rest?: RestRoute | RestRoute[] };
  inputs: unknown[];
  output?: unknown;
}

/** The procedures of a router, by dotted path, with their definitions. */
export function proceduresOf(router: AnyRouter): [string, ProcedureDef][] {
  return Object.entries(router._def.procedures as Record<string, { _def: ProcedureDef }>).map(
    ([path, procedure]) => [path, procedure._def],
  );
}

/** Every REST route the router's procedures declare, in declaration order. */
export function deriveRoutes(router: AnyRouter): DerivedRoute[] {
  const routes: DerivedRoute[] = [];
  const seen = new Set<string>();
  for (const [procedure, def] of proceduresOf(router)) {
    const declared = def.meta?.rest;
    for (const route of Array.isArray(declared) ? declared : declared ? [declared] : []) {
      const key = `${route.method} ${route.path}`;
      // Two procedures claiming one path is a programming error: fail at start-up.
      if (seen.has(key)) throw new Error(`REST route ${key} is declared twice`);
      seen.add(key);
      routes.push({ ...route, procedure });
    }
  }
  return routes;
}

/** The zod input schema of a procedure, if it has one. */
export function inputSchemaOf(router: AnyRouter, procedure: string): z.ZodType | undefined {
  const def = proceduresOf(router).find(([path]) => path === procedure)?.[1];
  // A procedure built on circleMemberProcedure has two parsers: the base's `{id}`, then its own
  // (`{id, invitationId}`); path values of both need coercing, and OpenAPI documents both.
  const objects = (def?.inputs ?? []).filter((i): i is z.ZodObject => i instanceof z.ZodObject);
  if (objects.length > 1) return objects.reduce((merged, next) => merged.extend(next.shape));
  const input = def?.inputs[0];
  return input instanceof z.ZodType ? input : undefined;
}

type Coerce = (values: string[]) => unknown;

/** How to turn a path or query string into what the input schema's property expects. */
function coercerFor(property: Record<string, unknown> | undefined): Coerce {
  const type = property?.type;
  const one = (value: string, kind: unknown): unknown => {
    if ((kind === "integer" || kind === "number") && /^-?\d+(\.\d+)?$/.test(value)) {
      return Number(value);
    }
    if (kind === "boolean" && (value === "true" || value === "false")) return value === "true";
    return value;
  };
  if (type === "array") {
    const items = (property?.items as Record<string, unknown> | undefined)?.type;
    return (values) => values.map((value) => one(value, items));
  }
  return (values) => one(values.at(-1) ?? "", type);
}

function coercersFor(schema: z.ZodType | undefined): (name: string) => Coerce {
  const json = schema
    ? (z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
        properties?: Record<string, Record<string, unknown>>;
      })
    : {};
  const byName = new Map(
    Object.entries(json.properties ?? {}).map(([name, property]) => [name, coercerFor(property)]),
  );
  return (name) => byName.get(name) ?? coercerFor(undefined);
}

class MalformedBody extends Error {}

async function readInput(
  c: HonoContext,
  route: DerivedRoute,
  coerce: (name: string) => Coerce,
): Promise<unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(c.req.param() as Record<string, string>)) {
    params[name] = coerce(name)([value]);
  }
  if (route.method === "GET" || route.method === "DELETE") {
    const query: Record<string, unknown> = {};
    for (const [name, values] of Object.entries(c.req.queries())) {
      query[name] = coerce(name)(values);
    }
    const merged = { ...query, ...params };
    return Object.keys(merged).length ? merged : undefined;
  }
  if (route.body === "multipart" && c.req.header("content-type")?.startsWith("multipart/")) {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new MalformedBody(messages.malformedMultipart);
    }
    const fields: Record<string, unknown> = {};
    for (const name of new Set(form.keys())) {
      const values = form.getAll(name);
      fields[name] = values.length > 1 ? values : values[0];
    }
    return { ...fields, ...params };
  }
  const text = await c.req.text();
  if (!text.trim()) return Object.keys(params).length ? params : undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new MalformedBody(messages.malformedJson);
  }
  return body && typeof body === "object" && !Array.isArray(body) ? { ...body, ...params } : body;
}

type ProcedureFn = (input: unknown) => Promise<unknown>;

function procedureOn(caller: unknown, path: string): ProcedureFn {
  return path
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as ProcedureFn;
}

export function mountRest(
  app: Hono<{ Variables: RequestIdVariables }>,
  options: {
    router: AnyRouter;
    buildContext: (c: HonoContext, resHeaders: Headers) => Promise<Context>;
    log: Logger;
  },
): void {
  const { router, buildContext, log } = options;
  const createCaller = createCallerFactory(router as Parameters<typeof createCallerFactory>[0]);
  for (const route of deriveRoutes(router)) {
    const coerce = coercersFor(inputSchemaOf(router, route.procedure));
    app.on(route.method, route.path, async (c) => {
      const resHeaders = new Headers();
      const respond = (status: number, body: unknown) => {
        const response = c.json(body as object, status as 200);
        resHeaders.forEach((value, key) => {
          if (key === "set-cookie") return;
          response.headers.set(key, value);
        });
        for (const cookie of resHeaders.getSetCookie()) {
          response.headers.append("set-cookie", cookie);
        }
        return response;
      };
      try {
        const input = await readInput(c, route, coerce);
        const ctx = await buildContext(c, resHeaders);
        const result = await procedureOn(createCaller(ctx), route.procedure)(input);
        return respond(route.status ?? 200, result ?? { ok: true });
      } catch (error) {
        if (error instanceof MalformedBody) {
          return respond(400, errorBody(error.message, "BAD_REQUEST"));
        }
        const { status, body, retryAfter } = describeError(error);
        if (status >= 500) {
          log.error("request.failed", error, {
            requestId: c.get("requestId"),
            procedure: route.procedure,
          });
        }
        if (retryAfter) resHeaders.set("retry-after", String(retryAfter));
        return respond(status, body);
      }
    });
  }
}
