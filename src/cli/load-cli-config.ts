import { ConfigError, loadProcessConfig, type Config } from '../config/index.js';

/** Reads the configuration for a CLI command; prints every problem and exits 1 when it is invalid. */
export function loadCliConfig(): Config {
  try {
    return loadProcessConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
