import { Alert, Button, Empty, Flex, Segmented, Spin } from 'antd';
import { feedback } from '../../lib/feedback';
import { lazy, Suspense, useState } from 'react';
import { PageLoading } from '../../components/page-loading';
import { useBrowserQuery, type Place } from './use-browser-query';

const ErCanvas = lazy(async () => ({ default: (await import('./er-canvas')).ErCanvas }));

/** ER 图: tables as cards laid out by dagre, foreign keys as arrows; the selected table's relations or the whole schema. */
export function ErDiagram({ place, table }: { place: Place; table?: string }) {
  const [scope, setScope] = useState<'table' | 'schema'>(table ? 'table' : 'schema');
  const ofTable = scope === 'table' && Boolean(table);
  const { value: diagram, loading } = useBrowserQuery(ofTable ? 'tableDiagram' : 'diagram', place, { name: ofTable ? table : undefined });

  return (
    <Flex vertical gap={8}>
      <Flex gap={12} align="center" wrap>
        <Segmented
          value={ofTable ? 'table' : 'schema'}
          onChange={(value) => setScope(value as 'table' | 'schema')}
          options={[
            { label: '本表关系', value: 'table', disabled: !table },
            { label: '整个 schema', value: 'schema' },
          ]}
        />
        {diagram?.truncated && <Alert type="warning" showIcon message="表过多，图中只画出一部分" />}
        <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
          {(['png', 'svg'] as const).map((format) => (
            <Button
              key={format}
              disabled={!diagram?.nodes.length}
              onClick={async () => {
                if (!diagram) return;
                // The export code (and the layout it shares with the canvas) loads on first use.
                const files = await import('./er-export');
                const name = `ER图-${ofTable && table ? table : place.schema ?? 'schema'}.${format}`;
                try {
                  await (format === 'png' ? files.saveDiagramPng(diagram, name) : files.saveDiagramSvg(diagram, name));
                } catch (error) {
                  feedback.error(`导出失败：${(error as Error).message}`);
                }
              }}
            >
              导出 {format.toUpperCase()}
            </Button>
          ))}
        </Flex>
      </Flex>
      <Spin spinning={loading}>
        <div className="er-diagram">
          {diagram && diagram.nodes.length > 0 ? (
            <Suspense fallback={<PageLoading />}>
              <ErCanvas diagram={diagram} />
            </Suspense>
          ) : (
            <Empty description={loading ? '加载中' : '没有表'} />
          )}
        </div>
      </Spin>
    </Flex>
  );
}
