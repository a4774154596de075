/**
 * What the fuzzer aims at, read from the app itself: the tRPC router, and the REST route table as
 * the app publishes it in its OpenAPI document (derived from that table, with each route's
 * procedure as `operationId`). A route or procedure added later is fuzzed without being listed.
 */
import * as z from "zod";
import { appRouter } from "../../root";

/** An input field the procedure's zod schema names, with the values it enumerates, if any. */
export interface InputField {
  key: string;
  /** `enum` values of the JSON schema ("male", "female"): they get a request past validation. */
  choices: string[];
}

export interface ProcedureTarget {
  /** "auth.login" */
  path: string;
  type: "query" | "mutation" | "subscription";
  fields: InputField[];
}

export interface RestTarget {
  method: string;
  /** Hono syntax: "/api/circles/:id" */
  path: string;
  /** The `:param` names, in order. */
  params: string[];
  procedure: string;
  fields: InputField[];
}

interface ProcedureDef {
  type: ProcedureTarget["type"];
  inputs: unknown[];
}

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;

/** The top-level object fields of a zod input, or none when the input is not an object. */
function fieldsOf(input: unknown): InputField[] {
  if (!(input instanceof z.ZodType)) return [];
  let schema: Record<string, unknown>;
  try {
    schema = z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as typeof schema;
  } catch {
    // A schema JSON Schema cannot express is still fuzzed, with generated keys only.
    return [];
  }
  const properties = (schema.properties ?? {}) as Record<string, { enum?: unknown[] }>;
  return Object.entries(properties).map(([key, property]) => ({
    key,
    choices: (property.enum ?? []).filter((value): value is string => typeof value === "string"),
  }));
}

export function procedureTargets(): ProcedureTarget[] {
  return Object.entries(procedures).map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
    fields: fieldsOf(procedure._def.inputs[0]),
  }));
}

const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete"]);

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

/** Every REST route the app serves, from its own `/api/openapi.json`. */
export async function restTargets(baseUrl: string): Promise<RestTarget[]> {
  const response = await fetch(`${baseUrl}/api/openapi.json`);
  const document = (await response.json()) as OpenApiDocument;
  return Object.entries(document.paths).flatMap(([openApiPath, operations]) =>
    Object.entries(operations)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => {
        const procedure = operation.operationId ?? "";
        return {
          method: method.toUpperCase(),
          path: openApiPath.replace(/\{(\w+)\}/g, ":$1"),
          params: [...openApiPath.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ""),
          procedure,
          fields: fieldsOf(procedures[procedure]?._def.inputs[0]),
        };
      }),
  );
}
