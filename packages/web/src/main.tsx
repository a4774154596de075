import "@/lib/zod-config";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { reloadOnStaleChunks } from "@/app/reload-on-stale-chunks";
import { registerServiceWorker } from "@/features/notifications/register-service-worker";
import { followSystemTheme } from "@/lib/theme";
import "./index.css";

reloadOnStaleChunks();
followSystemTheme();
const container = document.getElementById("root");
if (!container) throw new Error("index.html must contain an element with id root");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
