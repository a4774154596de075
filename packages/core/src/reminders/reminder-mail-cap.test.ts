import { REMINDER_MAILS_PER_DAY_MAX as CAP } from "@circleplan/shared/limits";
import { describe, expect, it } from "vitest";
import { shareOutMail } from "./reminder-mail-cap";

const reminders = (count: number) => Array.from({ length: count }, (_, i) => i);

describe("shareOutMail", () => {
  it("mails everything under the cap, with no note", () => {
    expect(shareOutMail(reminders(3), 0)).toEqual({
      mailed: [0, 1, 2].map((row) => ({ row, last: null })),
      capped: [],
    });
  });

  it("mails up to the cap; the mail reaching it says how many more fell due with it", () => {
    const share = shareOutMail(reminders(5), CAP - 2);
    expect(share.mailed).toEqual([
      { row: 0, last: null },
      { row: 1, last: { perDay: CAP, more: 3 } },
    ]);
    expect(share.capped).toEqual([2, 3, 4]);
  });

  it("says so also when the cap is reached exactly", () => {
    expect(shareOutMail(reminders(1), CAP - 1).mailed).toEqual([
      { row: 0, last: { perDay: CAP, more: 0 } },
    ]);
  });

  it("mails nothing once the cap was reached earlier that day, however far past it", () => {
    expect(shareOutMail(reminders(2), CAP)).toEqual({ mailed: [], capped: [0, 1] });
    expect(shareOutMail(reminders(2), CAP + 40)).toEqual({ mailed: [], capped: [0, 1] });
  });
});
