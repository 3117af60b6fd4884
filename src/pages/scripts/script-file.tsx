import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { SCRIPT_EXTENSIONS, SCRIPT_EXTENSIONS_MESSAGE } from '../../../contract/workflows';
import { feedback } from '../../lib/feedback';
import { fileSrc, sendFile } from '../../providers/files';
import type { CustomInputProps } from '../../resources/types';

const ACCEPT = SCRIPT_EXTENSIONS.map((extension) => `.${extension}`).join(',');
const runnable = (name: string) => (SCRIPT_EXTENSIONS as readonly string[]).includes(/\.([^.]+)$/.exec(name)?.[1].toLowerCase() ?? '');

/**
 * The script form's file: a chosen file is uploaded to the project (purpose script) and its url becomes the value.
 * Only extensions a workflow task runs are offered; a file dropped past the picker's filter is refused before upload.
 */
export function ScriptFileInput({ value, onChange, projectId }: CustomInputProps) {
  const [uploading, setUploading] = useState(false);
  const [name, setName] = useState<string>();
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const choose = (file: File) => {
    if (!runnable(file.name)) {
      feedback.error(SCRIPT_EXTENSIONS_MESSAGE);
      return Upload.LIST_IGNORE;
    }
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
      <Upload accept={ACCEPT} showUploadList={false} beforeUpload={choose} disabled={uploading}>
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
