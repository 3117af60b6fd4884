import { useCreate, useCreateMany, useUpdate, type HttpError } from '@refinedev/core';
import type { LibraryKind } from '../kinds';
import type { ItemBody } from './form-values';

export const saveTexts = {
  edited: '数据保存成功!',
  unreachable: '系统错误',
} as const;

/** saved; refused: the server said why; unreachable: no answer came. */
type SaveOutcome = 'saved' | 'refused' | 'unreachable';

/** The failure has been told to the user (系统错误 when no answer came, spec section 8). */
const outcomeOf = (error: unknown): SaveOutcome => ((error as HttpError).statusCode ? 'refused' : 'unreachable');

/** Create, bulk create (all or nothing) and edit of one library kind, through Refine's mutations. */
export function useItemSave(projectUuid: string, kind: LibraryKind) {
  const { mutateAsync: create, isLoading: creating } = useCreate();
  const { mutateAsync: createMany, isLoading: creatingMany } = useCreateMany();
  const { mutateAsync: update, isLoading: updating } = useUpdate();
  const common = {
    resource: kind.resource,
    meta: { projectId: projectUuid, networkErrorText: saveTexts.unreachable },
    successNotification: false as const,
  };
  const run = (write: () => Promise<unknown>): Promise<SaveOutcome> => write().then(() => 'saved' as const, outcomeOf);
  return {
    saving: creating || creatingMany || updating,
    createItem: (body: ItemBody) => run(() => create({ ...common, values: body })),
    createItems: (bodies: ItemBody[]) => run(() => createMany({ ...common, values: bodies })),
    editItem: (body: ItemBody) => run(() => update({ ...common, id: body.id!, values: body, mutationMode: 'pessimistic' })),
  };
}
