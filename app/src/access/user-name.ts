import type { UserRow } from './access-api.js';

/** How a user reads in the lists: their name, else their e-mail, else their key. */
export function userName(user: Pick<UserRow, 'first_name' | 'last_name' | 'email' | 'id'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return name || user.email || user.id;
}
