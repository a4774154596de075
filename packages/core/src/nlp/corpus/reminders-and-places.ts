/**
 * Reminder phrases (kept as said, at most four) and location phrases in the
 * spec's order, with its skip rules.
 */
import { type CorpusCase, saidIn } from "./corpus-case";
import { NEW_YORK_MARCH } from "./types-and-people";

export const REMINDERS_AND_PLACES: CorpusCase[] = saidIn(NEW_YORK_MARCH, [
  // Reminders.
  [
    "dentist on friday at 9 remind me 1 day before",
    { title: "Dentist", start: "2026-03-06 09:00", reminders: ["1 day before"] },
  ],
  [
    "piano recital tomorrow at 6pm remind me 2 hours before and 30 minutes before",
    {
      title: "Piano recital",
      start: "2026-03-05 18:00",
      reminders: ["2 hours before", "30 minutes before"],
    },
  ],
  [
    "swim meet saturday at 8am, remind me the day before",
    { title: "Swim meet", start: "2026-03-07 08:00", reminders: ["1 day before"] },
  ],
  [
    "vet appointment at 3 remind me 45 minutes before",
    { title: "Vet appointment", start: "2026-03-04 15:00", reminders: ["45 minutes before"] },
  ],
  [
    "call grandpa at 4 remind me 20 minutes before",
    { title: "Call grandpa", start: "2026-03-04 16:00", reminders: ["20 minutes before"] },
  ],
  [
    "soccer game saturday at 10 with a 15 minute reminder",
    { title: "Soccer game", start: "2026-03-07 10:00", reminders: ["15 minutes before"] },
  ],
  [
    "haircut thursday at 5:30 remind me an hour before",
    { title: "Haircut", start: "2026-03-05 17:30", reminders: ["1 hour before"] },
  ],
  [
    "school concert on march 19 at 7pm remind me 1 week before",
    { title: "School concert", start: "2026-03-19 19:00", reminders: ["1 week before"] },
  ],
  [
    "flight to denver on march 20 at 6am remind me 24 hours before and 3 hours before",
    {
      title: "Flight to denver",
      start: "2026-03-20 06:00",
      reminders: ["24 hours before", "3 hours before"],
    },
  ],
  [
    "team lunch at noon remind me 10 minutes before",
    { title: "Team lunch", start: "2026-03-04 12:00", reminders: ["10 minutes before"] },
  ],
  [
    "remind me 5 min before the meeting at 2",
    { title: "The meeting", start: "2026-03-04 14:00", reminders: ["5 minutes before"] },
  ],
  [
    "mom's surgery on march 12 at 7am remind me 2 days before, 1 day before, 2 hours before, 1 hour before and 30 minutes before",
    {
      title: "Mom's surgery",
      start: "2026-03-12 07:00",
      reminders: ["2 days before", "1 day before", "2 hours before", "1 hour before"],
    },
  ],
  ["remind me to buy milk", { title: "Buy milk", type: "todo", start: "2026-03-04 10:30" }],
  [
    "science fair project due monday remind me 2 days before",
    { title: "Science fair project due", start: "2026-03-09 10:30", reminders: ["2 days before"] },
  ],
  [
    "conference call at 11 remind me 1 minute before",
    { title: "Conference call", start: "2026-03-04 11:00", reminders: ["1 minute before"] },
  ],
  [
    "yoga at 6pm remind me 90 minutes before",
    { title: "Yoga", start: "2026-03-04 18:00", reminders: ["90 minutes before"] },
  ],
  [
    "parent teacher night thursday at 6, remind me two hours before",
    { title: "Parent teacher night", start: "2026-03-05 18:00", reminders: ["2 hours before"] },
  ],
  [
    "oil change saturday morning remind me 1 day and 1 hour before",
    {
      title: "Oil change",
      start: "2026-03-07 08:00",
      reminders: ["1 day before", "1 hour before"],
    },
  ],
  // Locations.
  [
    "birthday party at chuck e cheese on saturday at 2",
    { title: "Birthday party", start: "2026-03-07 14:00", location: "chuck e cheese" },
  ],
  [
    "meet the kids at the bus stop at 3:20",
    { title: "Meet the kids", start: "2026-03-04 15:20", location: "the bus stop" },
  ],
  [
    "church on sunday at 10 at st. mary's",
    { title: "Church", start: "2026-03-08 10:00", location: "st. mary's" },
  ],
  [
    "dinner in the city with friends friday",
    { title: "Dinner with friends", start: "2026-03-06 18:00", location: "the city" },
  ],
  [
    "we're going to the aquarium on saturday",
    { title: "Going to the aquarium", start: "2026-03-07 10:30", location: "the aquarium" },
  ],
  [
    "the location is 42 maple avenue, housewarming party friday at 7pm",
    { title: "Housewarming party", start: "2026-03-06 19:00", location: "42 maple avenue" },
  ],
  [
    "book fair held at the school library on thursday",
    { title: "Book fair", start: "2026-03-05 10:30", location: "the school library" },
  ],
  [
    "picnic in central park sunday at noon",
    { title: "Picnic", start: "2026-03-08 12:00", location: "central park" },
  ],
  [
    "pick up emma at her friend's house at 6",
    { title: "Pick up emma", start: "2026-03-04 18:00", location: "her friend's house" },
  ],
  [
    "piano lesson at 4 at mrs. lee's studio",
    { title: "Piano lesson", start: "2026-03-04 16:00", location: "mrs. lee's studio" },
  ],
  ["meeting at work at 9", { title: "Meeting", start: "2026-03-04 09:00", location: "work" }],
  ["nap time at home at 1", { title: "Nap time", start: "2026-03-04 13:00", location: "home" }],
  [
    "book club will take place at sarah's house on tuesday at 7:30pm",
    { title: "Book club", start: "2026-03-10 19:30", location: "sarah's house" },
  ],
  [
    "take the car to the garage on friday",
    { title: "Take the car to the garage", start: "2026-03-06 10:30", location: "the garage" },
  ],
  [
    "visit grandma in the hospital tomorrow",
    { title: "Visit grandma", start: "2026-03-05 10:30", location: "the hospital" },
  ],
  [
    "Lunch at Panera with Grace on Friday at 12:30",
    { title: "Lunch with Grace", start: "2026-03-06 12:30", location: "Panera" },
  ],
  ["Movie at 7pm at the AMC", { title: "Movie", start: "2026-03-04 19:00", location: "the AMC" }],
  [
    "swim lessons at the ymca on tuesdays at 5",
    {
      title: "Swim lessons",
      start: "2026-03-10 17:00",
      location: "the ymca",
      repeat: { type: "weekly", days: ["tuesday"], until: "2026-06-10" },
    },
  ],
  [
    "pick up liam from school at 3",
    { title: "Pick up liam from school", start: "2026-03-04 15:00", location: "school" },
  ],
  [
    "dentist at it's usual time",
    { title: "Dentist at it's usual time", start: "2026-03-04 10:30" },
  ],
  [
    "be there in time for the show",
    { title: "Be there in time for the show", start: "2026-03-04 10:30" },
  ],
  [
    "go to the bank at least once",
    { title: "Go to the bank at least once", start: "2026-03-04 10:30", location: "the bank" },
  ],
  [
    "at the dentist tomorrow at 3",
    { title: "The dentist", start: "2026-03-05 15:00", location: "the dentist" },
  ],
  ["Soccer game in LA on saturday", { title: "Soccer game in LA", start: "2026-03-07 10:30" }],
  [
    "coffee with sarah at starbucks on main street at 8",
    { title: "Coffee with sarah", start: "2026-03-04 08:00", location: "starbucks on main street" },
  ],
]);
