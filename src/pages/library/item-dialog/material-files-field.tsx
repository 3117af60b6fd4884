import { CloseOutlined, InboxOutlined, LoadingOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { baseName, checkImage, SameContentNote, type ChunkedFile } from '../uploads';
import { sendFile } from '../../../providers/files';
import { feedback } from '../../../lib/feedback';

interface Entry {
  uid: string;
  fileName: string;
  result?: ChunkedFile;
  failed?: boolean;
  /** Materials of the project whose image has the same bytes. */
  same?: string[];
}

interface MaterialFilesFieldProps {
  onChange?: (files: ChunkedFile[]) => void;
  projectUuid: string;
}

let lastUid = 0;

/** Bulk add of materials: several images, each uploaded as it is chosen; the finished ones are the value. */
export function MaterialFilesField({ onChange, projectUuid }: MaterialFilesFieldProps) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const latest = useRef<Entry[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = (change: (list: Entry[]) => Entry[]) => {
    latest.current = change(latest.current);
    setEntries(latest.current);
    onChange?.(latest.current.flatMap((entry) => (entry.result ? [entry.result] : [])));
  };

  const choose = (file: File) => {
    const problem = checkImage(file, 'material');
    if (problem) {
      feedback.error(problem);
      return Upload.LIST_IGNORE;
    }
    const uid = `material-${lastUid++}`;
    const controller = new AbortController();
    controllers.current.set(uid, controller);
    update((list) => [...list, { uid, fileName: file.name }]);
    sendFile(file, { purpose: 'material', projectUuid, signal: controller.signal })
      .then((answer) => {
        const result = { name: baseName(file.name), url: answer.url, real_file_name: file.name };
        const same = answer.same_content?.map((item) => item.name);
        update((list) => list.map((entry) => (entry.uid === uid ? { ...entry, result, same } : entry)));
      })
      .catch(() => {
        if (!controller.signal.aborted) update((list) => list.map((entry) => (entry.uid === uid ? { ...entry, failed: true } : entry)));
      })
      .finally(() => controllers.current.delete(uid));
    return Upload.LIST_IGNORE;
  };

  const remove = (uid: string) => {
    controllers.current.get(uid)?.abort();
    update((list) => list.filter((entry) => entry.uid !== uid));
  };

  return (
    <div>
      <Upload.Dragger accept=".jpg,.jpeg,.png,image/jpeg,image/png" multiple showUploadList={false} beforeUpload={choose}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或将图片拖拽到这里上传</p>
        <p className="ant-upload-hint">支持 jpeg、jpg、png 格式，单张不超过 10MB</p>
      </Upload.Dragger>
      {entries.length > 0 && (
        <ul className="item-dialog__files" aria-label="上传文件列表">
          {entries.map((entry) => (
            <li key={entry.uid} aria-label={entry.fileName}>
              {entry.result ? <PaperClipOutlined /> : entry.failed ? null : <LoadingOutlined />}
              <Typography.Text ellipsis className="item-dialog__file-name" type={entry.failed ? 'danger' : undefined}>
                {entry.fileName}
                {entry.failed ? '（上传失败）' : ''}
              </Typography.Text>
              <SameContentNote names={entry.same} />
              <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`移除 ${entry.fileName}`} onClick={() => remove(entry.uid)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
