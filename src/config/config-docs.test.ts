import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUTH_PROVIDER_SCHEMA, CONFIG_SCHEMA, STORAGE_LOCATION_SCHEMA } from './index.js';
import { renderConfigDocs } from './render-config-docs.js';

const docsPath = fileURLToPath(new URL('../../docs/config.md', import.meta.url));

describe('docs/config.md', () => {
  it('is generated from CONFIG_SCHEMA (run `npm run docs:config` when this fails)', () => {
    expect(readFileSync(docsPath, 'utf8')).toBe(renderConfigDocs(CONFIG_SCHEMA, AUTH_PROVIDER_SCHEMA, STORAGE_LOCATION_SCHEMA));
  });
});

describe('renderConfigDocs', () => {
  it('writes name, type, default and description, and marks secrets', () => {
    const text = renderConfigDocs([
      { name: 'A_PORT', type: 'integer', default: '80', min: 1, description: 'Port | number.' },
      { name: 'A_KEY', type: 'string', secret: true, description: 'Key.' },
      { name: 'A_MODE', type: 'enum', default: 'x', values: ['x', 'y'], description: 'Mode.' },
    ]);
    expect(text).toContain('| `A_PORT` | integer ≥ 1 | `80` | Port \\| number. |');
    expect(text).toContain('| `A_KEY` **secret** | string | (unset) | Key. |');
    expect(text).toContain('| `A_MODE` | one of `x`, `y` | `x` | Mode. |');
  });

  it('documents every variable of the schema', () => {
    const text = renderConfigDocs(CONFIG_SCHEMA);
    for (const spec of CONFIG_SCHEMA) expect(text).toContain(`| \`${spec.name}\``);
  });
});
