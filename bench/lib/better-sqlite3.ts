/**
 * better-sqlite3 (a dependency of Stratum's SQLite dialect) with the few types the bench uses; the project has
 * no @types/better-sqlite3.
 */
import { createRequire } from 'node:module';

export type Statement = { all(...params: unknown[]): unknown[]; get(...params: unknown[]): unknown; pluck(): Statement };
export type SqliteDatabase = {
  prepare(sql: string): Statement;
  backup(destination: string): Promise<unknown>;
  close(): void;
};
export type SqliteOptions = { readonly?: boolean; fileMustExist?: boolean };

const require = createRequire(import.meta.url);

export const Database = require('better-sqlite3') as new (filename: string, options?: SqliteOptions) => SqliteDatabase;
