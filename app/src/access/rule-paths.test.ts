import { describe, expect, it } from 'vitest';
import { rulePaths, ruleFieldNames } from './rule-paths.js';

describe('rulePaths', () => {
  it('offers every field with a value, hidden ones too, with the dynamic values of keys and relations', () => {
    const fields = [
      { field: 'id', type: 'uuid', schema: { is_primary_key: true } },
      { field: 'name', type: 'string', meta: { hidden: true } },
      { field: 'role', type: 'uuid' },
      { field: 'created', type: 'timestamp' },
      { field: 'items', type: 'alias' },
    ];
    const paths = rulePaths('service_users', fields, [{ collection: 'service_users', field: 'role', related_collection: 'service_roles' }]);
    expect(paths.map((p) => [p.path, p.dynamic])).toEqual([
      ['id', ['$CURRENT_USER']],
      ['name', []],
      ['role', ['$CURRENT_ROLE', '$CURRENT_ROLES']],
      ['created', ['$NOW']],
    ]);
    expect(rulePaths('service_policies', [fields[0]!], [])[0]!.dynamic).toEqual(['$CURRENT_POLICIES']);
    expect(rulePaths('articles', [{ field: 'id', type: 'integer', schema: { is_primary_key: true } }], [])[0]!.dynamic).toEqual([]);
    expect(ruleFieldNames(fields)).toHaveLength(5);
  });
});
