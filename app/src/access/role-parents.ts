/** The roles a role may take as its parent: any but itself and its descendants (that would make a cycle). */
export function possibleParents<R extends { id: string; parent: string | null }>(roles: R[], self: string | null): R[] {
  if (self === null) return roles;
  const excluded = new Set([self]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const role of roles) {
      if (!excluded.has(role.id) && role.parent !== null && excluded.has(role.parent)) {
        excluded.add(role.id);
        grew = true;
      }
    }
  }
  return roles.filter((r) => !excluded.has(r.id));
}
