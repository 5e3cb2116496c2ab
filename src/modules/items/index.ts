export { createItemsService } from './create-items-service.js';
export type { CollectionBehaviour, Item, ItemsDeps, ItemsService, PrimaryKey } from './items.types.js';
export { readPages } from './operations/read-pages.js';
