import { Card, Empty, Skeleton, Spin, Typography } from 'antd';
import { ItemGrid } from './items/item-grid';
import { ItemTable } from './items/item-table';
import type { ItemPage } from './api';
import type { LibraryKind } from './kinds';
import type { ListQuery } from './list-query';
import type { LibraryItem } from './types';

interface Props {
  kind: LibraryKind;
  query: ListQuery;
  page: ItemPage;
  /** Nothing has arrived yet. */
  loading: boolean;
  /** A newer answer is on its way; the last one stays on screen. */
  fetching: boolean;
  selecting: boolean;
  checked: number[];
  canEdit: boolean;
  /** Show 点击右上角新增… under the empty state (the user may add, and the button is on screen). */
  createHint: boolean;
  onCheck: (ids: number[]) => void;
  onOpen: (item: LibraryItem, index: number) => void;
  onEdit: (item: LibraryItem) => void;
}

const SKELETON_CARDS = 8;

/** The items as cards or rows, a skeleton while the first answer loads, or the empty state. */
export function ItemsArea(props: Props) {
  const { kind, query, page, loading, fetching, selecting, checked, canEdit, createHint, onCheck, onOpen, onEdit } = props;

  if (loading) {
    return (
      <div className="library-grid" aria-busy="true" aria-label="加载中">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <Card key={index} size="small" className="library-card">
            <Skeleton.Image active className="library-card__skeleton" />
            <Skeleton active paragraph={{ rows: 1 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (page.items.length === 0) {
    return (
      <Spin spinning={fetching}>
        <Empty
          className="library-empty"
          description={
            <>
              <div>{kind.emptyText}</div>
              {createHint && <Typography.Text type="secondary">点击右上角新增{kind.entity}</Typography.Text>}
            </>
          }
        />
      </Spin>
    );
  }
  return (
    <div className="library-items" aria-busy={fetching}>
      {query.view === 'list' ? (
        <ItemTable
          widthsKey={kind.kind}
          items={page.items}
          firstIndex={(query.pageNo - 1) * query.pageSize + 1}
          loading={fetching}
          selecting={selecting}
          checked={checked}
          canEdit={canEdit}
          onCheck={onCheck}
          onOpen={(item) => onOpen(item, page.items.indexOf(item))}
          onEdit={onEdit}
        />
      ) : (
        <Spin spinning={fetching}>
          <ItemGrid
            items={page.items}
            imageIsFile={kind.fileIsImage}
            selecting={selecting}
            checked={checked}
            canEdit={canEdit}
            onCheck={onCheck}
            onOpen={onOpen}
            onEdit={onEdit}
          />
        </Spin>
      )}
    </div>
  );
}
