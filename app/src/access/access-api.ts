import {
  createPermissions,
  createPolicy,
  createRole,
  createUser,
  deletePolicy,
  deleteUser,
  customEndpoint,
  deletePermissions,
  deleteRole,
  readCollections,
  readFieldsByCollection,
  readPermissions,
  readPolicies,
  readPolicy,
  readRoles,
  readUser,
  readUsers,
  updatePermissionsBatch,
  updatePolicy,
  updateRole,
  updateUser,
} from '@directus/sdk';
import type { Client } from '../api/client.js';
import type { Explanation } from './explain-trace.js';
import type { MatrixChanges, PermissionRow } from './permission-matrix.js';
import { usersFilter, type UserFilters } from './users-query.js';

/** The SDK calls of the access-control screens (users, roles, policies, access links, permissions, explain). */

export type UserRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  role: string | null;
  status: string;
  last_access?: string | null;
};
export type RoleRow = { id: string; name: string; description: string | null; parent: string | null };
export type PolicyRow = {
  id: string;
  name: string;
  description: string | null;
  admin_access: boolean;
  app_access: boolean;
  enforce_tfa: boolean;
  ip_access: string[] | null;
};
export type AccessRow = { id: string; role: string | null; user: string | null; policy: string; sort?: number | null };

const USER_FIELDS = ['id', 'first_name', 'last_name', 'email', 'role', 'status', 'last_access'] as const;
const POLICY_FIELDS = ['id', 'name', 'description', 'admin_access', 'app_access', 'enforce_tfa', 'ip_access'] as const;

type Cmd<T> = Parameters<Client['request']>[0] & { __out?: T };
const req = <T>(client: Client, command: unknown) => client.request(command as Cmd<T>) as Promise<T>;

/** Users (by e-mail) matching the filters, from `offset`; the choice lists ask for the first 200. */
export function listUsers(client: Client, filters: UserFilters, offset = 0, limit = 200): Promise<UserRow[]> {
  const filter = usersFilter(filters);
  return req(
    client,
    readUsers({
      fields: USER_FIELDS,
      sort: ['email', 'id'],
      limit,
      offset,
      ...(filters.search ? { search: filters.search } : {}),
      ...(filter ? { filter } : {}),
    }),
  );
}

export function getUser(client: Client, id: string): Promise<UserRow> {
  return req(client, readUser(id, { fields: USER_FIELDS }));
}

export async function addUser(client: Client, values: Record<string, unknown>): Promise<string> {
  const created = await req<{ id: string }>(client, createUser(values as never, { fields: ['id'] }));
  return created.id;
}

export async function changeUser(client: Client, id: string, values: Record<string, unknown>): Promise<void> {
  await req(client, updateUser(id, values as never, { fields: ['id'] }));
}

/** `POST /users/:id/tfa/reset`: turns the user's two-factor authentication off. */
export async function resetTwoFactor(client: Client, id: string): Promise<void> {
  await client.request(customEndpoint({ path: `/users/${encodeURIComponent(id)}/tfa/reset`, method: 'POST' }));
}

export function listRoles(client: Client): Promise<RoleRow[]> {
  return req(client, readRoles({ fields: ['id', 'name', 'description', 'parent'], sort: ['name'], limit: -1 }));
}

export async function addRole(client: Client, values: Partial<RoleRow>): Promise<string> {
  return (await req<{ id: string }>(client, createRole(values as never, { fields: ['id'] }))).id;
}

export async function changeRole(client: Client, id: string, values: Partial<RoleRow>): Promise<void> {
  await req(client, updateRole(id, values as never, { fields: ['id'] }));
}

export async function removeRole(client: Client, id: string): Promise<void> {
  await req(client, deleteRole(id));
}

export function listPolicies(client: Client): Promise<PolicyRow[]> {
  return req(client, readPolicies({ fields: POLICY_FIELDS, sort: ['name'], limit: -1 }));
}

export function getPolicy(client: Client, id: string): Promise<PolicyRow> {
  return req(client, readPolicy(id, { fields: POLICY_FIELDS }));
}

export async function addPolicy(client: Client, values: Partial<PolicyRow>): Promise<string> {
  return (await req<{ id: string }>(client, createPolicy(values as never, { fields: ['id'] }))).id;
}

/** Deletes a policy; its rules and its links to roles and users go with it (the database cascades). */
export async function removePolicy(client: Client, id: string): Promise<void> {
  await req(client, deletePolicy(id));
}

export async function removeUser(client: Client, id: string): Promise<void> {
  await req(client, deleteUser(id));
}

export async function changePolicy(client: Client, id: string, values: Partial<PolicyRow>): Promise<void> {
  await req(client, updatePolicy(id, values as never, { fields: ['id'] }));
}

/** The access links (`/access`, no SDK command) matching a filter. */
export async function listAccess(client: Client, filter: Record<string, unknown>): Promise<AccessRow[]> {
  const params = new URLSearchParams({ filter: JSON.stringify(filter), fields: 'id,role,user,policy,sort', limit: '-1' });
  return (await client.request(customEndpoint<AccessRow[]>({ path: `/access?${params.toString()}`, method: 'GET' }))) ?? [];
}

/** Attaches a policy to a role or a user. */
export async function attachPolicy(client: Client, link: { policy: string; role?: string; user?: string }): Promise<void> {
  await client.request(customEndpoint({ path: '/access', method: 'POST', body: JSON.stringify(link) }));
}

export async function detachPolicy(client: Client, accessId: string): Promise<void> {
  await client.request(customEndpoint({ path: `/access/${encodeURIComponent(accessId)}`, method: 'DELETE' }));
}

export function policyRules(client: Client, policy: string): Promise<PermissionRow[]> {
  return req(
    client,
    readPermissions({
      filter: { policy: { _eq: policy } },
      fields: ['id', 'policy', 'collection', 'action', 'permissions', 'validation', 'presets', 'fields'],
      limit: -1,
    }),
  );
}

/** Sends the matrix's changes: one batch per kind of write. */
export async function saveMatrix(client: Client, changes: MatrixChanges): Promise<void> {
  if (changes.delete.length > 0) await req(client, deletePermissions(changes.delete));
  if (changes.update.length > 0) await req(client, updatePermissionsBatch(changes.update, { fields: ['id'] }));
  if (changes.create.length > 0) await req(client, createPermissions(changes.create, { fields: ['id'] }));
}

/** Every collection with a table (user collections first), for the matrix and the "Why?" form. */
export async function allCollections(client: Client): Promise<string[]> {
  const rows = await req<{ collection: string; schema?: unknown }[]>(client, readCollections());
  const names = rows.filter((c) => c.schema !== null).map((c) => c.collection);
  const system = (n: string) => n.startsWith('service_') || n.startsWith('directus_');
  return [...names.filter((n) => !system(n)).sort(), ...names.filter(system).sort()];
}

export type RawField = {
  field: string;
  type: string;
  meta?: { hidden?: boolean; options?: { choices?: { text: string; value: unknown }[] } | null } | null;
  schema?: { is_primary_key?: boolean; foreign_key_table?: string | null } | null;
};

export function collectionFields(client: Client, collection: string): Promise<RawField[]> {
  return req(client, readFieldsByCollection(collection));
}

/** The server's explanation of a user's access to a collection or one item (administrators only). */
export async function explainAccess(client: Client, user: string, collection: string, item: string): Promise<Explanation> {
  const path = `/permissions/me/${encodeURIComponent(collection)}${item ? `/${encodeURIComponent(item)}` : ''}`;
  const params = new URLSearchParams({ explain: 'true', user });
  const answer = await client.request(customEndpoint<{ explain: Explanation }>({ path: `${path}?${params.toString()}`, method: 'GET' }));
  return answer.explain;
}
