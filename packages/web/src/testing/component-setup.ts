/**
 * Setup of the `component` vitest project (happy-dom): jest-dom's matchers on `expect`, and an
 * empty document and storage after each test (Testing Library cleans up by itself only with
 * globals on; a user remembered by one test's session check must not sign in the next's).
 */
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { loadOverlayKit } from "@/components/ui/overlay-open";

// `waitFor` and `findBy*` wait for what the test names; their limit only ends a hang. Testing
// Library's default (1 s) is sized for a quiet machine and failed tests on a busy one.
configure({ asyncUtilTimeout: 30_000 });

// Radix's overlays as a returning user has them (the service worker's precache): a dialog a test
// renders open is open at once, whichever file loaded them first. overlay-open.test.tsx opens
// one before they have loaded.
beforeAll(() => loadOverlayKit());

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
