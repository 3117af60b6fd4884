import { Placeholder } from '../../components/placeholder';

export function TagList() {
  return <Placeholder title="标签管理" empty="暂无标签" />;
}
