export { applyDiff, stepLabel, type ApplyOptions, type ApplyReport, type StepReport, type Statement } from './apply-diff.js';
export { diffSchema, takeSnapshot, prepareSnapshot, type SchemaModuleDeps } from './diff-schema.js';
export { parseDocument, MAX_UPLOAD_BYTES } from './read-upload.js';
export { hashSnapshot } from './hash-snapshot.js';
export type * from './snapshot.types.js';
export { diffSchemaWithWarnings } from './diff-schema.js';
export { readUpload } from './read-upload.js';
