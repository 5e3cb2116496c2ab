import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

const require = createRequire(import.meta.url);
let yaml: typeof Yaml | null = null;

/** The `yaml` package, loaded on first use: only exports and snapshot uploads need it, not every start. */
function load(): typeof Yaml {
  yaml ??= require('yaml') as typeof Yaml;
  return yaml;
}

export function stringifyYaml(value: unknown): string {
  return load().stringify(value);
}

export function parseYaml(
  text: string,
  options: Yaml.ParseOptions & Yaml.DocumentOptions & Yaml.SchemaOptions & Yaml.ToJSOptions,
): unknown {
  return load().parse(text, options);
}
