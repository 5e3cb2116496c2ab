export { createItemsService } from './create-items-service.js';
export type { CollectionBehaviour, Item, ItemsDeps, ItemsService, PrimaryKey } from './items.types.js';
