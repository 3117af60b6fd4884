import { DeleteOutlined, HolderOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Badge, Button, Checkbox, Flex, List, Space, theme, Tooltip, Typography } from 'antd';
import { forwardRef, type CSSProperties, type ReactNode } from 'react';
import { NameCell } from '../name-cell';
import type { ListedGroup } from './types';
import { GroupSorting, useSortableRow } from './group-sorting';
import { NameInput, RenameButton } from './rename-controls';
import type { LookProps } from './use-group-list';

/** The tag screen's look: a bordered list with 全部 first, managed in place. */
export function ListLook<G extends ListedGroup>({ props, list }: LookProps<G>) {
  const { texts, total, selected, onSelect, access } = props;
  const { managing, shown } = list;
  return (
    <Flex vertical gap={8} style={{ width: props.width, flex: 'none' }}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{texts.title}</Typography.Text>
        <Space size={4}>
          {access.create && (
            <Tooltip title="新增分组">
              <Button size="small" type="text" icon={<PlusOutlined />} aria-label="新增分组" onClick={() => list.setAdding(true)} />
            </Tooltip>
          )}
          {(access.create || access.edit || access.delete) && (
            <Tooltip title="管理分组">
              <Button size="small" type={managing ? 'primary' : 'text'} icon={<SettingOutlined />} aria-label="管理分组" onClick={() => list.manage(!managing)} />
            </Tooltip>
          )}
        </Space>
      </Flex>
      {managing && access.edit && shown.length > 1 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          拖动分组左侧的手柄调整顺序
        </Typography.Text>
      )}
      <GroupSorting look="list" groups={shown} onMove={list.move}>
        <List
          size="small"
          bordered
          dataSource={[{ key: 'all' }, ...shown.map((group) => ({ key: String(group.id), group }))]}
          renderItem={({ group }: { key: string; group?: G }) =>
            group ? (
              <ListRow group={group} props={props} list={list} />
            ) : (
              <Row name={texts.all} count={total} selected={selected === undefined} onSelect={() => onSelect(undefined)} />
            )
          }
        />
      </GroupSorting>
      {managing && access.delete && (
        <Button danger disabled={list.checked.length === 0} onClick={list.remove}>
          删除分组
        </Button>
      )}
    </Flex>
  );
}

interface RowProps {
  name: ReactNode;
  count: number;
  selected: boolean;
  onSelect: () => void;
  /** Shown before the name (drag handle, checkbox). */
  leading?: ReactNode;
  actions?: ReactNode;
  style?: CSSProperties;
}

const Row = forwardRef<HTMLDivElement, RowProps>(function Row({ name, count, selected, onSelect, leading, actions, style }, ref) {
  return (
    <List.Item ref={ref} style={{ cursor: 'pointer', background: selected ? 'rgba(22,119,255,0.08)' : undefined, ...style }} onClick={onSelect}>
      <Flex align="center" gap={8} style={{ width: '100%', minWidth: 0 }}>
        {leading}
        {typeof name === 'string' ? (
          <NameCell text={name} className="group-list__name" />
        ) : (
          name
        )}
        <Badge count={count} showZero overflowCount={99999} color="#8c8c8c" />
        {actions}
      </Flex>
    </List.Item>
  );
});

/** One group; while managing, it can be dragged by its handle (when sortable), checked (when deletable) and renamed. */
function ListRow<G extends ListedGroup>({ group, props: { access, rename, countOf, selected, onSelect, onDeleteOne }, list }: LookProps<G> & { group: G }) {
  const draggable = list.managing && access.edit;
  const { setNodeRef, setActivatorNodeRef, isDragging, handle, style } = useSortableRow(group.id, draggable);
  const { token } = theme.useToken();
  const renaming = list.managing && access.edit;
  const leading = list.managing && (
    <>
      {draggable && (
        <Button ref={setActivatorNodeRef} size="small" type="text" icon={<HolderOutlined />} aria-label={`拖动排序：${group.name}`}
          style={{ cursor: isDragging ? 'grabbing' : 'grab' }} onClick={(event) => event.stopPropagation()} {...handle} />
      )}
      {access.delete && (
        <Checkbox checked={list.checked.includes(group.id)} onClick={(event) => event.stopPropagation()} onChange={(event) => list.check(group.id, event.target.checked)} />
      )}
    </>
  );
  const name = renaming && rename === 'in-place' ? <NameInput key={group.name} name={group.name} onRename={(name) => list.rename(group, name)} /> : group.name;
  const moving: CSSProperties = {
    ...style,
    position: 'relative',
    ...(isDragging && { zIndex: 1, background: token.colorBgElevated, boxShadow: token.boxShadowSecondary }),
  };
  return (
    <Row ref={setNodeRef} name={name} count={countOf(group)} selected={selected === group.id} onSelect={() => onSelect(group.id)} leading={leading} style={moving}
      actions={
        <>
          {renaming && rename === 'dialog' && <RenameButton onClick={() => list.setRenaming(group)} />}
          {list.managing && access.delete && onDeleteOne && (
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除分组：${group.name}`}
              onClick={(event) => { event.stopPropagation(); list.removeOne(group); }} />
          )}
        </>
      } />
  );
}
