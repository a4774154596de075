/**
 * HELD OUT (issue 23): written on 2026-11-27, before the reader was changed for issue 23's eight
 * kinds of misreading, in words of our own (none of the issue's examples), and never tuned
 * against. Each expectation is the reading we would want, decided before running it. Its score
 * is reported as it is (parse-plan-text.held-out.test.ts, docs/bench-notes.md); a miss here is
 * fixed in the reader's rules only when the rule itself was wrong, never by matching these
 * sentences.
 *
 * Changed once, the same day: the two "every weekday" sentences first expected a daily rule with
 * weekdays only; they expect a weekly one Monday to Friday since that representation was decided
 * (decision 010: the spec's payload has no weekdays-only field), not to match a reading.
 */
import { type CorpusCase, MONDAY_TO_FRIDAY, saidIn } from "./corpus-case";

/** A Thursday morning in Chicago (a weekday said on itself: kind 8). */
const CHICAGO_THURSDAY = { now: "2026-05-14 10:20", zone: "America/Chicago" };
/** A Tuesday evening in London. */
const LONDON_TUESDAY = { now: "2026-09-08 19:05", zone: "Europe/London" };
/** A Sunday morning in Sydney, in summer time. */
const SYDNEY_SUNDAY = { now: "2026-01-11 08:40", zone: "Australia/Sydney" };

/** 1. A part of the day with a weekday. */
const DAY_PART_AND_WEEKDAY: CorpusCase[] = [
  ...saidIn(CHICAGO_THURSDAY, [
    [
      "grandpa's visit in the afternoon on Sunday",
      { title: "Grandpa's visit", start: "2026-05-17 15:00" },
    ],
    [
      "piano recital at 7 in the evening on Wednesday",
      { title: "Piano recital", start: "2026-05-20 19:00" },
    ],
    ["yard work in the morning this Saturday", { title: "Yard work", start: "2026-05-16 08:00" }],
  ]),
  ...saidIn(LONDON_TUESDAY, [
    [
      "bake sale setup at 8 in the morning on friday",
      { title: "Bake sale setup", start: "2026-09-11 08:00" },
    ],
    [
      "call aunt Rosa on Monday in the evening",
      { title: "Call aunt Rosa", start: "2026-09-14 18:00" },
    ],
  ]),
  ...saidIn(SYDNEY_SUNDAY, [
    [
      "school pickup at 3 in the afternoon on tuesday",
      { title: "School pickup", start: "2026-01-13 15:00" },
    ],
  ]),
];

/** 2. A plan said relative to another moment: the amount moves the start, the anchor stays. */
const RELATIVE_TO_ANOTHER_MOMENT: CorpusCase[] = [
  ...saidIn(CHICAGO_THURSDAY, [
    [
      "leave the house 20 minutes before the recital at 6:30pm on friday",
      { title: "Leave the house before the recital", start: "2026-05-15 18:10" },
    ],
    [
      "warm up an hour before the race at 9 on sunday",
      { title: "Warm up before the race", start: "2026-05-17 08:00" },
    ],
  ]),
  ...saidIn(LONDON_TUESDAY, [
    [
      "pick up the cake 2 hours before the party at 4pm tomorrow",
      { title: "Pick up the cake before the party", start: "2026-09-09 14:00" },
    ],
    [
      "start the roast 3 hours before dinner at 7 on sunday",
      { title: "Start the roast before dinner", start: "2026-09-13 16:00" },
    ],
  ]),
  ...saidIn(SYDNEY_SUNDAY, [
    [
      "meet the coach 15 minutes after the match at 11am on saturday",
      { title: "Meet the coach after the match", start: "2026-01-17 11:15" },
    ],
  ]),
];

/** 3. Reminder amounts the form's list lacks: kept as said, within the week the list reaches. */
const EXACT_REMINDERS: CorpusCase[] = [
  ...saidIn(CHICAGO_THURSDAY, [
    [
      "dentist checkup on friday at 10 remind me 3 hours prior",
      { title: "Dentist checkup", start: "2026-05-15 10:00", reminders: ["3 hours before"] },
    ],
    [
      "book fair tomorrow at 9, remind me 45 minutes before",
      { title: "Book fair", start: "2026-05-15 09:00", reminders: ["45 minutes before"] },
    ],
    [
      "flight to denver on june 2 at 7am, remind me 3 days before and 90 minutes before",
      {
        title: "Flight to denver",
        start: "2026-06-02 07:00",
        reminders: ["3 days before", "90 minutes before"],
      },
    ],
    [
      "vet appointment next monday at 4 with a 20 minute reminder",
      { title: "Vet appointment", start: "2026-05-18 16:00", reminders: ["20 minutes before"] },
    ],
  ]),
  ...saidIn(LONDON_TUESDAY, [
    [
      "renew passport on the 30th, remind me 2 weeks before",
      { title: "Renew passport", start: "2026-09-30 19:00", reminders: ["1 week before"] },
    ],
    [
      "parent night thursday at 6:30pm remind me 4 hours before",
      { title: "Parent night", start: "2026-09-10 18:30", reminders: ["4 hours before"] },
    ],
  ]),
];

/** 4. Handing a job to someone. */
const DELEGATION: CorpusCase[] = [
  ...saidIn(CHICAGO_THURSDAY, [
    [
      "delegate grocery pickup to Liam on saturday",
      { title: "Grocery pickup", start: "2026-05-16 10:30", assignee: "Liam", assignedTo: 12 },
    ],
    [
      "leave unloading the dishwasher to emma tonight",
      {
        title: "Unloading the dishwasher",
        start: "2026-05-14 20:00",
        assignee: "Emma",
        assignedTo: 11,
      },
    ],
    [
      "chore for Sarah: fold the laundry tomorrow",
      { title: "Fold the laundry", start: "2026-05-15 10:30", assignee: "Sarah", assignedTo: 13 },
    ],
    [
      "make Mike responsible for taking out the recycling on monday",
      {
        title: "Taking out the recycling",
        type: "task",
        start: "2026-05-18 10:30",
        assignee: "Mike",
        assignedTo: 14,
      },
    ],
    [
      "Leave the birthday cake to Noah on sunday",
      { title: "The birthday cake", start: "2026-05-17 10:30", assignee: "Noah" },
    ],
    [
      "put Liam in charge of feeding the cat this week",
      { title: "Feeding the cat", start: "2026-05-14 10:30", assignee: "Liam", assignedTo: 12 },
    ],
  ]),
];

/** 5. A place set off by commas. */
const PLACE_BETWEEN_COMMAS: CorpusCase[] = [
  ...saidIn(CHICAGO_THURSDAY, [
    [
      "swim practice, Riverside Community Pool, tuesday at 5",
      {
        title: "Swim practice",
        start: "2026-05-19 17:00",
        location: "Riverside Community Pool",
      },
    ],
    [
      "book club, Maple Street Library, next wednesday 7pm",
      { title: "Book club", start: "2026-05-20 19:00", location: "Maple Street Library" },
    ],
  ]),
  ...saidIn(LONDON_TUESDAY, [
    [
      "dentist, Bright Smile Dental, monday 9:30am",
      { title: "Dentist", start: "2026-09-14 09:30", location: "Bright Smile Dental" },
    ],
    [
      "team photos, Hillcrest Elementary, on friday at 8",
      { title: "Team photos", start: "2026-09-11 08:00", location: "Hillcrest Elementary" },
    ],
  ]),
  ...saidIn(SYDNEY_SUNDAY, [
    [
      "birthday brunch, Mimi's Cafe, sunday at 11",
      { title: "Birthday brunch", start: "2026-01-11 11:00", location: "Mimi's Cafe" },
    ],
    [
      "soccer tryouts, westfield park, saturday at 9",
      { title: "Soccer tryouts", start: "2026-01-17 09:00", location: "westfield park" },
    ],
  ]),
];

/** 6. Words naming a thing are no repeat; "every weekday" is Monday to Friday. */
const THINGS_AND_WEEKDAYS: CorpusCase[] = [
  ...saidIn(CHICAGO_THURSDAY, [
    [
      "buy a daily planner at the mall tomorrow",
      {
        title: "Buy a daily planner",
        type: "todo",
        start: "2026-05-15 10:30",
        location: "the mall",
      },
    ],
    [
      "school drop-off every weekday at 8:15",
      {
        title: "School drop-off",
        start: "2026-05-15 08:15",
        repeat: { type: "weekly", days: MONDAY_TO_FRIDAY, until: "2026-08-15" },
      },
    ],
  ]),
  ...saidIn(LONDON_TUESDAY, [
    [
      "write the weekly newsletter on thursday",
      { title: "Write the weekly newsletter", start: "2026-09-10 19:00" },
    ],
    [
      "order the monthly pass for the bus friday",
      { title: "Order the monthly pass for the bus", start: "2026-09-11 19:00" },
    ],
    [
      "walk the dog every weekday morning",
      {
        title: "Walk the dog",
        start: "2026-09-09 08:00",
        repeat: { type: "weekly", days: MONDAY_TO_FRIDAY, until: "2026-12-09" },
      },
    ],
  ]),
  ...saidIn(SYDNEY_SUNDAY, [
    [
      "read the daily devotional with the kids tonight",
      { title: "Read the daily devotional with the kids", start: "2026-01-11 20:00" },
    ],
  ]),
];

/** 7. A date at the end, after a clause that says "this month". */
const DATE_AFTER_THIS_MONTH: CorpusCase[] = [
  ...saidIn(CHICAGO_THURSDAY, [
    [
      "the school calendar is packed this month so remember the field trip on the 21st",
      { title: "The school calendar is packed this month so rem...", start: "2026-05-21 10:30" },
    ],
    [
      "money is tight this month but we still need to pay the piano teacher on May 29",
      { title: "Money is tight this month but we still need to ...", start: "2026-05-29 10:30" },
    ],
  ]),
  ...saidIn(LONDON_TUESDAY, [
    [
      "i know the garage is a mess this month but the plumber comes on the 18th at 10",
      { title: "I know the garage is a mess this month but the ...", start: "2026-09-18 10:00" },
    ],
    [
      "this month is busy for everyone, so let's plan the bonfire for September 26 at 7pm",
      { title: "This month is busy for everyone, so let's plan ...", start: "2026-09-26 19:00" },
    ],
  ]),
  ...saidIn(SYDNEY_SUNDAY, [
    [
      "grace said the pool is closed most of this month, swim lessons restart january 27",
      { title: "Grace said the pool is closed most of this mont...", start: "2026-01-27 08:30" },
    ],
  ]),
];

/** 8. A weekday said on that weekday: today while the time is ahead, else next week's. */
const WEEKDAY_SAID_ON_ITSELF: CorpusCase[] = [
  ...saidIn(CHICAGO_THURSDAY, [
    ["dentist on thursday at 4pm", { title: "Dentist", start: "2026-05-14 16:00" }],
    [
      "coffee with grace thursday at 9am",
      { title: "Coffee with grace", start: "2026-05-21 09:00" },
    ],
    ["library books due thursday", { title: "Library books due", start: "2026-05-14 10:30" }],
  ]),
  ...saidIn(LONDON_TUESDAY, [
    ["band practice tuesday at 6", { title: "Band practice", start: "2026-09-15 18:00" }],
    ["take out the bins tuesday night", { title: "Take out the bins", start: "2026-09-08 20:00" }],
  ]),
  ...saidIn(SYDNEY_SUNDAY, [
    ["church on sunday at 8", { title: "Church", start: "2026-01-18 08:00" }],
    ["brunch this sunday at 10:30", { title: "Brunch", start: "2026-01-11 10:30" }],
  ]),
];

export const HELD_OUT_23: Record<string, CorpusCase[]> = {
  "day part and weekday": DAY_PART_AND_WEEKDAY,
  "relative to another moment": RELATIVE_TO_ANOTHER_MOMENT,
  "exact reminders": EXACT_REMINDERS,
  delegation: DELEGATION,
  "place between commas": PLACE_BETWEEN_COMMAS,
  "things and weekdays": THINGS_AND_WEEKDAYS,
  "date after this month": DATE_AFTER_THIS_MONTH,
  "weekday said on itself": WEEKDAY_SAID_ON_ITSELF,
};
