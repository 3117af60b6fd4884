import { SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Empty } from 'antd';
import { useNavigate } from 'react-router-dom';

interface Props {
  projectId: string;
  /** The server's Chinese reason (a project without a data connection). */
  reason: string;
  /** A full empty state (no reports to show), or a banner above what there is. */
  look: 'empty' | 'banner';
  canOpenSettings: boolean;
}

const hint = '成果按项目数据连接中的区域与指标生成和筛选，请在 项目设置 › 成果数据 中选择后再试。';

/** Why regions cannot be chosen, and where to fix it. */
export function NoConnection({ projectId, reason, look, canOpenSettings }: Props) {
  const navigate = useNavigate();
  const action = canOpenSettings ? (
    <Button type="primary" icon={<SettingOutlined />} onClick={() => navigate(`/projectSetting/${projectId}/resultsData`)}>
      前往项目设置
    </Button>
  ) : null;
  if (look === 'banner') return <Alert type="warning" showIcon className="results-alert" message={reason} description={hint} action={action} />;
  return (
    <Empty className="library-empty" description={<><div>{reason}</div><div className="results-muted">{hint}</div></>}>
      {action}
    </Empty>
  );
}
