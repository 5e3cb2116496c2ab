import { createSystemTables } from './20261122a-create-system-tables.js';
import { addTfaRecoveryCodes } from './20261124a-add-tfa-recovery-codes.js';
import { addActivityActionIndex } from './20261124b-add-activity-action-index.js';
import { addSchemaVersion } from './20261124c-add-schema-version.js';
import { addSessionFamily } from './20261124d-add-session-family.js';
import { addAccessVersion } from './20261125a-add-access-version.js';
import { addLeases } from './20261125k-add-leases.js';
import { addPresets } from './20261125p-add-presets.js';
import { addFiles } from './20261126a-add-files.js';
import { addSessionVersion } from './20261127s-add-session-version.js';
import { addFlows } from './20261127t-add-flows.js';
import { addNotifications } from './20261128n-add-notifications.js';
import { addComments } from './20261128o-add-comments.js';
import { addPublicRegistration } from './20261128u-add-public-registration.js';
import { addShares } from './20261128v-add-shares.js';
import { addDashboards } from './20261128w-add-dashboards.js';
import { addVersions } from './20261128x-add-versions.js';
import { addTranslations } from './20261128y-add-translations.js';
import type { Migration } from './migration.types.js';

export type { Migration } from './migration.types.js';
export { SCHEMA_VERSION_TABLE } from './20261124c-add-schema-version.js';
export { LEASES_TABLE } from './20261125k-add-leases.js';

/**
 * Every migration, oldest first. Listed by hand: the code also runs from dist/, so no directory globbing.
 * Run them with runMigrations() from ./run-migrations.js.
 */
export const MIGRATIONS: readonly Migration[] = [
  createSystemTables,
  addTfaRecoveryCodes,
  addActivityActionIndex,
  addSchemaVersion,
  addSessionFamily,
  addAccessVersion,
  addLeases,
  addPresets,
  addFiles,
  addSessionVersion,
  addFlows,
  addNotifications,
  addComments,
  addPublicRegistration,
  addShares,
  addDashboards,
  addVersions,
  addTranslations,
];
