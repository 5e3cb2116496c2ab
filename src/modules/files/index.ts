export { createFilesService, type FilesService } from './create-files-service.js';
export { deleteStoredObjects, transformsPrefix, type StoredObjectRef } from './delete-stored-objects.js';
export { filesBehaviour, foldersBehaviour } from './files.behaviours.js';
export { loadSharp } from './read-image-size.js';
export { readMultipartFiles, type FilePart, type MultipartLimits } from './read-multipart-files.js';
