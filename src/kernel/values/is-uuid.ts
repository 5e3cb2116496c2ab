// isUuid lives in shared/ (the admin app checks UUIDs too); the server's code imports it from here.
export { isUuid } from '../../../shared/is-uuid.js';
