import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Dialect } from '../../database/dialects/dialect.js';
import { pruneActivity, type RetentionSettings } from './prune-activity.js';

const HOUR = 60 * 60 * 1000;

/**
 * Prunes activity and revisions in the background: a minute after start, then every hour. The timer does not
 * keep the process alive; a run never overlaps the previous one. Returns a stop function.
 */
export function startRetention(deps: { knex: Knex; dialect: Dialect; retention: RetentionSettings; logger: Logger; now: () => Date }): () => void {
  const { retention } = deps;
  if (retention.activity === null && retention.revisions === null) return () => undefined;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const result = await pruneActivity(deps.knex, deps.dialect, retention, deps.now());
      if (result.activity + result.revisions > 0) deps.logger.info(result, 'Pruned old activity and revisions');
    } catch (error) {
      deps.logger.error({ err: error }, 'Pruning activity failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), 60_000);
  const every = setInterval(() => void run(), HOUR);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
