/** The reminders field's custom reminder (decision 011): an amount and a unit, as one phrase. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { expect, it } from "vitest";
import { RemindersField } from "./reminders-field";

function Field({ initial, saved }: { initial: string[]; saved: string[][] }) {
  const [value, setValue] = useState(initial);
  return (
    <RemindersField
      id="reminders"
      value={value}
      onChange={(reminders) => {
        saved.push(reminders);
        setValue(reminders);
      }}
    />
  );
}

it("turns a row to Custom and keeps the amount and unit typed, through amounts the list also has", async () => {
  const user = userEvent.setup();
  const saved: string[][] = [];
  render(<Field initial={["2 hours before"]} saved={saved} />);

  await user.selectOptions(screen.getByLabelText("Reminder 1"), "custom");
  const amount = screen.getByLabelText("Reminder 1 amount");
  expect(amount).toHaveValue(45);
  await user.clear(amount);
  // "1" is the list's "1 minute before": the row stays custom while "15" is typed.
  await user.type(amount, "15");
  expect(saved.at(-1)).toEqual(["15 minutes before"]);
  await user.selectOptions(screen.getByLabelText("Reminder 1 unit"), "hours");
  expect(saved.at(-1)).toEqual(["15 hours before"]);
  expect(screen.getByLabelText("Reminder 1")).toHaveValue("custom");

  await user.selectOptions(screen.getByLabelText("Reminder 1"), "1 week before");
  expect(saved.at(-1)).toEqual(["1 week before"]);
  expect(screen.queryByLabelText("Reminder 1 amount")).toBeNull();
});

it("shows a stored custom reminder as an amount and a unit", () => {
  render(<Field initial={["90 minutes before", "30 minutes before"]} saved={[]} />);
  expect(screen.getByLabelText("Reminder 1")).toHaveValue("custom");
  expect(screen.getByLabelText("Reminder 1 amount")).toHaveValue(90);
  expect(screen.getByLabelText("Reminder 1 unit")).toHaveValue("minutes");
  expect(screen.getByLabelText("Reminder 2")).toHaveValue("30 minutes before");
});
