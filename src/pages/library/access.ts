import { permissionChecker } from '../../../contract/permissions';
import type { LibraryKind } from './kinds';

export type KindAccess = Record<keyof LibraryKind['permissions'], boolean>;

/** What the user may do in this library: each permission list of the kind is met by any one entry. */
export function kindAccess(kind: LibraryKind, details: readonly string[]): KindAccess {
  const checker = permissionChecker(details);
  const entries = Object.entries(kind.permissions).map(([action, patterns]) => [action, checker.matchSome(patterns)]);
  return Object.fromEntries(entries) as KindAccess;
}
