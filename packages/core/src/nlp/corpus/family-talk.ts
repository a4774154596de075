/**
 * Issue 23's eight kinds of misreading, in sentences of our own, each checked in every field
 * like the rest of the corpus (and under five process zones). The rules are in
 * docs/decisions/010-natural-language.md ("How families talk").
 */
import { type CorpusCase, MONDAY_TO_FRIDAY, saidIn } from "./corpus-case";

/** A Thursday evening in Auckland, in winter. */
const AUCKLAND_THURSDAY = { now: "2026-07-16 18:10", zone: "Pacific/Auckland" };
/** A Saturday morning in New York. */
const NEW_YORK_SATURDAY = { now: "2026-04-18 09:40", zone: "America/New_York" };
/** A Monday afternoon in Berlin, the day after the clocks went back. */
const BERLIN_MONDAY = { now: "2026-10-26 14:50", zone: "Europe/Berlin" };

export const FAMILY_TALK: CorpusCase[] = [
  // 1. A part of the day beside a weekday.
  ...saidIn(AUCKLAND_THURSDAY, [
    ["in the evening on friday movie", { title: "Movie", start: "2026-07-17 18:00" }],
    ["during the morning saturday bake", { title: "Bake", start: "2026-07-18 08:00" }],
    ["hockey at 6 in the morning on Tuesday", { title: "Hockey", start: "2026-07-21 06:00" }],
  ]),
  ...saidIn(NEW_YORK_SATURDAY, [
    [
      "tidy the garage in the afternoon on Sunday",
      { title: "Tidy the garage", start: "2026-04-19 15:00" },
    ],
    [
      "date night at 8 in the evening on wednesday",
      { title: "Date night", start: "2026-04-22 20:00" },
    ],
  ]),
  // 2. Relative to another moment: the amount moves the start; without a time it stays said.
  ...saidIn(AUCKLAND_THURSDAY, [
    [
      "arrive 30 minutes before kickoff at 2pm on saturday",
      { title: "Arrive before kickoff", start: "2026-07-18 13:30" },
    ],
    ["leave 10 minutes before dinner", { title: "Leave before dinner", start: "2026-07-16 17:50" }],
    [
      "meet 15 min after the game on saturday at 11am",
      { title: "Meet after the game", start: "2026-07-18 11:15" },
    ],
    [
      "set up an hour before the party on Sunday",
      { title: "Set up an hour before the party", start: "2026-07-19 18:00" },
    ],
  ]),
  ...saidIn(BERLIN_MONDAY, [
    [
      "pack the car 2 hours ahead of the ferry at 9am tomorrow",
      { title: "Pack the car ahead of the ferry", start: "2026-10-27 07:00" },
    ],
    [
      "start the oven 45 minutes before guests arrive at 7pm",
      { title: "Start the oven before guests arrive", start: "2026-10-26 18:15" },
    ],
  ]),
  // 3. Reminder amounts kept as said, within the week the form's list reaches.
  ...saidIn(BERLIN_MONDAY, [
    [
      "piano lesson wednesday at 4, remind me 3 hours prior",
      { title: "Piano lesson", start: "2026-10-28 16:00", reminders: ["3 hours before"] },
    ],
    [
      "school play friday at 6pm remind me 4 days before and 25 minutes before",
      {
        title: "School play",
        start: "2026-10-30 18:00",
        reminders: ["4 days before", "25 minutes before"],
      },
    ],
    [
      "passport photos tomorrow at 11 with a 40 minute reminder",
      { title: "Passport photos", start: "2026-10-27 11:00", reminders: ["40 minutes before"] },
    ],
    [
      "ferry at 8am on saturday remind me 1.5 hours before",
      { title: "Ferry", start: "2026-10-31 08:00", reminders: ["90 minutes before"] },
    ],
    [
      "tax return on the 30th, remind me 3 weeks before",
      { title: "Tax return", start: "2026-10-30 15:00", reminders: ["1 week before"] },
    ],
    [
      "hockey at 5 tomorrow remind me 90 minutes",
      { title: "Hockey", start: "2026-10-27 17:00", reminders: ["90 minutes before"] },
    ],
    [
      "vet at 10 tomorrow remind me 60 minutes before",
      { title: "Vet", start: "2026-10-27 10:00", reminders: ["1 hour before"] },
    ],
    // Closing a sentence that says no day or time, the amount is no reminder (the plan starts
    // now: it would never ring); with a time it is one.
    [
      "take the cake out, remind me 40 minutes",
      { title: "Take the cake out, remind me 40 minutes", start: "2026-10-26 15:00" },
    ],
    [
      "oven timer, alert me 25 minutes",
      { title: "Oven timer, alert me 25 minutes", start: "2026-10-26 15:00" },
    ],
    [
      "dentist tomorrow at 3pm, alert me 25 minutes",
      { title: "Dentist", start: "2026-10-27 15:00", reminders: ["25 minutes before"] },
    ],
  ]),
  // 4. Handing a job over: the verb and the name leave the title; the type is the keywords'.
  ...saidIn(NEW_YORK_SATURDAY, [
    [
      "delegate the dishes to Liam",
      { title: "The dishes", start: "2026-04-18 09:30", assignee: "Liam", assignedTo: 12 },
    ],
    [
      "hand off the bake sale signup to Grace on monday",
      {
        title: "The bake sale signup",
        start: "2026-04-20 09:30",
        assignee: "Grace",
        assignedTo: 15,
      },
    ],
    [
      "leave the garden to Noah this weekend",
      { title: "The garden", start: "2026-04-18 09:30", assignee: "Noah" },
    ],
    [
      "job for liam - rake the leaves saturday",
      { title: "Rake the leaves", start: "2026-04-18 09:30", assignee: "Liam", assignedTo: 12 },
    ],
    [
      "have Mike be responsible for the car wash sunday",
      {
        title: "The car wash",
        type: "task",
        start: "2026-04-19 09:30",
        assignee: "Mike",
        assignedTo: 14,
      },
    ],
    [
      "put Sarah in charge of snacks for the game",
      {
        title: "Snacks for the game",
        start: "2026-04-18 09:30",
        assignee: "Sarah",
        assignedTo: 13,
      },
    ],
    ["leave for school at 7", { title: "Leave for school", start: "2026-04-18 07:00" }],
  ]),
  // 5. A place set off by commas leaves the title; a person there is no place.
  ...saidIn(NEW_YORK_SATURDAY, [
    [
      "soccer game, Lincoln Field, sunday 2pm",
      { title: "Soccer game", start: "2026-04-19 14:00", location: "Lincoln Field" },
    ],
    [
      "haircut, 12 Oak Street, tuesday at 4",
      { title: "Haircut", start: "2026-04-21 16:00", location: "12 Oak Street" },
    ],
    [
      "playdate, emma's friend's house, saturday at 3",
      { title: "Playdate", start: "2026-04-18 15:00", location: "emma's friend's house" },
    ],
    [
      "dentist, Dr. Patel, monday at 10",
      { title: "Dentist, Dr. Patel", start: "2026-04-20 10:00" },
    ],
    // An item of a list is no place, whatever it ends with.
    [
      "pack towels, goggles for the pool, sunscreen",
      { title: "Pack towels, goggles for the pool, sunscreen", start: "2026-04-18 09:30" },
    ],
    [
      "Pick Up Cake, Main Street Bakery, Friday At 4",
      {
        title: "Pick Up Cake",
        start: "2026-04-24 16:00",
        location: "Main Street Bakery",
      },
    ],
    [
      "lunch, then shopping, tomorrow",
      { title: "Lunch, then shopping", start: "2026-04-19 12:00" },
    ],
    // A list's last item, capitalised, is still an item.
    [
      "groceries: milk, bread, Oreos",
      { title: "Groceries: milk, bread, Oreos", start: "2026-04-18 09:30" },
    ],
    [
      "buy milk, eggs, Bread",
      { title: "Buy milk, eggs, Bread", start: "2026-04-18 09:30", type: "todo" },
    ],
  ]),
  // 6. A repeat word after a determiner names the thing; a gathering still repeats.
  ...saidIn(NEW_YORK_SATURDAY, [
    [
      "pick up the weekly groceries saturday",
      { title: "Pick up the weekly groceries", start: "2026-04-18 09:30" },
    ],
    [
      "renew the annual pass for the zoo",
      { title: "Renew the annual pass for the zoo", start: "2026-04-18 09:30" },
    ],
    [
      "print the monthly calendar",
      { title: "Print the monthly calendar", start: "2026-04-18 09:30" },
    ],
    [
      "our weekly family dinner on sunday",
      {
        title: "Our family dinner",
        start: "2026-04-19 18:00",
        repeat: { type: "weekly", until: "2026-07-19" },
      },
    ],
    // The gathering may be the head of the words that follow.
    [
      "our weekly piano lesson at 4pm",
      {
        title: "Our piano lesson",
        start: "2026-04-18 16:00",
        repeat: { type: "weekly", until: "2026-07-18" },
      },
    ],
    [
      "the monthly book club at 7pm",
      {
        title: "The book club",
        start: "2026-04-18 19:00",
        repeat: { type: "monthly", until: "2026-07-18" },
      },
    ],
    [
      "a weekly check-in with grace on mondays",
      {
        title: "A check-in with grace",
        start: "2026-04-20 09:30",
        repeat: { type: "weekly", until: "2026-07-20" },
      },
    ],
    [
      "every weekday except wednesday carpool at 8",
      {
        title: "Carpool",
        start: "2026-04-20 08:00",
        repeat: {
          type: "weekly",
          days: ["monday", "tuesday", "thursday", "friday"],
          until: "2026-07-20",
        },
      },
    ],
    [
      "homework every weekday",
      {
        title: "Homework",
        start: "2026-04-20 09:30",
        repeat: { type: "weekly", days: MONDAY_TO_FRIDAY, until: "2026-07-20" },
      },
    ],
  ]),
  // 7. "this month" beside a date is context; alone it is today.
  ...saidIn(AUCKLAND_THURSDAY, [
    ["garage sale sometime this month", { title: "Garage sale", start: "2026-07-16 18:00" }],
    [
      "everything is due this month, but the recital is on the 25th at 6",
      { title: "Everything is due this month, but the recital", start: "2026-07-25 18:00" },
    ],
  ]),
  ...saidIn(BERLIN_MONDAY, [
    [
      "the car needs a service this month, book it for november 5",
      { title: "The car needs a service this month, book", start: "2026-11-05 15:00" },
    ],
    [
      "with all the birthdays this month we should order cupcakes on October 30",
      {
        title: "With all the birthdays this month we should ord...",
        start: "2026-10-30 15:00",
      },
    ],
  ]),
  // 8. A weekday said on that weekday: today while its time is ahead, else next week's.
  ...saidIn(AUCKLAND_THURSDAY, [
    ["swim thursday at 5pm", { title: "Swim", start: "2026-07-23 17:00" }],
    ["swim thursday at 7pm", { title: "Swim", start: "2026-07-16 19:00" }],
    ["soccer thursday evening", { title: "Soccer", start: "2026-07-23 18:00" }],
    ["call grandma this thursday", { title: "Call grandma", start: "2026-07-16 18:00" }],
    [
      "swim every day until thursday",
      { title: "Swim", start: "2026-07-16 18:00", repeat: { type: "daily", until: "2026-07-23" } },
    ],
  ]),
  ...saidIn(NEW_YORK_SATURDAY, [
    ["farmers market saturday at 9", { title: "Farmers market", start: "2026-04-25 09:00" }],
    ["bike ride on saturday at noon", { title: "Bike ride", start: "2026-04-18 12:00" }],
    ["next saturday sleepover", { title: "Sleepover", start: "2026-04-25 09:30" }],
  ]),
];
