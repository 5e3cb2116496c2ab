/**
 * The deepest nesting of objects and arrays any JSON input may have (request bodies, JSON query parameters,
 * GraphQL variables and arguments). Recursive code (filter compilation, casting, validation, activity deltas)
 * is safe well past it; input beyond it is refused before any of that runs (decision 0045).
 */
export const MAX_JSON_DEPTH = 1000;

/**
 * Whether `value` nests objects and arrays more than `max` levels deep (a scalar is depth 0, `{}` and `[]`
 * are 1). Walks with an explicit stack, never recursion, so it cannot overflow on the input it guards
 * against, and stops at the first path past `max`.
 */
export function exceedsDepth(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return false;
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > max) return true;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (child !== null && typeof child === 'object') {
        nodes.push(child as object);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
