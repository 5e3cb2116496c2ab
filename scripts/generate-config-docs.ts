import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AUTH_PROVIDER_SCHEMA, CONFIG_SCHEMA, STORAGE_LOCATION_SCHEMA } from '../src/config/index.js';
import { renderConfigDocs } from '../src/config/render-config-docs.js';

/** Writes docs/config.md from CONFIG_SCHEMA (`npm run docs:config`). src/config/config-docs.test.ts checks it is current. */
const target = fileURLToPath(new URL('../docs/config.md', import.meta.url));
writeFileSync(target, renderConfigDocs(CONFIG_SCHEMA, AUTH_PROVIDER_SCHEMA, STORAGE_LOCATION_SCHEMA));
console.log(`Wrote ${target} (${CONFIG_SCHEMA.length} variables)`);
