import { useDelete, useDeleteMany, type BaseKey } from '@refinedev/core';
import { App } from 'antd';

const deleteConfirmText = (count: number) => `此操作将永久删除${count}条数据，是否继续操作?`;

/** Delete one record or many, each after a confirmation; the HTTP layer reports failures. */
export function useDeleteActions(resource: string, onManyDeleted: () => void, meta?: Record<string, string | number>) {
  const { modal } = App.useApp();
  const { mutateAsync: deleteOne } = useDelete();
  const { mutateAsync: deleteMany } = useDeleteMany();

  // The confirmation closes whether the delete succeeded or not.
  const confirm = (count: number, onOk: () => Promise<unknown>) =>
    modal.confirm({ title: '提示', content: deleteConfirmText(count), okType: 'danger', onOk: () => onOk().catch(() => undefined) });

  return {
    removeOne: (id: BaseKey) =>
      confirm(1, () => deleteOne({ resource, id, meta, successNotification: { message: '删除成功', type: 'success' } })),
    removeMany: (ids: BaseKey[]) =>
      confirm(ids.length, () =>
        deleteMany({ resource, ids, meta, successNotification: { message: '批量删除成功!', type: 'success' } }).then(onManyDeleted),
      ),
  };
}
