import type { LiveConnection } from "@circleplan/shared/live-protocol";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { LiveRequestError } from "./live-channel";
import { liveRequests } from "./live-requests";

const failing = (error: unknown) =>
  liveRequests({ live: { connect: { query: () => Promise.reject(error) } } });

describe("liveRequests", () => {
  it("asks live.connect through the app's tRPC client (so it rides in a batch) and passes its answer on", async () => {
    const answer: LiveConnection = { transport: "websocket", url: "/api/live/socket" };
    const requests = liveRequests({ live: { connect: { query: async () => answer } } });
    expect(await requests.connect()).toBe(answer);
  });

  it("a signed-out session keeps its 401, which stops the channel; no answer at all is a null status", async () => {
    const signedOut = new TRPCClientError("Not signed in", {
      result: { error: { data: { httpStatus: 401 } } },
    } as never);
    const refused = failing(signedOut).connect();
    await expect(refused).rejects.toBeInstanceOf(LiveRequestError);
    await expect(refused).rejects.toMatchObject({ status: 401 });
    await expect(failing(new TRPCClientError("Failed to fetch")).connect()).rejects.toMatchObject({
      status: null,
    });
  });
});
