import { randomBytes } from 'node:crypto';
import type { Context } from '../../engine/context.js';
import { PUBLIC_POLICY_ID } from '../../kernel/system/system-collections.js';
import type { ItemsService } from '../items/index.js';

export type BootstrapResult = { created: false } | { created: true; email: string; password: string; generatedPassword: boolean };

/**
 * First start on an empty database: an Administrator role and policy (admin and app access), the public
 * policy, the settings row and the first administrator. Does nothing when a user already exists.
 * Runs through the items service, so the activity log records it as system work.
 */
export async function bootstrapDatabase(
  ctx: Context,
  items: ItemsService,
  admin: { email: string; password: string | null; token?: string | null },
): Promise<BootstrapResult> {
  const existing = await ctx.db('service_users').count({ count: '*' }).first();
  if (Number((existing as { count: unknown } | undefined)?.count ?? 0) > 0) return { created: false };

  const password = admin.password ?? randomBytes(12).toString('base64url');
  const hasPublic = await ctx.db('service_policies').where({ id: PUBLIC_POLICY_ID }).first();
  if (!hasPublic) {
    await items.createOne(ctx, 'service_policies', {
      id: PUBLIC_POLICY_ID,
      name: '$t:public_label',
      icon: 'public',
      description: '$t:public_description',
      app_access: false,
      admin_access: false,
    });
    await items.createOne(ctx, 'service_access', { role: null, user: null, policy: PUBLIC_POLICY_ID });
  }
  const role = await items.createOne(ctx, 'service_roles', {
    name: 'Administrator',
    icon: 'verified',
    description: '$t:admin_description',
  });
  const policy = await items.createOne(ctx, 'service_policies', {
    name: 'Administrator',
    icon: 'verified',
    description: '$t:admin_description',
    admin_access: true,
    app_access: true,
  });
  await items.createOne(ctx, 'service_access', { role, policy });
  await items.createOne(ctx, 'service_users', {
    email: admin.email,
    password,
    role,
    first_name: 'Admin',
    last_name: 'User',
    status: 'active',
    ...(admin.token ? { token: admin.token } : {}),
  });
  const settings = await ctx.db('service_settings').first();
  if (!settings) await items.upsertSingleton(ctx, 'service_settings', { project_name: 'Stratum' });
  return { created: true, email: admin.email, password, generatedPassword: admin.password === null };
}
