import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { demoProject, server } from './msw';
import { adminDetails, serveProject } from './project-fixtures';
import { openApp, signIn } from './render';

const settingsItems = ['项目信息', '项目成员', '项目角色', '高级管理'];

describe('project shell', () => {
  it('shows an administrator every menu and the project admin entry', async () => {
    serveProject(adminDetails);
    signIn();
    const { user } = openApp('#/main/p-1/reportList');
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
    for (const name of ['报告管理', '素材管理', '标签管理']) {
      expect(screen.getByRole('menuitem', { name })).toBeInTheDocument();
    }
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
    await user.hover(screen.getByText('演示用户'));
    const admin = await screen.findByRole('link', { name: '项目管理后台' });
    expect(admin).toHaveAttribute('href', '#/projectSetting/p-1/projectInfo');
    expect(screen.getByText('个人信息')).toBeInTheDocument();
    expect(screen.getByText('退出登录')).toBeInTheDocument();

    await user.click(admin);
    expect(await screen.findByLabelText('项目名称')).toHaveValue('城市体检示例项目');
    for (const name of settingsItems) expect(screen.getByRole('menuitem', { name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '报告管理工作台' })).toHaveAttribute('href', '#/main/p-1/reportList');
  });

  it('shows only 报告管理 to a role holding only report.report.view_report', async () => {
    serveProject(['report.report.view_report'], '报告查看');
    signIn();
    const { user } = openApp('#/main/p-1/materialList');
    // A screen the role may not open sends it to the first one it may.
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/main/p-1/reportList');
    expect(screen.getByRole('menuitem', { name: '报告管理' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '素材管理' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '标签管理' })).not.toBeInTheDocument();
    await user.hover(screen.getByText('演示用户'));
    expect(await screen.findByText('退出登录')).toBeInTheDocument();
    expect(screen.queryByText('项目管理后台')).not.toBeInTheDocument();
  });

  it('shows a visitor the settings items it may view, without 高级管理', async () => {
    serveProject(adminDetails.filter((detail) => detail.includes('.view_')), '访客');
    signIn();
    openApp('#/projectSetting/p-1/projectSeniorSetting');
    expect(await screen.findByLabelText('项目名称')).toBeDisabled();
    expect(window.location.hash).toBe('#/projectSetting/p-1/projectInfo');
    for (const name of ['项目信息', '项目成员', '项目角色']) expect(screen.getByRole('menuitem', { name })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '高级管理' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
  });

  it('says so when the project does not exist or the user is not a member', async () => {
    signIn();
    openApp('#/main/p-404/reportList');
    expect(await screen.findByText('项目不存在或您不是该项目的成员')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /返回项目列表/ })).toHaveAttribute('href', '#/list');
    expect(screen.queryByText('暂无报告')).not.toBeInTheDocument();
  });

  it('asks the project and its profile beside the permission, and tells nothing of what the role may not read', async () => {
    serveProject(['report.report.view_report'], '报告查看');
    const asked: string[] = [];
    let bothAsked = () => undefined as void;
    const beside = new Promise<void>((resolve) => (bothAsked = resolve));
    const refused = () => HttpResponse.json({ code: 40301, message: '缺少权限：project.project.view_project' }, { status: 403 });
    const note = (what: string) => {
      asked.push(what);
      if (asked.includes('project') && asked.includes('profile')) bothAsked();
    };
    server.use(
      http.get('*/api/project/v1/projects/p-1/permission/', async () => {
        // Answered once the other two have been asked (or after 3 s, when they wait for it).
        await Promise.race([beside, new Promise((resolve) => setTimeout(resolve, 3000))]);
        asked.push('permission answered');
        return HttpResponse.json({ role: { id: 2, name: '报告查看' }, permissions: [], permissions_detail: ['report.report.view_report'] });
      }),
      http.get('*/api/project/v1/projects/p-1/', () => (note('project'), refused())),
      http.get('*/api/project_profile/projects/p-1/project_profile/get_profile/', () => (note('profile'), refused())),
    );
    signIn();
    openApp('#/main/p-1/reportList');
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
    expect(asked.indexOf('permission answered')).toBe(2);
    // The role may not read the project: its refusals are not shown, nor is the project's name.
    expect(screen.queryByText(/缺少权限/)).not.toBeInTheDocument();
    expect(screen.queryByText('城市体检示例项目')).not.toBeInTheDocument();
  });

  it('tells a refusal of the project when the role’s permissions say it may read it', async () => {
    serveProject(['report.report.view_report', 'project.project.view_project'], '报告查看');
    server.use(http.get('*/api/project/v1/projects/p-1/', () => HttpResponse.json({ code: 40301, message: '缺少权限：project.project.view_project' }, { status: 403 })));
    signIn();
    openApp('#/main/p-1/reportList');
    expect(await screen.findByText('缺少权限：project.project.view_project')).toBeInTheDocument();
    expect(screen.queryByText('城市体检示例项目')).not.toBeInTheDocument();
  });

  it('shows 403 to a role that may open no screen of the area, with a way back to the project list', async () => {
    serveProject([], '无权限角色');
    signIn();
    const { user } = openApp('#/main/p-1/reportList');
    expect(await screen.findByText('您暂无权限访问该接口')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回项目列表' }));
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/list');
  });

  it('goes back to the previous screen from the 403 screen', async () => {
    serveProject([], '无权限角色');
    signIn();
    const { user } = openApp('#/list');
    await user.click(await screen.findByText('城市体检示例项目'));
    expect(await screen.findByText('您暂无权限访问该接口')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /返\s*回/ }));
    await waitFor(() => expect(window.location.hash).toBe('#/list'));
    expect(await screen.findByText('城市体检示例项目')).toBeInTheDocument();
  });

  it('follows routes posted by a host page, only inside the app', async () => {
    signIn();
    openApp('#/main/p-1/reportList');
    expect(await screen.findByText('暂无报告')).toBeInTheDocument();
    window.postMessage({ route: 'https://elsewhere.example/#/main/p-1/tags' }, '*');
    window.postMessage({ route: '//elsewhere.example/x' }, '*');
    window.postMessage({ path: '/main/p-1/tags' }, '*');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.location.hash).toBe('#/main/p-1/reportList');
    window.postMessage({ route: `${window.location.origin}/#/main/p-1/tags` }, '*');
    expect(await screen.findByText('标签分组')).toBeInTheDocument();
    window.postMessage({ route: '/main/p-1/materialList' }, '*');
    expect(await screen.findByText('暂无素材')).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/main/p-1/materialList'));
  });

  it('opens the first screen of an area from its bare route, keeping the query', async () => {
    signIn();
    openApp('#/projectSetting/p-1?mode=2');
    expect(await screen.findByLabelText('项目名称')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/projectSetting/p-1/projectInfo?mode=2');
    expect(screen.queryByRole('menuitem', { name: '项目成员' })).not.toBeInTheDocument();
  });

  it('wears the project skin (项目皮肤), and the header menu switches the theme', async () => {
    serveProject(adminDetails);
    server.use(http.get('*/api/project/v1/projects/p-1/', () => HttpResponse.json({ ...demoProject, skin: 'dark' })));
    signIn();
    /** Whether antd has painted with this colour: the rendered theme tokens, not a setting. */
    const painted = (colour: string) => Array.from(document.querySelectorAll('style')).some((style) => style.textContent?.toLowerCase().includes(colour));
    const { user } = openApp('#/main/p-1/reportList', { allStyles: true });
    expect(await screen.findByText('城市体检示例项目', {}, { timeout: 55_000 })).toBeInTheDocument();
    await waitFor(() => expect(document.body).toHaveClass('theme-dark'));
    // The dark skin's header and the light one's page background.
    expect(painted('#141414')).toBe(true);
    expect(painted('#f5f7fa')).toBe(false);

    await user.hover(screen.getByText('演示用户'));
    await user.hover(await screen.findByText('界面主题'));
    await user.click(await screen.findByText('明亮'));
    await waitFor(() => expect(document.body).toHaveClass('theme-light'));
    expect(document.body).not.toHaveClass('theme-dark');
    await waitFor(() => expect(painted('#f5f7fa')).toBe(true));
    // The user's choice is kept for next time, over the project's skin.
    expect(localStorage.getItem('userTheme')).toBe('light');
  }, 90_000);
});
