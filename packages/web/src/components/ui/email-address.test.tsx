/** Where an email address wraps (decision 025): before its @ and its dots, not mid-name. */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailAddress, emailLineBreaks } from "./email-address";

describe("EmailAddress", () => {
  it("offers breaks before the @ and each dot, and nowhere inside a name (it broke anywhere)", () => {
    expect(emailLineBreaks("jonathan.livingstone-smith@mail.example.com")).toEqual([
      "jonathan",
      ".livingstone-smith",
      "@mail",
      ".example",
      ".com",
    ]);
    expect(emailLineBreaks("ada@x.org")).toEqual(["ada", "@x", ".org"]);
  });

  it("shows the whole address, with a <wbr> at each break and no break-anywhere wrapping", () => {
    const { container } = render(<EmailAddress email="bea.byron@example.com" />);
    const shown = screen.getByText("bea.byron@example.com");
    expect(container.innerHTML).toContain("bea<wbr>.byron<wbr>@example<wbr>.com");
    expect(shown).toHaveClass("wrap-break-word");
    expect(shown).not.toHaveClass("wrap-anywhere");
  });
});
