import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { fileSrc, sendFile } from '../../providers/files';
import type { CustomInputProps } from '../../resources/types';

/** The script form's file: a chosen file is uploaded to the project (purpose script) and its url becomes the value. */
export function ScriptFileInput({ value, onChange, projectId }: CustomInputProps) {
  const [uploading, setUploading] = useState(false);
  const [name, setName] = useState<string>();
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const choose = (file: File) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setUploading(true);
    sendFile(file, { purpose: 'script', projectUuid: projectId, signal: controller.signal })
      .then((answer) => {
        if (controller.signal.aborted) return;
        setName(answer.name);
        onChange?.(answer.url);
      })
      .catch(() => {
        // The HTTP layer has told the user.
      })
      .finally(() => {
        if (pending.current === controller) setUploading(false);
      });
    return Upload.LIST_IGNORE;
  };

  const url = typeof value === 'string' ? value : '';
  return (
    <Flex vertical gap={4}>
      <Upload showUploadList={false} beforeUpload={choose} disabled={uploading}>
        <Button icon={<UploadOutlined />} loading={uploading}>
          {url ? '重新上传' : '上传脚本文件'}
        </Button>
      </Upload>
      {url && (
        <a href={fileSrc(url)} target="_blank" rel="noreferrer">
          <PaperClipOutlined /> {name ?? decodeURIComponent(url.split('/').pop() ?? url)}
        </a>
      )}
    </Flex>
  );
}
