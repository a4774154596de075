/**
 * The OpenAPI document describes everything it lists: an operation without a summary and a
 * description, or a field or parameter without a description, fails here, so a new procedure or
 * field cannot land undocumented; the main calls carry examples that their own schemas accept.
 * Built from the router alone: no database, no server.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";
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
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: { name: string; description?: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

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
});
