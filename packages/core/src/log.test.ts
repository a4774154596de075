import { describe, expect, it } from "vitest";
import { memoryLogger } from "./log";

describe("logger", () => {
  it("writes one JSON object per line and drops fields that could hold a secret", () => {
    const log = memoryLogger();
    log.security("login.failed", {
      requestId: "r1",
      userId: 7,
      ip: "192.0.2.1",
      password: "Sunny#day2024",
      passwordHash: "scrypt$32768$8$3$abc",
      token: "t0k3n",
      otp: "123456",
      cookie: "circleplan_session=abc",
    });
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({
      level: "info",
      event: "login.failed",
      kind: "security",
      requestId: "r1",
      userId: 7,
      ip: "192.0.2.1",
    });
    const text = JSON.stringify(log.lines);
    for (const secret of ["Sunny#day2024", "scrypt$", "t0k3n", "123456", "circleplan_session"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("logs a failed query's driver error, never its SQL or parameters", () => {
    const log = memoryLogger();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: "23505",
    });
    const failed = Object.assign(
      new Error(
        'Failed query: insert into "users" ("password_hash") values ($1)\nparams: scrypt$32768$secret',
      ),
      {
        name: "DrizzleQueryError",
        query: "insert into users",
        params: ["scrypt$32768$secret"],
        cause,
      },
    );
    log.error("request.failed", failed, { requestId: "r2" });
    const [line] = log.lines;
    expect(line).toMatchObject({
      level: "error",
      requestId: "r2",
      error: { pgCode: "23505", message: 'duplicate key value violates unique constraint "x"' },
    });
    const text = JSON.stringify(log.lines);
    expect(text).not.toContain("scrypt$");
    expect(text).not.toContain("insert into");
  });
});
