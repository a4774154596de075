/**
 * Example requests and answers of the main calls, for the OpenAPI document (openapi.ts puts each
 * on its operation: path and query values on the parameters, the rest as the body) and so for
 * /api/docs. Typed by the procedures themselves, so an example that no longer fits its input or
 * answer does not compile, and openapi.test.ts parses each with the procedure's own schemas.
 * One family throughout: Ada and Byron Lovelace (user ids 3 and 4), their circle 12, in New York.
 * docs/decisions/007, "Describing the API".
 */
import { messages } from "@circleplan/shared/messages";
import { NOT_RECURRING } from "@circleplan/shared/plan-rules";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "./root";

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/** One example of a call: what is sent (path, query and body values alike) and what comes back. */
export interface OperationExample<Input = unknown, Answer = unknown> {
  summary: string;
  request: Input;
  answer: Answer;
}

/** `[procedure path, its examples by name]`, the examples typed by that procedure. */
function examplesOf<
  R extends keyof Inputs & keyof Outputs,
  P extends keyof Inputs[R] & keyof Outputs[R],
>(
  router: R,
  procedure: P,
  examples: Record<string, OperationExample<Inputs[R][P], Outputs[R][P]>>,
): [string, Record<string, OperationExample>] {
  return [`${router}.${String(procedure)}`, examples];
}

type Plan = Outputs["plans"]["get"];

const zone = "America/New_York";
const madeAt = new Date("2026-11-20T15:04:05.000Z");

const ada: Outputs["auth"]["login"] = {
  id: 3,
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  username: "ada",
  gender: "female",
  country: "US",
  city: "New York",
  phoneNumber: "+1 2125550123",
  photoUrl: null,
  timeZone: zone,
  timeFormat: "12h",
  weekStart: "sunday",
  emailVerified: true,
  pendingEmail: null,
  createdAt: madeAt,
};

const circle: Outputs["circles"]["create"] = {
  id: 12,
  name: "The Lovelaces",
  description: "School runs, lessons and the dentist",
  type: "family",
  color: "#10B981",
  photo: null,
  photoUrl: null,
  thumbnailUrl: null,
  creatorId: ada.id,
  memberCount: 1,
  role: "admin",
  isCreator: true,
  createdAt: madeAt,
};

/** The fields of a one-off plan that are not about repeating. */
const NOT_REPEATING = {
  ...NOT_RECURRING,
  recurrencePattern: null,
  rrule: null,
  originalStartTime: null,
  originalDate: null,
  isRecurrenceException: false,
} as const;

const dentist: Plan = {
  id: 345,
  title: "Dentist with Mia",
  description: null,
  location: "Smile Dental, 5th Ave",
  locationLat: null,
  locationLng: null,
  locationPlaceId: null,
  mapUrl: null,
  startTime: new Date("2026-11-24T21:00:00.000Z"),
  endTime: new Date("2026-11-24T22:00:00.000Z"),
  allDay: false,
  date: "2026-11-24",
  type: "event",
  circleId: circle.id,
  circleName: circle.name,
  circleColor: circle.color,
  creatorId: ada.id,
  creatorName: "Ada Lovelace",
  assignedTo: null,
  assigneeName: null,
  assignmentAccepted: null,
  responseNote: null,
  respondedAt: null,
  status: null,
  isCompleted: false,
  completedAt: null,
  completedBy: null,
  reminderTimes: ["1 hour before"],
  reminderMinutes: [60],
  voiceNote: null,
  eventColor: null,
  timeZone: zone,
  ...NOT_REPEATING,
  attachments: [],
  version: 1,
  createdAt: madeAt,
  updatedAt: madeAt,
};

const swimming: Plan = {
  ...dentist,
  id: 346,
  title: "Swimming lesson",
  location: "Asphalt Green",
  startTime: new Date("2026-11-24T22:30:00.000Z"),
  endTime: new Date("2026-11-24T23:15:00.000Z"),
  reminderTimes: ["2 hours before"],
  reminderMinutes: [120],
  isRecurring: true,
  recurrenceType: "weekly",
  recurrenceFrequency: 1,
  recurrenceDaysOfWeek: ["tuesday"],
  recurrenceCount: 10,
  recurrencePattern: "Every week on Tuesday, 10 times",
  rrule: "FREQ=WEEKLY;BYDAY=TU;COUNT=10",
  originalStartTime: new Date("2026-11-24T22:30:00.000Z"),
};

const schoolRun: Plan = {
  ...dentist,
  id: 347,
  title: "Pick up Mia from school",
  location: "PS 6",
  startTime: new Date("2026-11-25T20:15:00.000Z"),
  endTime: null,
  date: "2026-11-25",
  type: "task",
  assignedTo: 4,
  assigneeName: "Byron Lovelace",
  status: "pending",
  reminderTimes: ["30 minutes before"],
  reminderMinutes: [30],
};

/** A task's fields as sent, the circle named by `circleId` or by the path. */
const schoolRunRequest = {
  title: "Pick up Mia from school",
  location: "PS 6",
  startTime: "2026-11-25T20:15:00.000Z",
  type: "task",
  assignedTo: 4,
  reminderTimes: ["30 minutes before"],
  timeZone: zone,
} satisfies Omit<Inputs["plans"]["create"], "circleId">;

const answeredAt = new Date("2026-11-21T09:30:00.000Z");
const acceptNote = "I'll take the car";
const declineReason = "I'm at work until 6";

/** The task once its assignee answered. */
const answered = (accepted: boolean, note: string): Outputs["plans"]["respond"] => ({
  accepted,
  event: {
    ...schoolRun,
    assignmentAccepted: accepted,
    status: accepted ? "accepted" : "declined",
    responseNote: note,
    respondedAt: answeredAt,
    version: 2,
    updatedAt: answeredAt,
  },
});

export const OPERATION_EXAMPLES: Record<
  string,
  Record<string, OperationExample>
> = Object.fromEntries([
  examplesOf("auth", "register", {
    register: {
      summary: "Sign up (production: no dev_verification_token)",
      request: {
        email: ada.email,
        password: "Analytical-Engine1!",
        firstName: ada.firstName,
        lastName: ada.lastName,
        gender: ada.gender,
        country: ada.country,
        city: ada.city,
        phoneNumber: ada.phoneNumber,
        timeZone: zone,
      },
      answer: {
        message: messages.registered,
        user: { ...ada, emailVerified: false },
      },
    },
  }),
  examplesOf("auth", "login", {
    login: {
      summary: "Sign in; the answer sets the session cookie",
      request: { email: ada.email, password: "Analytical-Engine1!" },
      answer: ada,
    },
  }),
  examplesOf("circles", "create", {
    family: {
      summary: "A family circle",
      request: {
        name: circle.name,
        description: circle.description,
        color: circle.color,
        type: "family",
      },
      answer: circle,
    },
  }),
  examplesOf("invitations", "create", {
    byEmail: {
      summary: "Invite Byron by email",
      request: {
        id: circle.id,
        email: "byron@example.com",
        message: "Join our family planner!",
        relationship: "spouse",
      },
      answer: {
        id: 81,
        circleId: circle.id,
        circleName: circle.name,
        circleColor: circle.color,
        email: "byron@example.com",
        status: "pending",
        relationship: "spouse",
        message: "Join our family planner!",
        inviterName: "Ada Lovelace",
        createdAt: madeAt,
        expiresAt: new Date("2026-11-30T15:04:05.000Z"),
        created_at: madeAt,
        expires_at: new Date("2026-11-30T15:04:05.000Z"),
        inviteToken: "Jq3vYtP0xW8sK2mN5bR7cA",
        inviteUrl: "https://circleplan.example/invitations/Jq3vYtP0xW8sK2mN5bR7cA",
      },
    },
  }),
  examplesOf("plans", "create", {
    oneOff: {
      summary: "A one-off plan",
      request: {
        circleId: circle.id,
        title: dentist.title,
        location: dentist.location,
        startTime: "2026-11-24T21:00:00.000Z",
        endTime: "2026-11-24T22:00:00.000Z",
        reminderTimes: ["1 hour before"],
        timeZone: zone,
      },
      answer: dentist,
    },
    weeklySeries: {
      summary: "A weekly series: Tuesdays, 10 times",
      request: {
        circleId: circle.id,
        title: swimming.title,
        location: swimming.location,
        startTime: "2026-11-24T22:30:00.000Z",
        endTime: "2026-11-24T23:15:00.000Z",
        reminderTimes: ["2 hours before"],
        timeZone: zone,
        isRecurring: true,
        recurrenceType: "weekly",
        recurrenceFrequency: 1,
        recurrenceDaysOfWeek: ["tuesday"],
        recurrenceCount: 10,
      },
      answer: swimming,
    },
    task: {
      summary: "A task for Byron (he accepts or declines it)",
      request: { circleId: circle.id, ...schoolRunRequest },
      answer: schoolRun,
    },
  }),
  examplesOf("plans", "list", {
    range: {
      summary: "A week of the caller's plans, days read in their zone",
      request: { from: "2026-11-22", to: "2026-11-28" },
      answer: [dentist, swimming, schoolRun],
    },
  }),
  examplesOf("plans", "createInCircle", {
    task: {
      summary: "A task for Byron, the circle named by the path",
      request: { id: circle.id, ...schoolRunRequest },
      answer: schoolRun,
    },
  }),
  examplesOf("plans", "respond", {
    acceptWithNote: {
      summary: "Byron accepts, with a note",
      request: { id: schoolRun.id, accepted: true, note: acceptNote },
      answer: answered(true, acceptNote),
    },
    declineWithReason: {
      summary: "Byron declines, with the reason",
      request: { id: schoolRun.id, accepted: false, note: declineReason },
      answer: answered(false, declineReason),
    },
  }),
  examplesOf("tasks", "accept", {
    acceptWithNote: {
      summary: "Byron accepts, with a note",
      request: { id: schoolRun.id, note: acceptNote },
      answer: answered(true, acceptNote),
    },
  }),
  examplesOf("tasks", "decline", {
    declineWithReason: {
      summary: "Byron declines, with the reason",
      request: { id: schoolRun.id, reason: declineReason },
      answer: answered(false, declineReason),
    },
  }),
  examplesOf("nlp", "processVoice", {
    sentence: {
      summary: "A typed sentence, read as of Friday 20 November 2026",
      request: {
        text: "Dentist with Mia next Tuesday at 4pm, remind me an hour before",
        circleId: circle.id,
        userTimezone: zone,
        referenceDay: "2026-11-20",
      },
      answer: {
        title: "Dentist with Mia",
        description: null,
        type: "event",
        startTime: new Date("2026-11-24T21:00:00.000Z"),
        endTime: null,
        allDay: false,
        location: null,
        locationLat: null,
        locationLng: null,
        reminderTimes: ["1 hour before"],
        assignee: null,
        assignedTo: null,
        voiceNote: "Dentist with Mia next Tuesday at 4pm, remind me an hour before",
        ...NOT_RECURRING,
        timeZone: zone,
        apiLimitReached: false,
        fallbackProcessing: false,
        message: messages.eventParsed,
      },
    },
  }),
]);
