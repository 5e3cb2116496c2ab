// The field types live in shared/ (the admin app uses them too); the server's code imports them from here.
export { DATE_TYPES, FIELD_TYPES, isFieldType, NUMERIC_TYPES, STRING_TYPES, type FieldType } from '../../../shared/field-types.js';
