import { Checkbox } from 'antd';

interface PageCheckAllProps {
  /** Items on this page and how many of them are checked. */
  count: number;
  checkedCount: number;
  onCheckAll: (all: boolean) => void;
}

/** The batch bars' check-all box: it checks this page's items, and says so. */
export function PageCheckAll({ count, checkedCount, onCheckAll }: PageCheckAllProps) {
  const all = count > 0 && checkedCount === count;
  return (
    <Checkbox checked={all} indeterminate={checkedCount > 0 && !all} disabled={count === 0} onChange={(event) => onCheckAll(event.target.checked)}>
      全选本页
    </Checkbox>
  );
}
