import type {
  CalendarImportItem,
  CalendarImportPreview,
} from "@circleplan/shared/calendar-import-schemas";
import { fullDay } from "@/lib/days";

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** The preview step: what an import of the chosen file would do (docs/decisions/027). */
export function CalendarImportSummary({ preview }: { preview: CalendarImportPreview }) {
  const kinds = [
    preview.series > 0 ? plural(preview.series, "repeating plan") : null,
    preview.oneOffs > 0 ? plural(preview.oneOffs, "one-off plan") : null,
    preview.expanded > 0
      ? `${plural(preview.expanded, "plan")} from rules imported one by one`
      : null,
  ].filter(Boolean);
  return (
    <div className="grid gap-3 text-sm">
      <ul className="grid gap-1" aria-label="What the file holds">
        <li>
          {plural(preview.events, "event")}
          {kinds.length > 0 ? `: ${kinds.join(", ")}` : ""}
          {preview.allDay > 0 ? ` (${preview.allDay} all-day)` : ""}
        </li>
        {preview.from && preview.to ? (
          <li>
            From {fullDay(preview.from)} to {fullDay(preview.to)}
          </li>
        ) : null}
        <li>
          {plural(preview.newPlans, "new plan")}
          {preview.updatedPlans > 0 ? `, ${preview.updatedPlans} updated` : ""}
          {preview.unchangedPlans > 0 ? `, ${preview.unchangedPlans} already imported` : ""}
        </li>
      </ul>
      <ItemList title="Imported differently" items={preview.notes} />
      <ItemList
        title={`Cannot be imported (${preview.skipped})`}
        items={preview.problems}
        tone="text-destructive-text"
      />
    </div>
  );
}

function ItemList({
  title,
  items,
  tone = "text-muted-foreground",
}: {
  title: string;
  items: CalendarImportItem[];
  tone?: string;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title} className="grid gap-1">
      <h3 className={`font-medium ${tone}`}>{title}</h3>
      <ul className="grid max-h-40 gap-1 overflow-y-auto">
        {items.map((item, index) => (
          // Two events may share a title and a start: the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered
          <li key={index} className="wrap-anywhere">
            <span className="font-medium">{item.title || "Untitled event"}</span>
            {item.start ? ` (${item.start.slice(0, 10)})` : ""}: {item.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
