/**
 * A mail transport that costs what Amazon SES costs (a fixed wait per message, ~70 ms) and keeps
 * what it "sent": with a transport the server is out of sandbox mode, so answers carry no dev
 * secrets, and the bench reads verification links and reset codes from here instead.
 */
import type { MailMessage, MailTransport } from "@circleplan/core/mail/mail-service";

export interface DelayedMailTransport extends MailTransport {
  /**
   * The first capture group of `pattern` in a message sent to `to`, waiting for one if none has
   * arrived yet. Searched, not taken in order: concurrent flushes can send one message twice.
   */
  find(to: string, pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves once no message is being sent, so delivery never overlaps a timed request. */
  idle(): Promise<void>;
}

export function createDelayedMailTransport(delayMs: number): DelayedMailTransport {
  const delivered = new Map<string, MailMessage[]>();
  let onDelivery: (() => void)[] = [];
  let sending = 0;
  let onIdle: (() => void)[] = [];
  const search = (to: string, pattern: RegExp) => {
    for (const message of delivered.get(to.toLowerCase()) ?? []) {
      const found = pattern.exec(message.text)?.[1];
      if (found !== undefined) return found;
    }
    return undefined;
  };

  return {
    async send(message) {
      sending++;
      try {
        // A timer, not a busy loop: SES costs wall time, not this process's CPU.
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        const to = message.to.toLowerCase();
        delivered.set(to, [...(delivered.get(to) ?? []), message]);
        const waiting = onDelivery;
        onDelivery = [];
        for (const recheck of waiting) recheck();
      } finally {
        sending--;
        if (sending === 0) {
          const waiting = onIdle;
          onIdle = [];
          for (const resolve of waiting) resolve();
        }
      }
    },
    find(to, pattern, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        let settled = false;
        const timer = setTimeout(() => {
          if (settled) return;
          settled = true;
          const found = search(to, pattern);
          if (found !== undefined) resolve(found);
          else reject(new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`));
        }, timeoutMs);
        const recheck = () => {
          if (settled) return;
          const found = search(to, pattern);
          if (found === undefined) return void onDelivery.push(recheck);
          settled = true;
          clearTimeout(timer);
          resolve(found);
        };
        recheck();
      });
    },
    idle() {
      if (sending === 0) return Promise.resolve();
      return new Promise((resolve) => onIdle.push(resolve));
    },
  };
}
