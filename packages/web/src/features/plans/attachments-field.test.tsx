/**
 * A plan's attachments (plans spec, section 5: pdf, doc, docx, txt, jpg, jpeg, png, gif,
 * several): what may be chosen, and that files go up and away only when the plan is saved.
 * How one file goes up is attachment-upload.test.ts's.
 */
import { messages } from "@circleplan/shared/messages";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { UserReady } from "@/components/plans/testing/user-ready";
import { circleFixture, userFixture } from "@/features/circles/testing/fixtures";
import { toast } from "@/lib/toast";
import { planFixture } from "@/testing/plan-fixtures";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { attachmentProblem, uploadAttachment } from "./attachment-upload";
import { PlanDialog } from "./plan-dialog";

spyOnToasts();
vi.mock("./attachment-upload", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./attachment-upload")>()),
  uploadAttachment: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(uploadAttachment).mockReset();
});

const report = {
  id: 9,
  fileName: "report.pdf",
  contentType: "application/pdf",
  size: 1000,
  url: "/api/events/100/attachments/9",
  createdAt: new Date("2026-11-01T10:00:00Z"),
};

describe("attachments", () => {
  it("takes the spec's file types up to 5 MB", () => {
    for (const name of ["a.pdf", "a.DOC", "a.docx", "a.txt", "a.jpg", "a.jpeg", "a.png", "a.gif"]) {
      expect(attachmentProblem({ name, size: 10 })).toBeNull();
    }
    expect(attachmentProblem({ name: "a.exe", size: 10 })).toBe(messages.attachmentTypeInvalid);
    expect(attachmentProblem({ name: "pdf", size: 10 })).toBe(messages.attachmentTypeInvalid);
    expect(attachmentProblem({ name: "empty.txt", size: 0 })).toBe(messages.attachmentTypeInvalid);
    expect(attachmentProblem({ name: "a.pdf", size: 6 * 1024 * 1024 })).toBe(
      messages.attachmentTooLarge,
    );
  });

  it("removes and uploads files only when the plan is saved", async () => {
    vi.mocked(uploadAttachment).mockResolvedValue({ ...report, id: 10 });
    const view = renderWithTrpc(
      <UserReady>
        <PlanDialog open onOpenChange={() => {}} plan={planFixture({ attachments: [report] })} />
      </UserReady>,
      {
        handlers: {
          "auth.user": () => userFixture(),
          "circles.list": () => [circleFixture()],
          "circles.members": () => [],
          "attachments.remove": () => report,
          "plans.list": () => [],
        },
      },
    );
    const form = await screen.findByRole("dialog", { name: "Edit Plan" });
    const files = within(form).getByRole("list", { name: "Attached files" });
    expect(within(files).getByRole("link", { name: "report.pdf" })).toHaveAttribute(
      "href",
      report.url,
    );
    await userEvent.click(within(files).getByRole("button", { name: "Remove report.pdf" }));
    expect(within(files).getByRole("button", { name: "Keep report.pdf" })).toBeVisible();

    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    const notes = new File(["hello"], "notes.txt", { type: "text/plain" });
    const program = new File(["MZ"], "setup.exe", { type: "application/octet-stream" });
    fireEvent.change(input, { target: { files: [notes, program] } });
    expect(await within(form).findByText(messages.attachmentTypeInvalid)).toBeVisible();
    expect(within(files).getByText("notes.txt")).toBeVisible();
    expect(within(files).queryByText("setup.exe")).toBeNull();
    expect(view.callsTo("attachments.remove")).toHaveLength(0);
    expect(uploadAttachment).not.toHaveBeenCalled();

    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Event updated successfully"));
    expect(view.callsTo("attachments.remove")[0]?.input).toEqual({ id: 100, attachmentId: 9 });
    expect(uploadAttachment).toHaveBeenCalledTimes(1);
    expect(vi.mocked(uploadAttachment).mock.lastCall?.slice(0, 2)).toEqual([100, notes]);
    // Only the files changed: the plan itself is not sent again.
    expect(view.callsTo("plans.update")).toHaveLength(0);
  });

  it("says which file failed, keeping the plan", async () => {
    vi.mocked(uploadAttachment).mockRejectedValue(new Error(messages.attachmentTypeInvalid));
    renderWithTrpc(
      <UserReady>
        <PlanDialog open onOpenChange={() => {}} plan={planFixture()} />
      </UserReady>,
      {
        handlers: {
          "auth.user": () => userFixture(),
          "circles.list": () => [circleFixture()],
          "circles.members": () => [],
          "plans.list": () => [],
        },
      },
    );
    const form = await screen.findByRole("dialog", { name: "Edit Plan" });
    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["x"], "fake.pdf")] } });
    await userEvent.click(within(form).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to upload attachment", {
        description: `fake.pdf: ${messages.attachmentTypeInvalid}`,
      }),
    );
    // One toast shows at a time: the failure is not covered by a success.
    expect(toast.success).not.toHaveBeenCalled();
  });
});
