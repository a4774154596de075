/**
 * The Account tab's data download (docs/decisions/014): the server answers in pages; the card
 * follows `nextPage` to the end and saves one JSON file, or says why it could not.
 */
import type { DataExportPage } from "@circleplan/shared/data-rights-outputs";
import { messages } from "@circleplan/shared/messages";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { userFixture } from "@/features/circles/testing/fixtures";
import { toast } from "@/lib/toast";
import { renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { DataExportCard } from "./data-export-card";

spyOnToasts();

const exportedAt = new Date("2026-11-28T09:00:00Z");

function page(overrides: Partial<DataExportPage>): DataExportPage {
  return {
    format: "circleplan-data-export",
    version: 1,
    exportedAt,
    profile: null,
    circles: [],
    plans: [],
    nextPage: null,
    ...overrides,
  };
}

const profile = {
  ...userFixture(),
  reminderPush: true,
  reminderEmail: true,
  digestEmail: false,
  changePush: true,
  followedPlanIds: [],
};
const circle = (id: number) => ({
  id,
  name: `Circle ${id}`,
  description: null,
  type: "custom" as const,
  color: "#8B5CF6",
  role: "admin" as const,
  isCreator: true,
  relationship: null,
  memberColor: "#3B82F6",
  notify: "default" as const,
  joinedAt: exportedAt,
});
const plan = (id: number) =>
  ({ id, title: `Plan ${id}`, attachments: [] }) as unknown as DataExportPage["plans"][number];

let saved: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  saved = [];
  let lastBlob: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return "blob:export";
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
  });
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => vi.restoreAllMocks());

describe("DataExportCard", () => {
  it("follows every page and saves them as one file", async () => {
    const pages: Record<string, DataExportPage> = {
      first: page({ profile, circles: [circle(1), circle(2)], nextPage: "circles.2" }),
      "circles.2": page({ circles: [circle(3)], plans: [plan(10)], nextPage: "plans.10" }),
      "plans.10": page({ plans: [plan(11), plan(12)] }),
    };
    const view = renderWithTrpc(<DataExportCard />, {
      handlers: {
        "user.exportData": (input) =>
          pages[(input as { page?: string } | undefined)?.page ?? "first"],
      },
    });
    await userEvent.click(screen.getByRole("button", { name: "Download my data" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(view.callsTo("user.exportData").map((call) => call.input)).toEqual([
      undefined,
      { page: "circles.2" },
      { page: "plans.10" },
    ]);
    const [download] = saved;
    expect(download?.name).toBe("circleplan-data-2026-11-28.json");
    const file = JSON.parse((await download?.blob.text()) ?? "");
    expect(file).toMatchObject({
      format: "circleplan-data-export",
      exportedAt: "2026-11-28T09:00:00.000Z",
      profile: { email: profile.email },
    });
    expect(file.circles.map((c: { id: number }) => c.id)).toEqual([1, 2, 3]);
    expect(file.plans.map((p: { id: number }) => p.id)).toEqual([10, 11, 12]);
    expect(file).not.toHaveProperty("nextPage");
    expect(toast.success).toHaveBeenCalledWith("Your data is downloaded", {
      description: "3 circles and 3 plans and tasks.",
    });
    expect(screen.getByRole("button", { name: "Download my data" })).toBeEnabled();
  });

  it("saves nothing and says why when a page is refused", async () => {
    renderWithTrpc(<DataExportCard />, {
      handlers: {
        "user.exportData": () => {
          throw serverError(messages.rateLimited, 429, "RATE_LIMITED");
        },
      },
    });
    await userEvent.click(screen.getByRole("button", { name: "Download my data" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to download your data", {
        description: messages.rateLimited,
      }),
    );
    expect(saved).toEqual([]);
  });
});
