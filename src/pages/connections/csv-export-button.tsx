import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { downloadCsv } from '../../providers/connection-query';

type What = Parameters<typeof downloadCsv>[1];

/**
 * 导出 CSV: downloads the server's stream, showing the rows received so far (and a percentage when
 * the number of rows is known); 取消导出 stops it.
 */
export function CsvExportButton({ projectId, what, fileName, total, disabled }: { projectId: string; what: () => What; fileName: string; total?: number; disabled?: boolean }) {
  const [rows, setRows] = useState<number>();
  const controller = useRef<AbortController>();
  useEffect(() => () => controller.current?.abort(), []);
  const running = rows !== undefined;
  const start = async () => {
    controller.current = new AbortController();
    setRows(0);
    try {
      await downloadCsv(projectId, what(), fileName, setRows, controller.current.signal);
    } finally {
      setRows(undefined);
    }
  };
  return (
    <Flex gap={8} align="center">
      {running ? (
        <>
          <Button onClick={() => controller.current?.abort()}>取消导出</Button>
          {total ? <Progress percent={Math.min(99, Math.floor((rows / total) * 100))} size="small" style={{ width: 120 }} /> : null}
          <Typography.Text type="secondary" role="status">
            已导出 {rows} 行
          </Typography.Text>
        </>
      ) : (
        <Button icon={<DownloadOutlined />} disabled={disabled} onClick={() => void start()}>
          导出 CSV
        </Button>
      )}
    </Flex>
  );
}
