import { expect, it } from "vitest";
import type { ActivityPerson } from "./activity-outputs";
import { type DescribedEntry, describeActivity } from "./activity-words";
import { INBOX_KINDS } from "./limits";
import { describeInProcessZones } from "./testing/process-zones";

const ana: ActivityPerson = { id: 1, firstName: "Ana", lastName: "Silva" };
const ben: ActivityPerson = { id: 2, firstName: "Ben", lastName: "Okafor" };

const entry = (fields: Partial<DescribedEntry> & Pick<DescribedEntry, "kind">): DescribedEntry => ({
  actor: ana,
  title: "Swimming",
  createdAt: new Date("2026-11-28T10:00:00Z"),
  ...fields,
});

describeInProcessZones("a change in words", () => {
  it("writes a move with both dates on the reader's clock, whatever the process zone", () => {
    const moved = entry({
      kind: "plan_moved",
      before: { start: "2026-12-01T17:00:00.000Z" },
      after: { start: "2026-12-02T18:00:00.000Z" },
    });
    expect(describeActivity(moved, { zone: "Europe/London" })).toBe(
      "Ana moved Swimming from Tue 1 Dec 17:00 to Wed 2 Dec 18:00",
    );
    expect(describeActivity(moved, { zone: "Asia/Kathmandu" })).toBe(
      "Ana moved Swimming from Tue 1 Dec 22:45 to Wed 2 Dec 23:45",
    );
    // Auckland is a day ahead: the same instants fall on the next days there.
    expect(describeActivity(moved, { zone: "Pacific/Auckland" })).toBe(
      "Ana moved Swimming from Wed 2 Dec 06:00 to Thu 3 Dec 07:00",
    );
  });

  it("writes the times on a 12-hour clock for a reader who chose one (issue 21)", () => {
    const moved = entry({
      kind: "plan_moved",
      before: { start: "2026-12-01T00:30:00.000Z" },
      after: { start: "2026-12-02T12:05:00.000Z" },
    });
    expect(describeActivity(moved, { zone: "Europe/London", timeFormat: "12h" })).toBe(
      "Ana moved Swimming from Tue 1 Dec 12:30 AM to Wed 2 Dec 12:05 PM",
    );
    expect(describeActivity(moved, { zone: "Europe/London", timeFormat: "24h" })).toBe(
      "Ana moved Swimming from Tue 1 Dec 00:30 to Wed 2 Dec 12:05",
    );
  });

  it("keeps the wall clock across a DST change (Berlin's autumn change between the two dates)", () => {
    const moved = entry({
      kind: "plan_moved",
      before: { start: "2026-10-24T15:00:00.000Z" },
      after: { start: "2026-10-26T16:00:00.000Z" },
    });
    expect(describeActivity(moved, { zone: "Europe/Berlin" })).toBe(
      "Ana moved Swimming from Sat 24 Oct 17:00 to Mon 26 Oct 17:00",
    );
    // New York changes a week later: the same two instants are an hour apart on its clock.
    expect(describeActivity(moved, { zone: "America/New_York" })).toBe(
      "Ana moved Swimming from Sat 24 Oct 11:00 to Mon 26 Oct 12:00",
    );
  });

  it("writes an all-day plan's values as days, the same in every zone", () => {
    const moved = entry({
      kind: "plan_moved",
      before: { start: "2026-12-01", end: "2026-12-01" },
      after: { start: "2026-12-03", end: "2026-12-03" },
    });
    for (const zone of ["Pacific/Auckland", "America/Los_Angeles"]) {
      expect(describeActivity(moved, { zone })).toBe(
        "Ana moved Swimming from Tue 1 Dec to Thu 3 Dec",
      );
    }
  });

  it("names a cancelled occurrence by its date: its own day, or its start's day for the reader", () => {
    expect(
      describeActivity(entry({ kind: "occurrence_cancelled", occurrenceDate: "2026-12-05" }), {
        zone: "UTC",
      }),
    ).toBe("Ana cancelled Swimming on Sat 5 Dec");
    const late = entry({
      kind: "occurrence_cancelled",
      occurrenceStart: new Date("2026-12-05T23:30:00Z"),
    });
    expect(describeActivity(late, { zone: "Europe/London" })).toBe(
      "Ana cancelled Swimming on Sat 5 Dec",
    );
    expect(describeActivity(late, { zone: "Europe/Berlin" })).toBe(
      "Ana cancelled Swimming on Sun 6 Dec",
    );
  });

  it("adds the year only when it is not the year of the change", () => {
    const moved = entry({
      kind: "plan_moved",
      createdAt: new Date("2026-12-31T12:00:00Z"),
      before: { start: "2026-12-31T09:00:00.000Z" },
      after: { start: "2027-01-04T09:00:00.000Z" },
    });
    expect(describeActivity(moved, { zone: "UTC" })).toBe(
      "Ana moved Swimming from Thu 31 Dec 09:00 to Mon 4 Jan 2027 09:00",
    );
  });
});

it("gives an answer's note or reason after it", () => {
  expect(
    describeActivity(entry({ kind: "task_declined", actor: ben, after: { note: "Away" } }), {
      zone: "UTC",
    }),
  ).toBe("Ben declined Swimming: Away");
  expect(
    describeActivity(entry({ kind: "task_accepted", actor: ben, after: { note: "Gladly" } }), {
      zone: "UTC",
    }),
  ).toBe("Ben accepted Swimming: Gladly");
  expect(describeActivity(entry({ kind: "task_accepted", actor: ben }), { zone: "UTC" })).toBe(
    "Ben accepted Swimming",
  );
});

it("calls the reader 'you', at the start of a sentence too", () => {
  const assigned = entry({ kind: "task_assigned", after: { assignee: ben } });
  expect(describeActivity(assigned, { zone: "UTC", viewerId: ben.id })).toBe(
    "Ana assigned Swimming to you",
  );
  expect(describeActivity(assigned, { zone: "UTC", viewerId: ana.id })).toBe(
    "You assigned Swimming to Ben",
  );
  const handedOver = entry({ kind: "circle_handed_over", actor: null, member: ben });
  expect(
    describeActivity({ ...handedOver, circleName: "Home" }, { zone: "UTC", viewerId: 2 }),
  ).toBe("You are now the creator of Home");
});

it("lists what an edit changed, by value where the entry has one", () => {
  const edited = entry({
    kind: "plan_edited",
    before: { title: "Swimming", place: "Pool" },
    after: {
      title: "Swim club",
      place: null,
      start: "2026-12-02T18:00:00.000Z",
      changed: ["description", "reminderTimes"],
    },
    scope: "following",
    title: "Swim club",
  });
  expect(describeActivity(edited, { zone: "UTC" })).toBe(
    "Ana edited Swimming (from then on): title now Swim club, now Wed 2 Dec 18:00, no place, new description and new reminders",
  );
});

it("writes a new plan with its time, its repeat and whom it is for", () => {
  const created = entry({
    kind: "plan_created",
    after: {
      start: "2026-12-01T17:00:00.000Z",
      repeat: "Every week on Tuesday",
      assignee: ben,
    },
  });
  expect(describeActivity(created, { zone: "UTC" })).toBe(
    "Ana added Swimming for Ben on Tue 1 Dec 17:00, every week on Tuesday",
  );
});

it("has a sentence for every kind, with no value left unwritten", () => {
  for (const kind of INBOX_KINDS) {
    const sentence = describeActivity(
      entry({ kind, member: ben, circleName: "Home", after: {}, before: {} }),
      { zone: "UTC" },
    );
    expect(sentence, kind).toMatch(/^[A-Z]/);
    expect(sentence, kind).not.toMatch(/undefined|null|NaN/);
  }
});

it("says what an admin changed of the circle, by its name then", () => {
  const edited = entry({
    kind: "circle_edited",
    title: null,
    before: { title: "Home" },
    after: { title: "The Lees", changed: ["description", "photo"] },
  });
  expect(describeActivity(edited, { zone: "UTC" })).toBe(
    "Ana changed Home: name now The Lees, new description and new photo",
  );
  const recoloured = entry({
    kind: "circle_edited",
    title: null,
    before: { title: "Home" },
    after: { changed: ["eventColor"] },
  });
  expect(describeActivity(recoloured, { zone: "UTC" })).toBe("Ana changed Home: new colour");
});
