import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Profiler, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { AlertDialog, AlertDialogContent, AlertDialogTitle } from "./alert-dialog";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "./dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "./dropdown-menu";

/** A screen that owns a dialog's open state. */
function Owner() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Show
      </button>
      <span>{open ? "owner: open" : "owner: closed"}</span>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Controlled</DialogTitle>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe("an overlay's content", () => {
  it("mounts closed with no update of its own inside its first commit", () => {
    // Radix's Presence, mounted closed, sent itself an update from a layout effect: React then
    // ran the whole screen's effects and rendered again, all in the first commit's task. A menu's
    // trigger did so too, as Radix's popper set its anchor. Until first opened, neither is
    // mounted: a plain trigger stands in (overlay-open.tsx).
    const phases: string[] = [];
    render(
      <Profiler id="screen" onRender={(_id, phase) => phases.push(phase)}>
        <Dialog>
          <DialogContent aria-describedby={undefined}>
            <DialogTitle>Details</DialogTitle>
          </DialogContent>
        </Dialog>
        <AlertDialog>
          <AlertDialogContent aria-describedby={undefined}>
            <AlertDialogTitle>Delete?</AlertDialogTitle>
          </AlertDialogContent>
        </AlertDialog>
        <DropdownMenu>
          <DropdownMenuTrigger>Menu</DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem>Profile</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </Profiler>,
    );
    expect(phases[0]).toBe("mount");
    expect(phases).not.toContain("nested-update");
  });

  it("is not mounted while its dialog is closed, and is once the trigger opens it", async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>Open</DialogTrigger>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Details</DialogTitle>
        </DialogContent>
      </Dialog>,
    );
    expect(document.body.querySelector("[role=dialog]")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByRole("dialog", { name: "Details" })).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("follows a controlled dialog's open and tells its owner of a change", async () => {
    const user = userEvent.setup();
    render(<Owner />);
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByRole("dialog", { name: "Controlled" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("owner: closed")).toBeTruthy();
  });

  it("is not mounted while its menu is closed, and its items work once open", async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    render(
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger>Menu</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => chosen.push("profile")}>Profile</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    expect(document.body.querySelector("[role=menu]")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Profile" }));
    expect(chosen).toEqual(["profile"]);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("is a plain button with the menu's role and state until first opened, then Radix's", async () => {
    const user = userEvent.setup();
    render(
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger>Menu</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>Profile</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    const plain = screen.getByRole("button", { name: "Menu" });
    expect(plain).toHaveAttribute("aria-haspopup", "menu");
    expect(plain).toHaveAttribute("aria-expanded", "false");
    await user.click(plain);
    await screen.findByRole("menu");
    // Radix's trigger now, which says the menu is open and which one it controls.
    const trigger = screen.getByRole("button", { name: "Menu" });
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    expect(trigger).toHaveAttribute("aria-controls", screen.getByRole("menu").id);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(trigger).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("menuitem", { name: "Profile" })).toHaveFocus();
  });

  it("opened from the keyboard the first time, focuses its first item as Radix's does", async () => {
    const user = userEvent.setup();
    render(
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger>Menu</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem disabled>Not now</DropdownMenuItem>
          <DropdownMenuItem>Profile</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    await user.tab();
    expect(screen.getByRole("button", { name: "Menu" })).toHaveFocus();
    await user.keyboard("{Enter}");
    const item = await screen.findByRole("menuitem", { name: "Profile" });
    await waitFor(() => expect(item).toHaveFocus());
  });

  it("keeps closed when the trigger's own handler prevents the default", async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger onClick={(event) => event.preventDefault()}>Open</DialogTrigger>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Details</DialogTitle>
        </DialogContent>
      </Dialog>,
    );
    await user.click(screen.getByRole("button", { name: "Open" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("loads Radix's overlays on the first opening, not before", async () => {
    // Fresh modules: no overlay has loaded the kit yet (the shared setup loads it for the rest).
    vi.resetModules();
    const overlays = await import("./overlay-open");
    const fresh = await import("./dialog");
    const user = userEvent.setup();
    render(
      <fresh.Dialog>
        <fresh.DialogTrigger>Open</fresh.DialogTrigger>
        <fresh.DialogContent aria-describedby={undefined}>
          <fresh.DialogTitle>Details</fresh.DialogTitle>
        </fresh.DialogContent>
      </fresh.Dialog>,
    );
    expect(() => overlays.overlayKit()).toThrow(/before Radix's overlays loaded/);
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByRole("dialog", { name: "Details" })).toBeTruthy();
    expect(overlays.overlayKit().Dialog).toBeDefined();
  });
});
