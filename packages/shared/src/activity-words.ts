/**
 * A change feed entry in words (docs/decisions/019): the one sentence a person reads for it in
 * the inbox, a push notification and the morning digest, with its dates in the reader's zone,
 * e.g. "Ana moved Swimming from Tue 1 Dec 17:00 to Wed 2 Dec 18:00". Plain text: a mail escapes
 * it as it does anything a person typed (titles, notes and reasons are).
 *
 * Days are written "Tue 1 Dec" (with the year when it is not the year the change was made in),
 * times HH:mm as every plan screen writes them (plans spec, section 9); an all-day plan's values
 * are days and stay days.
 */
import type { ActivityPerson, ActivityValues } from "./activity-outputs";
import { MONTH_NAMES, WEEKDAY_NAMES } from "./calendar-names";
import { clockText, type Day, dayIn, timeIn, weekdayNumber } from "./days";
import type { ActivityNamedField, ActivityScope, InboxKind, TimeFormat } from "./limits";

/** What a sentence is written from: a feed entry, or an inbox entry (which may name its circle). */
export interface DescribedEntry {
  kind: InboxKind;
  actor: ActivityPerson | null;
  /** The member a member entry is about. */
  member?: ActivityPerson | null;
  title: string | null;
  scope?: ActivityScope | null;
  occurrenceStart?: Date | null;
  occurrenceDate?: string | null;
  before?: ActivityValues | null;
  after?: ActivityValues | null;
  createdAt: Date;
  /** The circle's name, when the reader has it; "the circle" otherwise. */
  circleName?: string | null;
}

export interface DescribeOptions {
  /** The reader's zone: instants are written on its clock. */
  zone: string;
  /** The reader: they are "you" wherever the entry names them. */
  viewerId?: number | undefined;
  /** How the reader reads times (issue 21): the spec's 24-hour clock unless they chose 12. */
  timeFormat?: TimeFormat | undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const NAMED_FIELD_WORDS: Record<ActivityNamedField, string> = {
  description: "description",
  mapUrl: "map link",
  coordinates: "map pin",
  reminderTimes: "reminders",
  eventColor: "colour",
  voiceNote: "voice note",
  type: "type",
  photo: "photo",
};

/** "a, b and c". */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Writes one entry's sentences: names, days and times as this reader reads them. */
class Writer {
  private readonly year: string;

  constructor(
    private readonly entry: DescribedEntry,
    private readonly options: DescribeOptions,
  ) {
    this.year = dayIn(entry.createdAt, options.zone).slice(0, 4);
  }

  /** "Tue 1 Dec", with the year when it is not the year of the change. */
  day(day: Day): string {
    const [year, month, date] = day.split("-");
    const words = `${WEEKDAY_NAMES[weekdayNumber(day)]?.slice(0, 3)} ${Number(date)} ${MONTH_NAMES[Number(month) - 1]?.slice(0, 3)}`;
    return year === this.year ? words : `${words} ${year}`;
  }

  /** A start or end as the entry holds it: a day (all-day), else an instant on the reader's clock. */
  when(value: string): string {
    if (DAY.test(value)) return this.day(value);
    const instant = new Date(value);
    const time = clockText(timeIn(instant, this.options.zone), this.options.timeFormat);
    return `${this.day(dayIn(instant, this.options.zone))} ${time}`;
  }

  /** The occurrence an entry is about, by its date. */
  occurrenceDay(): string | null {
    const { occurrenceDate, occurrenceStart } = this.entry;
    if (occurrenceDate) return this.day(occurrenceDate);
    if (occurrenceStart) return this.day(dayIn(occurrenceStart, this.options.zone));
    return null;
  }

  person(person: ActivityPerson | null | undefined): string {
    if (!person) return "someone";
    return person.id === this.options.viewerId ? "you" : person.firstName;
  }

  get actor(): string {
    return capitalised(this.person(this.entry.actor));
  }

  get title(): string {
    return this.entry.title ?? "a plan";
  }

  get circle(): string {
    return this.entry.circleName ?? "the circle";
  }

  /** Which occurrences of a series a change reached, after what it says of them. */
  get scope(): string {
    if (this.entry.scope === "occurrence") return " (just this once)";
    if (this.entry.scope === "following") return " (from then on)";
    return "";
  }

  /** ": {note}" after an answer that came with one. */
  note(): string {
    const note = this.entry.after?.note;
    return note ? `: ${note}` : "";
  }

  created(): string {
    const after = this.entry.after ?? {};
    const forWhom = after.assignee ? ` for ${this.person(after.assignee)}` : "";
    const when = after.start ? ` on ${this.when(after.start)}` : "";
    const repeat = after.repeat ? `, ${lowerFirst(after.repeat)}` : "";
    return `${this.actor} added ${this.title}${forWhom}${when}${repeat}`;
  }

  moved(): string {
    const before = this.entry.before ?? {};
    const after = this.entry.after ?? {};
    if (before.start && after.start) {
      return `${this.actor} moved ${this.title} from ${this.when(before.start)} to ${this.when(after.start)}${this.scope}`;
    }
    if (after.end) {
      return `${this.actor} changed when ${this.title} ends to ${this.when(after.end)}${this.scope}`;
    }
    return `${this.actor} moved ${this.title}${this.scope}`;
  }

  /** "title now X, now Wed 2 Dec 18:00, place now Y and new description". */
  edited(): string {
    const before = this.entry.before ?? {};
    const after = this.entry.after ?? {};
    const items: string[] = [];
    if (after.title !== undefined) items.push(`title now ${after.title}`);
    if (after.start) items.push(`now ${this.when(after.start)}`);
    else if (after.end) items.push(`ends ${this.when(after.end)}`);
    if (after.place !== undefined)
      items.push(after.place ? `place now ${after.place}` : "no place");
    if (after.repeat !== undefined) {
      items.push(after.repeat ? `now ${lowerFirst(after.repeat)}` : "no longer repeats");
    }
    for (const field of after.changed ?? []) items.push(`new ${NAMED_FIELD_WORDS[field]}`);
    const title = before.title ?? this.title;
    const what = items.length > 0 ? `: ${listed(items)}` : "";
    return `${this.actor} edited ${title}${this.scope}${what}`;
  }

  assigned(): string {
    const to = this.entry.after?.assignee;
    return `${this.actor} assigned ${this.title} to ${this.person(to)}`;
  }

  withdrawn(): string {
    const from = this.entry.before?.assignee;
    return from
      ? `${this.actor} took ${this.title} back from ${this.person(from)}`
      : `${this.actor} withdrew ${this.title}`;
  }

  /** A change to one occurrence names its day; to a plan, none. */
  onOccurrence(): string {
    const day = this.entry.scope === "occurrence" ? this.occurrenceDay() : null;
    return day ? ` on ${day}` : "";
  }

  handedOver(): string {
    const member = this.entry.member;
    if (member && member.id === this.options.viewerId) {
      return `You are now the creator of ${this.circle}`;
    }
    return `${capitalised(this.person(member))} is now the creator of ${this.circle}`;
  }

  /** "Ana changed Home: name now The Lees, new description and new colour". */
  circleEdited(): string {
    const before = this.entry.before ?? {};
    const after = this.entry.after ?? {};
    const items: string[] = [];
    if (after.title !== undefined) items.push(`name now ${after.title}`);
    for (const field of after.changed ?? []) items.push(`new ${NAMED_FIELD_WORDS[field]}`);
    const what = items.length > 0 ? `: ${listed(items)}` : "";
    return `${this.actor} changed ${before.title ?? this.circle}${what}`;
  }

  /** "Ana imported a calendar into Home: 12 new plans, 2 updated". */
  calendarImported(): string {
    const added = this.entry.after?.plansImported ?? 0;
    const updated = this.entry.after?.plansUpdated ?? 0;
    const items = [`${added} new ${added === 1 ? "plan" : "plans"}`];
    if (updated > 0) items.push(`${updated} updated`);
    return `${this.actor} imported a calendar into ${this.circle}: ${items.join(", ")}`;
  }

  invitationsSent(): string {
    const count = this.entry.after?.invitations ?? 1;
    const whom = count === 1 ? "someone" : `${count} people`;
    return `${this.actor} invited ${whom} to ${this.circle}`;
  }
}

/** The sentence a person reads for `entry`, in their zone (no full stop: it is also a title). */
export function describeActivity(entry: DescribedEntry, options: DescribeOptions): string {
  const w = new Writer(entry, options);
  const member = () => w.person(entry.member);
  switch (entry.kind) {
    case "plan_created":
      return w.created();
    case "plan_moved":
      return w.moved();
    case "plan_edited":
      return w.edited();
    case "occurrence_cancelled": {
      const day = w.occurrenceDay();
      return `${w.actor} cancelled ${w.title}${day ? ` on ${day}` : ""}`;
    }
    case "plan_deleted": {
      const day = entry.scope === "following" ? w.occurrenceDay() : null;
      return `${w.actor} deleted ${w.title}${day ? ` from ${day} on` : ""}`;
    }
    case "plan_transferred_in":
      return `${w.actor} moved ${w.title} into ${w.circle}`;
    case "plan_transferred_out":
      return `${w.actor} moved ${w.title} out of ${w.circle}`;
    case "task_assigned":
      return w.assigned();
    case "task_withdrawn":
      return w.withdrawn();
    case "task_accepted":
      return `${w.actor} accepted ${w.title}${w.note()}`;
    case "task_declined":
      return `${w.actor} declined ${w.title}${w.note()}`;
    case "plan_completed":
      return `${w.actor} completed ${w.title}${w.onOccurrence()}`;
    case "plan_reopened":
      return `${w.actor} reopened ${w.title}${w.onOccurrence()}`;
    case "member_joined":
      return `${capitalised(member())} joined ${w.circle}`;
    case "member_left":
      return `${capitalised(member())} left ${w.circle}`;
    case "member_removed":
      return `${w.actor} removed ${member()} from ${w.circle}`;
    case "member_promoted":
      return `${w.actor} made ${member()} an admin of ${w.circle}`;
    case "member_demoted":
      return `${w.actor} made ${member()} a member of ${w.circle} again`;
    case "circle_handed_over":
      return w.handedOver();
    case "circle_edited":
      return w.circleEdited();
    case "invitations_sent":
      return w.invitationsSent();
    case "invitation_declined":
      return `An invitation to ${w.circle} was declined`;
    case "invitation_withdrawn":
      return `${w.actor} withdrew an invitation to ${w.circle}`;
    case "calendar_imported":
      return w.calendarImported();
    case "invitation_received":
      return `${w.actor} invited you to join ${w.circle}`;
  }
}
