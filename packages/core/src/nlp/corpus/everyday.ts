/**
 * Everyday family sentences mixing the rules, typed and spoken (lowercase, no punctuation),
 * including the fillers people wrap a plan in ("hey can you remind me to", "add … to the
 * calendar", "I think").
 */
import { type CorpusCase, MONDAY_TO_FRIDAY, saidIn } from "./corpus-case";
import { NEW_YORK_MARCH } from "./types-and-people";

export const EVERYDAY: CorpusCase[] = saidIn(NEW_YORK_MARCH, [
  ["Soccer practice tomorrow at 4pm", { title: "Soccer practice", start: "2026-03-05 16:00" }],
  [
    "Dentist appointment for Emma on Friday at 10am",
    { title: "Dentist appointment", start: "2026-03-06 10:00", assignee: "Emma", assignedTo: 11 },
  ],
  [
    "Take the dog to the vet on Saturday morning",
    { title: "Take the dog to the vet", start: "2026-03-07 08:00", location: "the vet" },
  ],
  ["Family movie night Friday at 7", { title: "Family movie night", start: "2026-03-06 19:00" }],
  [
    "Pay the electric bill by the 15th",
    { title: "Pay the electric bill", start: "2026-03-15 10:30" },
  ],
  [
    "Grandma's birthday party on March 12th at 2pm at her house",
    { title: "Grandma's birthday party", start: "2026-03-12 14:00", location: "her house" },
  ],
  [
    "Remind me to call the pediatrician tomorrow morning",
    { title: "Call the pediatrician", start: "2026-03-05 08:00" },
  ],
  [
    "Emma's soccer game Saturday at 9am at Riverside Park",
    { title: "Emma's soccer game", start: "2026-03-07 09:00", location: "Riverside Park" },
  ],
  [
    "Ask Mike to pick up the kids at 3",
    { title: "Ask Mike to pick up the kids", start: "2026-03-04 15:00" },
  ],
  [
    "Book club meeting on the first Monday of every month at 7pm",
    {
      title: "Book club meeting",
      start: "2026-04-06 19:00",
      repeat: { type: "monthly", weekOfMonth: 1, until: "2026-07-06" },
    },
  ],
  [
    "Emma has ballet on Tuesdays and Thursdays from 4 to 5",
    {
      title: "Emma has ballet",
      start: "2026-03-05 16:00",
      end: "2026-03-05 17:00",
      repeat: { type: "weekly", days: ["tuesday", "thursday"], until: "2026-06-05" },
    },
  ],
  ["put the kids to bed at 8", { title: "Put the kids to bed", start: "2026-03-04 20:00" }],
  [
    "Dinner reservation at Olive Garden for 6 people at 7",
    {
      title: "Dinner reservation for 6 people",
      start: "2026-03-04 19:00",
      location: "Olive Garden",
    },
  ],
  [
    "Costco run on Saturday",
    { title: "Costco run", start: "2026-03-07 10:30", location: "Costco" },
  ],
  [
    "Volunteer at the food bank next Saturday from 9 to 12",
    {
      title: "Volunteer",
      start: "2026-03-14 09:00",
      end: "2026-03-14 12:00",
      location: "the food bank",
    },
  ],
  [
    "Haircut for Liam after school on Wednesday",
    { title: "Haircut after school", start: "2026-03-04 10:30", assignee: "Liam", assignedTo: 12 },
  ],
  [
    "mikes soccer game is on saturday at 10 am at lincoln field",
    { title: "Mikes soccer game", start: "2026-03-07 10:00", location: "lincoln field" },
  ],
  [
    "can you add a reminder for emmas recital next thursday at 6",
    { title: "Emmas recital", start: "2026-03-12 18:00" },
  ],
  [
    "i need to pick up the prescription at cvs tomorrow",
    { title: "Pick up the prescription", start: "2026-03-05 10:30", location: "cvs" },
  ],
  [
    "we have a pediatrician appointment on the 12th at 9:15",
    { title: "Pediatrician appointment", start: "2026-03-12 09:15" },
  ],
  [
    "sarah's book club is at 7 tonight at jenny's house",
    { title: "Sarah's book club", start: "2026-03-04 19:00", location: "jenny's house" },
  ],
  [
    "team practice every tuesday and thursday at 6 until the end of may",
    {
      title: "Team practice",
      start: "2026-03-05 18:00",
      repeat: { type: "weekly", days: ["tuesday", "thursday"], until: "2026-05-31" },
    },
  ],
  [
    "the electrician is coming between 8 and 10 tomorrow",
    { title: "The electrician is coming", start: "2026-03-05 08:00", end: "2026-03-05 10:00" },
  ],
  [
    "pick up the cake from the bakery on friday before 5",
    {
      title: "Pick up the cake from the bakery",
      start: "2026-03-06 17:00",
      location: "the bakery",
    },
  ],
  [
    "dentist for liam and emma on march 20 at 3:30",
    { title: "Dentist", start: "2026-03-20 15:30", assignee: "Liam", assignedTo: 12 },
  ],
  [
    "drive grandma to her doctors appointment on tuesday at 11",
    { title: "Drive grandma to her doctors appointment", start: "2026-03-10 11:00" },
  ],
  [
    "remind me the night before the recital on saturday",
    { title: "The recital", start: "2026-03-07 10:30", reminders: ["1 day before"] },
  ],
  [
    "every day except sunday walk the dog",
    {
      title: "Walk the dog",
      start: "2026-03-04 10:30",
      repeat: {
        type: "weekly",
        days: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"],
        until: "2026-06-04",
      },
    },
  ],
  [
    "every day except weekends read for 20 minutes",
    {
      title: "Read",
      start: "2026-03-04 10:30",
      end: "2026-03-04 10:50",
      repeat: { type: "weekly", days: MONDAY_TO_FRIDAY, until: "2026-06-04" },
    },
  ],
  [
    "assigned to: emma, clean the bathroom",
    {
      title: "Clean the bathroom",
      type: "task",
      start: "2026-03-04 10:30",
      assignee: "Emma",
      assignedTo: 11,
    },
  ],
  [
    "grace is in charge of the grocery shopping this week",
    { title: "The grocery shopping", start: "2026-03-04 10:30", assignee: "Grace", assignedTo: 15 },
  ],
  [
    "assign to Emma and Liam: clean the playroom",
    {
      title: "Clean the playroom",
      type: "task",
      start: "2026-03-04 10:30",
      assignee: "Emma",
      assignedTo: 11,
    },
  ],
  [
    "pick up dry cleaning (for Grace)",
    { title: "Pick up dry cleaning", start: "2026-03-04 10:30", assignee: "Grace", assignedTo: 15 },
  ],
  [
    "concert starts at 7:30 pm and ends at 10",
    { title: "Concert starts", start: "2026-03-04 19:30", end: "2026-03-04 22:00" },
  ],
  [
    "party from 8pm to midnight",
    { title: "Party", start: "2026-03-04 20:00", end: "2026-03-05 00:00" },
  ],
  [
    "vacation from the 10th to the 15th",
    { title: "Vacation", start: "2026-03-10 10:30", end: "2026-03-15 10:30" },
  ],
  ["meeting on wednesday the 11th at 2", { title: "Meeting", start: "2026-03-11 14:00" }],
  ["dinner 6ish", { title: "Dinner", start: "2026-03-04 18:00" }],
  [
    "dinner at mom and dad's house sunday",
    { title: "Dinner", start: "2026-03-08 18:00", location: "mom and dad's house" },
  ],
  ["class in room 204 at 9", { title: "Class", start: "2026-03-04 09:00", location: "room 204" }],
  [
    "Visit Aunt Mary in Ohio next weekend",
    { title: "Visit Aunt Mary", start: "2026-03-14 10:30", location: "Ohio" },
  ],
  [
    "appointment at Dr. Patel's office at 10:30",
    { title: "Appointment", start: "2026-03-04 10:30", location: "Dr. Patel's office" },
  ],
  [
    "um dentist appointment tomorrow at 10 i think",
    { title: "Dentist appointment", start: "2026-03-05 10:00" },
  ],
  [
    "ok so emma has a birthday party to go to on saturday at 2 at the bounce house",
    {
      title: "Emma has a birthday party to go",
      start: "2026-03-07 14:00",
      location: "the bounce house",
    },
  ],
  [
    "add soccer practice to the calendar for thursday at 5",
    { title: "Soccer practice", start: "2026-03-05 17:00" },
  ],
  ["event - pta meeting - tuesday 7pm", { title: "Pta meeting", start: "2026-03-10 19:00" }],
  [
    "todo: buy printer paper",
    { title: "Buy printer paper", type: "todo", start: "2026-03-04 10:30" },
  ],
  [
    "Don't forget Liam's field trip form is due Friday",
    { title: "Liam's field trip form is due", start: "2026-03-06 10:30" },
  ],
  [
    "there's a school play on thursday at 6:30",
    { title: "School play", start: "2026-03-05 18:30" },
  ],
  ["we're having a bbq on the 4th of july", { title: "Bbq", start: "2026-03-04 10:30" }],
  [
    "emma's orthodontist appointment, tuesday march 10, 4:15pm",
    { title: "Emma's orthodontist appointment", start: "2026-03-10 16:15" },
  ],
  [
    "Doctor appt for Liam tmrw 9am",
    { title: "Doctor appt", start: "2026-03-05 09:00", assignee: "Liam", assignedTo: 12 },
  ],
  [
    "Parent-teacher conferences Mon 3/9 @ 6:30pm",
    { title: "Parent-teacher conferences", start: "2026-03-09 18:30" },
  ],
  ["Call the school nurse ASAP", { title: "Call the school nurse", start: "2026-03-04 10:17" }],
  [
    "last day of swim camp on friday",
    { title: "Last day of swim camp", start: "2026-03-06 10:30" },
  ],
  ["finish the report by 5pm", { title: "Finish the report", start: "2026-03-04 17:00" }],
  [
    "Soccer tournament all weekend",
    {
      title: "Soccer tournament",
      start: "2026-03-07 00:00",
      end: "2026-03-08 00:00",
      allDay: true,
    },
  ],
  [
    "Vet appointment for Max on Monday at 10:30",
    { title: "Vet appointment for Max", start: "2026-03-09 10:30" },
  ],
  [
    "Weekly grocery shopping Saturday mornings at Trader Joe's",
    {
      title: "Grocery shopping",
      start: "2026-03-07 08:00",
      location: "Trader Joe's",
      repeat: { type: "weekly", days: ["saturday"], until: "2026-06-07" },
    },
  ],
  [
    "Assign Liam to empty the dishwasher every evening",
    {
      title: "Empty the dishwasher",
      type: "task",
      start: "2026-03-04 18:00",
      assignee: "Liam",
      assignedTo: 12,
      repeat: { type: "daily", until: "2026-06-04" },
    },
  ],
  [
    "Schedule Liam's annual checkup with Dr. Smith",
    { title: "Liam's annual checkup with Dr. Smith", start: "2026-03-04 10:30" },
  ],
  [
    "The PTA meeting is on the second Tuesday of every month at 7pm in the library",
    {
      title: "The PTA meeting",
      start: "2026-03-10 19:00",
      location: "the library",
      repeat: { type: "monthly", weekOfMonth: 2, until: "2026-06-10" },
    },
  ],
  [
    "dinner with the Johnsons next Friday",
    { title: "Dinner with the Johnsons", start: "2026-03-13 18:00" },
  ],
  [
    "garage sale 8am to 2pm saturday and sunday",
    { title: "Garage sale", start: "2026-03-07 08:00", end: "2026-03-07 14:00" },
  ],
  ["next week tuesday dentist", { title: "Dentist", start: "2026-03-10 10:30" }],
  ["meeting at twenty past four", { title: "Meeting", start: "2026-03-04 16:20" }],
  [
    "emma's sleepover saturday night to sunday morning",
    { title: "Emma's sleepover", start: "2026-03-07 20:00", end: "2026-03-08 20:00" },
  ],
  [
    "remind me about the bake sale on friday 2 days before",
    { title: "The bake sale", start: "2026-03-06 10:30", reminders: ["2 days before"] },
  ],
  ["Liam dentist tues 3:30pm", { title: "Liam dentist", start: "2026-03-10 15:30" }],
  [
    "homework club mon-fri at 3:30",
    {
      title: "Homework club",
      start: "2026-03-04 15:30",
      repeat: { type: "weekly", days: MONDAY_TO_FRIDAY, until: "2026-06-04" },
    },
  ],
  [
    "set up a reminder to water plants every 2 days at 8am",
    {
      title: "Water plants",
      start: "2026-03-05 08:00",
      repeat: { type: "daily", every: 2, until: "2026-06-05" },
    },
  ],
  ["Reminder: call the bank at 9", { title: "Call the bank", start: "2026-03-04 09:00" }],
  [
    "Every Sunday 9am church",
    {
      title: "Church",
      start: "2026-03-08 09:00",
      repeat: { type: "weekly", days: ["sunday"], until: "2026-06-08" },
    },
  ],
  ["dentist on the first of april at 10", { title: "Dentist", start: "2026-04-01 10:00" }],
  ["lunch on the 2nd of next month", { title: "Lunch", start: "2026-04-02 12:00" }],
  [
    "dinner party saturday night at our house",
    { title: "Dinner party", start: "2026-03-07 18:00", location: "our house" },
  ],
]);
