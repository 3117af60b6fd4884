import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useApiMutation, useApiQuery } from '../../src/api/hooks';
import { server } from './msw';
import { InApp, signIn } from './render';

const menus = '/api/project/v1/projects/roles/:id/menus/';

describe('useApiQuery', () => {
  it('reads the operation at its filled path with its query, and waits while a path parameter is unknown', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/project/v1/projects/:projectId/members/invite_code/', ({ request, params }) => {
        asked.push(`${String(params.projectId)}${new URL(request.url).search}`);
        return HttpResponse.json({ token: 't', expires_at: '2026-12-01 00:00:00', url: 'https://x/join' });
      }),
    );
    signIn();
    const { result, rerender } = renderHook(
      ({ project }: { project: string }) => useApiQuery('getProjectProjectsByProjectUuidMembersInviteCode', { path: { project_uuid: project }, query: { days: 3 } }),
      { wrapper: InApp, initialProps: { project: '' } },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    rerender({ project: 'p-1' });
    await waitFor(() => expect(result.current.data?.data.token).toBe('t'));
    expect(asked).toEqual(['p-1?days=3']);
  });
});

describe('useApiMutation', () => {
  it('sends the body to the filled path, a write without one as {}, and a read with its query', async () => {
    const sent: unknown[] = [];
    server.use(
      http.put(menus, async ({ request, params }) => {
        sent.push([params.id, await request.json()]);
        return HttpResponse.json({ menus: ['a'] });
      }),
      http.put('/api/project/v1/projects/roles/:id/set_as_default/', async ({ request }) => {
        sent.push(await request.text());
        return HttpResponse.json({});
      }),
      http.get('/api/organization/v1/members/join/', ({ request }) => {
        sent.push(new URL(request.url).search);
        return HttpResponse.json({ message: '成功加入企业' });
      }),
    );
    signIn();
    const { result } = renderHook(() => useApiMutation(), { wrapper: InApp });
    await act(async () => {
      expect(await result.current.call('putProjectProjectsRolesByIdMenus', { path: { id: 5 }, body: { menus: ['a'] } })).toEqual({ menus: ['a'] });
      await result.current.call('putProjectProjectsRolesByIdSetAsDefault', { path: { id: 5 } });
      await result.current.call('getOrganizationMembersJoin', { query: { token: 'a b' } });
    });
    expect(sent).toEqual([['5', { menus: ['a'] }], '{}', '?token=a+b']);
  });

  it('refuses, sending nothing, a call without a required body parameter', async () => {
    let sent = 0;
    server.use(http.put(menus, () => void sent++));
    signIn();
    const { result } = renderHook(() => useApiMutation(), { wrapper: InApp });
    const call = result.current.call as unknown as (name: string, args: object) => Promise<unknown>;
    await expect(call('putProjectProjectsRolesByIdMenus', { path: { id: 5 }, body: {} })).rejects.toThrow(
      "Missing the required parameter 'menus' when calling putProjectProjectsRolesByIdMenus",
    );
    expect(sent).toBe(0);
  });
});
