import { useDelete, useInvalidate } from '@refinedev/core';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useProjectContext } from '../../components/project-context';

/** 高级管理: deletes the project with everything in it, once its exact name is typed. */
export function ProjectAdvanced() {
  const { projectId, project } = useProjectContext();
  const name = project?.name ?? '';
  const [typed, setTyped] = useState('');
  const { mutate, isLoading } = useDelete();
  const invalidate = useInvalidate();
  const navigate = useNavigate();

  const remove = () =>
    mutate(
      {
        resource: 'projectAdvanced',
        id: projectId,
        successNotification: { message: '项目已删除', type: 'success' },
      },
      {
        onSuccess: () => {
          void invalidate({ resource: 'projects', invalidates: ['list'] });
          navigate('/list', { replace: true });
        },
      },
    );

  return (
    <Card title="高级管理" variant="borderless" className="settings-card">
      <Typography.Title level={5} className="settings-card__section">
        删除项目
      </Typography.Title>
      <Flex vertical gap={16} className="settings-card__danger">
        <Alert
          type="warning"
          showIcon
          message="删除项目后，项目中的报告、素材、标签、成员与角色将全部删除，且无法恢复。"
        />
        <Typography.Text>
          请输入项目名称 <Typography.Text strong>{name}</Typography.Text> 以确认删除：
        </Typography.Text>
        <Input
          placeholder="请输入项目名称"
          aria-label="项目名称"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <div>
          <Button type="primary" danger disabled={!name || typed !== name} loading={isLoading} onClick={remove}>
            删除项目
          </Button>
        </div>
      </Flex>
    </Card>
  );
}
