// Starts a throwaway PostgreSQL server for the integration tests' second pass.
//
// Uses Debian's PostgreSQL binaries directly (initdb + pg_ctl) instead of a service
// manager: there is no systemd on these machines, and CI starts from a fresh clone.
// The cluster lives in a temp dir, listens only on 127.0.0.1 on a free port, trusts
// local connections, and is deleted by stop() (also registered for process exit).
//
// As a module: `const pg = await startPostgres(); ...; pg.stop();`
// As a CLI: `node scripts/ensure-postgres.mjs` starts it, checks a connection, prints
// the URL and stops it; `--keep` keeps it running until Ctrl-C.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  aptInstall,
  capture,
  fail,
  isExecutable,
  isMain,
  isRoot,
  log,
  run,
  sleep,
  which,
} from "./lib.mjs";

const PG_ROOT = "/usr/lib/postgresql";
const START_TIMEOUT_S = 60;

/** Directory holding initdb and pg_ctl of the newest installed PostgreSQL, or null. */
function findPgBin() {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(PG_ROOT, version, "bin");
    if (isExecutable(join(bin, "initdb")) && isExecutable(join(bin, "pg_ctl"))) return bin;
  }
  return null;
}

/** Returns the PostgreSQL bin directory, installing Debian's server package if needed. */
export function ensurePostgresInstalled() {
  const found = findPgBin();
  if (found) return found;
  log("PostgreSQL server not found: installing Debian's postgresql package");
  aptInstall(["postgresql"], "the PostgreSQL test pass needs a PostgreSQL server");
  const installed = findPgBin();
  if (!installed) fail(`apt-get installed postgresql but no initdb/pg_ctl under ${PG_ROOT}.`);
  return installed;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.connect(port, "127.0.0.1");
  });
}

/** uid and gid of the `postgres` OS user, which Debian's package creates. */
function postgresUser() {
  const line = capture("getent", ["passwd", "postgres"]);
  const [, , uid, gid] = line?.split(":") ?? [];
  if (!uid || !gid) fail("the `postgres` OS user is missing (it comes with Debian's postgresql).");
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * initdb refuses to run as root, so as root every server command runs as `postgres`
 * through runuser (util-linux, always on Debian); as any other user it runs directly.
 */
function asServerUser(command, args) {
  return isRoot() ? [runuserPath(), ["-u", "postgres", "--", command, ...args]] : [command, args];
}

/** runuser lives in /usr/sbin, which a minimal PATH (CI, cron) may leave out. */
function runuserPath() {
  const found = which("runuser") ?? ["/usr/sbin/runuser", "/sbin/runuser"].find(isExecutable);
  if (!found)
    fail("runuser (util-linux) is missing: cannot start PostgreSQL as the postgres user.");
  return found;
}

/**
 * Starts a throwaway cluster and resolves to
 * { url, port, dataDir, stop } where url = postgres://postgres:postgres@127.0.0.1:<port>/postgres.
 */
export async function startPostgres() {
  const bin = ensurePostgresInstalled();
  const dataDir = mkdtempSync(join(tmpdir(), "circleplan-pg-"));
  if (isRoot()) {
    const { uid, gid } = postgresUser();
    chownSync(dataDir, uid, gid);
  }
  // cwd outside the repo: the postgres user may not be allowed to enter it.
  const cwd = tmpdir();
  const pgRun = (command, args, options = {}) => {
    const [cmd, cmdArgs] = asServerUser(join(bin, command), args);
    return run(cmd, cmdArgs, { cwd, ...options });
  };

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off("exit", stop);
    pgRun("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "-t", "30", "stop"], {
      allowFailure: true,
      timeoutMs: 40_000,
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
  // lib.fail() and uncaught errors end the process through process.exit: stop there too.
  process.on("exit", stop);

  pgRun(
    "initdb",
    ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"],
    { timeoutMs: 120_000 },
  );

  const port = await freePort();
  // fsync off and friends: the data is thrown away, so durability only costs time.
  const serverOptions = [
    "-c listen_addresses=127.0.0.1",
    `-c port=${port}`,
    `-c unix_socket_directories=${dataDir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  const logFile = join(dataDir, "server.log");
  const status = pgRun(
    "pg_ctl",
    ["-D", dataDir, "-l", logFile, "-o", serverOptions, "-w", "-t", `${START_TIMEOUT_S}`, "start"],
    { allowFailure: true, timeoutMs: (START_TIMEOUT_S + 10) * 1000 },
  );
  if (status !== 0) {
    const serverLog = existsSync(logFile) ? readFileSync(logFile, "utf8") : "(no log)";
    console.error(serverLog.split("\n").slice(-30).join("\n"));
    stop();
    fail("PostgreSQL did not start (server log above).");
  }

  const deadline = Date.now() + START_TIMEOUT_S * 1000;
  while (!(await canConnect(port))) {
    if (Date.now() > deadline) {
      stop();
      fail(
        `PostgreSQL did not accept connections on 127.0.0.1:${port} within ${START_TIMEOUT_S} s.`,
      );
    }
    await sleep(200);
  }

  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  log(`PostgreSQL running at ${url} (data in ${dataDir})`);
  return { url, port, dataDir, stop };
}

if (isMain(import.meta.url)) {
  const keep = process.argv.includes("--keep");
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => process.exit(130));
  }
  const pg = await startPostgres();
  const psql = join(ensurePostgresInstalled(), "psql");
  if (isExecutable(psql)) {
    const check = spawnSync(psql, [pg.url, "-Atc", "select version()"], {
      encoding: "utf8",
      timeout: 30_000,
    });
    if (check.status !== 0) {
      pg.stop();
      fail(`psql could not query the server: ${check.stderr || check.error?.message}`);
    }
    log(`connected: ${check.stdout.trim()}`);
  }
  console.log(pg.url);
  if (keep) {
    log("running until Ctrl-C");
    setInterval(() => {}, 1 << 30);
  } else {
    pg.stop();
    log("stopped and removed the cluster");
  }
}
