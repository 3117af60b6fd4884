import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveConnections } from './connection-fixtures';
import { adminDetails, serveProject } from './project-fixtures';
import { openApp, openScreen, signIn } from './render';

const slow = 60_000;
const browserAt = '#/projectSetting/p-1/connectionBrowser?connection_id=7';

describe('数据连接 · 浏览', () => {
  it('starts in the connection’s database and public schema, searches tables and shows a table’s structure', async () => {
    serveProject(adminDetails);
    const calls = serveConnections();
    signIn();
    const { user } = openScreen(browserAt);
    expect(await screen.findByText('浏览：城市数据库', {}, { timeout: 30_000 })).toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: /street/ }));
    expect(calls.tables[0].get('database_name')).toBe('city');
    expect(calls.tables[0].get('schema_name')).toBe('public');
    expect(calls.tables[0].get('connection_id')).toBe('7');

    expect(await screen.findByText('所属区')).toBeInTheDocument();
    expect(screen.getByText('表注释：街道')).toBeInTheDocument();
    expect(screen.getByText('主键：id')).toBeInTheDocument();
    expect(screen.getByText('street_pkey')).toBeInTheDocument();
    expect(screen.getByText('district(id)')).toBeInTheDocument();
    expect(screen.getByText('外键')).toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('搜索表名'), 'dis{Enter}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: /street/ })).not.toBeInTheDocument());
    expect(calls.tables.at(-1)?.get('search')).toBe('dis');
  }, slow);

  it('keeps 数据连接 highlighted in the side menu', async () => {
    serveProject(adminDetails);
    serveConnections();
    signIn();
    openApp(browserAt);
    expect(await screen.findByText('浏览：城市数据库', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: '数据连接' })).toHaveClass('ant-menu-item-selected');
  }, slow);

  it('pages the records with limit/offset and sorts them on the server', async () => {
    serveProject(adminDetails);
    const calls = serveConnections();
    signIn();
    const { user } = openScreen(browserAt);
    await user.click(await screen.findByRole('menuitem', { name: /street/ }, { timeout: 30_000 }));
    await user.click(screen.getByRole('tab', { name: '数据' }));
    expect(await screen.findByText('街道1')).toBeInTheDocument();
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
    expect(calls.records[0].get('table_name')).toBe('street');
    expect(calls.records[0].get('limit')).toBe('20');
    expect(calls.records[0].get('offset')).toBe('0');

    await user.click(document.querySelector('.ant-pagination-item-2')!);
    expect(await screen.findByText('街道21')).toBeInTheDocument();
    expect(calls.records.at(-1)?.get('offset')).toBe('20');

    // Twice on the header: descending.
    const idHeader = screen.getAllByText('id', { selector: '.ant-table-column-title' })[0];
    await user.click(idHeader);
    await user.click(idHeader);
    await waitFor(() => expect(calls.records.at(-1)?.get('order_by')).toBe('-id'));
    expect(calls.records.at(-1)?.get('offset')).toBe('0');
    expect(await screen.findByText('街道25')).toBeInTheDocument();
  }, slow);

  it('draws the ER diagram: a card per table with its columns', async () => {
    serveProject(adminDetails);
    serveConnections();
    signIn();
    const { user } = openScreen(browserAt);
    await user.click(await screen.findByRole('menuitem', { name: /street/ }, { timeout: 30_000 }));
    await user.click(screen.getByRole('tab', { name: 'ER 图' }));
    await waitFor(() => expect(screen.getAllByTestId('er-table')).toHaveLength(2), { timeout: 20_000 });
    const district = screen.getAllByTestId('er-table').find((card) => within(card).queryByText('district'))!;
    expect(await within(district).findByText('name')).toBeInTheDocument();
    expect(within(district).getByText('行政区')).toBeInTheDocument();
    expect(within(district).getByText('PK')).toBeInTheDocument();
    await user.click(screen.getByText('整个 schema'));
    await waitFor(() => expect(screen.getAllByTestId('er-table')).toHaveLength(2));
  }, slow);
});
