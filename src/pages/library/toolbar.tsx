import { AppstoreOutlined, ArrowDownOutlined, ArrowUpOutlined, PlusOutlined, SettingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, DatePicker, Segmented, Select, Space, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { REGION_LEVEL_LABELS, REGION_LEVELS } from '../../../contract/results';
import { SearchBox } from './items/search-box';
import type { LibraryKind } from './kinds';
import type { ListQuery, ViewMode } from './list-query';

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

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

function range(query: ListQuery): [Dayjs, Dayjs] | null {
  const [start, end] = [dayjs(query.start), dayjs(query.end)];
  return query.start && query.end && start.isValid() && end.isValid() ? [start, end] : null;
}

const LEVEL_OPTIONS = REGION_LEVELS.map((level) => ({ value: level, label: REGION_LEVEL_LABELS[level] }));

/** Title, name search, sort on creation time, date-time range, level (reports), view mode, the settings toggle and 新增. */
export function Toolbar({ kind, query, onChange, selecting, onSelecting, onCreate }: Props) {
  const ascending = query.sort === 'created_at';
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
          <SearchBox value={query.name} placeholder={kind.searchPlaceholder} onSearch={(name) => onChange({ name, pageNo: 1 })} />
          <Tooltip title={ascending ? '按创建时间升序，点击改为降序' : '按创建时间降序，点击改为升序'}>
            <Button
              icon={ascending ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
              aria-label={ascending ? '创建时间升序' : '创建时间降序'}
              onClick={() => onChange({ sort: ascending ? '-created_at' : 'created_at', pageNo: 1 })}
            >
              创建时间
            </Button>
          </Tooltip>
          <DatePicker.RangePicker
            showTime
            format={DATE_TIME_FORMAT}
            placeholder={['开始时间', '结束时间']}
            value={range(query)}
            onChange={(values) =>
              onChange({ start: values?.[0]?.format(DATE_TIME_FORMAT), end: values?.[1]?.format(DATE_TIME_FORMAT), pageNo: 1 })
            }
          />
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
