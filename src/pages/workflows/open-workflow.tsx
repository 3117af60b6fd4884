import { ApartmentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { RowActionProps } from '../../resources/types';

/** 打开: the workflow's page (its DAG, tasks, links and runs). */
export function OpenWorkflowAction({ record, projectId }: RowActionProps) {
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" icon={<ApartmentOutlined />} onClick={() => navigate(`/projectSetting/${projectId}/workflows/${String(record.id)}`)}>
      打开
    </Button>
  );
}
