import { describe, expect, it } from "vitest";
import { maskedEmail } from "./invitation-view";

describe("maskedEmail", () => {
  it("keeps the first letter and the domain only, so a shared link hands out no address", () => {
    expect(maskedEmail("bea.smith@probe.test")).toBe("b•••@probe.test");
    expect(maskedEmail("b@probe.test")).toBe("b•••@probe.test");
    expect(maskedEmail("Émile@Example.COM")).toBe("É•••@Example.COM");
    // A character outside the BMP stays whole.
    expect(maskedEmail("😀x@probe.test")).toBe("😀•••@probe.test");
  });

  it("hides the name's length; the domain is what follows the last @", () => {
    expect(maskedEmail("averyveryverylongname@probe.test")).toBe("a•••@probe.test");
    expect(maskedEmail('"a@b"@probe.test')).toBe('"•••@probe.test');
  });
});
