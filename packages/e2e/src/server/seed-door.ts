/**
 * The seeding door of the browser tests' server: a loopback-only JSON endpoint, in the test
 * process tree and never in the product, that inserts what a test needs without the register,
 * verify and login round trips (users and sessions by factory, as in the integration tests).
 *   POST /users     { firstName?, lastName?, email?, password?, timeZone?, verified? }
 *                   -> the registration's fields and the user's id
 *   POST /sessions  { email } -> { name, value }: a session cookie for that account
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { CoreDeps } from "@circleplan/core/deps";
import { createUser, startSession, type UserOverrides } from "@circleplan/db/testing/factories";

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
}

export async function startSeedDoor(deps: CoreDeps): Promise<string> {
  const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    async "/users"(body) {
      const { user, password } = await createUser(deps, body as UserOverrides);
      return {
        id: user.id,
        email: user.email,
        password,
        firstName: user.firstName,
        lastName: user.lastName,
        gender: user.gender,
        country: user.country,
        city: user.city,
        phoneNumber: user.phoneNumber,
      };
    },
    async "/sessions"(body) {
      const email = String(body.email).trim().toLowerCase();
      const user = await deps.db.query.users.findFirst({
        columns: { id: true },
        where: (users, { eq }) => eq(users.email, email),
      });
      if (!user) throw new Error(`no account for ${email}`);
      const { cookie } = await startSession(deps.sessions, user.id);
      const split = cookie.indexOf("=");
      return { name: cookie.slice(0, split), value: cookie.slice(split + 1) };
    },
  };
  const server = createServer((request, response) => {
    const route = request.method === "POST" ? routes[request.url ?? ""] : undefined;
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    readJson(request)
      .then(route)
      .then(
        (answer) =>
          response
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify(answer)),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
