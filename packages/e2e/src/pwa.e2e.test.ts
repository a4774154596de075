/**
 * The installable app in Chromium, on the production build: the web app manifest and its icons,
 * the service worker registered and in control, the offline screen when the network is gone
 * (and nothing of the API in its caches), and push: a message delivered to the worker shows as
 * a notification, and clicking it takes the open app to the plan's page.
 * The offline screen is checked with axe and saved (pwa-*.png).
 */
import type { CDPSession, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { createVerifiedUser } from "./test-users";

// Notifications and push: the full Chromium (the headless shell has neither).
const suite = useBrowserSuite({ browser: "full" });
const saveScreen = useScreens("pwa");

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Waits until the page's service worker is active and controls the page. */
async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
    );
  });
}

/** The service worker's registration id, as DevTools knows it (for deliverPushMessage). */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const match = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (match) resolve(match.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return found;
}

describe("the installable app", () => {
  it("links a valid manifest: name, start page, standalone, theme, icons of the stated sizes", async () => {
    const page = await suite.newPage({ serviceWorkers: "allow" });
    await page.goto("/auth");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const answer = await page.request.get(href as string);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await answer.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: "Circleplan",
      short_name: "Circleplan",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      theme_color: "#4f46e5",
    });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`);
    expect(purposes).toEqual(
      expect.arrayContaining([
        "192x192 any",
        "512x512 any",
        "192x192 maskable",
        "512x512 maskable",
      ]),
    );
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      const { width, height, format } = await sharp(await image.body()).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(format).toBe("png");
    }

    // Chromium's own reading of it: no parse errors, and nothing in the way of installing.
    const cdp = await page.context().newCDPSession(page);
    await untilControlled(page);
    const parsed = await cdp.send("Page.getAppManifest");
    expect(parsed.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // A test browser's context is incognito, where Chromium never offers to install.
    expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
  });

  it("registers the service worker, which takes control and never caches the API", async () => {
    const user = await createVerifiedUser();
    const page = await suite.signedInPage(user, "/dashboard", { serviceWorkers: "allow" });
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await untilControlled(page);
    const registration = await page.evaluate(async () => {
      const worker = await navigator.serviceWorker.ready;
      return {
        scope: worker.scope,
        script: worker.active?.scriptURL,
        controlled: navigator.serviceWorker.controller !== null,
      };
    });
    expect(registration).toEqual({
      scope: `${suite.app.url}/`,
      script: `${suite.app.url}/sw.js`,
      controlled: true,
    });

    // The screens load again through the worker, calling the API as they go.
    await page.reload();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.some((url) => url.includes("/offline.html"))).toBe(true);
    expect(cached.some((url) => /\/assets\/index-[\w-]+\.js/.test(url))).toBe(true);
    expect(cached.filter((url) => new URL(url).pathname.startsWith("/api/"))).toEqual([]);
  });

  it("shows the offline screen, not the browser's error, when the network is gone", async () => {
    const page = await suite.newPage({ serviceWorkers: "allow" });
    await page.goto("/auth");
    await untilControlled(page);

    await page.context().setOffline(true);
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: "You're offline" }).waitFor();
    expect(await page.title()).toBe("You're offline · Circleplan");
    await saveScreen(page, "offline");

    // Back online, Try again loads the address that failed: the app, which sends a signed-out
    // visitor from the dashboard to sign in.
    await page.context().setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await page.getByRole("tab", { name: "Login" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");
  });
});

describe("push notifications", () => {
  it("shows a pushed reminder, and a click takes the open app to the plan", async () => {
    const user = await createVerifiedUser();
    const page = await suite.signedInPage(user, "/dashboard", { serviceWorkers: "allow" });
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await untilControlled(page);
    await page.context().grantPermissions(["notifications"], { origin: suite.app.url });

    const cdp = await page.context().newCDPSession(page);
    const id = await registrationId(cdp, `${suite.app.url}/`);
    const message = {
      title: "Reminder: Dentist",
      body: "Starting 3:30 PM",
      url: "/upcoming",
      tag: "reminder-12",
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: suite.app.url,
      registrationId: id,
      data: JSON.stringify(message),
    });

    const shown = async () =>
      page.evaluate(async () => {
        const worker = await navigator.serviceWorker.ready;
        return (await worker.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data,
          icon: n.icon,
        }));
      });
    await expect.poll(shown).toHaveLength(1);
    expect(await shown()).toEqual([
      {
        title: message.title,
        body: message.body,
        tag: message.tag,
        data: { url: "/upcoming" },
        icon: `${suite.app.url}/icons/icon-192.png`,
      },
    ]);

    // A click, as the browser would deliver it to the worker.
    const worker = page.context().serviceWorkers()[0];
    if (!worker) throw new Error("no service worker in the context");
    await worker.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications();
      const NotificationEventCtor = (globalThis as unknown as Record<string, unknown>)
        .NotificationEvent as new (
        type: string,
        init: { notification: Notification },
      ) => Event;
      scope.dispatchEvent(
        new NotificationEventCtor("notificationclick", {
          notification: notification as Notification,
        }),
      );
    });
    await page.waitForURL(`${suite.app.url}/upcoming`);
    await page.getByRole("heading", { level: 1, name: /Upcoming/ }).waitFor();
    // The click closed it.
    await expect.poll(shown).toEqual([]);
  });
});
