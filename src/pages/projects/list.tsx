import { PlusOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import { Button, Card, Col, Empty, Flex, Input, Row, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { permissionDetail } from '../../../contract/permissions';
import { useApiQuery } from '../../api/hooks';
import { useIdentity } from '../../providers/identity';
import type { Project } from '../../resources/records';
import { NewOrganizationDialog } from './new-organization-dialog';
import { NewProjectDialog } from './new-project-dialog';

const CREATE_PROJECT = permissionDetail('organization', 'project', 'create');

/** Whether the user is in an organization, and may create projects in it (its owner, or a role with 新增项目). */
function useProjectCreation() {
  const { data: user } = useIdentity();
  const inOrganization = Boolean(user?.organization_uuid);
  const permission = useApiQuery('getOrganizationPermission', {}, { silent: true, queryOptions: { enabled: inOrganization, retry: false } });
  const granted = permission.data?.data;
  return { known: user !== undefined, inOrganization, mayCreate: Boolean(granted && (granted.is_owner || granted.permissions.includes(CREATE_PROJECT))) };
}

/** What a user with no project can do next. */
function NoProjects({ inOrganization, mayCreate, onCreate, onCreateOrganization }: { inOrganization: boolean; mayCreate: boolean; onCreate: () => void; onCreateOrganization: () => void }) {
  if (!inOrganization) {
    return (
      <Empty description={<Space direction="vertical" size={4}><span>您还没有加入任何企业</span><Typography.Text type="secondary">请向企业管理员索取邀请链接，打开链接即可加入企业和项目；也可以创建自己的组织</Typography.Text></Space>}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreateOrganization}>创建组织</Button>
      </Empty>
    );
  }
  if (!mayCreate) {
    return <Empty description={<Space direction="vertical" size={4}><span>暂无项目</span><Typography.Text type="secondary">请联系项目管理员邀请您加入项目</Typography.Text></Space>} />;
  }
  return (
    <Empty description={<Space direction="vertical" size={4}><span>暂无项目</span><Typography.Text type="secondary">新建一个项目，开始管理报告、素材和标签</Typography.Text></Space>}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>新建项目</Button>
    </Empty>
  );
}

function ProjectCard({ project }: { project: Project }) {
  const cover = project.project_card_url ? (
    <img alt="" src={project.project_card_url} className="project-card__image" />
  ) : (
    <div className="project-card__cover" style={project.color ? { background: project.color } : undefined}>
      {project.name.slice(0, 1)}
    </div>
  );
  return (
    <Link to={`/main/${project.uuid}/reportList`} className="project-card__link">
      <Card hoverable cover={cover} className="project-card">
        <Card.Meta title={project.name} description={`创建时间：${project.created_at.slice(0, 10)}`} />
      </Card>
    </Link>
  );
}

export function ProjectList() {
  const [search, setSearch] = useState('');
  const { data, isLoading } = useList<Project>({
    resource: 'projects',
    pagination: { current: 1, pageSize: 100 },
    filters: search ? [{ field: 'search', operator: 'eq', value: search }] : [],
  });
  const projects = data?.data ?? [];
  const { known, inOrganization, mayCreate } = useProjectCreation();
  const [creating, setCreating] = useState(false);
  const [creatingOrganization, setCreatingOrganization] = useState(false);

  return (
    <div className="project-list">
      <Flex justify="space-between" align="center" wrap gap={16} className="project-list__toolbar">
        <Typography.Title level={4} className="project-list__title">
          项目列表
        </Typography.Title>
        <Space>
          <Input.Search
            placeholder="搜索项目名称"
            allowClear
            onSearch={(value) => setSearch(value.trim())}
            className="project-list__search"
          />
          {mayCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              新建项目
            </Button>
          )}
        </Space>
      </Flex>
      {isLoading || !known ? (
        <Flex justify="center" className="project-list__loading">
          <Spin size="large" />
        </Flex>
      ) : projects.length === 0 && search ? (
        <Empty description="暂无项目" />
      ) : projects.length === 0 ? (
        <NoProjects inOrganization={inOrganization} mayCreate={mayCreate} onCreate={() => setCreating(true)} onCreateOrganization={() => setCreatingOrganization(true)} />
      ) : (
        <Row gutter={[16, 16]}>
          {projects.map((project) => (
            <Col key={project.uuid} xs={24} sm={12} md={8} xl={6}>
              <ProjectCard project={project} />
            </Col>
          ))}
        </Row>
      )}
      {creating && <NewProjectDialog open onClose={() => setCreating(false)} />}
      {creatingOrganization && (
        <NewOrganizationDialog
          open
          onClose={() => setCreatingOrganization(false)}
          // The new organization has no project yet: offer the first one at once.
          onCreated={() => {
            setCreatingOrganization(false);
            setCreating(true);
          }}
        />
      )}
    </div>
  );
}
