/**
 * Setup of the `component` vitest project (happy-dom): jest-dom's matchers on `expect`, and an
 * empty document after each test (Testing Library cleans up by itself only with globals on).
 */
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());
