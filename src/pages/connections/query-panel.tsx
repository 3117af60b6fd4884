import { CaretRightOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { runQuery, type QueryResult } from '../../providers/connection-query';
import { CsvExportButton } from './csv-export-button';
import type { Place } from './use-browser-query';

const shown = (value: unknown) => {
  if (value === null || value === undefined) return <span className="browser-null">NULL</span>;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** Rows a run shows at most; 导出 CSV gives them all. */
const LIMIT = 1000;

/**
 * 查询: one read-only SQL statement on the connection (the server refuses anything else, in a
 * read-only transaction it always rolls back), its first rows, how long it took; 取消 aborts the
 * request and the server cancels the statement.
 */
export function QueryPanel({ place }: { place: Place }) {
  const [sql, setSql] = useState('');
  const [result, setResult] = useState<{ sql: string; answer: QueryResult }>();
  const [running, setRunning] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController>();
  useEffect(() => () => controller.current?.abort(), []);
  const body = (text: string) => ({ connection_id: Number(place.connectionId), database_name: place.database, schema_name: place.schema, sql: text });

  const run = async () => {
    if (!sql.trim()) return;
    controller.current = new AbortController();
    setRunning(true);
    setCancelled(false);
    try {
      setResult({ sql, answer: await runQuery(place.projectId, { ...body(sql), limit: LIMIT }, controller.current.signal) });
    } catch {
      // The HTTP layer has told the user why (a refusal, a timeout); a cancel is silent.
      if (controller.current.signal.aborted) setCancelled(true);
    } finally {
      setRunning(false);
    }
  };
  const answer = result?.answer;
  const keys = new Map((answer?.rows ?? []).map((row, index) => [row, String(index)]));
  const columns = (answer?.columns ?? []).map((column, index) => ({
    key: String(index),
    title: column.name,
    dataIndex: index,
    ellipsis: true,
    render: shown,
  }));
  return (
    <Flex vertical gap={12} className="query-panel">
      <Input.TextArea
        aria-label="SQL"
        className="query-panel__sql"
        placeholder="输入一条只读 SQL 语句，如 select * from 表名 limit 10（Ctrl+Enter 运行）"
        autoSize={{ minRows: 5, maxRows: 16 }}
        spellCheck={false}
        value={sql}
        onChange={(event) => setSql(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !running) void run();
        }}
      />
      <Flex gap={8} align="center" wrap>
        <Button type="primary" icon={<CaretRightOutlined />} loading={running} disabled={!sql.trim()} onClick={() => void run()}>
          运行
        </Button>
        <Button icon={<StopOutlined />} disabled={!running} onClick={() => controller.current?.abort()}>
          取消
        </Button>
        <CsvExportButton projectId={place.projectId} fileName="查询结果.csv" disabled={!sql.trim()} what={() => ({ kind: 'query', body: body(sql) })} />
        <Typography.Text type="secondary">只读：每次只能运行一条 SELECT、WITH、SHOW、EXPLAIN 等查询，不会修改数据</Typography.Text>
      </Flex>
      {cancelled && <Alert type="info" showIcon message="查询已取消" />}
      {answer && (
        <>
          <Typography.Text role="status">
            用时 {answer.elapsed_ms} 毫秒，{answer.truncated ? `结果超过 ${answer.rows.length} 行，只显示前 ${answer.rows.length} 行（导出 CSV 可得全部）` : `共 ${answer.rows.length} 行`}
          </Typography.Text>
          <Table<unknown[]>
            size="small"
            rowKey={(row) => keys.get(row) ?? ''}
            dataSource={answer.rows}
            columns={columns}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          />
        </>
      )}
    </Flex>
  );
}
