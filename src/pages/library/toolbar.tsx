import { AppstoreOutlined, ArrowDownOutlined, ArrowUpOutlined, PlusOutlined, SettingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Segmented, Select, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { REGION_LEVEL_LABELS, REGION_LEVELS } from '../../../contract/results';
import { DateRange } from './items/date-range';
import { SearchBox } from './items/search-box';
import type { LibraryKind } from './kinds';
import type { ListQuery, ViewMode } from './list-query';

interface Props {
  kind: LibraryKind;
  query: ListQuery;
  onChange: (patch: Partial<ListQuery>) => void;
  /** Absent without the settings permission. */
  selecting?: boolean;
  onSelecting?: (on: boolean) => void;
  /** Absent without the create permission. */
  onCreate?: () => void;
}

type SearchMode = 'name' | 'content';

const LEVEL_OPTIONS = REGION_LEVELS.map((level) => ({ value: level, label: REGION_LEVEL_LABELS[level] }));

/** Title, name search, sort on creation time, date-time range, level (reports), view mode, the settings toggle and 新增. */
export function Toolbar({ kind, query, onChange, selecting, onSelecting, onCreate }: Props) {
  const ascending = query.sort === 'created_at';
  const [chosenMode, setMode] = useState<SearchMode>('name');
  // A link with content= opens in 全文 mode.
  const mode: SearchMode = query.content ? 'content' : chosenMode;
  return (
    <div className="library-toolbar">
      <div className="library-toolbar__row">
        <Typography.Title level={4} className="library-toolbar__title">
          {kind.title}
        </Typography.Title>
        <Space size={8}>
          {onSelecting && (
            <Button type={selecting ? 'primary' : 'default'} icon={<SettingOutlined />} aria-pressed={selecting} onClick={() => onSelecting(!selecting)}>
              批量操作
            </Button>
          )}
          {onCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
              新增{kind.entity}
            </Button>
          )}
        </Space>
      </div>
      <div className="library-toolbar__row">
        <Space wrap size={[8, 8]}>
          {kind.contentSearch && (
            <Segmented<SearchMode>
              aria-label="搜索方式"
              value={mode}
              onChange={(next) => {
                setMode(next);
                if (query.name || query.content) onChange({ name: '', content: '', pageNo: 1 });
              }}
              options={[
                { value: 'name', label: '名称' },
                { value: 'content', label: '全文' },
              ]}
            />
          )}
          {mode === 'content' ? (
            <SearchBox key="content" value={query.content} placeholder="请输入要检索的文字" onSearch={(content) => onChange({ content, name: '', pageNo: 1 })} />
          ) : (
            <SearchBox key="name" value={query.name} placeholder={kind.searchPlaceholder} onSearch={(name) => onChange({ name, pageNo: 1 })} />
          )}
          <Tooltip title={ascending ? '按创建时间升序，点击改为降序' : '按创建时间降序，点击改为升序'}>
            <Button
              icon={ascending ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
              aria-label={ascending ? '创建时间升序' : '创建时间降序'}
              onClick={() => onChange({ sort: ascending ? '-created_at' : 'created_at', pageNo: 1 })}
            >
              创建时间
            </Button>
          </Tooltip>
          <DateRange start={query.start} end={query.end} onChange={(start, end) => onChange({ start, end, pageNo: 1 })} />
          {kind.levelFilter && (
            <Select<number>
              allowClear
              placeholder="全部层级"
              aria-label="层级"
              value={query.level}
              options={LEVEL_OPTIONS}
              onChange={(level) => onChange({ level, pageNo: 1 })}
              style={{ width: 120 }}
            />
          )}
        </Space>
        <Segmented<ViewMode>
          value={query.view}
          onChange={(view) => onChange({ view })}
          options={[
            { value: 'card', label: '卡片', icon: <AppstoreOutlined /> },
            { value: 'list', label: '列表', icon: <UnorderedListOutlined /> },
          ]}
        />
      </div>
    </div>
  );
}
