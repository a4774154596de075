/**
 * The same rules said in other zones and next to clock changes: the weekend the US clocks go
 * forward (8 March 2026) and back (1 November 2026), the EU's (29 March, 25 October 2026),
 * New Zealand's autumn change (5 April 2026), and Kolkata late at night (now rounds to the next
 * day's midnight).
 */
import { type CorpusCase, MONDAY_TO_FRIDAY, saidIn } from "./corpus-case";

const NEW_YORK_SATURDAY_BEFORE_SPRING = { now: "2026-03-07 21:40", zone: "America/New_York" };
const NEW_YORK_FRIDAY_BEFORE_AUTUMN = { now: "2026-10-30 16:05", zone: "America/New_York" };
const BERLIN_FRIDAY_BEFORE_AUTUMN = { now: "2026-10-23 07:44", zone: "Europe/Berlin" };
const BERLIN_THURSDAY_BEFORE_SPRING = { now: "2026-03-26 12:15", zone: "Europe/Berlin" };
const AUCKLAND_BEFORE_AUTUMN = { now: "2026-04-02 18:20", zone: "Pacific/Auckland" };
const KOLKATA_LATE = { now: "2026-01-15 23:50", zone: "Asia/Kolkata" };

export const OTHER_ZONES: CorpusCase[] = [
  ...saidIn(NEW_YORK_SATURDAY_BEFORE_SPRING, [
    ["church tomorrow at 9", { title: "Church", start: "2026-03-08 09:00" }],
    ["pancakes tomorrow morning", { title: "Pancakes", start: "2026-03-08 08:00" }],
    ["call grandma tomorrow", { title: "Call grandma", start: "2026-03-08 21:30" }],
    ["movie now", { title: "Movie", start: "2026-03-07 21:40" }],
    [
      "sunday brunch every week at 10",
      {
        title: "Brunch",
        start: "2026-03-08 10:00",
        repeat: { type: "weekly", days: ["sunday"], until: "2026-06-08" },
      },
    ],
    [
      "lunch with the neighbors sunday",
      { title: "Lunch with the neighbors", start: "2026-03-08 12:00" },
    ],
    [
      "set the clocks forward tonight at 11",
      { title: "Set the clocks forward", start: "2026-03-07 23:00" },
    ],
    [
      "Weekly swim lesson on Sunday at 2:30",
      {
        title: "Swim lesson",
        start: "2026-03-08 14:30",
        repeat: { type: "weekly", days: ["sunday"], until: "2026-06-08" },
      },
    ],
    ["feed the cat at 2:30am tomorrow", { title: "Feed the cat", start: "2026-03-08 03:30" }],
  ]),
  ...saidIn(NEW_YORK_FRIDAY_BEFORE_AUTUMN, [
    ["halloween parade tomorrow at 10", { title: "Halloween parade", start: "2026-10-31 10:00" }],
    ["trick or treating tomorrow night", { title: "Trick or treating", start: "2026-10-31 20:00" }],
    ["sunday brunch at 11", { title: "Brunch", start: "2026-11-01 11:00" }],
    ["early mass sunday at 1:30am", { title: "Early mass", start: "2026-11-01 01:30" }],
    ["drop off the car monday at 8", { title: "Drop off the car", start: "2026-11-02 08:00" }],
    [
      "flu shot clinic every saturday morning",
      {
        title: "Flu shot clinic",
        start: "2026-10-31 08:00",
        repeat: { type: "weekly", days: ["saturday"], until: "2027-01-31" },
      },
    ],
    ["call mom in 3 hours", { title: "Call mom", start: "2026-10-30 19:05" }],
    [
      "thanksgiving at grandma's on november 26 at 2",
      { title: "Thanksgiving", start: "2026-11-26 14:00", location: "grandma's" },
    ],
    [
      "swim practice every weekday at 6am",
      {
        title: "Swim practice",
        start: "2026-11-02 06:00",
        repeat: { type: "weekly", days: MONDAY_TO_FRIDAY, until: "2027-02-02" },
      },
    ],
    [
      "pay the babysitter every friday at 5",
      {
        title: "Pay the babysitter",
        start: "2026-10-30 17:00",
        repeat: { type: "weekly", days: ["friday"], until: "2027-01-30" },
      },
    ],
    [
      "sunday dinner at 6 every week",
      {
        title: "Dinner",
        start: "2026-11-01 18:00",
        repeat: { type: "weekly", days: ["sunday"], until: "2027-02-01" },
      },
    ],
  ]),
  ...saidIn(BERLIN_FRIDAY_BEFORE_AUTUMN, [
    ["Elternabend on Monday at 19:00", { title: "Elternabend", start: "2026-10-26 19:00" }],
    [
      "kita closed all day on friday",
      { title: "Kita closed", start: "2026-10-23 00:00", allDay: true },
    ],
    ["bakery run tomorrow at 8", { title: "Bakery run", start: "2026-10-24 08:00" }],
    [
      "swimming every sunday at 10",
      {
        title: "Swimming",
        start: "2026-10-25 10:00",
        repeat: { type: "weekly", days: ["sunday"], until: "2027-01-25" },
      },
    ],
    [
      "dinner at 19:30 at Luigi's",
      { title: "Dinner", start: "2026-10-23 19:30", location: "Luigi's" },
    ],
    [
      "Luigi's pizza night with the kids saturday",
      { title: "Luigi's pizza night with the kids", start: "2026-10-24 20:00" },
    ],
    [
      "doctor at 8:30 remind me 30 minutes before",
      { title: "Doctor", start: "2026-10-23 08:30", reminders: ["30 minutes before"] },
    ],
    [
      "pick up the kids from kindergarten at 16:00",
      {
        title: "Pick up the kids from kindergarten",
        start: "2026-10-23 16:00",
        location: "kindergarten",
      },
    ],
    [
      "first day of swim camp monday",
      { title: "First day of swim camp", start: "2026-10-26 07:30" },
    ],
    ["night train on saturday at 23:15", { title: "Night train", start: "2026-10-24 23:15" }],
  ]),
  ...saidIn(BERLIN_THURSDAY_BEFORE_SPRING, [
    ["brunch sunday at 10:30", { title: "Brunch", start: "2026-03-29 10:30" }],
    [
      "run every morning at 6:30",
      { title: "Run", start: "2026-03-27 06:30", repeat: { type: "daily", until: "2026-06-27" } },
    ],
    ["eat out on friday evening at 7", { title: "Eat out", start: "2026-03-27 19:00" }],
    [
      "Assign Grace to water the plants every day at 7",
      {
        title: "Water the plants",
        type: "task",
        start: "2026-03-27 07:00",
        assignee: "Grace",
        assignedTo: 15,
        repeat: { type: "daily", until: "2026-06-27" },
      },
    ],
    ["call the bank", { title: "Call the bank", start: "2026-03-26 12:30" }],
  ]),
  ...saidIn(AUCKLAND_BEFORE_AUTUMN, [
    ["netball saturday at 9", { title: "Netball", start: "2026-04-04 09:00" }],
    ["church sunday at 10", { title: "Church", start: "2026-04-05 10:00" }],
    [
      "dinner with the whanau tonight",
      { title: "Dinner with the whanau", start: "2026-04-02 18:00" },
    ],
    [
      "school holidays start april 11",
      { title: "School holidays start", start: "2026-04-11 18:30" },
    ],
    [
      "rugby training tuesdays and thursdays at 5:30pm",
      {
        title: "Rugby training",
        start: "2026-04-07 17:30",
        repeat: { type: "weekly", days: ["tuesday", "thursday"], until: "2026-07-07" },
      },
    ],
    ["kids dentist in 2 days at 3:30", { title: "Kids dentist", start: "2026-04-04 15:30" }],
  ]),
  ...saidIn(KOLKATA_LATE, [
    ["buy vegetables", { title: "Buy vegetables", type: "todo", start: "2026-01-16 00:00" }],
    ["puja tomorrow at 6 am", { title: "Puja", start: "2026-01-16 06:00" }],
    [
      "tuition at 5 every monday",
      {
        title: "Tuition",
        start: "2026-01-19 17:00",
        repeat: { type: "weekly", days: ["monday"], until: "2026-04-19" },
      },
    ],
    ["cricket match on sunday", { title: "Cricket match", start: "2026-01-18 00:00" }],
    ["call aunty tonight", { title: "Call aunty", start: "2026-01-15 20:00" }],
    ["pongal celebration on the 14th", { title: "Pongal celebration", start: "2026-02-14 00:00" }],
  ]),
];
