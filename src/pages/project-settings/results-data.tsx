import { useInvalidate, useList } from '@refinedev/core';
import { Button, Card, Descriptions, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { WarehouseSourceBody } from '../../../contract/results';
import { useApiMutation } from '../../api/hooks';
import { useProjectContext } from '../../components/project-context';
import { feedback } from '../../lib/feedback';
import { useBrowserQuery } from '../connections/use-browser-query';
import { SourceCheck, useSourceCheck } from './source-check';
import { WarehouseImport } from './warehouse-import';

interface Connection {
  id: number;
  name: string;
  database: string;
}

interface Chosen {
  connectionId?: number;
  database?: string;
  schema?: string;
}

const asOptions = (rows: Array<{ name: string }> | undefined) => (rows ?? []).map((row) => ({ label: row.name, value: row.name }));

/** The project's saved source (extra_info), if it names one. */
function savedSource(extra: Record<string, unknown> | null | undefined): Chosen {
  const id = Number(extra?.connection_id);
  if (!Number.isInteger(id) || id < 1) return {};
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return { connectionId: id, database: text(extra?.database_name), schema: text(extra?.schema_name) };
}

/**
 * 成果数据: where the 成果 area reads its regions and indicators. An admin picks a connection of the
 * project, a database and a schema read live from it; the server checks the schema's tables and
 * columns as they are picked, and 保存 writes the source into the project once the check passes.
 */
export function ResultsData() {
  const { projectId, project, can } = useProjectContext();
  const editable = can('resultsData', 'edit');
  const saved = savedSource(project?.extra_info);
  const [chosen, setChosen] = useState<Chosen>(saved);
  // The saved source changed (the project loaded, or an import pointed it at the project's warehouse): show it.
  const savedKey = `${saved.connectionId}/${saved.database}/${saved.schema}`;
  const [shownSaved, setShownSaved] = useState(savedKey);
  if (shownSaved !== savedKey) {
    setShownSaved(savedKey);
    setChosen(saved);
  }
  const { connectionId, database, schema } = chosen;

  const connections = useList<Connection>({ resource: 'connections', pagination: { current: 1, pageSize: 100 }, meta: { projectId } });
  const connectionList = connections.data?.data ?? [];
  const place = { projectId, connectionId: connectionId ? String(connectionId) : '', database };
  const databases = useBrowserQuery('databases', { ...place, database: undefined }, { enabled: Boolean(connectionId) });
  const schemas = useBrowserQuery('schemas', place, { enabled: Boolean(connectionId && database) });
  const source: WarehouseSourceBody | undefined =
    connectionId && database && schema ? { connection_id: connectionId, database_name: database, schema_name: schema } : undefined;
  const check = useSourceCheck(projectId, source);

  const { call, isLoading: saving } = useApiMutation();
  const invalidate = useInvalidate();
  const save = async () => {
    if (!source) return;
    try {
      await call('putReportProjectsByProjectIdWarehouseSource', { path: { projectId }, body: source });
    } catch {
      return; // The HTTP layer has said why.
    }
    feedback.success('保存成功');
    await refreshSource();
  };
  const refreshSource = () =>
    Promise.all([
      invalidate({ resource: 'projects', id: projectId, invalidates: ['detail', 'list'] }),
      invalidate({ resource: 'connections', invalidates: ['list'] }),
      invalidate({ resource: 'regions', invalidates: ['list'] }),
    ]);

  const savedConnection = connectionList.find((connection) => connection.id === saved.connectionId);
  const unchanged = saved.connectionId === connectionId && saved.database === database && saved.schema === schema;

  return (
    <Card title="成果数据" variant="borderless" className="settings-card">
      <Typography.Paragraph type="secondary">
        成果的区域与指标读取自项目数据连接中的三张表：调查范围（investigation_scope）、指标目录（indicator_catalogue）与指标值（indicator_value）。
        请选择存放它们的数据连接、数据库与 schema；还没有连接时，请先在 <Link to={`/projectSetting/${projectId}/connections`}>数据连接</Link> 中新增。
      </Typography.Paragraph>
      <Descriptions size="small" column={1} bordered className="results-data__current" title="当前数据来源">
        {saved.connectionId ? (
          <>
            <Descriptions.Item label="数据连接">{savedConnection?.name ?? `连接 ${saved.connectionId}`}</Descriptions.Item>
            <Descriptions.Item label="数据库">{saved.database ?? '连接默认数据库'}</Descriptions.Item>
            <Descriptions.Item label="Schema">{saved.schema ?? '—'}</Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label="状态">未设置</Descriptions.Item>
        )}
      </Descriptions>
      <Form layout="vertical" className="results-data__form" onFinish={save} disabled={!editable}>
        <Form.Item label="数据连接" required>
          <Select
            aria-label="数据连接"
            placeholder="请选择数据连接"
            loading={connections.isLoading}
            value={connectionId}
            options={connectionList.map((connection) => ({ label: connection.name, value: connection.id }))}
            notFoundContent="项目还没有数据连接"
            onChange={(id: number) => setChosen({ connectionId: id, database: connectionList.find((connection) => connection.id === id)?.database })}
          />
        </Form.Item>
        <Form.Item label="数据库" required>
          <Select
            aria-label="数据库"
            placeholder="请选择数据库"
            showSearch
            disabled={!editable || !connectionId}
            loading={databases.loading}
            value={database}
            options={asOptions(databases.value)}
            onChange={(name: string) => setChosen({ connectionId, database: name })}
          />
        </Form.Item>
        <Form.Item label="Schema" required>
          <Select
            aria-label="Schema"
            placeholder="请选择 schema"
            showSearch
            disabled={!editable || !database}
            loading={schemas.loading}
            value={schema}
            options={asOptions(schemas.value)}
            onChange={(name: string) => setChosen({ connectionId, database, schema: name })}
          />
        </Form.Item>
        <SourceCheck check={check} />
        {editable && (
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={saving} disabled={!check.result?.ready || unchanged}>
              保存
            </Button>
          </Form.Item>
        )}
      </Form>
      <section className="results-data__import" aria-label="导入区域与指标">
        <Typography.Title level={5}>导入区域与指标</Typography.Title>
        {editable && <WarehouseImport projectId={projectId} onImported={() => void refreshSource()} />}
      </section>
    </Card>
  );
}
