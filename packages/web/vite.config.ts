import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, URL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import {
  chunkCycles,
  deferredInFirstLoads,
  firstLoads,
  overBudget,
  readManifest,
} from "./src/build/first-load";
import { writeFirstScreenPreload } from "./src/build/first-screen-preload";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` next to every text file of the build, at the highest levels, for the
 * local server to send as they are (serve.ts, `precompressed`): Node 20 has no brotli stream
 * in CompressionStream, and compressing once at build time costs nothing per request.
 * A variant that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = "";
  async function compressAll() {
    const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
    await Promise.all(
      files.map(async (file) => {
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < content.length) await writeFile(`${file}.br`, br);
        if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      }),
    );
  }
  return {
    name: "circleplan:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, so the service worker (written in vite-plugin-pwa's closeBundle) is compressed too.
    closeBundle: { sequential: true, order: "post", handler: compressAll },
  };
}

/**
 * The first load on a phone (decision 005): fails the build when a first screen's initial JS
 * passes its ceiling or holds what only an open overlay needs, or when chunks import each other
 * in a cycle (src/build/first-load.ts; the web
 * build is part of `pnpm test`, so a feature that grows the first load is stopped there, with the
 * files named), and writes the small
 * script with which index.html asks for the opened screen's chunks while the entry downloads
 * (src/build/first-screen-preload.ts).
 */
function firstLoad(): Plugin {
  let outDir = "";
  let base = "/";
  return {
    name: "circleplan:first-load",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    writeBundle: {
      sequential: true,
      handler(_options, bundle) {
        const manifest = readManifest(outDir);
        const loads = firstLoads(outDir, manifest);
        const modules = (file: string) => {
          const output = bundle[file];
          return output?.type === "chunk" ? output.moduleIds : [];
        };
        const problems = [
          ...overBudget(loads),
          ...deferredInFirstLoads(loads, modules),
          ...chunkCycles(manifest),
        ];
        if (problems.length > 0) this.error(problems.join("\n"));
        writeFirstScreenPreload(outDir, base);
      },
    },
  };
}

/**
 * The installable app: the web app manifest, and the service worker src/sw.ts built beside the
 * app with the list of the build's files to precache injected (injectManifest). main.tsx
 * registers it in production builds; index.html gets the manifest link.
 */
const installableApp = () =>
  VitePWA({
    strategies: "injectManifest",
    srcDir: "src",
    filename: "sw.ts",
    injectRegister: false,
    manifest: {
      id: "/",
      name: "Circleplan",
      short_name: "Circleplan",
      description: "Your family's plans, tasks and reminders, shared.",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      // The theme's primary (--primary) and light background (--background), index.html's colour.
      theme_color: "#4f46e5",
      background_color: "#f9fafb",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        {
          src: "/icons/maskable-192.png",
          sizes: "192x192",
          type: "image/png",
          purpose: "maskable",
        },
        {
          src: "/icons/maskable-512.png",
          sizes: "512x512",
          type: "image/png",
          purpose: "maskable",
        },
      ],
    },
    // Of the icons, only the notification's are precached (below); the manifest's are fetched once.
    includeManifestIcons: false,
    injectManifest: {
      // The app's code and styles, the offline page and what it shows, the notification icons.
      // Not index.html: pages always come from the network (src/sw.ts).
      globPatterns: ["**/*.{js,css,html,svg}", "icons/{icon-192,badge-96}.png"],
      // Nor the MQTT client (live sync on AWS, ~100 kB gzipped): a deployment that uses it
      // downloads it on first connect; the local server's socket never needs it.
      globIgnores: ["index.html", "assets/mqtt-transport-*.js"],
      // A classic script: every browser with push runs it, module workers or not.
      rollupFormat: "iife",
    },
  });

export default defineConfig({
  plugins: [react(), tailwindcss(), installableApp(), firstLoad(), precompress()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // .vite/manifest.json: what each first screen loads, for its budget and `pnpm bench web`.
    manifest: true,
    rolldownOptions: {
      output: {
        // What a first screen imports and nothing else (decision 005, "The first load on a
        // phone"). A group no longer takes in its modules' dependencies (rolldown's default):
        // that made `circles` carry sonner, the photo cropper and the QR code, and `forms` the
        // shared messages, so every screen downloaded them. Shared code is split by the screens
        // that use it (`entriesAware`), merged up to 4 kB so a screen is not five dozen tiny
        // files (over HTTP/1.1, 2 kB's extra files made the signed-in screens ~300 ms slower in
        // Chromium); each screen's chunks are preloaded together, one round trip after the entry.
        // A merge can put a module beside a screen that never uses it (at 4 kB /auth loads
        // date-fns, at 6 kB sonner too) and close a cycle between chunks, after which a module
        // may run before one it needs: the build fails on a cycle (first-load.ts, `chunkCycles`).
        // Decision 005, "Chunks by the screens that use them".
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // Everything the entry loads before the first paint, in one file.
            { name: "app", tags: ["$initial"], priority: 3 },
            // Validation, with the resolvers that bring it to forms: the screens with forms load it,
            // /auth's login form once touched (lib/forms.ts, lazyResolver).
            {
              name: "zod",
              priority: 2,
              test: /node_modules[\\/](zod|@hookform)[\\/]/,
            },
            // The form library alone: a group must not hold a schema, or its screens load zod too.
            { name: "forms", priority: 2, test: /node_modules[\\/]react-hook-form[\\/]/ },
            // Each in a chunk of its own, so the UI kit's merging of small pieces (below) cannot put
            // them beside a screen that never shows them: the photo cropper, the invitation's QR
            // code. (The plan dialog's date picker, react-day-picker, is in the dialog's chunk.)
            {
              name: "cropper",
              priority: 2,
              test: /node_modules[\\/](react-easy-crop|normalize-wheel|@radix-ui[\\/]react-slider)[\\/]|src[\\/]components[\\/]ui[\\/]slider/,
            },
            { name: "qr-code", priority: 2, test: /node_modules[\\/]qrcode\.react[\\/]/ },
            // The UI kit and helpers two or more screens share, by the set of screens sharing
            // them.
            {
              name: "ui",
              priority: 1,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 4000,
              test: /node_modules[\\/]|src[\\/](components[\\/](?!plans[\\/])|lib[\\/])/,
            },
            // The plan pieces several screens show (components/plans), apart from the UI kit
            // that the sign-in screen loads too.
            {
              name: "plans",
              priority: 0,
              minShareCount: 2,
              test: /src[\\/]components[\\/]plans[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    // The API keeps its own port in development; one origin for the browser keeps cookies and
    // the Origin check the same as in production.
    proxy: { "/api": { target: "http://127.0.0.1:3001" } },
  },
});
