import type { VarSpec } from './config-schema.js';

/** Renders docs/config.md from CONFIG_SCHEMA: one row per variable (name, type, default, description), secrets marked. */
export function renderConfigDocs(schema: readonly VarSpec[]): string {
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
  lines.push('');
  return lines.join('\n');
}

function typeOf(spec: VarSpec): string {
  if (spec.type === 'enum' && spec.values !== undefined) return `one of ${spec.values.map((v) => `\`${v}\``).join(', ')}`;
  if (spec.type === 'integer' && spec.min !== undefined) return `integer ≥ ${spec.min}`;
  return spec.type;
}

function defaultOf(spec: VarSpec): string {
  if (spec.default === undefined || spec.default === '') return '(unset)';
  return `\`${escapeCell(spec.default)}\``;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
