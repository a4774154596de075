/**
 * The app as `pnpm start` serves it (serve.ts with WEB_DIST: compression and cache headers
 * included) on a fresh embedded database, in its own process, and accounts signed in through the
 * REST door: what the browser-driven sections (Lighthouse, the requests of a day) measure.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sessionCookieName } from "@circleplan/core/auth/sessions";
import { buildRegistration } from "@circleplan/db/testing/factories";
import { REPO_ROOT } from "./workspace-build";

const WEB_DIST = path.join(REPO_ROOT, "packages/web/dist");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Output of a child process, kept for the error message when it fails to start. */
function collectOutput(child: ChildProcess): () => string {
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return () => output.slice(-2000);
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Removes a temporary folder. Chromium's helper processes may still be writing to its profile
 * for a moment after the browser exits, hence the retries; a folder left behind is no failure.
 */
export function removeFolder(folder: string): void {
  try {
    rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
  } catch (error) {
    console.log(`(could not remove ${folder}: ${error instanceof Error ? error.message : error})`);
  }
}

/** serve.ts in its own process, as `pnpm start` runs it, on a fresh embedded database. */
export async function startWebServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "circleplan-bench-"));
  const appUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/serve.ts"], {
    cwd: path.join(REPO_ROOT, "packages/api"),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST,
      APP_URL: appUrl,
      MAIL_TRANSPORT: "sandbox",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child);
  const stop = async () => {
    await stopChild(child);
    removeFolder(dataDir);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`bench: the server exited early:\n${output()}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`bench: the server did not start in 60 s:\n${output()}`);
    }
    try {
      if ((await fetch(`${appUrl}/api/openapi.json`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { appUrl, stop };
}

/** A verified account, logged in through the REST door: the Cookie header of its session. */
export async function signIn(
  appUrl: string,
  email = `bench-${Date.now()}@example.com`,
): Promise<string> {
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${appUrl}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: appUrl },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`bench: POST ${route} answered ${response.status}`);
    }
    return response;
  };
  const user = buildRegistration({ email });
  const registered = (await (await post("/api/auth/register", user)).json()) as {
    dev_verification_token?: string;
  };
  if (!registered.dev_verification_token) {
    throw new Error("bench: register gave no dev_verification_token (sandbox mail off?)");
  }
  await post("/api/auth/verify-email", { token: registered.dev_verification_token });
  const login = await post("/api/auth/login", { email: user.email, password: user.password });
  const prefix = `${sessionCookieName(false)}=`;
  const cookie = login.headers.getSetCookie().find((value) => value.startsWith(prefix));
  if (!cookie) throw new Error("bench: login set no session cookie");
  return cookie.split(";")[0] ?? "";
}
