/**
 * The first toast of a visit is asked for before sonner has downloaded (lib/toast.ts): each test
 * loads the modules afresh, so the toast facade starts without sonner as a page load does.
 */
import { act, render, screen, waitFor } from "@testing-library/react";
import type { ComponentType } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

/** The app's providers in small: the toaster mounts once a toast is wanted. */
function LateToaster({ useWanted, Toaster }: { useWanted: () => boolean; Toaster: ComponentType }) {
  return useWanted() ? <Toaster /> : null;
}

async function freshToasts() {
  vi.resetModules();
  const [{ toast, useToastsWanted }, { Toaster }] = await Promise.all([
    import("./toast"),
    import("@/components/ui/toaster"),
  ]);
  render(<LateToaster useWanted={useToastsWanted} Toaster={Toaster} />);
  return toast;
}

describe("toast before sonner downloaded", () => {
  beforeEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the first toast of a visit, asked for before sonner and the toaster were there", async () => {
    const toast = await freshToasts();
    act(() => {
      toast.error("Failed to save the plan", { description: "Please try again." });
    });
    expect(await screen.findByText("Failed to save the plan")).toBeInTheDocument();
  });

  it("dismisses an early toast by the id it returned", async () => {
    const toast = await freshToasts();
    let id: string | number = "";
    act(() => {
      id = toast.info("Reminders are on", { duration: Number.POSITIVE_INFINITY });
    });
    await screen.findByText("Reminders are on");
    act(() => toast.dismiss(id));
    await waitFor(() => expect(screen.queryByText("Reminders are on")).toBeNull());
  });
});
