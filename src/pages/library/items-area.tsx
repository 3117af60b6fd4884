import { Card, Empty, Skeleton, Spin, Typography } from 'antd';
import { ItemGrid, type ItemGridProps } from './items/item-grid';
import { ItemTable } from './items/item-table';
import type { ItemPage } from './api';
import type { LibraryKind } from './kinds';
import type { ListQuery } from './list-query';
import type { LibraryItem } from './types';

/** What the card and the list view both take. */
type Shared = Pick<ItemGridProps, 'selecting' | 'checked' | 'canEdit' | 'onCheck' | 'onEdit' | 'describe'>;

interface Props extends Shared {
  kind: LibraryKind;
  query: ListQuery;
  page: ItemPage;
  /** Nothing has arrived yet. */
  loading: boolean;
  /** A newer answer is on its way; the last one stays on screen. */
  fetching: boolean;
  /** Show 点击右上角新增… under the empty state (the user may add, and the button is on screen). */
  createHint: boolean;
  onOpen: (item: LibraryItem, index: number) => void;
}

const SKELETON_CARDS = 8;

/** The items as cards or rows, a skeleton while the first answer loads, or the empty state. */
export function ItemsArea(props: Props) {
  const { kind, query, page, loading, fetching, createHint, onOpen, describe, ...shared } = props;

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
          {...shared}
          widthsKey={kind.kind}
          items={page.items}
          firstIndex={(query.pageNo - 1) * query.pageSize + 1}
          loading={fetching}
          onOpen={(item) => onOpen(item, page.items.indexOf(item))}
        />
      ) : (
        <Spin spinning={fetching}>
          <ItemGrid {...shared} describe={describe} items={page.items} imageIsFile={kind.fileIsImage} onOpen={onOpen} />
        </Spin>
      )}
    </div>
  );
}
