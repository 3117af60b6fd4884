import { Alert, Button, Space } from 'antd';

interface Props {
  /** Items on the page, all checked when the banner shows. */
  pageCount: number;
  /** Items the filter matches. */
  total: number;
  entity: string;
  allMatching: boolean;
  onSelectAll: () => void;
  onClear: () => void;
}

const counted = (n: number) => n.toLocaleString('en-US');

/** After 全选 of a page with more matches beyond it: offers every match of the filter, then says it is selected. */
export function SelectAllBanner({ pageCount, total, entity, allMatching, onSelectAll, onClear }: Props) {
  const link = (text: string, onClick: () => void) => (
    <Button type="link" size="small" className="library-select-all__link" onClick={onClick}>
      {text}
    </Button>
  );
  return (
    <Alert
      className="library-select-all"
      type="info"
      showIcon
      role="status"
      message={
        allMatching ? (
          <Space size={4} wrap>
            <span>已选择全部 {counted(total)} 条符合条件的{entity}。</span>
            {link('清除选择', onClear)}
          </Space>
        ) : (
          <Space size={4} wrap>
            <span>已选择本页 {counted(pageCount)} 条。</span>
            {link(`选择全部 ${counted(total)} 条符合条件的${entity}`, onSelectAll)}
            {link('清除选择', onClear)}
          </Space>
        )
      }
    />
  );
}
