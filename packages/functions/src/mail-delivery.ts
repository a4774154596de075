/**
 * Mail after the answer, on Lambda. A Lambda process freezes the moment it answers, so work
 * left running in the background may never finish. The API function instead hands delivery to
 * this function by an asynchronous invocation (InvocationType "Event"): Lambda queues it and
 * replies at once, so the request pays the same few milliseconds whether or not it queued mail
 * (docs/decisions/006-account-security.md). A failed hand-over delivers in the request itself:
 * a late answer is better than a lost reset code.
 */
import type { Logger } from "@circleplan/core/log";
import type { DeliveryTrigger } from "@circleplan/core/mail/mail-service";
import { lambdaAppDeps } from "./lambda-deps";

export interface LambdaTriggerOptions {
  functionName: string;
  region?: string | undefined;
  /** Another Lambda-compatible endpoint (tests point this at a local server). */
  endpoint?: string | undefined;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  log: Logger;
}

export function lambdaDeliveryTrigger(options: LambdaTriggerOptions): DeliveryTrigger {
  let invoke: Promise<() => Promise<void>> | undefined;
  const load = async () => {
    const { LambdaClient, InvokeCommand } = await import("@aws-sdk/client-lambda");
    const client = new LambdaClient({
      ...(options.region ? { region: options.region } : {}),
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
    return async () => {
      await client.send(
        new InvokeCommand({ FunctionName: options.functionName, InvocationType: "Event" }),
      );
    };
  };
  return async (flush) => {
    try {
      invoke ??= load();
      await (await invoke)();
    } catch (error) {
      options.log.error("mail.handover_failed", error);
      await flush();
    }
  };
}

const ready = lambdaAppDeps();

/** The delivering function: sends what the outbox holds. */
export async function handler(): Promise<{ ok: true }> {
  await (await ready()).mail.flush();
  return { ok: true };
}
