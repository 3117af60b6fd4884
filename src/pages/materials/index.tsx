import { LibraryScreen } from '../library/library-screen';
import { MATERIAL_KIND } from '../library/kinds';

/** 全部素材: #/main/{projectId}/materialList and #/material/{projectId}/materialList. */
export function MaterialList() {
  return <LibraryScreen kind={MATERIAL_KIND} />;
}
