export { createEventBus } from './create-event-bus.js';
export { writeEventNames } from './write-event-names.js';
export type { ActionHandler, EventBus, EventKind, EventMeta, FilterHandler } from './events.types.js';
