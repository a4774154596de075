import "@/lib/zod-config";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { reloadOnStaleChunks } from "@/app/reload-on-stale-chunks";
import { registerServiceWorker } from "@/features/notifications/register-service-worker";
import { afterFirstPaint } from "@/lib/after-first-paint";
import { followSystemTheme } from "@/lib/theme";
import { warmUpFirstRender } from "@/lib/warm-up";
import "./index.css";

reloadOnStaleChunks();
followSystemTheme();
const container = document.getElementById("root");
if (!container) throw new Error("index.html must contain an element with id root");

// After index.html's first look has painted, and as a transition: React renders the app in
// slices that leave the main thread free in between (decision 005, "The first load on a phone").
afterFirstPaint(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  warmUpFirstRender();
});
registerServiceWorker();
