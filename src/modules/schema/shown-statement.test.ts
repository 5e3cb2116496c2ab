import { describe, expect, it } from 'vitest';
import { isShownStatement } from './shown-statement.js';

describe('isShownStatement', () => {
  it('shows DDL and meta row writes', () => {
    for (const sql of [
      'create table `drafts` (`id` integer)',
      'ALTER TABLE "authors" ADD COLUMN "extra" varchar(255)',
      'insert into "service_fields" ("collection", "field") values (?, ?)',
      'update `service_collections` set `note` = ? where `collection` = ?',
      'delete from "service_relations" where "collection" = ?',
      'drop table "site"',
    ])
      expect(isShownStatement(sql), sql).toBe(true);
  });

  it('leaves out reads, transaction control and the activity trail', () => {
    for (const sql of [
      'select * from "service_fields"',
      'PRAGMA foreign_keys = OFF',
      'SAVEPOINT trx23;',
      'RELEASE SAVEPOINT trx23;',
      'ROLLBACK TO SAVEPOINT trx23;',
      'ROLLBACK',
      'BEGIN;',
      'COMMIT;',
      'insert into "service_activity" ("action") values (?)',
      'insert into `service_revisions` (`activity`) values (?)',
    ])
      expect(isShownStatement(sql), sql).toBe(false);
  });
});
