export { createActivityRecorder } from './create-activity-recorder.js';
export { createCommentsService, type CommentsService } from './comments.js';
export { pruneActivity, type PruneResult, type RetentionSettings } from './prune-activity.js';
export { createRetentionRun, RETENTION_LEASE, startRetention } from './start-retention.js';
