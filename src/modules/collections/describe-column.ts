import type { ColumnInfo, ForeignKeyInfo } from '../../database/dialects/dialect.js';
import type { FieldSchemaInfo, RelationSchemaInfo } from './schema.types.js';

/** A column as the `schema` of a field (Directus's property names). */
export function describeColumn(column: ColumnInfo): FieldSchemaInfo {
  return {
    name: column.name,
    table: column.table,
    data_type: column.dataType,
    default_value: column.defaultValue ?? null,
    max_length: column.maxLength,
    numeric_precision: column.numericPrecision,
    numeric_scale: column.numericScale,
    is_nullable: column.isNullable,
    is_unique: column.isUnique,
    is_indexed: column.isIndexed,
    is_primary_key: column.isPrimaryKey,
    is_generated: column.isGenerated,
    generation_expression: column.generationExpression,
    has_auto_increment: column.hasAutoIncrement,
    foreign_key_table: column.foreignKeyTable,
    foreign_key_column: column.foreignKeyColumn,
  };
}

/** A foreign key constraint as the `schema` of a relation. */
export function describeForeignKey(key: ForeignKeyInfo): RelationSchemaInfo {
  return {
    table: key.table,
    column: key.column,
    foreign_key_table: key.foreignKeyTable,
    foreign_key_column: key.foreignKeyColumn,
    constraint_name: key.constraintName,
    on_update: key.onUpdate,
    on_delete: key.onDelete,
  };
}
