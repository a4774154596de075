/**
 * The forgot-password dialog's sandbox code (accounts spec, section 7: dev_otp "shown in a toast
 * lasting 10 s and an alert in sandbox mode"). The whole reset in a browser is in
 * accounts.e2e.test.ts.
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEV_CODE_TOAST_MS } from "@/lib/timings";
import { toast } from "@/lib/toast";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { ForgotPasswordDialog } from "./forgot-password-dialog";

spyOnToasts();

// happy-dom has no alert of its own: the browser's is stood in for, one spy per test.
const alert = vi.fn<(message?: string) => void>();
beforeEach(() => {
  alert.mockReset();
  vi.stubGlobal("alert", alert);
});
afterEach(() => vi.unstubAllGlobals());

const sent = { message: "If an account exists for this email, a reset code has been sent." };

function askForCode(answer: Record<string, unknown>) {
  const view = renderWithTrpc(
    <ForgotPasswordDialog
      open
      onOpenChange={vi.fn()}
      initialEmail="pat@example.com"
      onClosed={vi.fn()}
    />,
    { handlers: { "auth.forgotPassword": () => answer } },
  );
  return view;
}

describe("ForgotPasswordDialog in sandbox mode", () => {
  it("shows the reset code in a 10-second toast and an alert, not only inline", async () => {
    askForCode({ ...sent, dev_otp: "123456" });
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Code" }));
    await screen.findByRole("heading", { name: "Enter your reset code" });

    const words = "Sandbox mode: your reset code is 123456";
    expect(toast.info).toHaveBeenCalledWith("Sandbox reset code", {
      description: words,
      duration: DEV_CODE_TOAST_MS,
    });
    expect(DEV_CODE_TOAST_MS).toBe(10_000);
    expect(alert).toHaveBeenCalledWith(words);
    expect(screen.getByRole("dialog")).toHaveTextContent(words);
  });

  it("shows no code anywhere when the answer carries none (production)", async () => {
    askForCode(sent);
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Code" }));
    await screen.findByRole("heading", { name: "Enter your reset code" });
    expect(toast.info).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByText(/Sandbox mode/)).toBeNull();
  });
});
