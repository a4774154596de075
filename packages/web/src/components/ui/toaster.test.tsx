/**
 * Where the app's toasts sit and how one failure ends (decision 025). Whether a toast covers a
 * dialog's title or the add buttons on a phone is measured in phone-layout.e2e.test.ts.
 */
import { act, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { Toaster } from "./toaster";

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

function toaster() {
  const view = render(<Toaster />);
  return () => view.container.ownerDocument.querySelector("[data-sonner-toaster]");
}

describe("Toaster", () => {
  it("does not bring a failure back after a later success (it followed the user to the next screen)", async () => {
    toaster();
    act(() => {
      // No time of its own ends it here: only the success may.
      toast.error("Failed to create circle", {
        description: "Please try again.",
        duration: Infinity,
      });
    });
    await screen.findByText("Failed to create circle");
    act(() => {
      toast.success("Circle created successfully");
    });
    await screen.findByText("Circle created successfully");
    await waitFor(() => expect(screen.queryByText("Failed to create circle")).toBeNull());
  });

  it("keeps a failure that comes after a success", async () => {
    toaster();
    act(() => {
      toast.success("Circle created successfully");
    });
    await screen.findByText("Circle created successfully");
    act(() => {
      toast.error("Failed to send invitations");
    });
    expect(await screen.findByText("Failed to send invitations")).toBeInTheDocument();
    expect(screen.getByText("Circle created successfully")).toBeInTheDocument();
  });

  it("shows toasts at the bottom, clear of a dialog's title and first field", async () => {
    const list = toaster();
    act(() => {
      toast.error("Failed to update circle");
    });
    await screen.findByText("Failed to update circle");
    expect(list()).toHaveAttribute("data-y-position", "bottom");
  });
});
