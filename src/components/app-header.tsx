import { AppstoreOutlined, BgColorsOutlined, CheckOutlined, DownOutlined, IdcardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { App, Avatar, Dropdown, Layout, Space, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { displayName } from '../../contract/users';
import { getCookie } from '../lib/cookies';
import { chooseTheme, chosenTheme, themeNames, useSettings, type ThemeName } from '../lib/settings';
import { useIdentity } from '../providers/identity';
import { GenerationBell } from './generation-notices';
import { APP_ENTRY, useOrganizationState } from '../providers/organization';

const logoutConfirmText = '您将退出此系统，是否继续？';

interface Props {
  title: ReactNode;
  /** Entries between 个人信息 and 退出登录 in the user menu. */
  menuItems?: NonNullable<MenuProps['items']>;
  /** The open project's skin, which 跟随项目皮肤 goes back to. */
  projectSkin?: string | null;
}

const THEME_LABELS: Record<ThemeName, string> = { darkblue: '深蓝', dark: '暗黑', light: '明亮' };

export function AppHeader({ title, menuItems = [], projectSkin }: Props) {
  const { data: user } = useIdentity();
  const { mutate: logout } = useLogout();
  const { modal } = App.useApp();
  const { projectId } = useParams();
  const name = displayName(user) || getCookie('username') || '';
  const { orgInfo, apps } = useOrganizationState();
  // Read again on each render: useSettings re-renders the header when a choice changes the theme.
  useSettings();
  const chosen = chosenTheme();

  const confirmLogout = () => {
    modal.confirm({ title: logoutConfirmText, onOk: () => logout() });
  };
  const profile = projectId ? `/userinfo?projectId=${encodeURIComponent(projectId)}` : '/userinfo';
  const items: MenuProps['items'] = [
    { key: 'userinfo', icon: <IdcardOutlined />, label: <Link to={profile}>个人信息</Link> },
    ...menuItems,
    {
      key: 'theme',
      icon: <BgColorsOutlined />,
      label: '界面主题',
      children: [
        { key: 'theme-project', label: '跟随项目皮肤', icon: chosen ? undefined : <CheckOutlined />, onClick: () => chooseTheme(undefined, projectSkin) },
        ...themeNames.map((name) => ({
          key: `theme-${name}`,
          label: THEME_LABELS[name],
          icon: chosen === name ? <CheckOutlined /> : undefined,
          onClick: () => chooseTheme(name),
        })),
      ],
    },
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
      <Space size={4} className="app-header__actions">
        <GenerationBell />
        <Dropdown menu={{ items }} trigger={['click', 'hover']}>
          <Space className="app-header__user" role="button" tabIndex={0}>
            <Avatar size="small" icon={<UserOutlined />} />
            <span>{name}</span>
            {orgInfo && <span className="app-header__organization">{orgInfo.name}</span>}
            <DownOutlined />
          </Space>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
