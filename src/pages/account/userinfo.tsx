import { useGetIdentity } from '@refinedev/core';
import { Button, Card, Descriptions } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { UserInfo } from '../../providers/auth';

export function UserInfoPage() {
  const [params] = useSearchParams();
  const projectId = params.get('projectId');
  const navigate = useNavigate();
  const { data: user, isLoading } = useGetIdentity<UserInfo>();
  return (
    <Card
      title="个人信息"
      loading={isLoading}
      extra={
        projectId && <Button onClick={() => navigate(`/main/${encodeURIComponent(projectId)}/reportList`)}>返回</Button>
      }
    >
      <Descriptions column={1}>
        <Descriptions.Item label="用户名">{user?.username}</Descriptions.Item>
        <Descriptions.Item label="昵称">{user?.nickname}</Descriptions.Item>
        <Descriptions.Item label="手机号">{user?.mobile}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
