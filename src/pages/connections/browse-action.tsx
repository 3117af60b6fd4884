import { DatabaseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { RowActionProps } from '../../resources/types';

/** 浏览: the connection's database browser. */
export function BrowseAction({ record, projectId }: RowActionProps) {
  const navigate = useNavigate();
  return (
    <Button
      type="link"
      size="small"
      icon={<DatabaseOutlined />}
      onClick={() => navigate(`/projectSetting/${projectId}/connectionBrowser?connection_id=${String(record.id)}`)}
    >
      浏览
    </Button>
  );
}
