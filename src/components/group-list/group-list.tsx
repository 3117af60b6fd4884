import { CardLook } from './card-look';
import { GroupNameDialog } from './group-name-dialog';
import { ListLook } from './list-look';
import type { GroupListProps, ListedGroup } from './types';
import { useGroupList } from './use-group-list';

/** The group list of a screen: the all entry and each group with its count; its manager adds, renames, sorts and deletes. */
export function GroupList<G extends ListedGroup>(props: GroupListProps<G>) {
  const list = useGroupList(props);
  const { texts, rename } = props;
  return (
    <>
      {props.look === 'card' ? <CardLook props={props} list={list} /> : <ListLook props={props} list={list} />}
      {texts.addDialog && (
        <GroupNameDialog title={texts.addDialog} formName="addGroup" open={list.adding} required="分组名称必填！"
          onCancel={() => list.setAdding(false)} onSave={list.create} />
      )}
      {rename === 'dialog' && (
        <GroupNameDialog title="修改分组名称" formName="renameGroup" open={Boolean(list.renaming)} initial={list.renaming?.name} required="组名不能为空"
          onCancel={() => list.setRenaming(undefined)} onSave={async (name) => (list.renaming ? list.rename(list.renaming, name) : false)} />
      )}
    </>
  );
}
