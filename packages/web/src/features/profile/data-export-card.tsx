import type { DataExportPage } from "@circleplan/shared/data-rights-outputs";
import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";

/** The export as one file: the first page's profile, then every page's circles and plans. */
export function mergeExportPages(pages: readonly DataExportPage[]) {
  const [first] = pages;
  if (!first) throw new Error("an export has at least one page");
  return {
    format: first.format,
    version: first.version,
    exportedAt: first.exportedAt,
    profile: first.profile,
    circles: pages.flatMap((page) => page.circles),
    plans: pages.flatMap((page) => page.plans),
  };
}

/** How long the file's address lives after the click: the browser has long started saving. */
const DOWNLOAD_URL_LIFETIME_MS = 40_000;

function saveJson(fileName: string, data: unknown) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked at once, some browsers (older Safari) save nothing.
  window.setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}

/**
 * Downloads everything of the user's as one JSON file (docs/decisions/014). The server answers
 * in bounded pages; this follows them to the end and saves them together.
 */
export function DataExportCard() {
  const utils = trpc.useUtils();
  const [items, setItems] = useState<number | null>(null);

  async function download() {
    setItems(0);
    try {
      const pages: DataExportPage[] = [];
      let page: string | undefined;
      do {
        const next: DataExportPage = await utils.client.user.exportData.query(
          page ? { page } : undefined,
        );
        pages.push(next);
        setItems((count) => (count ?? 0) + next.circles.length + next.plans.length);
        page = next.nextPage ?? undefined;
      } while (page);
      const data = mergeExportPages(pages);
      saveJson(`circleplan-data-${data.exportedAt.toISOString().slice(0, 10)}.json`, data);
      toast.success("Your data is downloaded", {
        description: `${data.circles.length} circles and ${data.plans.length} plans and tasks.`,
      });
    } catch (error) {
      toast.error("Failed to download your data", {
        description: serverMessage(error, "Please try again."),
      });
    } finally {
      setItems(null);
    }
  }

  const busy = items !== null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Download your data</CardTitle>
        <CardDescription>
          One file with your profile, your circles, the plans and tasks you created or were given,
          and the list of their attachments.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" disabled={busy} onClick={() => void download()}>
          <Download aria-hidden="true" />
          {busy ? `Preparing... (${items} items)` : "Download my data"}
        </Button>
      </CardContent>
    </Card>
  );
}
