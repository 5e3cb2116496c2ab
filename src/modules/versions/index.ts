export { createVersionsService, type Comparison, type VersionsService } from './create-versions-service.js';
export { MAIN_VERSION, VERSIONS, versionsBehaviour } from './versions.behaviours.js';
