/**
 * A push service for tests and the bench: records what it was asked to send and answers as
 * told (sent by default; "gone" for endpoints a test marks, an error when a test wants one).
 * The real Web Push path is tested against a local HTTPS push endpoint (push-service tests).
 */
import type { PushMessage, PushOutcome, PushService, PushTarget } from "../../push/push-service";

export interface RecordingPush extends PushService {
  /** Every send that answered "sent", in order. */
  sent: { endpoint: string; message: PushMessage }[];
  /** How each endpoint answers: "gone", an Error to throw, or a promise to wait on first. */
  answers: Map<string, "gone" | Error | Promise<unknown>>;
}

export function recordingPush(options: { delayMs?: number } = {}): RecordingPush {
  const sent: RecordingPush["sent"] = [];
  const answers: RecordingPush["answers"] = new Map();
  return {
    publicKey: "test-public-key",
    sent,
    answers,
    async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const answer = answers.get(target.endpoint);
      if (answer instanceof Promise) await answer;
      else if (answer instanceof Error) throw answer;
      else if (answer === "gone") return "gone";
      sent.push({ endpoint: target.endpoint, message });
      return "sent";
    },
  };
}
