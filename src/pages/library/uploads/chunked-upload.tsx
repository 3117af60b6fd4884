import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Progress, Typography, Upload } from 'antd';
import axios from 'axios';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { ChunkedUploadError, newTaskId, uploadInChunks } from '../../../providers/chunked-upload';
import {
  baseName,
  checkChunkedFile,
  CHUNK_BYTES,
  CHUNKED_FILE_MAX_BYTES,
  chunkedLimit,
  roomInQueue,
  uploadErrorText,
  uploadTexts,
} from './checks';
import { SameContentNote } from './same-content';
import './uploads.css';

/** A finished file of the bulk upload; `name` (the file name without extension) names the report. */
export interface ChunkedFile {
  name: string;
  url: string;
  real_file_name: string;
}

export interface ChunkedUploadProps {
  onChange?: (files: ChunkedFile[]) => void;
  projectUuid?: string;
  /** Per-file limit, 2048000 bytes by default (the message says 2M). */
  maxFileBytes?: number;
  chunkBytes?: number;
  /** Chunks in flight per file. */
  parallel?: number;
  /** Files the list may hold. */
  maxFiles?: number;
  /** Files uploading at once. */
  parallelFiles?: number;
  /** Backoff before a chunk's second try (doubled before the third). */
  retryDelayMs?: number;
  disabled?: boolean;
}

type Status = 'waiting' | 'uploading' | 'done' | 'error';

interface Item {
  uid: string;
  /** Kept across a retry, so the server's chunks are not sent again. */
  taskId: string;
  file: File;
  status: Status;
  /** Bytes the server has. */
  sent: number;
  error?: string;
  result?: ChunkedFile;
  /** Reports of the project whose file has the same bytes. */
  same?: string[];
}

let lastUid = 0;
const nextUid = () => `WU_FILE_${lastUid++}`;

const finished = (items: Item[]) => items.flatMap((item) => (item.result ? [item.result] : []));
const finishedKey = (items: Item[]) => items.filter((item) => item.result).map((item) => item.uid).join();

/**
 * Bulk upload of reports (spec §2, §5): several .pdf/.doc/.docx files, each sent in chunks by
 * the resumable protocol of chunked.ts, with a progress bar per file and one for all. The
 * finished files go to `onChange`; removing a file from the list cancels it.
 */
export function ChunkedUpload({
  onChange,
  projectUuid,
  maxFileBytes = CHUNKED_FILE_MAX_BYTES,
  chunkBytes = CHUNK_BYTES,
  parallel = 3,
  maxFiles = 20,
  parallelFiles = 2,
  retryDelayMs = 500,
  disabled,
}: ChunkedUploadProps) {
  const [items, setItems] = useState<Item[]>([]);
  const itemsRef = useRef<Item[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const settings = useRef({ onChange, projectUuid, chunkBytes, parallel, parallelFiles, retryDelayMs });
  useEffect(() => {
    settings.current = { onChange, projectUuid, chunkBytes, parallel, parallelFiles, retryDelayMs };
  });
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = (change: (items: Item[]) => Item[]) => {
    const before = itemsRef.current;
    const next = change(before);
    itemsRef.current = next;
    setItems(next);
    if (finishedKey(before) !== finishedKey(next)) settings.current.onChange?.(finished(next));
  };
  const patch = (uid: string, fields: Partial<Item>) =>
    update((list) => list.map((item) => (item.uid === uid ? { ...item, ...fields } : item)));

  const start = (item: Item) => {
    const { projectUuid: project, chunkBytes: size, parallel: inFlight, retryDelayMs: delay } = settings.current;
    const controller = new AbortController();
    controllers.current.set(item.uid, controller);
    patch(item.uid, { status: 'uploading', sent: 0, error: undefined });
    uploadInChunks(item.file, {
      id: item.uid,
      taskId: item.taskId,
      chunkBytes: size,
      parallel: inFlight,
      projectUuid: project,
      retryDelayMs: delay,
      signal: controller.signal,
      onProgress: (sent) => {
        if (!controller.signal.aborted) patch(item.uid, { sent });
      },
    })
      .then((answer) => {
        if (controller.signal.aborted) return;
        const result = { name: baseName(item.file.name), url: answer.url, real_file_name: item.file.name };
        patch(item.uid, { status: 'done', sent: item.file.size, result, same: answer.same_content?.map((report) => report.name) });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || axios.isCancel(error)) return;
        const code = error instanceof ChunkedUploadError ? error.code : 'ERROR';
        patch(item.uid, { status: 'error', error: uploadErrorText(code) });
      })
      .finally(() => {
        controllers.current.delete(item.uid);
        schedule();
      });
  };

  /** Starts waiting files while fewer than `parallelFiles` upload. */
  const schedule = () => {
    for (;;) {
      const list = itemsRef.current;
      const waiting = list.find((item) => item.status === 'waiting');
      if (!waiting || list.filter((item) => item.status === 'uploading').length >= settings.current.parallelFiles) return;
      start(waiting);
    }
  };

  // antd calls this once per chosen file, synchronously for the whole batch, so the queue
  // count below already includes the batch's earlier files.
  const choose = (file: File) => {
    const problem = checkChunkedFile(file, maxFileBytes);
    if (problem) {
      feedback.error(problem);
      return Upload.LIST_IGNORE;
    }
    if (roomInQueue(itemsRef.current.length, 1, maxFiles) === 0) {
      feedback.warning(uploadTexts.queueFull);
      return Upload.LIST_IGNORE;
    }
    const item: Item = { uid: nextUid(), taskId: newTaskId(), file, status: 'waiting', sent: 0 };
    update((list) => [...list, item]);
    schedule();
    return Upload.LIST_IGNORE;
  };

  const remove = (uid: string) => {
    controllers.current.get(uid)?.abort();
    controllers.current.delete(uid);
    update((list) => list.filter((item) => item.uid !== uid));
    schedule();
  };

  const retry = (uid: string) => {
    const item = itemsRef.current.find((entry) => entry.uid === uid);
    if (item?.status === 'error') {
      patch(uid, { status: 'waiting', sent: 0, error: undefined });
      schedule();
    }
  };

  const totalBytes = items.reduce((sum, item) => sum + item.file.size, 0);
  const sentBytes = items.reduce((sum, item) => sum + Math.min(item.sent, item.file.size), 0);
  const overall = totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : items.length > 0 ? 100 : 0;
  const anyError = items.some((item) => item.status === 'error');
  const allDone = items.length > 0 && items.every((item) => item.status === 'done');

  return (
    <div className="uw-chunked">
      <Upload.Dragger
        accept=".pdf,.doc,.docx"
        multiple
        showUploadList={false}
        beforeUpload={choose}
        disabled={disabled}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或将文件拖拽到这里上传</p>
        <p className="ant-upload-hint">
          支持 pdf、doc、docx 格式，单个文件不超过 {chunkedLimit(maxFileBytes)}，最多 {maxFiles} 个文件
        </p>
      </Upload.Dragger>
      {items.length > 0 && (
        <div className="uw-queue">
          <div aria-label="总进度">
            <Progress percent={overall} size="small" status={allDone ? 'success' : anyError ? 'exception' : 'active'} />
          </div>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="上传文件列表">
            {items.map((item) => (
              <li key={item.uid} className="uw-queue-row" aria-label={item.file.name}>
                <div style={{ minWidth: 0 }}>
                  <Typography.Text className="uw-file-name" title={item.file.name} style={{ display: 'block' }}>
                    {item.file.name}
                  </Typography.Text>
                  <Progress
                    percent={item.file.size > 0 ? Math.floor((Math.min(item.sent, item.file.size) / item.file.size) * 100) : item.status === 'done' ? 100 : 0}
                    size="small"
                    status={item.status === 'error' ? 'exception' : item.status === 'done' ? 'success' : item.status === 'uploading' ? 'active' : 'normal'}
                  />
                  <SameContentNote names={item.same} />
                  {item.error && (
                    <Typography.Text type="danger" role="alert">
                      {item.error}
                    </Typography.Text>
                  )}
                </div>
                <div>
                  {item.status === 'error' && (
                    <Button type="link" size="small" onClick={() => retry(item.uid)}>
                      重试
                    </Button>
                  )}
                  <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={`移除 ${item.file.name}`} onClick={() => remove(item.uid)} />
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
