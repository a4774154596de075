/**
 * Repeat rules as the plan form holds them (plans spec section 9): daily every N days or
 * weekdays, weekly on days every 1-4 weeks, monthly on a day or the nth/last weekday, yearly;
 * the first occurrence on or after now; 3 months unless an end was said.
 */
import { type CorpusCase, MONDAY_TO_FRIDAY, saidIn } from "./corpus-case";
import { NEW_YORK_MARCH } from "./types-and-people";

export const REPEATS: CorpusCase[] = saidIn(NEW_YORK_MARCH, [
  [
    "take vitamins every morning",
    {
      title: "Take vitamins",
      start: "2026-03-05 08:00",
      repeat: { type: "daily", until: "2026-06-05" },
    },
  ],
  [
    "water the garden every other day",
    {
      title: "Water the garden",
      start: "2026-03-04 10:30",
      repeat: { type: "daily", every: 2, until: "2026-06-04" },
    },
  ],
  [
    "school pickup at 3:15 every weekday",
    {
      title: "School pickup",
      start: "2026-03-04 15:15",
      repeat: { type: "weekly", days: MONDAY_TO_FRIDAY, until: "2026-06-04" },
    },
  ],
  [
    "soccer practice tuesdays and thursdays at 5:30",
    {
      title: "Soccer practice",
      start: "2026-03-05 17:30",
      repeat: { type: "weekly", days: ["tuesday", "thursday"], until: "2026-06-05" },
    },
  ],
  [
    "art class every wednesday at 4",
    {
      title: "Art class",
      start: "2026-03-04 16:00",
      repeat: { type: "weekly", days: ["wednesday"], until: "2026-06-04" },
    },
  ],
  [
    "cleaning lady every other friday at 9",
    {
      title: "Cleaning lady",
      start: "2026-03-06 09:00",
      repeat: { type: "weekly", every: 2, days: ["friday"], until: "2026-06-06" },
    },
  ],
  [
    "pay the credit card every month on the 20th",
    {
      title: "Pay the credit card",
      start: "2026-03-20 10:30",
      repeat: { type: "monthly", until: "2026-06-20" },
    },
  ],
  [
    "book club the first tuesday of every month at 7pm",
    {
      title: "Book club",
      start: "2026-04-07 19:00",
      repeat: { type: "monthly", weekOfMonth: 1, until: "2026-07-07" },
    },
  ],
  [
    "church council on the last sunday of the month",
    {
      title: "Church council",
      start: "2026-03-29 10:30",
      repeat: { type: "monthly", weekOfMonth: -1, until: "2026-06-29" },
    },
  ],
  [
    "mow the lawn every saturday until may 30",
    {
      title: "Mow the lawn",
      start: "2026-03-07 10:30",
      repeat: { type: "weekly", days: ["saturday"], until: "2026-05-30" },
    },
  ],
  [
    "guitar lessons every thursday at 6 for 8 weeks",
    {
      title: "Guitar lessons",
      start: "2026-03-05 18:00",
      repeat: { type: "weekly", days: ["thursday"], until: "2026-04-29" },
    },
  ],
  [
    "physical therapy every monday and wednesday at 8am 10 times",
    {
      title: "Physical therapy",
      start: "2026-03-09 08:00",
      repeat: { type: "weekly", days: ["monday", "wednesday"], until: null, count: 10 },
    },
  ],
  [
    "weekly family meeting on sunday evenings",
    {
      title: "Family meeting",
      start: "2026-03-08 18:00",
      repeat: { type: "weekly", days: ["sunday"], until: "2026-06-08" },
    },
  ],
  [
    "kids allowance every friday",
    {
      title: "Kids allowance",
      start: "2026-03-06 10:30",
      repeat: { type: "weekly", days: ["friday"], until: "2026-06-06" },
    },
  ],
  [
    "change the air filter every 3 months",
    {
      title: "Change the air filter",
      start: "2026-03-04 10:30",
      repeat: { type: "monthly", every: 3, until: "2026-06-04" },
    },
  ],
  [
    "mom's birthday every year on june 5",
    {
      title: "Mom's birthday",
      start: "2026-06-05 10:30",
      repeat: { type: "yearly", until: "2026-09-05" },
    },
  ],
  [
    "anniversary dinner every year on march 14 at 7pm",
    {
      title: "Anniversary dinner",
      start: "2026-03-14 19:00",
      repeat: { type: "yearly", until: "2026-06-14" },
    },
  ],
  [
    "bible study every week at 7pm",
    {
      title: "Bible study",
      start: "2026-03-04 19:00",
      repeat: { type: "weekly", days: ["wednesday"], until: "2026-06-04" },
    },
  ],
  [
    "gymnastics mondays 4 to 5:30",
    {
      title: "Gymnastics",
      start: "2026-03-09 16:00",
      end: "2026-03-09 17:30",
      repeat: { type: "weekly", days: ["monday"], until: "2026-06-09" },
    },
  ],
  [
    "trash and recycling every tuesday night",
    {
      title: "Trash and recycling",
      start: "2026-03-10 20:00",
      repeat: { type: "weekly", days: ["tuesday"], until: "2026-06-10" },
    },
  ],
  [
    "feed the fish daily at 8",
    {
      title: "Feed the fish",
      start: "2026-03-05 08:00",
      repeat: { type: "daily", until: "2026-06-05" },
    },
  ],
  [
    "bedtime story every night at 8",
    {
      title: "Bedtime story",
      start: "2026-03-04 20:00",
      repeat: { type: "daily", until: "2026-06-04" },
    },
  ],
  [
    "lawn service biweekly on thursdays",
    {
      title: "Lawn service",
      start: "2026-03-05 10:30",
      repeat: { type: "weekly", every: 2, days: ["thursday"], until: "2026-06-05" },
    },
  ],
  [
    "dance class every weekend at 10",
    {
      title: "Dance class",
      start: "2026-03-07 10:00",
      repeat: { type: "weekly", days: ["sunday", "saturday"], until: "2026-06-07" },
    },
  ],
  [
    "quarterly dentist cleaning",
    {
      title: "Dentist cleaning",
      start: "2026-03-04 10:30",
      repeat: { type: "monthly", every: 3, until: "2026-06-04" },
    },
  ],
  [
    "piano practice every day for 2 weeks",
    {
      title: "Piano practice",
      start: "2026-03-04 10:30",
      repeat: { type: "daily", until: "2026-03-17" },
    },
  ],
  [
    "carpool mon wed fri at 7:30",
    {
      title: "Carpool",
      start: "2026-03-06 07:30",
      repeat: { type: "weekly", days: ["monday", "wednesday", "friday"], until: "2026-06-06" },
    },
  ],
  [
    "check the mail every day until the end of the month",
    {
      title: "Check the mail",
      start: "2026-03-04 10:30",
      repeat: { type: "daily", until: "2026-03-31" },
    },
  ],
  [
    "family walk every evening",
    {
      title: "Family walk",
      start: "2026-03-04 18:00",
      repeat: { type: "daily", until: "2026-06-04" },
    },
  ],
  [
    "choir practice every second tuesday",
    {
      title: "Choir practice",
      start: "2026-03-10 10:30",
      repeat: { type: "weekly", every: 2, days: ["tuesday"], until: "2026-06-10" },
    },
  ],
  [
    "math tutoring every tuesday and thursday from 4 to 5 until april 30",
    {
      title: "Math tutoring",
      start: "2026-03-05 16:00",
      end: "2026-03-05 17:00",
      repeat: { type: "weekly", days: ["tuesday", "thursday"], until: "2026-04-30" },
    },
  ],
  [
    "scout meeting every 2 weeks on monday at 6:30",
    {
      title: "Scout meeting",
      start: "2026-03-09 18:30",
      repeat: { type: "weekly", every: 2, days: ["monday"], until: "2026-06-09" },
    },
  ],
  [
    "library day every week on wednesday",
    {
      title: "Library day",
      start: "2026-03-04 10:30",
      repeat: { type: "weekly", days: ["wednesday"], until: "2026-06-04" },
    },
  ],
  [
    "monthly budget review on the 1st",
    {
      title: "Budget review",
      start: "2026-04-01 10:30",
      repeat: { type: "monthly", until: "2026-07-01" },
    },
  ],
  [
    "grandma's pills every day at 9am",
    {
      title: "Grandma's pills",
      start: "2026-03-05 09:00",
      repeat: { type: "daily", until: "2026-06-05" },
    },
  ],
  [
    "take out the trash every thursday 5 times",
    {
      title: "Take out the trash",
      start: "2026-03-05 10:30",
      repeat: { type: "weekly", days: ["thursday"], until: null, count: 5 },
    },
  ],
  [
    "swim team every saturday forever",
    {
      title: "Swim team",
      start: "2026-03-07 10:30",
      repeat: { type: "weekly", days: ["saturday"], until: null },
    },
  ],
]);
