import { Pagination } from 'antd';

interface Props {
  pageNo: number;
  pageSize: number;
  total: number;
  sizes: number[];
  /** A new page size starts again at page 1. */
  onPage: (page: { pageNo: number; pageSize: number }) => void;
}

/** The pagination under a card or list view (spec: total, sizes, prev, pager, next and jumper); nothing when empty. */
export function ItemPagination({ pageNo, pageSize, total, sizes, onPage }: Props) {
  if (total === 0) return null;
  return (
    <Pagination
      className="library-pagination"
      current={pageNo}
      pageSize={pageSize}
      total={total}
      pageSizeOptions={sizes}
      showSizeChanger
      showQuickJumper
      showTotal={(count) => `共 ${count} 条`}
      onChange={(next, size) => onPage({ pageNo: size === pageSize ? next : 1, pageSize: size })}
    />
  );
}
