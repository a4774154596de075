import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EditScopeDialog, RULE_CHANGE_NOTE } from "./occurrence-scope";

function renderDialog(allowOccurrence: boolean) {
  const onChoose = vi.fn();
  render(
    <EditScopeDialog
      open
      onOpenChange={() => {}}
      allowOccurrence={allowOccurrence}
      onChoose={onChoose}
    />,
  );
  return { onChoose, dialog: screen.getByRole("dialog", { name: "Edit recurring event" }) };
}

describe("EditScopeDialog", () => {
  it("asks which events change, this event first, and says nothing of exceptions", async () => {
    const { onChoose, dialog } = renderDialog(true);
    expect(dialog).not.toHaveTextContent(RULE_CHANGE_NOTE);
    expect(screen.getByRole("radio", { name: "This event" })).toBeChecked();
    await userEvent.click(screen.getByRole("radio", { name: "All events" }));
    await userEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(onChoose).toHaveBeenCalledWith("all");
  });

  it("says before saving that a new repeat removes the exceptions it no longer has", async () => {
    const { onChoose, dialog } = renderDialog(false);
    expect(dialog).toHaveTextContent(RULE_CHANGE_NOTE);
    expect(screen.queryByRole("radio", { name: "This event" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(onChoose).toHaveBeenCalledWith("following");
  });
});
