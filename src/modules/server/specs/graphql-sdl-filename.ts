/**
 * The download name of a GraphQL SDL file: `<project>_<yyyy-mm-dd>.graphql` (Directus's pattern), with anything
 * but letters, digits, `-`, `_` and `.` in the project name replaced by `_` so the header needs no quoting rules.
 */
export function graphqlSdlFilename(projectName: string, now: Date): string {
  const safe = projectName.replace(/[^A-Za-z0-9._-]/g, '_') || 'graphql';
  return `${safe}_${now.toISOString().slice(0, 10)}.graphql`;
}
