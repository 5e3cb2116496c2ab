import type { TestProject } from 'vitest/node';
import { createTemplate, dropStaleTemplates, dropTemplate, type Template } from './template-database.js';
import { testVendor } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated, bootstrapped template database (tests/setup/template-database.ts). */
    stratumTemplate: Template;
  }
}

/**
 * The integration project's global set-up: removes what crashed runs left behind, then migrates and bootstraps one
 * template database of the run's vendor (TEST_DB), which createTestApp copies for each test file; drops it at the
 * end of the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const vendor = testVendor();
  await dropStaleTemplates(vendor);
  const template = await createTemplate(vendor);
  project.provide('stratumTemplate', template);
  return () => dropTemplate(template);
}
