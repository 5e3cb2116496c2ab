export {
  CLOSE_AUTH,
  CLOSE_SHUTDOWN,
  CLOSE_FORBIDDEN,
  CLOSE_SILENT,
  createRealtimeService,
  type RealtimeDeps,
  type RealtimeService,
} from './create-realtime-service.js';
export type { Connection, RealtimeSocket, SubscriptionEvent, WriteNotice } from './realtime.types.js';
export { writeNoticeOf } from './write-notice-of.js';
export { CLOSE_SLOW } from './write-delivery.js';
