import type { PermissionRule } from './permissions.types.js';

const rule = (
  collection: string,
  action: PermissionRule['action'],
  permissions: PermissionRule['permissions'] = null,
  fields: string[] = ['*'],
): PermissionRule => ({
  id: null,
  policy: null,
  collection,
  action,
  permissions,
  validation: null,
  presets: null,
  fields,
  system: true,
});

/**
 * The minimal rules every user with app access gets (directus-behaviour.md §6.4, with `service_` names).
 * They never appear in /permissions results.
 */
export const APP_ACCESS_RULES: readonly PermissionRule[] = Object.freeze([
  rule('service_collections', 'read'),
  rule('service_fields', 'read'),
  rule('service_relations', 'read'),
  rule('service_activity', 'read', { user: { _eq: '$CURRENT_USER' } }),
  // Presets: one's own, one's roles', and everyone's (user and role both null); writes only to one's own.
  rule('service_presets', 'read', {
    _or: [
      { user: { _eq: '$CURRENT_USER' } },
      { _and: [{ user: { _null: true } }, { role: { _in: '$CURRENT_ROLES' } }] },
      { _and: [{ user: { _null: true } }, { role: { _null: true } }] },
    ],
  }),
  // A new preset is the creator's unless it names them otherwise (which validation then refuses).
  { ...rule('service_presets', 'create'), validation: { user: { _eq: '$CURRENT_USER' } }, presets: { user: '$CURRENT_USER' } },
  // …and stays theirs: not handed to another user, a role or everyone (Directus: filter and validation own).
  { ...rule('service_presets', 'update', { user: { _eq: '$CURRENT_USER' } }), validation: { user: { _eq: '$CURRENT_USER' } } },
  rule('service_presets', 'delete', { user: { _eq: '$CURRENT_USER' } }),
  // Notifications: one's own, to read and to archive (only `status` changes).
  rule('service_notifications', 'read', { recipient: { _eq: '$CURRENT_USER' } }),
  rule('service_notifications', 'update', { recipient: { _eq: '$CURRENT_USER' } }, ['status']),
  // Comments: one's own to read, edit (the text) and delete; new ones anywhere the item is readable (the
  // comments behaviour checks the item and the author).
  rule('service_comments', 'read', { user_created: { _eq: '$CURRENT_USER' } }),
  { ...rule('service_comments', 'create'), validation: { comment: { _nnull: true } } },
  rule('service_comments', 'update', { user_created: { _eq: '$CURRENT_USER' } }, ['comment']),
  rule('service_comments', 'delete', { user_created: { _eq: '$CURRENT_USER' } }),
  // Shares: one's own. A new one also needs `share` (and `read`) on the item it shares (the shares behaviour);
  // its item never changes and its use count is the server's (decision 0105).
  rule('service_shares', 'read', { user_created: { _eq: '$CURRENT_USER' } }),
  rule('service_shares', 'create', null, ['name', 'collection', 'item', 'role', 'password', 'date_start', 'date_end', 'max_uses']),
  rule('service_shares', 'update', { user_created: { _eq: '$CURRENT_USER' } }, [
    'name',
    'role',
    'password',
    'date_start',
    'date_end',
    'max_uses',
  ]),
  rule('service_shares', 'delete', { user_created: { _eq: '$CURRENT_USER' } }),
  // Translation strings: the app resolves `$t:` names and notes through them for everyone who signs in to it.
  rule('service_translations', 'read'),
  rule('service_roles', 'read', { id: { _in: '$CURRENT_ROLES' } }),
  rule('service_settings', 'read', null, [
    'id',
    'project_name',
    'project_url',
    'project_color',
    'project_descriptor',
    'public_note',
    'default_language',
    'default_appearance',
    'custom_css',
  ]),
  rule('service_users', 'read', { id: { _eq: '$CURRENT_USER' } }, [
    'id',
    'first_name',
    'last_name',
    'email',
    'password',
    'location',
    'title',
    'description',
    'tags',
    'avatar',
    'language',
    'tfa_secret',
    'status',
    'role',
    'provider',
    'last_page',
    'appearance',
    'email_notifications',
  ]),
]);
