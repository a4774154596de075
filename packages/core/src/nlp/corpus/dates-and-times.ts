/**
 * The voice time rules (keyword times, now to the half hour, bare hours 7-11 a.m. and others
 * p.m., 12- and 24-hour times, words, ranges and durations, all-day) and dates (weekdays,
 * "next", weekends, "the 21st", month names with and without a day or year, relative days,
 * more than 3 months off → today).
 */
import { type CorpusCase, saidIn } from "./corpus-case";
import { NEW_YORK_MARCH } from "./types-and-people";

export const DATES_AND_TIMES: CorpusCase[] = saidIn(NEW_YORK_MARCH, [
  // Keyword times and now.
  [
    "breakfast with grandpa saturday",
    { title: "Breakfast with grandpa", start: "2026-03-07 08:00" },
  ],
  ["lunch date thursday", { title: "Lunch date", start: "2026-03-05 12:00" }],
  ["dinner with the smiths friday", { title: "Dinner with the smiths", start: "2026-03-06 18:00" }],
  ["call dad this evening", { title: "Call dad", start: "2026-03-04 18:00" }],
  ["walk the dog tonight", { title: "Walk the dog", start: "2026-03-04 20:00" }],
  ["quiet reading time this afternoon", { title: "Quiet reading time", start: "2026-03-04 15:00" }],
  ["laundry this morning", { title: "Laundry", start: "2026-03-04 08:00" }],
  ["vacuum the living room", { title: "Vacuum the living room", start: "2026-03-04 10:30" }],
  [
    "morning walk with the dog tomorrow",
    { title: "Morning walk with the dog", start: "2026-03-05 08:00" },
  ],
  // Bare hours, am/pm, 24-hour times, words.
  ["piano practice at 7", { title: "Piano practice", start: "2026-03-04 07:00" }],
  ["soccer at 11", { title: "Soccer", start: "2026-03-04 11:00" }],
  ["tennis at 12", { title: "Tennis", start: "2026-03-04 12:00" }],
  ["homework help at 1", { title: "Homework help", start: "2026-03-04 13:00" }],
  ["playdate at 6", { title: "Playdate", start: "2026-03-04 18:00" }],
  ["early flight at 5am", { title: "Early flight", start: "2026-03-04 05:00" }],
  ["movie at 9pm", { title: "Movie", start: "2026-03-04 21:00" }],
  ["conference call at 14:30", { title: "Conference call", start: "2026-03-04 14:30" }],
  ["bus leaves at 07:45", { title: "Bus leaves", start: "2026-03-04 07:45" }],
  ["gym at 6 in the morning", { title: "Gym", start: "2026-03-04 06:00" }],
  ["dinner at 7", { title: "Dinner", start: "2026-03-04 19:00" }],
  ["pick up the kids at five thirty", { title: "Pick up the kids", start: "2026-03-04 17:30" }],
  ["baby shower at two pm on saturday", { title: "Baby shower", start: "2026-03-07 14:00" }],
  ["meeting at noon", { title: "Meeting", start: "2026-03-04 12:00" }],
  ["take medicine at midnight", { title: "Take medicine", start: "2026-03-05 00:00" }],
  ["call grandma at half past four", { title: "Call grandma", start: "2026-03-04 16:30" }],
  ["carpool at quarter to eight", { title: "Carpool", start: "2026-03-04 07:45" }],
  ["dentist at 4:45 p.m.", { title: "Dentist", start: "2026-03-04 16:45" }],
  ["karate at 6 30", { title: "Karate", start: "2026-03-04 18:30" }],
  ["pick up pizza around 6", { title: "Pick up pizza", start: "2026-03-04 18:00" }],
  ["read to the kids at 8 tonight", { title: "Read to the kids", start: "2026-03-04 20:00" }],
  // Ranges and durations.
  ["soccer from 3 to 5", { title: "Soccer", start: "2026-03-04 15:00", end: "2026-03-04 17:00" }],
  ["swim 3-5pm saturday", { title: "Swim", start: "2026-03-07 15:00", end: "2026-03-07 17:00" }],
  [
    "study group from 7 to 9pm tomorrow",
    { title: "Study group", start: "2026-03-05 19:00", end: "2026-03-05 21:00" },
  ],
  [
    "doctor at 10 for an hour",
    { title: "Doctor", start: "2026-03-04 10:00", end: "2026-03-04 11:00" },
  ],
  [
    "family game night friday at 7 for 2 hours",
    { title: "Family game night", start: "2026-03-06 19:00", end: "2026-03-06 21:00" },
  ],
  [
    "brunch at 11:30 until 1",
    { title: "Brunch", start: "2026-03-04 11:30", end: "2026-03-04 13:00" },
  ],
  [
    "party saturday between 2 and 4",
    { title: "Party", start: "2026-03-07 14:00", end: "2026-03-07 16:00" },
  ],
  [
    "band practice at 4 for 90 minutes",
    { title: "Band practice", start: "2026-03-04 16:00", end: "2026-03-04 17:30" },
  ],
  [
    "yard sale from 8 to 12",
    { title: "Yard sale", start: "2026-03-04 08:00", end: "2026-03-04 12:00" },
  ],
  [
    "call the insurance company in 20 minutes",
    { title: "Call the insurance company", start: "2026-03-04 10:37" },
  ],
  ["check the oven in an hour", { title: "Check the oven", start: "2026-03-04 11:17" }],
  [
    "all day field trip on friday",
    { title: "Field trip", start: "2026-03-06 00:00", allDay: true },
  ],
  [
    "soccer tournament all day saturday",
    { title: "Soccer tournament", start: "2026-03-07 00:00", allDay: true },
  ],
  // Dates.
  ["dentist next friday at 2", { title: "Dentist", start: "2026-03-13 14:00" }],
  ["haircut this friday", { title: "Haircut", start: "2026-03-06 10:30" }],
  ["parent night on thursday", { title: "Parent night", start: "2026-03-05 20:00" }],
  ["grandma visits on the 21st", { title: "Grandma visits", start: "2026-03-21 10:30" }],
  ["pay the rent on the 1st", { title: "Pay the rent", start: "2026-04-01 10:30" }],
  ["dentist on march 25", { title: "Dentist", start: "2026-03-25 10:30" }],
  ["recital on april 18th at 3", { title: "Recital", start: "2026-04-18 15:00" }],
  ["spring break trip in april", { title: "Spring break trip", start: "2026-04-01 10:30" }],
  ["school starts again in september", { title: "School starts again", start: "2026-03-04 10:30" }],
  [
    "camp registration opens may 1 2026",
    { title: "Camp registration opens", start: "2026-05-01 10:30" },
  ],
  ["wedding anniversary december 12", { title: "Wedding anniversary", start: "2026-03-04 10:30" }],
  ["eye exam in two weeks", { title: "Eye exam", start: "2026-03-18 10:30" }],
  ["oil change in 3 days", { title: "Oil change", start: "2026-03-07 10:30" }],
  ["the day after tomorrow we have a picnic", { title: "Picnic", start: "2026-03-06 10:30" }],
  ["bake cookies this weekend", { title: "Bake cookies", start: "2026-03-07 10:30" }],
  ["clean the gutters next weekend", { title: "Clean the gutters", start: "2026-03-14 10:30" }],
  ["tomorrow call the plumber", { title: "Call the plumber", start: "2026-03-05 10:30" }],
  ["sleepover on friday night", { title: "Sleepover", start: "2026-03-06 20:00" }],
  ["tax appointment 3/16 at 10am", { title: "Tax appointment", start: "2026-03-16 10:00" }],
  ["easter brunch on april 5 at 11", { title: "Easter brunch", start: "2026-04-05 11:00" }],
  ["field day next monday", { title: "Field day", start: "2026-03-09 10:30" }],
  ["library books due on monday", { title: "Library books due", start: "2026-03-09 10:30" }],
  ["soccer signups by march 15", { title: "Soccer signups", start: "2026-03-15 10:30" }],
  ["tuesday at 4:15 orthodontist", { title: "Orthodontist", start: "2026-03-10 16:15" }],
  ["end of year party june 20", { title: "End of year party", start: "2026-03-04 10:30" }],
  ["dentist today at 4", { title: "Dentist", start: "2026-03-04 16:00" }],
  ["girls night out friday", { title: "Girls night out", start: "2026-03-06 20:00" }],
  [
    "we sat down to plan the garden",
    { title: "We sat down to plan the garden", start: "2026-03-04 10:30" },
  ],
  [
    "march with the band at the st patrick's day parade on the 17th",
    {
      title: "March with the band",
      start: "2026-03-17 10:30",
      location: "the st patrick's day parade",
    },
  ],
  [
    "first day of spring break on march 30",
    { title: "First day of spring break", start: "2026-03-30 10:30" },
  ],
  [
    "remind me to pick up the dry cleaning and the birthday cake and the balloons for the party tomorrow",
    { title: "Pick up the dry cleaning and the birthday cake ...", start: "2026-03-05 10:30" },
  ],
  [
    "DENTIST APPOINTMENT TOMORROW AT 3",
    { title: "DENTIST APPOINTMENT", start: "2026-03-05 15:00" },
  ],
  ["Soccer practice - Saturday 9am.", { title: "Soccer practice", start: "2026-03-07 09:00" }],
]);
