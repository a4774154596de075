/**
 * Item type words and assignees (plans spec section 5): the type comes from its keywords only;
 * an assignee is heard after "assign(ed) (this) to", "for" or "to" and matched to FAMILY.
 */
import { type CorpusCase, saidIn } from "./corpus-case";

/** Wednesday 4 March 2026, 10:17 in New York (clocks go forward on Sunday the 8th). */
export const NEW_YORK_MARCH = { now: "2026-03-04 10:17", zone: "America/New_York" };

export const TYPES_AND_PEOPLE: CorpusCase[] = saidIn(NEW_YORK_MARCH, [
  // Item type words.
  [
    "Task: clean out the garage on Saturday",
    { title: "Clean out the garage", type: "task", start: "2026-03-07 10:30" },
  ],
  [
    "buy birthday candles",
    { title: "Buy birthday candles", type: "todo", start: "2026-03-04 10:30" },
  ],
  [
    "get new soccer cleats for liam",
    {
      title: "Get new soccer cleats",
      type: "todo",
      start: "2026-03-04 10:30",
      assignee: "Liam",
      assignedTo: 12,
    },
  ],
  [
    "purchase tickets for the school play",
    { title: "Purchase tickets for the school play", type: "todo", start: "2026-03-04 10:30" },
  ],
  [
    "grocery checklist for the week",
    { title: "Grocery checklist for the week", type: "todo", start: "2026-03-04 10:30" },
  ],
  [
    "to do: return library books",
    { title: "Return library books", type: "todo", start: "2026-03-04 10:30" },
  ],
  [
    "add a to-do to call the bank",
    { title: "Call the bank", type: "todo", start: "2026-03-04 10:30" },
  ],
  [
    "Liam is responsible for feeding the dog",
    {
      title: "Feeding the dog",
      type: "task",
      start: "2026-03-04 10:30",
      assignee: "Liam",
      assignedTo: 12,
    },
  ],
  [
    "family get-together on sunday at 1",
    { title: "Family get-together", start: "2026-03-08 13:00" },
  ],
  ["don't forget the permission slip", { title: "The permission slip", start: "2026-03-04 10:30" }],
  [
    "budget meeting with the bank at 2",
    { title: "Budget meeting with the bank", start: "2026-03-04 14:00" },
  ],
  [
    "assignment due thursday for emma",
    {
      title: "Assignment due",
      type: "task",
      start: "2026-03-05 10:30",
      assignee: "Emma",
      assignedTo: 11,
    },
  ],
  // Assignees.
  [
    "practice spelling words, assign to emma",
    {
      title: "Practice spelling words",
      type: "task",
      start: "2026-03-04 10:30",
      assignee: "Emma",
      assignedTo: 11,
    },
  ],
  [
    "take out the recycling assigned to liam johnson",
    {
      title: "Take out the recycling",
      type: "task",
      start: "2026-03-04 10:30",
      assignee: "Liam Johnson",
      assignedTo: 12,
    },
  ],
  [
    "walk the dog tonight, assign this to grace",
    {
      title: "Walk the dog",
      type: "task",
      start: "2026-03-04 20:00",
      assignee: "Grace",
      assignedTo: 15,
    },
  ],
  [
    "assign Mike to pick up the dry cleaning tomorrow",
    {
      title: "Pick up the dry cleaning",
      type: "task",
      start: "2026-03-05 10:30",
      assignee: "Mike",
      assignedTo: 14,
    },
  ],
  [
    "Pick up the cake for Olivia",
    { title: "Pick up the cake", start: "2026-03-04 10:30", assignee: "Olivia" },
  ],
  [
    "drive to Target for diapers",
    { title: "Drive to Target for diapers", start: "2026-03-04 10:30", location: "Target" },
  ],
  [
    "fold the laundry assign it to me",
    { title: "Fold the laundry", type: "task", start: "2026-03-04 10:30" },
  ],
  ["pack lunches for us tomorrow morning", { title: "Pack lunches", start: "2026-03-05 08:00" }],
  ["call the dentist for mom", { title: "Call the dentist for mom", start: "2026-03-04 10:30" }],
  [
    "birthday party for emma's friend",
    { title: "Birthday party for emma's friend", start: "2026-03-04 10:30" },
  ],
  [
    "help sarah with homework at 7",
    { title: "Help sarah with homework", start: "2026-03-04 07:00" },
  ],
  [
    "emma and liam need to clean their rooms, assign to emma",
    {
      title: "Emma and liam need to clean their rooms",
      type: "task",
      start: "2026-03-04 10:30",
      assignee: "Emma",
      assignedTo: 11,
    },
  ],
  [
    "Assign to Jake Miller: mow the lawn on saturday",
    { title: "Mow the lawn", type: "task", start: "2026-03-07 10:30", assignee: "Jake Miller" },
  ],
  [
    "send the invitation to Uncle Bob",
    { title: "Send the invitation to Uncle Bob", start: "2026-03-04 10:30" },
  ],
  [
    "Give Sarah Johnson the car keys, assigned to Sarah Johnson",
    {
      title: "Give Sarah Johnson the car keys",
      type: "task",
      start: "2026-03-04 10:30",
      assignee: "Sarah Johnson",
      assignedTo: 13,
    },
  ],
  [
    "vacuum the stairs assign to bob",
    { title: "Vacuum the stairs", type: "task", start: "2026-03-04 10:30" },
  ],
  [
    "Talk to Mike about the summer camp",
    {
      title: "Talk about the summer camp",
      start: "2026-03-04 10:30",
      assignee: "Mike",
      assignedTo: 14,
    },
  ],
]);
