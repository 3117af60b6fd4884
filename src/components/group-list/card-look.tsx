import { CheckOutlined, DeleteOutlined, HolderOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Input, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../lib/feedback';
import type { ListedGroup } from './types';
import { GroupSorting, useSortableRow } from './group-sorting';
import { NameInput, RenameButton } from './rename-controls';
import type { LookProps } from './use-group-list';
import './group-list.css';

/** The library's look: a side card of buttons; the gear swaps in the manager. */
export function CardLook<G extends ListedGroup>({ props, list }: LookProps<G>) {
  const { texts, groups, countOf, total, loading, selected, onSelect, access } = props;
  const entry = (id: number | undefined, name: string, count: number) => (
    <li key={id ?? 'all'}>
      <button
        type="button"
        className={`group-panel__item${selected === id ? ' group-panel__item--active' : ''}`}
        aria-current={selected === id ? 'true' : undefined}
        onClick={() => onSelect(id)}
      >
        <span className="group-panel__name" title={name}>
          {name}
        </span>
        <span className="group-panel__count">{count}</span>
      </button>
    </li>
  );

  return (
    <nav className="group-panel" style={{ width: props.width }} aria-label={texts.title}>
      {list.managing ? (
        <CardManager props={props} list={list} />
      ) : (
        <>
          <div className="group-panel__header">
            <Typography.Text strong>{texts.title}</Typography.Text>
            {(access.create || access.edit || access.delete) && (
              <Tooltip title="管理分组">
                <Button type="text" size="small" icon={<SettingOutlined />} aria-label="管理分组" onClick={() => list.manage(true)} />
              </Tooltip>
            )}
          </div>
          {loading && groups.length === 0 ? (
            <Skeleton active paragraph={{ rows: 4 }} title={false} />
          ) : (
            <ul className="group-panel__list">
              {entry(undefined, texts.all, total)}
              {groups.map((group) => entry(group.id, group.name, countOf(group)))}
            </ul>
          )}
        </>
      )}
    </nav>
  );
}

function CardManager<G extends ListedGroup>({ props, list }: LookProps<G>) {
  const { access } = props;
  const [newName, setNewName] = useState('');

  const add = async () => {
    const name = newName.trim();
    if (!name) feedback.warning('分组名称必填！');
    else if (await list.create(name)) setNewName('');
  };

  return (
    <div className="group-manager">
      <div className="group-panel__header">
        <Typography.Text strong>分组管理</Typography.Text>
        <Button size="small" type="primary" icon={<CheckOutlined />} onClick={list.leave}>
          完成
        </Button>
      </div>
      {access.create && (
        <Space.Compact className="group-manager__add">
          <Input
            placeholder="请输入分组名称"
            aria-label="新分组名称"
            maxLength={50}
            value={newName}
            onChange={(event) => setNewName(event.target.value)}
            onPressEnter={() => void add()}
          />
          <Button icon={<PlusOutlined />} onClick={() => void add()} loading={list.busy}>
            添加
          </Button>
        </Space.Compact>
      )}
      {list.shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无分组" />
      ) : (
        <GroupSorting look="card" groups={list.shown} onMove={list.move}>
          <ul className="group-manager__list">
            {list.shown.map((group) => (
              <CardRow key={group.id} group={group} props={props} list={list} />
            ))}
          </ul>
        </GroupSorting>
      )}
      <Space className="group-manager__actions">
        {access.edit && props.saveOrder === 'on-button' && (
          <Button type="primary" disabled={!list.dirty} loading={list.busy} onClick={list.saveOrder}>
            保存排序
          </Button>
        )}
        {access.delete && (
          <Button danger icon={<DeleteOutlined />} onClick={list.remove}>
            删除
          </Button>
        )}
      </Space>
    </div>
  );
}

/** One group in the manager: a checkbox for batch delete, a drag handle, the name (as an input when renamed in place). */
function CardRow<G extends ListedGroup>({ group, props: { access, rename, countOf }, list }: LookProps<G> & { group: G }) {
  const { setNodeRef, setActivatorNodeRef, isDragging, handle, style } = useSortableRow(group.id, access.edit);
  return (
    <li ref={setNodeRef} className={`group-manager__row${isDragging ? ' group-manager__row--dragging' : ''}`} style={style}>
      {access.delete && (
        <Checkbox checked={list.checked.includes(group.id)} aria-label={`选择分组 ${group.name}`} onChange={(event) => list.check(group.id, event.target.checked)} />
      )}
      {access.edit && (
        <button type="button" ref={setActivatorNodeRef} className="group-manager__handle" {...handle} aria-label={`拖动排序 ${group.name}`}>
          <HolderOutlined />
        </button>
      )}
      {access.edit && rename === 'in-place' ? (
        <NameInput key={group.name} name={group.name} className="group-manager__name" onRename={(name) => list.rename(group, name)} />
      ) : (
        <span className="group-manager__name">{group.name}</span>
      )}
      <span className="group-panel__count">{countOf(group)}</span>
      {access.edit && rename === 'dialog' && <RenameButton onClick={() => list.setRenaming(group)} />}
    </li>
  );
}
