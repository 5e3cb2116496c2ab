import { readFolders, readSettings, updateSettings } from '@directus/sdk';
import type { Client } from '../api/client.js';
import type { Settings } from './settings-form.js';

/** The project settings (`GET/PATCH /settings`) and the folders a default folder may be. */

export async function loadSettings(client: Client): Promise<Settings> {
  return (await client.request(readSettings())) as Settings;
}

export async function saveSettings(client: Client, payload: Record<string, unknown>): Promise<Settings> {
  return (await client.request(updateSettings(payload))) as unknown as Settings;
}

export type Folder = { id: string; name: string };

/** The folders by name; an empty list when they cannot be read. */
export async function loadFolders(client: Client): Promise<Folder[]> {
  try {
    const folders = (await client.request(readFolders({ fields: ['id', 'name'], limit: -1, sort: ['name'] }))) as Folder[];
    return folders;
  } catch {
    return [];
  }
}
