import type { Context } from '../../engine/context.js';

/** The columns of a user that invitations and registrations decide on. */
export type UserRow = { id: string; email: string | null; password: string | null; status: string; provider: string; role: string | null };

const COLUMNS = ['id', 'email', 'password', 'status', 'provider', 'role'];

/** The user with this address (compared lower-cased), whatever their status; read without permissions. */
export async function userByEmail(ctx: Context, address: string): Promise<UserRow | undefined> {
  return (await ctx
    .db('service_users')
    .select(...COLUMNS)
    .whereRaw('LOWER(??) = ?', ['email', address.trim().toLowerCase()])
    .first()) as UserRow | undefined;
}

/** The user with this id; read without permissions. */
export async function userById(ctx: Context, id: string): Promise<UserRow | undefined> {
  return (await ctx
    .db('service_users')
    .select(...COLUMNS)
    .where({ id })
    .first()) as UserRow | undefined;
}
