/** `groups` in the order of `ids`; groups `ids` does not name (new ones) come last. */
export function arrange<T extends { id: number }>(groups: T[], ids: number[]): T[] {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const placed = ids.flatMap((id) => byId.get(id) ?? []);
  const named = new Set(ids);
  return [...placed, ...groups.filter((group) => !named.has(group.id))];
}

export const sameOrder = (a: { id: number }[], b: { id: number }[]) =>
  a.length === b.length && a.every((group, index) => group.id === b[index].id);
