/** Field's wiring: the hint stays next to the error, and both are read with the control. */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Field } from "./field";
import { Input } from "./input";

describe("Field", () => {
  it("keeps the hint next to the error and has both read with the control", () => {
    render(
      <Field
        id="password"
        label="Password"
        hint="With a special character: ! @ #"
        error="Password must contain at least one special character"
      >
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Password");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(
      "Password must contain at least one special character With a special character: ! @ #",
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Password must contain at least one special character",
    );
  });

  it("describes a valid control by its hint alone", () => {
    render(
      <Field id="phone" label="Phone Number" hint="Calling code, a space, then your number.">
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Phone Number");
    expect(input).toHaveAttribute("aria-invalid", "false");
    expect(input).toHaveAccessibleDescription("Calling code, a space, then your number.");
  });
});
