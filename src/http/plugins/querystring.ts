import qs from 'qs';

/**
 * Limits of the query-string parser (Directus: QUERYSTRING_MAX_PARSE_DEPTH=10, QUERYSTRING_ARRAY_LIMIT=500).
 * Past a limit qs stops expanding (deeper brackets stay a literal key, extra parameters are dropped); it never throws.
 */
export const QUERYSTRING_OPTIONS = {
  depth: 10,
  arrayLimit: 500,
  parameterLimit: 1000,
} as const satisfies qs.IParseOptions;

/**
 * Parses a query string with Directus's bracket syntax (`filter[a][_eq]=1`, `fields[]=a`) into a raw object.
 * Normalisation into a Query happens in the query engine, not here.
 */
export function parseQuerystring(input: string): Record<string, unknown> {
  try {
    return qs.parse(input, QUERYSTRING_OPTIONS) as Record<string, unknown>;
  } catch {
    // qs does not throw with these options; a hostile string must never become a 500 all the same.
    return {};
  }
}
