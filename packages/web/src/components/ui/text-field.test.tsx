/**
 * TextField in a react-hook-form form validated by the shared schema, as every form uses it:
 * the label names the input, a refused value shows the schema's own message, and assistive
 * technology hears it with the field (aria-invalid, aria-describedby) until it is fixed.
 */
import { loginInput } from "@circleplan/shared/auth-schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { emailInput, TextField } from "@/components/ui/text-field";

type Values = z.input<typeof loginInput>;

function LoginFields({ onValid }: { onValid: (values: z.output<typeof loginInput>) => void }) {
  const form = useForm<Values, unknown, z.output<typeof loginInput>>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: "", password: "" },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <TextField
        form={form}
        name="email"
        id="email"
        label="Email"
        hint="We never share it"
        {...emailInput}
      />
      <TextField form={form} name="password" id="password" label="Password" type="password" />
      <button type="submit">Sign in</button>
    </form>
  );
}

/** The message the schema itself gives an empty field: the form must show exactly that. */
function schemaMessage(field: keyof Values): string {
  const result = loginInput.safeParse({ email: "", password: "" });
  const issue = result.error?.issues.find((candidate) => candidate.path[0] === field);
  if (!issue) throw new Error(`the schema accepts an empty ${field}`);
  return issue.message;
}

describe("TextField", () => {
  it("names the input by its label and describes it with its hint", () => {
    render(<LoginFields onValid={() => {}} />);
    const email = screen.getByLabelText("Email");
    expect(email).toHaveAttribute("type", "email");
    expect(email).toHaveAttribute("autocomplete", "email");
    expect(email).toHaveAccessibleDescription("We never share it");
    expect(email).toHaveAttribute("aria-invalid", "false");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the schema's message with the field until the value is fixed", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<LoginFields onValid={onValid} />);
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    const email = screen.getByLabelText("Email");
    // The resolver validates asynchronously: wait for the render it leads to.
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(expect.stringContaining(schemaMessage("email")));
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      schemaMessage("password"),
    );
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
      schemaMessage("email"),
      schemaMessage("password"),
    ]);
    expect(onValid).not.toHaveBeenCalled();

    await user.type(email, "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "Analytical#1843");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith(
        { email: "ada@example.com", password: "Analytical#1843" },
        expect.anything(),
      ),
    );
    expect(email).toHaveAttribute("aria-invalid", "false");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
