import type { OperationType } from '../flows.types.js';

/** `transform`: its result is `json`, with templates filled (a string of JSON is parsed, other text kept). */
export const transformOperation: OperationType = {
  validate: (options) => (options.json === undefined ? '"json" is required' : null),
  run(options) {
    const json = options.json;
    if (typeof json !== 'string') return Promise.resolve(json);
    try {
      return Promise.resolve(JSON.parse(json) as unknown);
    } catch {
      return Promise.resolve(json);
    }
  },
};
