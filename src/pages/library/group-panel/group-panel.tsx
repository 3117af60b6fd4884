import { SettingOutlined } from '@ant-design/icons';
import { Button, Skeleton, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { LibraryApi, LibraryGroup } from '../api';
import { GroupManager, type GroupAccess } from './group-manager';
import './group-panel.css';

export interface GroupPanelProps {
  width: number;
  noun: string;
  groups: LibraryGroup[];
  total: number;
  loading: boolean;
  /** Undefined: 全部内容. */
  selected?: number;
  onSelect: (id: number | undefined) => void;
  access: GroupAccess;
  api: Pick<LibraryApi, 'createGroup' | 'renameGroup' | 'sortGroups' | 'deleteGroups'>;
  userUuid?: string;
  /** Reload the groups and the items (a deleted group moves its items out). */
  onChanged: () => void;
}

/** The group side panel: 全部内容 and each group with its count; the gear opens the group manager. */
export function GroupPanel(props: GroupPanelProps) {
  const { width, groups, total, loading, selected, onSelect, access } = props;
  const [managing, setManaging] = useState(false);
  const mayManage = access.create || access.edit || access.remove;

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
    <nav className="group-panel" style={{ width }} aria-label="分组">
      {managing ? (
        <GroupManager {...props} onExit={() => setManaging(false)} />
      ) : (
        <>
          <div className="group-panel__header">
            <Typography.Text strong>分组</Typography.Text>
            {mayManage && (
              <Tooltip title="管理分组">
                <Button type="text" size="small" icon={<SettingOutlined />} aria-label="管理分组" onClick={() => setManaging(true)} />
              </Tooltip>
            )}
          </div>
          {loading && groups.length === 0 ? (
            <Skeleton active paragraph={{ rows: 4 }} title={false} />
          ) : (
            <ul className="group-panel__list">
              {entry(undefined, '全部内容', total)}
              {groups.map((group) => entry(group.id, group.name, group.num))}
            </ul>
          )}
        </>
      )}
    </nav>
  );
}
