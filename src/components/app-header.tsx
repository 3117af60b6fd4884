import { AppstoreOutlined, DownOutlined, IdcardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { App, Avatar, Dropdown, Layout, Space, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { displayName } from '../../contract/users';
import { getCookie } from '../lib/cookies';
import type { UserInfo } from '../providers/auth';
import { APP_ENTRY, useOrganizationState } from '../providers/organization';

const logoutConfirmText = '您将退出此系统，是否继续？';

interface Props {
  title: ReactNode;
  /** Entries between 个人信息 and 退出登录 in the user menu. */
  menuItems?: NonNullable<MenuProps['items']>;
}

export function AppHeader({ title, menuItems = [] }: Props) {
  const { data: user } = useGetIdentity<UserInfo>();
  const { mutate: logout } = useLogout();
  const { modal } = App.useApp();
  const { projectId } = useParams();
  const name = displayName(user) || getCookie('username') || '';
  const { orgInfo, apps } = useOrganizationState();

  const confirmLogout = () => {
    modal.confirm({ title: logoutConfirmText, onOk: () => logout() });
  };
  const profile = projectId ? `/userinfo?projectId=${encodeURIComponent(projectId)}` : '/userinfo';
  const items: MenuProps['items'] = [
    { key: 'userinfo', icon: <IdcardOutlined />, label: <Link to={profile}>个人信息</Link> },
    ...menuItems,
    ...(apps.length > 1
      ? [{
          key: 'apps', type: 'group' as const, label: '应用',
          children: apps.map((entry) => ({ key: `app-${entry.id}`, icon: <AppstoreOutlined />, label: <Link to={APP_ENTRY[entry.id] ?? '/list'} title={entry.description}>{entry.name}</Link> })),
        }]
      : []),
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: confirmLogout },
  ];

  return (
    <Layout.Header className="app-header">
      <div className="app-header__title">{title}</div>
      <Dropdown menu={{ items }} trigger={['click', 'hover']}>
        <Space className="app-header__user" role="button" tabIndex={0}>
          <Avatar size="small" icon={<UserOutlined />} />
          <span>{name}</span>
          {orgInfo && <span className="app-header__organization">{orgInfo.name}</span>}
          <DownOutlined />
        </Space>
      </Dropdown>
    </Layout.Header>
  );
}
