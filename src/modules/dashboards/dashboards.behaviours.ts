import { invalidPayload } from '../../kernel/errors/index.js';
import type { CollectionBehaviour, Item } from '../items/index.js';

/**
 * Dashboards (`service_dashboards`): a new one needs a name; a name, once given, stays a non-empty string.
 */
export const dashboardsBehaviour: CollectionBehaviour = {
  beforeWrite(_ctx, { action, payload }) {
    if (action === 'create' || 'name' in payload) requireText(payload.name, 'name');
    return payload;
  },
};

const PLACEMENT = ['position_x', 'position_y', 'width', 'height'] as const;

/**
 * Panels (`service_panels`): a new one needs a dashboard, a type and its place on the grid (whole cells: a position
 * from 0, or 1 as Directus's grid counts, and a size of at least one cell); `options` is an object.
 */
export const panelsBehaviour: CollectionBehaviour = {
  beforeWrite(_ctx, { action, payload }) {
    const creating = action === 'create';
    if (creating || 'type' in payload) requireText(payload.type, 'type');
    if ((creating || 'dashboard' in payload) && payload.dashboard == null) throw invalidPayload('"dashboard" is required');
    for (const field of PLACEMENT) {
      if (creating || field in payload) requireCells(payload, field);
    }
    if ('options' in payload && payload.options !== null && !isObject(payload.options)) throw invalidPayload('"options" must be an object');
    return payload;
  },
};

function requireText(value: unknown, field: string): void {
  if (typeof value !== 'string' || value.trim() === '') throw invalidPayload(`"${field}" must be a non-empty string`);
}

function requireCells(payload: Item, field: (typeof PLACEMENT)[number]): void {
  const value = payload[field];
  const least = field === 'width' || field === 'height' ? 1 : 0;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < least)
    throw invalidPayload(`"${field}" must be a whole number of at least ${String(least)}`);
}

function isObject(value: unknown): boolean {
  if (typeof value === 'string') {
    try {
      return isObject(JSON.parse(value));
    } catch {
      return false;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
