import { CodeOutlined, SaveOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { App, Alert, Button, Empty, Flex, Select, Spin, Tag } from 'antd';
import { SideDrawer } from '../../components/side-drawer';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { fileBytes } from '../../providers/files';
import type { RowActionProps } from '../../resources/types';
import { TestRunDialog, type ScriptForRun } from './script-test-run';
import './scripts.css';

/** CodeMirror and its languages: a chunk of their own, fetched when a code view opens. */
const CodeEditor = lazy(() => import('./code-editor'));

const contentPath = (projectId: string, scriptId: number, n: number) => `/api/script/projects/${projectId}/scripts/${scriptId}/versions/${n}/content/`;

/** A version's text; undefined while it comes, null when it could not be read. */
function useVersionText(projectId: string, scriptId: number, n: number | undefined, reload: number) {
  const [text, setText] = useState<{ n: number; text: string | null }>();
  useEffect(() => {
    if (n === undefined) return;
    const controller = new AbortController();
    fileBytes(contentPath(projectId, scriptId, n), controller.signal)
      .then((bytes) => setText({ n, text: new TextDecoder().decode(bytes) }))
      .catch(() => !controller.signal.aborted && setText({ n, text: null }));
    return () => controller.abort();
  }, [projectId, scriptId, n, reload]);
  return text && text.n === n ? text.text : undefined;
}

interface CodeViewProps {
  projectId: string;
  script: ScriptForRun & { file_name: string };
  canEdit: boolean;
}

/**
 * The script's code: the current version, editable with the edit permission (保存 makes the
 * next version after a confirm); 版本 shows an older one read-only; 试运行 runs the current version.
 */
export function ScriptCodeView({ projectId, script, canEdit }: CodeViewProps) {
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const { call, isLoading: saving } = useApiMutation();
  const versions = useApiQuery('getScriptProjectsByProjectUuidScriptsByIdVersions', { path: { project_uuid: projectId, id: script.id } }, { queryOptions: { keepPreviousData: false } });
  const list = versions.data?.data ?? [];
  const current = list.find((version) => version.current) ?? list[0];
  const [chosen, setChosen] = useState<number>();
  const [reload, setReload] = useState(0);
  const shownN = chosen ?? current?.n;
  const text = useVersionText(projectId, script.id, shownN, reload);
  // What was typed, over the text it was typed over: a new text shown (another version, a save) drops it.
  const shownKey = `${shownN}-${reload}`;
  const [typed, setTyped] = useState<{ key: string; text: string }>();
  const draft = typed?.key === shownKey ? typed.text : undefined;
  const setDraft = (next: string) => setTyped({ key: shownKey, text: next });
  const [testing, setTesting] = useState(false);
  const onCurrent = shownN !== undefined && shownN === current?.n;
  const editable = canEdit && onCurrent;
  const changed = editable && draft !== undefined && text !== undefined && text !== null && draft !== text;

  const save = () => {
    if (!changed || !current) return;
    const next = list[0].n + 1;
    modal.confirm({
      title: `保存为第 ${next} 版？`,
      content: `保存后第 ${next} 版即成为脚本的当前版本，工作流重新发布后运行它；旧版本保留，可在「版本」中查看。`,
      okText: '保存',
      cancelText: '取消',
      onOk: async () => {
        await call('postScriptProjectsByProjectUuidScriptsByIdVersions', { path: { project_uuid: projectId, id: script.id }, body: { content: draft!, base_version: list[0].n } }, { success: `已保存为第 ${next} 版` });
        setChosen(undefined);
        setReload((count) => count + 1);
        await versions.refetch();
        void invalidate({ resource: 'scripts', invalidates: ['list'] });
      },
    });
  };

  if (versions.isLoading) return <Spin />;
  if (versions.isError || !current) return <Empty description="脚本版本加载失败" />;
  return (
    <Flex vertical gap={12} className="script-code">
      <Flex gap={8} align="center" wrap>
        <span>版本</span>
        <Select
          aria-label="版本"
          className="script-code__versions"
          value={shownN}
          onChange={(n: number) => setChosen(n === current.n ? undefined : n)}
          options={list.map((version) => ({ value: version.n, label: `第 ${version.n} 版${version.current ? '（当前）' : ''} · ${version.created_at}` }))}
        />
        {!onCurrent && <Tag color="default">历史版本，只读</Tag>}
        {onCurrent && !canEdit && <Tag color="default">只读</Tag>}
        <Flex gap={8} className="script-code__actions">
          {canEdit && (
            <Button icon={<PlayCircleOutlined />} onClick={() => setTesting(true)}>
              试运行
            </Button>
          )}
          {editable && (
            <Button type="primary" icon={<SaveOutlined />} disabled={!changed} loading={saving} onClick={save}>
              保存
            </Button>
          )}
        </Flex>
      </Flex>
      {changed && <Alert type="info" showIcon message="有未保存的修改；试运行运行的是已保存的当前版本" />}
      {text === undefined ? (
        <Spin />
      ) : text === null ? (
        <Empty description="脚本内容加载失败" />
      ) : (
        <Suspense fallback={<Spin />}>
          <CodeEditor key={shownKey} value={editable ? (draft ?? text) : text} onChange={editable ? setDraft : undefined} readOnly={!editable} fileName={script.file_name} />
        </Suspense>
      )}
      {canEdit && <TestRunDialog projectId={projectId} script={script} version={current.n} open={testing} onClose={() => setTesting(false)} />}
    </Flex>
  );
}

/** 代码: the script's code view in a drawer. */
export function ScriptCodeAction({ record, projectId, can }: RowActionProps) {
  const [open, setOpen] = useState(false);
  const script = record as unknown as CodeViewProps['script'];
  return (
    <>
      <Button type="link" size="small" icon={<CodeOutlined />} onClick={() => setOpen(true)}>
        代码
      </Button>
      <SideDrawer title={`脚本代码：${script.name}`} open={open} width={960} onClose={() => setOpen(false)}>
        {open && <ScriptCodeView projectId={projectId} script={script} canEdit={can('edit')} />}
      </SideDrawer>
    </>
  );
}
