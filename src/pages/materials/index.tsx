import { Placeholder } from '../../components/placeholder';

export function MaterialList() {
  return <Placeholder title="全部素材" empty="暂无素材" />;
}
