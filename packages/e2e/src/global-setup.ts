/**
 * One server and one browser of each build for the whole browser run (vitest globalSetup of
 * the `e2e` project): the server as `pnpm start` runs it on a fresh embedded data folder and a
 * free port (server/e2e-server.ts), Chromium's headless shell and the full Chromium as browser
 * servers the test files connect to (harness.ts says which file uses which).
 * Test files share them: each test makes its own people (emails unique per run), so nothing
 * one file does is seen by another.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserServer, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ARGS, E2E_APP_SECRET } from "./e2e-config";

declare module "vitest" {
  export interface ProvidedContext {
    /** The app's origin, e.g. http://localhost:41234. */
    appUrl: string;
    /** The seeding door (server/seed-door.ts). */
    seedUrl: string;
    /** Where test files connect to the shared headless shell. */
    browserWsEndpoint: string;
    /** Where the files that need notifications and push connect to the full Chromium. */
    fullBrowserWsEndpoint: string;
  }
}

const e2eRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = path.resolve(e2eRoot, "../..");

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

/** Starts the server and resolves with its seeding door once it prints its ready line. */
function startServer(child: ChildProcess): Promise<{ seedUrl: string }> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk;
      const ready = output.match(/^E2E_READY (.*)$/m);
      if (ready?.[1]) resolve(JSON.parse(ready[1]));
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.once("exit", (code) => reject(new Error(`the e2e server exited (${code}):\n${output}`)));
  });
}

export default async function setup(project: TestProject) {
  const webDist = process.env.WEB_DIST ?? path.join(repoRoot, "packages/web/dist");
  if (!existsSync(path.join(webDist, "index.html"))) {
    throw new Error(
      `${webDist} has no built app: build the web app first (pnpm --filter @circleplan/web build)`,
    );
  }
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "circleplan-e2e-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/e2e-server.ts"], {
    cwd: e2eRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      APP_URL: appUrl,
      APP_SECRET: E2E_APP_SECRET,
      // Every test file signs up and signs in from this one address: the per-address limits,
      // meant for strangers, are raised (account-security tests their own per-account rules).
      RATE_LIMIT_REGISTER_IP: "10000/3600",
      RATE_LIMIT_LOGIN_IP: "10000/900",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const launch = (executablePath: string) =>
    chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
  // Settled, not Promise.all: when one browser fails to start, the other is still closed.
  const browsersStarting = Promise.allSettled([
    launch(process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell"),
    launch(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"),
  ]);
  const closeBrowsers = async () => {
    for (const started of await browsersStarting) {
      if (started.status === "fulfilled") await started.value.close();
    }
  };
  const stopServer = async () => {
    child.removeAllListeners("exit");
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  let seedUrl: string;
  let shellServer: BrowserServer;
  let fullServer: BrowserServer;
  try {
    ({ seedUrl } = await startServer(child));
    [shellServer, fullServer] = (await browsersStarting).map((started) => {
      if (started.status === "rejected") throw started.reason;
      return started.value;
    }) as [BrowserServer, BrowserServer];
  } catch (error) {
    await closeBrowsers();
    await stopServer();
    throw error;
  }
  project.provide("appUrl", appUrl);
  project.provide("seedUrl", seedUrl);
  project.provide("browserWsEndpoint", shellServer.wsEndpoint());
  project.provide("fullBrowserWsEndpoint", fullServer.wsEndpoint());

  return async () => {
    await closeBrowsers();
    await stopServer();
  };
}
