import type { ProviderVarSpec, StorageVarSpec, VarSpec } from './index.js';

/**
 * Renders docs/config.md from CONFIG_SCHEMA: one row per variable (name, type, default, description), secrets
 * marked; then the settings of single sign-on providers (AUTH_PROVIDER_SCHEMA) when given.
 */
export function renderConfigDocs(
  schema: readonly VarSpec[],
  providerSchema: readonly ProviderVarSpec[] = [],
  storageSchema: readonly StorageVarSpec[] = [],
): string {
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated from src/config/config-schema.ts by `npm run docs:config`. Do not edit by hand. -->',
    '',
    'Stratum reads its configuration from environment variables once, at start-up. A `.env` file in the working',
    'directory is read too; real environment variables win over it. Every variable also accepts a `<NAME>_FILE`',
    'variant holding the path of a file with the value (for Docker and Kubernetes secrets). Invalid values stop',
    'the start with a list of every problem.',
    '',
    'Durations are milliseconds or take a unit (`15m`, `7d`); sizes are bytes or take a unit (`500kb`, `1mb`);',
    'lists are comma-separated. Variables marked **secret** hold credentials: prefer their `_FILE` form.',
    '',
    '| Variable | Type | Default | Description |',
    '|---|---|---|---|',
  ];
  for (const spec of schema) {
    const name = spec.secret === true ? `\`${spec.name}\` **secret**` : `\`${spec.name}\``;
    lines.push(`| ${name} | ${typeOf(spec)} | ${defaultOf(spec)} | ${escapeCell(spec.description)} |`);
  }
  if (providerSchema.length > 0) {
    lines.push(
      '',
      '## Single sign-on providers',
      '',
      'Each name in `AUTH_PROVIDERS` (letters and digits; `default` is reserved) is configured with',
      '`AUTH_<NAME>_<KEY>` variables, e.g. `AUTH_KEYCLOAK_CLIENT_ID`. Unknown keys, keys of the other driver and',
      'missing required keys stop the start. See docs/authentication.md.',
      '',
      '| Key | Drivers | Type | Default | Description |',
      '|---|---|---|---|---|',
    );
    lines.push(...keyRows(providerSchema));
  }
  if (storageSchema.length > 0) {
    lines.push(
      '',
      '## Storage locations',
      '',
      'Each name in `STORAGE_LOCATIONS` (letters and digits) is configured with `STORAGE_<NAME>_<KEY>` variables,',
      'e.g. `STORAGE_S3_BUCKET`. The location named `local` needs none: it is a folder beside the SQLite file. Unknown',
      'keys, keys of the other driver and missing required keys stop the start. See docs/files.md.',
      '',
      '| Key | Drivers | Type | Default | Description |',
      '|---|---|---|---|---|',
    );
    lines.push(...keyRows(storageSchema));
  }
  lines.push('');
  return lines.join('\n');
}

/** One table row per `<PREFIX>_<NAME>_<KEY>` setting: key (required, secret), drivers, type, default, description. */
function keyRows(specs: readonly (ProviderVarSpec | StorageVarSpec)[]): string[] {
  return specs.map((spec) => {
    const required = spec.required === true ? ' **required**' : '';
    const secret = spec.secret === true ? ' **secret**' : '';
    return `| \`${spec.key}\`${required}${secret} | ${spec.drivers.join(', ')} | ${typeOf(spec)} | ${defaultOf(spec)} | ${escapeCell(spec.description)} |`;
  });
}

function typeOf(spec: Omit<VarSpec, 'name'>): string {
  if (spec.type === 'enum' && spec.values !== undefined) return `one of ${spec.values.map((v) => `\`${v}\``).join(', ')}`;
  if (spec.type === 'integer' && spec.min !== undefined) return `integer ≥ ${spec.min}`;
  return spec.type;
}

function defaultOf(spec: Omit<VarSpec, 'name'>): string {
  if (spec.default === undefined || spec.default === '') return '(unset)';
  return `\`${escapeCell(spec.default)}\``;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
