/** Which of add, edit and delete the user may do. */
export interface CrudAccess {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

/** Which of add, edit and delete `can` allows on a resource. */
export const crudAccess = (can: (resource: string, action: string) => boolean, resource: string): CrudAccess => ({
  create: can(resource, 'create'),
  edit: can(resource, 'edit'),
  delete: can(resource, 'delete'),
});

export interface ListedGroup {
  id: number;
  name: string;
}

export interface GroupListProps<G extends ListedGroup> {
  /** card: a side card whose gear opens a separate manager; list: a bordered list managed in place. */
  look: 'card' | 'list';
  /** on-button: a drag only drafts the order until 保存排序 (or leaving asks); on-drop: each drop saves. */
  saveOrder: 'on-button' | 'on-drop';
  /** in-place: the name is an input in the manager row; dialog: an edit button opens a name dialog. */
  rename: 'in-place' | 'dialog';
  texts: {
    title: string;
    /** The first entry, for everything. */
    all: string;
    deleteConfirm: (count: number) => string;
    /** The title of the list look's add dialog; the card look adds in its manager. */
    addDialog?: string;
    /** Said when saving the order fails; without it the HTTP layer's message stands. */
    sortFailed?: string;
  };
  groups: G[];
  countOf: (group: G) => number;
  total: number;
  loading?: boolean;
  /** Undefined: the first entry (all). */
  selected?: number;
  onSelect: (id: number | undefined) => void;
  access: CrudAccess;
  width: number;
  /** Each call rejects when it failed (the HTTP layer has said why); onCreate resolves its success message. */
  onCreate: (name: string) => Promise<string>;
  onRename: (group: G, name: string) => Promise<unknown>;
  onSort: (ordered: G[]) => Promise<unknown>;
  onDelete: (ids: number[]) => Promise<unknown>;
  /** A delete button on each row while managing (the list look), for a service with a single delete. */
  onDeleteOne?: (group: G) => Promise<unknown>;
  /** Reload the groups and what they hold. */
  onChanged: () => void;
}
