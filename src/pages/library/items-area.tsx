import { Card, Empty, Skeleton, Spin, Typography } from 'antd';
import { ContentHit, ContentState } from './items/content-hit';
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
  const { kind, query, page, loading, fetching, createHint, onOpen, describe: ownDescribe, ...shared } = props;
  // Reports show their text extraction state, and in a content search the hit's page and text.
  const content = (item: LibraryItem) => (
    <>
      <ContentHit item={item} />
      <ContentState item={item} canEdit={shared.canEdit} />
    </>
  );
  const describe = kind.contentSearch ? (item: LibraryItem) => (
    <>
      {ownDescribe?.(item)}
      {content(item)}
    </>
  ) : ownDescribe;

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
        <Empty className="library-empty" description={<EmptyText kind={kind} query={query} createHint={createHint} />} />
      </Spin>
    );
  }
  return (
    <div className="library-items" aria-busy={fetching}>
      {query.view === 'list' ? (
        <ItemTable
          {...shared}
          widthsKey={kind.kind}
          content={kind.contentSearch ? content : undefined}
          contentFirst={!!query.content}
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

/** Why the list is empty: nothing matches what was searched or filtered, or there is nothing yet. */
function EmptyText({ kind, query, createHint }: { kind: LibraryKind; query: ListQuery; createHint: boolean }) {
  const narrowed = query.name || query.content || query.start || query.end || query.labelIds.length > 0 || query.level !== undefined;
  if (narrowed) {
    return (
      <>
        <div>没有符合条件的{kind.entity}</div>
        <Typography.Text type="secondary">{query.content ? `没有文字中含有「${query.content}」的${kind.entity}，可换个说法再检索` : '请调整搜索或筛选条件'}</Typography.Text>
      </>
    );
  }
  return (
    <>
      <div>{kind.emptyText}</div>
      {createHint && <Typography.Text type="secondary">点击右上角新增{kind.entity}</Typography.Text>}
    </>
  );
}
