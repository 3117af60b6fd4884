import { DownOutlined, SettingOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Spin, Tag, theme } from 'antd';
import { useList, type CrudFilters } from '@refinedev/core';
import { useState, type CSSProperties } from 'react';
import { crudAccess } from '../../../components/group-list/types';
import type { ResourceAction } from '../../../resources/types';
import type { EntityName } from '../../../../contract/labels';
import { MATERIAL } from '../../../../contract/library';
import type { FilterGroup } from './types';
import { FilterGroupSettings } from './filter-group-settings';
import { tagFilterTexts as t } from './texts';
import './tag-filter.css';

export interface TagFilterPanelProps {
  projectUuid: string;
  origin: EntityName;
  /** The report or material group shown; filter groups of other groups are left out. */
  groupId?: number;
  /** The project's `can(resource, action)`. */
  can: (resource: string, action: ResourceAction) => boolean;
  /** The checked label ids. */
  value: number[];
  onChange: (ids: number[]) => void;
  onFilter: (ids: number[]) => void;
  onReset: () => void;
  /** Starts collapsed when false; open by default. */
  defaultOpen?: boolean;
}

const NONE: never[] = [];

/** The collapsible tag filter panel of the report and material lists (spec section 2). */
export function TagFilterPanel(props: TagFilterPanelProps) {
  const { projectUuid, origin, groupId, can, value, onChange, onFilter, onReset, defaultOpen = true } = props;
  const canView = can('filterSettings', 'list');

  const { token } = theme.useToken();
  // The theme's colours (dark themes included) for the panel's own styles.
  const colors = { '--tag-filter-bg': token.colorBgContainer, '--tag-filter-border': token.colorBorderSecondary, '--tag-filter-name': token.colorTextSecondary } as CSSProperties;
  const [open, setOpen] = useState(defaultOpen);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const filters: CrudFilters = [
    { field: 'origin', operator: 'eq', value: origin },
    { field: 'group_id', operator: 'eq', value: groupId },
  ];
  const query = useList<FilterGroup>({
    resource: 'filterSettings',
    pagination: { mode: 'off' },
    filters,
    meta: { projectId: projectUuid },
    queryOptions: { enabled: canView },
  });
  const groups = query.data?.data ?? NONE;
  const loaded = query.data !== undefined;
  const loading = query.isFetching;
  const reload = () => void query.refetch();

  if (!canView) return null;

  const allText = origin === MATERIAL.entity ? t.allMaterials : t.allReports;
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...value.filter((v) => v !== id), id] : value.filter((v) => v !== id));
  const clearRow = (group: FilterGroup) => {
    const row = new Set(group.labels.map((label) => label.id));
    onChange(value.filter((id) => !row.has(id)));
  };

  return (
    <section className="tag-filter" aria-label={t.title} data-open={open} style={colors}>
      <div className="tag-filter__header">
        <span className="tag-filter__title">{t.title}</span>
        <Space size={4}>
          <Button
            type="text"
            size="small"
            icon={<SettingOutlined />}
            aria-label={t.settings}
            title={t.settings}
            onClick={() => setSettingsOpen(true)}
          />
          <Button
            type="text"
            size="small"
            aria-expanded={open}
            icon={open ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? t.collapse : t.expand}
          </Button>
        </Space>
      </div>
      {open && (
        <div className="tag-filter__body">
          <Spin spinning={loading}>
            {loaded && groups.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />
            ) : (
              <div className="tag-filter__rows">
                {groups.map((group) => {
                  const rowChecked = group.labels.some((label) => value.includes(label.id));
                  return (
                    <div className="tag-filter__row" key={group.id} role="group" aria-label={group.name}>
                      <span className="tag-filter__name" title={group.name}>
                        {group.name}
                      </span>
                      <div className="tag-filter__tags">
                        <Tag.CheckableTag checked={!rowChecked} onChange={() => clearRow(group)}>
                          {allText}
                        </Tag.CheckableTag>
                        {group.labels.map((label) => (
                          <Tag.CheckableTag
                            key={label.id}
                            checked={value.includes(label.id)}
                            onChange={(checked) => toggle(label.id, checked)}
                          >
                            {label.name}
                          </Tag.CheckableTag>
                        ))}
                      </div>
                    </div>
                  );
                })}
              </div>
            )}
          </Spin>
          <div className="tag-filter__actions">
            <Button type="primary" size="small" onClick={() => onFilter(value)}>
              {t.filter}
            </Button>
            <Button
              size="small"
              onClick={() => {
                onChange([]);
                onReset();
              }}
            >
              {t.reset}
            </Button>
          </div>
        </div>
      )}
      <FilterGroupSettings
        open={settingsOpen}
        projectUuid={projectUuid}
        origin={origin}
        groupId={groupId}
        groups={groups}
        access={crudAccess(can, 'filterSettings')}
        onClose={() => setSettingsOpen(false)}
        onChanged={reload}
      />
    </section>
  );
}
