/**
 * CPU time by program during a load, read from /proc (Linux), so a figure can say where a
 * request's cost went on a machine whose cores every program shares:
 * - `server`: this process (the HTTP server, the embedded database's thread, the raw SQL's driver);
 * - `loadGenerator`: autocannon's child process, which exits when its load ends, so its time
 *   arrives in this process's reaped children's time;
 * - `proxy`: the WebSocket proxy Neon's driver needs in front of a local PostgreSQL (a live child);
 * - `database`: PostgreSQL's own processes.
 * Times are in milliseconds, at the kernel's tick (10 ms).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";

export interface CpuTimes {
  server: number;
  loadGenerator: number;
  proxy: number;
  database: number;
}

const PROGRAMS = ["server", "loadGenerator", "proxy", "database"] as const;

function ticksPerSecond(): number {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
}

const MS_PER_TICK = 1000 / ticksPerSecond();

/**
 * A process's name and its stat fields after the name: [state, ppid, …] (proc(5) numbers them
 * from 3). Null when the process is gone between the listing and the read.
 */
function statOf(pid: string): { name: string; fields: string[] } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const end = stat.lastIndexOf(")");
    return {
      name: stat.slice(stat.indexOf("(") + 1, end),
      fields: stat.slice(end + 2).split(" "),
    };
  } catch {
    return null;
  }
}

const commandOf = (pid: string) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
};

/** The CPU each program has used so far; null where /proc is not there (not Linux). */
export function cpuTimes(): CpuTimes | null {
  const self = statOf(String(process.pid))?.fields;
  if (!self) return null;
  // utime, stime, cutime, cstime are fields 14-17: 11-14 here.
  const ticks = (fields: string[], from: number) => Number(fields[from]) + Number(fields[from + 1]);
  const times: CpuTimes = {
    server: ticks(self, 11) * MS_PER_TICK,
    loadGenerator: ticks(self, 13) * MS_PER_TICK,
    proxy: 0,
    database: 0,
  };
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    if (pid === String(process.pid)) continue;
    const stat = statOf(pid);
    if (!stat) continue;
    const { name, fields } = stat;
    if (name === "postgres") {
      times.database += ticks(fields, 11) * MS_PER_TICK;
    } else if (fields[1] === String(process.pid)) {
      const command = commandOf(pid);
      if (command.includes("ws-proxy-process")) times.proxy += ticks(fields, 11) * MS_PER_TICK;
      else if (command.includes("load-process"))
        times.loadGenerator += ticks(fields, 11) * MS_PER_TICK;
    }
  }
  return times;
}

/** Each program's CPU per operation between two readings, and how many cores were busy. */
export interface CpuPerOperation extends CpuTimes {
  total: number;
  coresBusy: number;
}

export function cpuPerOperation(
  before: CpuTimes | null,
  after: CpuTimes | null,
  operations: number,
  seconds: number,
): CpuPerOperation | null {
  if (!before || !after || operations === 0) return null;
  const per = Object.fromEntries(
    PROGRAMS.map((program) => [
      program,
      Math.max(0, after[program] - before[program]) / operations,
    ]),
  ) as unknown as CpuTimes;
  const total = PROGRAMS.reduce((sum, program) => sum + per[program], 0);
  return { ...per, total, coresBusy: (total * operations) / 1000 / seconds };
}

export const CORES = cpus().length;
