import { useList } from '@refinedev/core';
import { Card, Col, Empty, Flex, Input, Row, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Project } from '../../resources/records';

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

  return (
    <div className="project-list">
      <Flex justify="space-between" align="center" wrap gap={16} className="project-list__toolbar">
        <Typography.Title level={4} className="project-list__title">
          项目列表
        </Typography.Title>
        <Input.Search
          placeholder="搜索项目名称"
          allowClear
          onSearch={(value) => setSearch(value.trim())}
          className="project-list__search"
        />
      </Flex>
      {isLoading ? (
        <Flex justify="center" className="project-list__loading">
          <Spin size="large" />
        </Flex>
      ) : projects.length === 0 ? (
        <Empty description="暂无项目" />
      ) : (
        <Row gutter={[16, 16]}>
          {projects.map((project) => (
            <Col key={project.uuid} xs={24} sm={12} md={8} xl={6}>
              <ProjectCard project={project} />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
