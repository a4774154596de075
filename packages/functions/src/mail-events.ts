/**
 * Bounces and complaints from SES (sst.config.ts: the sender identity's configuration set
 * publishes them to the MailEvents topic, which invokes this function): each one names the
 * addresses mail must no longer go to (core/mail/suppressions.ts). A message that names
 * nothing to suppress (a transient bounce, another event) is only counted.
 */
import { recordMailFeedback } from "@circleplan/core/mail/suppressions";
import type { SNSEvent } from "aws-lambda";
import { lambdaAppDeps } from "./lambda-deps";

const ready = lambdaAppDeps();

export async function handler(event: SNSEvent): Promise<{ suppressed: number; ignored: number }> {
  const deps = await ready();
  let suppressed = 0;
  let ignored = 0;
  for (const record of event.Records ?? []) {
    let message: unknown;
    try {
      message = JSON.parse(record.Sns?.Message ?? "");
    } catch {
      message = null;
    }
    const count = await recordMailFeedback(deps.db, message);
    if (count) suppressed += count;
    else ignored++;
  }
  deps.log.info("mail.feedback", { suppressed, ignored });
  return { suppressed, ignored };
}
