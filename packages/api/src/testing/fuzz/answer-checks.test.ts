/**
 * The fuzzer's judge of an answer (answer-checks.ts): what it may never contain is a leak's
 * shape, not a word the fuzzer's own world may hold (faker once titled a task "stack trash").
 */
import { describe, expect, it } from "vitest";
import { answerProblems } from "./answer-checks";
import type { FuzzRequest } from "./fuzz-requests";

const origin = "http://localhost:3000";
const request: FuzzRequest = {
  method: "GET",
  target: "/api/trpc/tasks.pending",
  headers: { origin },
  body: undefined,
  signedIn: true,
  batchSize: undefined,
};
const answer = (text: string) => ({ status: 200, contentType: "application/json", text });

describe("answerProblems", () => {
  it("passes stored words that merely name a leak", () => {
    const stored = { result: { data: { json: [{ id: 2, title: "stack trash at the back" }] } } };
    expect(answerProblems(request, answer(JSON.stringify(stored)), origin)).toEqual([]);
  });

  it("flags a serialized error's stack and its trace lines", () => {
    const leaked = {
      error: { message: "boom", stack: "Error: boom\n    at handler (app.ts:1:1)" },
    };
    expect(answerProblems(request, answer(JSON.stringify(leaked)), origin)).toEqual(
      expect.arrayContaining(['the answer contains "\\"stack\\":"']),
    );
  });
});
