import type { TestProject } from 'vitest/node';
import { buildServerBundle } from './server-bundle.js';
import { createTemplate, dropStaleTemplates, dropTemplate, type Template } from './template-database.js';
import { testVendor } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's template database (tests/setup/template-database.ts): bootstrapped for integration, migrated for unit. */
    stratumTemplate: Template;
  }
}

/**
 * The unit and integration projects' global set-up: removes what crashed runs left behind, then makes one template
 * database of the run's vendor (TEST_DB) for the project: migrated and bootstrapped for integration (createTestApp
 * copies it for each file), migrated only for unit (the engine fixture copies it and adds its own rows). Dropped at
 * the end of the run. The integration project also builds the server bundle its processes run (server-bundle.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const vendor = testVendor();
  await dropStaleTemplates(vendor);
  const template = await createTemplate(vendor, project.name !== 'unit');
  project.provide('stratumTemplate', template);
  const bundle = project.name === 'unit' ? null : buildServerBundle(project.name);
  project.provide('stratumServerEntry', bundle?.entry ?? '');
  return async () => {
    bundle?.remove();
    await dropTemplate(template);
  };
}
