import { Placeholder } from '../../components/placeholder';

export function ProjectInfo() {
  return <Placeholder title="项目信息" />;
}

export function ProjectUser() {
  return <Placeholder title="项目成员" empty="暂无成员" />;
}

export function ProjectRole() {
  return <Placeholder title="项目角色" empty="暂无角色" />;
}

export function ProjectSeniorSetting() {
  return <Placeholder title="高级管理" />;
}
