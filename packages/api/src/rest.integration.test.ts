/**
 * The REST door's own work over real HTTP, on a router made for the purpose: routes derived
 * from `meta.rest`, path and query strings coerced from the input schema, JSON and multipart
 * bodies, the declared status, and refusals in the error shape.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { type RequestIdVariables, requestId } from "hono/request-id";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { createContext } from "./context";
import { deriveRoutes, mountRest } from "./rest";
import { useTestHarness } from "./testing/test-harness";
import { publicProcedure, router } from "./trpc";

const echo = publicProcedure.output(z.object({ got: z.unknown() }));
const testRouter = router({
  items: router({
    list: echo
      .meta({ rest: { method: "GET", path: "/t/items", summary: "list" } })
      .input(
        z.object({
          page: z.number().int().optional(),
          archived: z.boolean().optional(),
          tag: z.array(z.string()).optional(),
          q: z.string().optional(),
        }),
      )
      .query(({ input }) => ({ got: input })),
    update: echo
      .meta({
        rest: [
          { method: "PUT", path: "/t/items/:id", summary: "update" },
          { method: "PATCH", path: "/t/items/:id", summary: "update, the other path" },
        ],
      })
      .input(z.object({ id: z.number().int().positive(), name: z.string().max(20) }))
      .mutation(({ input }) => ({ got: input })),
    create: echo
      .meta({ rest: { method: "POST", path: "/t/items", status: 201, summary: "create" } })
      .input(z.object({ name: z.string() }))
      .mutation(({ input }) => ({ got: input })),
    upload: echo
      .meta({
        rest: { method: "POST", path: "/t/items/:id/photo", body: "multipart", summary: "up" },
      })
      .input(z.object({ id: z.number().int(), photo: z.instanceof(File), caption: z.string() }))
      .mutation(async ({ input }) => ({
        got: {
          id: input.id,
          size: input.photo.size,
          type: input.photo.type,
          caption: input.caption,
        },
      })),
  }),
});

// Only the dependencies: this file serves the purpose-made router from a server of its own.
const harness = useTestHarness();
let url = "";
let close = () => {};

beforeAll(() => {
  const app = new Hono<{ Variables: RequestIdVariables }>();
  app.use("*", requestId());
  const { deps } = harness();
  mountRest(app, {
    router: testRouter,
    log: deps.log,
    buildContext: (c, resHeaders) =>
      createContext({
        deps,
        cookieHeader: c.req.header("cookie"),
        ip: "127.0.0.1",
        requestId: c.get("requestId"),
        userAgent: undefined,
        resHeaders,
      }),
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  return new Promise<void>((resolve) =>
    server.once("listening", () => {
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      close = () => server.close();
      resolve();
    }),
  );
});
afterAll(() => close());

const call = async (method: string, path: string, init: RequestInit = {}) => {
  const res = await fetch(`${url}${path}`, { method, ...init });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const json = (body: unknown): RequestInit => ({
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("REST door", () => {
  it("derives one route per declared path, alternatives included", () => {
    expect(deriveRoutes(testRouter).map((r) => `${r.method} ${r.path} ${r.procedure}`)).toEqual([
      "GET /t/items items.list",
      "PUT /t/items/:id items.update",
      "PATCH /t/items/:id items.update",
      "POST /t/items items.create",
      "POST /t/items/:id/photo items.upload",
    ]);
  });

  it("coerces query values from the input schema: numbers, booleans, repeated keys", async () => {
    const res = await call("GET", "/t/items?page=2&archived=false&tag=a&tag=b&q=007");
    expect(res).toEqual({
      status: 200,
      body: { got: { page: 2, archived: false, tag: ["a", "b"], q: "007" } },
    });
    const single = await call("GET", "/t/items?tag=only");
    expect(single.body).toEqual({ got: { tag: ["only"] } });
  });

  it("leaves what does not fit for the schema to refuse, with its message", async () => {
    const res = await call("GET", "/t/items?page=two");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "VALIDATION_FAILED", issues: [{ path: "page" }] });
  });

  it("coerces path values and merges them over the body, on every declared path", async () => {
    for (const method of ["PUT", "PATCH"]) {
      const res = await call(method, "/t/items/42", json({ id: 7, name: "Soup" }));
      expect(res).toEqual({ status: 200, body: { got: { id: 42, name: "Soup" } } });
    }
    expect((await call("PUT", "/t/items/-1", json({ name: "x" }))).status).toBe(400);
  });

  it("answers with the declared status and refuses broken JSON in the error shape", async () => {
    expect(await call("POST", "/t/items", json({ name: "New" }))).toEqual({
      status: 201,
      body: { got: { name: "New" } },
    });
    const broken = await call("POST", "/t/items", {
      headers: { "content-type": "application/json" },
      body: "{oops",
    });
    expect(broken).toEqual({
      status: 400,
      body: { message: "The request body is not valid JSON", code: "BAD_REQUEST" },
    });
  });

  it("reads multipart bodies on upload routes, files as File", async () => {
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "p.png");
    form.append("caption", "Beach");
    const res = await call("POST", "/t/items/5/photo", { body: form });
    expect(res).toEqual({
      status: 200,
      body: { got: { id: 5, size: 3, type: "image/png", caption: "Beach" } },
    });
  });
});
