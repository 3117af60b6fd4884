import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { button, dialog } from './admin-helpers';
import { demoConnection, serveConnections } from './connection-fixtures';
import { server } from './msw';
import { adminDetails, serveProject } from './project-fixtures';
import { openApp, openScreen, signIn } from './render';

// The first screen of a file arrives slowly on a busy machine (lazy routes are transformed on first use).
const slow = 60_000;
const firstRow = async (text: string) => (await screen.findByText(text, { selector: 'td, td span' }, { timeout: 30_000 })).closest('tr') as HTMLElement;

/** Picks an option of an antd select by its label. */
async function choose(user: ReturnType<typeof openApp>['user'], scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  await user.click(options[options.length - 1]);
}

async function typeInto(user: ReturnType<typeof openApp>['user'], scope: HTMLElement, label: string, text: string) {
  const field = within(scope).getByLabelText(label);
  await user.clear(field);
  await user.type(field, text);
}

describe('数据连接', () => {
  it('lists connections with their database type, port and time', async () => {
    serveProject(adminDetails);
    serveConnections();
    signIn();
    openApp('#/projectSetting/p-1/connections');
    const line = await firstRow('城市数据库');
    for (const text of ['PostgreSQL', '10.0.0.5', '5432', 'reader', 'city', '2024-03-05 10:00:00']) {
      expect(within(line).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('menuitem', { name: '数据连接' })).toBeInTheDocument();
  }, slow);

  it('creates a connection after 测试连接 fails, then succeeds; the port follows the database type', async () => {
    serveProject(adminDetails);
    const failing = serveConnections({ success: false, message: '用户名或密码错误' });
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/connections');
    await firstRow('城市数据库');
    await user.click(button(document.body, '新增'));
    const create = await dialog('新增数据连接');
    expect(within(create).getByLabelText('端口')).toHaveValue('5432');
    await choose(user, create, '数据库类型', 'MySQL/MariaDB');
    await waitFor(() => expect(within(create).getByLabelText('端口')).toHaveValue('3306'));
    await typeInto(user, create, '名称', '业务库');
    await typeInto(user, create, '主机', 'db.example.com');
    await typeInto(user, create, '用户名', 'root');
    await typeInto(user, create, '密码', 'secret');
    await typeInto(user, create, '数据库', 'biz');
    expect(within(create).getByText('密码加密保存，不会回显；编辑时留空则保留原密码')).toBeInTheDocument();

    await user.click(button(create, '测试连接'));
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    const sent = { name: '业务库', drivername: 'mysql', host: 'db.example.com', port: 3306, username: 'root', password: 'secret', database: 'biz' };
    expect(failing.tested).toEqual([sent]);

    const working = serveConnections();
    await user.click(button(create, '测试连接'));
    expect(await screen.findByText('连接成功，可访问 3 个数据库')).toBeInTheDocument();
    await user.click(within(create).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('新增数据连接成功')).toBeInTheDocument();
    expect(working.created).toEqual([sent]);
  }, slow);

  it('never shows the stored password; an edit left empty keeps it and tests with the saved one; a changed host asks for it again', async () => {
    serveProject(adminDetails);
    const calls = serveConnections();
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/connections');
    await user.click(within(await firstRow('城市数据库')).getByText('编辑'));
    const edit = await dialog('编辑数据连接');
    await waitFor(() => expect(within(edit).getByLabelText('主机')).toHaveValue('10.0.0.5'));
    expect(within(edit).getByLabelText('密码')).toHaveValue('');
    await user.click(button(edit, '测试连接'));
    expect(await screen.findByText('连接成功，可访问 3 个数据库')).toBeInTheDocument();
    expect(calls.tested[0]).toMatchObject({ id: 7, host: '10.0.0.5' });
    expect(calls.tested[0]).not.toHaveProperty('password');
    const again = '已修改数据库类型、主机、端口或用户名：请重新输入密码，留空则不保存密码';
    expect(within(edit).queryByText(again)).not.toBeInTheDocument();
    await typeInto(user, edit, '主机', '10.0.0.6');
    // The server keeps a saved password only for the host, port and user it was saved for.
    expect(await within(edit).findByText(again)).toBeInTheDocument();
    await user.click(within(edit).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('数据保存成功!')).toBeInTheDocument();
    expect(calls.changed[0]).toMatchObject({ host: '10.0.0.6' });
    expect(calls.changed[0]).not.toHaveProperty('password');
  }, slow);

  it('shows the builtin warehouse as 内置 without a port, and offers no edit of it', async () => {
    serveProject(adminDetails);
    serveConnections();
    const builtin = { ...demoConnection, id: 9, name: '示例数据仓库', drivername: 'builtin', host: '内置', port: 0, username: 'readonly', database: 'warehouse' };
    server.use(
      http.get('*/api/connection/projects/p-1/connections/', () =>
        HttpResponse.json({ count: 2, next: null, previous: null, results: [builtin, demoConnection] }),
      ),
    );
    signIn();
    openScreen('#/projectSetting/p-1/connections');
    const line = await firstRow('示例数据仓库');
    expect(within(line).getByText('内置数据仓库')).toBeInTheDocument();
    expect(within(line).queryByText('0')).not.toBeInTheDocument();
    // The server refuses any change of it: no 编辑 to open a form that would fail.
    expect(within(line).queryByText('编辑')).not.toBeInTheDocument();
    expect(within(await firstRow('城市数据库')).getByText('编辑')).toBeInTheDocument();
  }, slow);

  it('cuts a very long connection name short and shows it whole on hover', async () => {
    serveProject(adminDetails);
    serveConnections();
    const long = `${'城市体检指标数据仓库只读副本'.repeat(8)}（东区）`;
    server.use(
      http.get('*/api/connection/projects/p-1/connections/', () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [{ ...demoConnection, name: long }] }),
      ),
    );
    signIn();
    const { user } = openScreen('#/projectSetting/p-1/connections');
    const cell = (await screen.findByText(long, { selector: 'td, td *' }, { timeout: 30_000 })).closest('td') as HTMLElement;
    expect(cell).toHaveClass('ant-table-cell-ellipsis');
    await user.hover(within(cell).getByText(long));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long);
  }, slow);
});
