/**
 * The OpenAPI document describes everything it lists: an operation without a summary and a
 * description, or a field or parameter without a description, fails here, so a new procedure or
 * field cannot land undocumented; the main calls carry examples that their own schemas accept.
 * Built from the router alone: no database, no server.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { buildOpenApiDocument } from "./openapi";
import { OPERATION_EXAMPLES } from "./openapi-examples";
import { inputSchemaOf, proceduresOf } from "./rest";
import { appRouter } from "./root";

type Schema = {
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
};
type Examples = Record<string, { summary: string; value: unknown }>;
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: { name: string; description?: string; schema: Schema; examples?: Examples }[];
  requestBody?: { content: Record<string, { schema: Schema; examples?: Examples }> };
  responses: Record<string, { content?: Record<string, { schema: Schema; examples?: Examples }> }>;
}

/** The main calls (issue 22): each shows an example request and its answer. */
const WITH_EXAMPLES = [
  "auth.register",
  "auth.login",
  "circles.create",
  "invitations.create",
  "plans.create",
  "plans.createInCircle",
  "plans.list",
  "plans.respond",
  "tasks.accept",
  "tasks.decline",
  "nlp.processVoice",
];

const document = buildOpenApiDocument(appRouter, "https://circleplan.example");
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods as Record<string, Operation>).map(
    ([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as const,
  ),
);

/** Every property, at any depth (objects, array items, alternatives), lacking a description. */
function undescribed(schema: Schema | undefined, where: string): string[] {
  if (!schema || typeof schema !== "object") return [];
  const missing: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (!property.description?.trim()) missing.push(`${where}.${name}`);
    missing.push(...undescribed(property, `${where}.${name}`));
  }
  missing.push(...undescribed(schema.items, `${where}[]`));
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    missing.push(...undescribed(alternative, where));
  }
  for (const part of schema.allOf ?? []) missing.push(...undescribed(part, where));
  if (typeof schema.additionalProperties === "object") {
    missing.push(...undescribed(schema.additionalProperties, `${where}{}`));
  }
  return missing;
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 with the descriptions and examples in it", async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
  });

  it("gives every operation a summary and a description", () => {
    expect(operations.length).toBeGreaterThan(80);
    const bare = ([name, operation]: (typeof operations)[number]) => [
      !operation.summary?.trim() && `${name} summary`,
      !operation.description?.trim() && `${name} description`,
    ];
    expect(operations.flatMap(bare).filter(Boolean)).toEqual([]);
  });

  it("describes every parameter and every field of every body and answer", () => {
    const missingOf = ([name, operation]: (typeof operations)[number]) => [
      ...(operation.parameters ?? [])
        .filter((parameter) => !parameter.description?.trim())
        .map((parameter) => `${name} parameter ${parameter.name}`),
      ...Object.values(operation.requestBody?.content ?? {}).flatMap(({ schema }) =>
        undescribed(schema, `${name} body`),
      ),
      ...Object.values(operation.responses).flatMap((response) =>
        Object.values(response.content ?? {}).flatMap(({ schema }) =>
          undescribed(schema, `${name} answer`),
        ),
      ),
    ];
    expect(operations.flatMap(missingOf)).toEqual([]);
  });

  it("shows an example request and answer for each main call, each accepted by the call's own schemas", async () => {
    for (const procedure of WITH_EXAMPLES) {
      const shown = operations.filter(([, operation]) => operation.operationId === procedure);
      expect(shown.length, procedure).toBeGreaterThan(0);
      for (const [name, operation] of shown) {
        const requestExamples = [
          ...(operation.parameters ?? []).map((parameter) => parameter.examples),
          ...Object.values(operation.requestBody?.content ?? {}).map((media) => media.examples),
        ].filter(Boolean);
        const answerExamples = Object.values(operation.responses).flatMap((response) =>
          Object.values(response.content ?? {}).map((media) => media.examples),
        );
        expect(requestExamples.length, `${name} request`).toBeGreaterThan(0);
        expect(answerExamples.filter(Boolean).length, `${name} answer`).toBe(1);
      }
    }

    // What the document shows is what the door accepts and answers: the request as JSON through
    // the procedure's input parsers, the answer through its output schema, nothing dropped.
    for (const [procedure, examples] of Object.entries(OPERATION_EXAMPLES)) {
      const input = inputSchemaOf(appRouter, procedure);
      const output = proceduresOf(appRouter).find(([path]) => path === procedure)?.[1].output;
      if (!input || !(output instanceof z.ZodType)) throw new Error(`${procedure}: no schemas`);
      for (const [name, example] of Object.entries(examples)) {
        const request = await input.safeParseAsync(JSON.parse(JSON.stringify(example.request)));
        expect(request.error?.issues, `${procedure} ${name} request`).toBeUndefined();
        expect(output.parse(example.answer), `${procedure} ${name} answer`).toEqual(example.answer);
      }
    }
  });
});
