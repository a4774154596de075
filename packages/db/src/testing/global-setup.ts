/**
 * vitest globalSetup of the integration project: builds (or finds) the migrated template the
 * run's test files clone, on the store this run tests (template-db.ts).
 */
import type { TestProject } from "vitest/node";
import { ensurePgliteTemplate, ensureServerTemplate } from "./template-db";

export default async function setup(project: TestProject): Promise<void> {
  const adminUrl = process.env.CIRCLEPLAN_TEST_PG_URL;
  const template = adminUrl ? await ensureServerTemplate(adminUrl) : await ensurePgliteTemplate();
  project.provide("circleplanTemplateDb", template);
}
