export { createActivityRecorder } from './create-activity-recorder.js';
export { pruneActivity, type PruneResult, type RetentionSettings } from './prune-activity.js';
export { createRetentionRun, RETENTION_LEASE, startRetention } from './start-retention.js';
