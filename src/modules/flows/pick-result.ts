import type { DataChain } from './flows.types.js';

/**
 * What a flow answers (a webhook's response, a filter flow's new payload, a `trigger` operation's result):
 * `$last`, `$all` (the whole chain but `$env`), or one operation's result by its key.
 */
export function pickResult(data: DataChain, which: unknown): unknown {
  if (which === '$all') {
    const { $env: _env, ...rest } = data;
    return rest;
  }
  if (typeof which === 'string' && which !== '$last' && Object.hasOwn(data, which) && which !== '$env') return data[which];
  return data.$last;
}
