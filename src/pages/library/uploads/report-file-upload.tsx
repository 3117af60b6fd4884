import { CloseOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { fileInfo, fileSrc, sendFile, type UploadedFile } from '../../../providers/files';
import { checkReportFile, REPORT_FILE_MAX_BYTES, uploadedText, uploadingText, uploadTexts } from './checks';
import { sameContentText } from './same-content';
import './uploads.css';

export interface ReportFileValue {
  url: string;
  name: string;
}

export interface ReportFileUploadProps {
  value?: ReportFileValue;
  onChange?: (value: ReportFileValue | undefined) => void;
  /** The variant that accepts only pdf. */
  pdfOnly?: boolean;
  projectUuid?: string;
  /** Defaults to 40MB, the spec's report file limit. */
  maxBytes?: number;
  /** While a Word file converts, asks for its state this often (0: never). */
  pollMs?: number;
  disabled?: boolean;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'done'; answer: UploadedFile; kept?: boolean }
  | { kind: 'failed' };

const POLL_TRIES = 60;

function statusOf(phase: Phase): { text: string; type?: 'success' | 'danger' | 'warning' | 'secondary' } | null {
  switch (phase.kind) {
    case 'idle':
      return null;
    case 'uploading':
      return { text: uploadingText(phase.percent), type: 'secondary' };
    case 'failed':
      return { text: uploadTexts.failure, type: 'danger' };
    case 'done': {
      const text = uploadedText(phase.answer);
      return { text, type: text === uploadTexts.transcodeFailed ? 'warning' : text === uploadTexts.transcoding ? 'secondary' : 'success' };
    }
  }
}

/**
 * The report file of the report form: doc, docx or pdf (pdf only with `pdfOnly`) up to 40MB,
 * with the status text 上传中 N%, then 上传成功 (转码成功 / 转码失败 / 转码中), or 上传失败.
 * The value is the file's `{url, name}`.
 */
export function ReportFileUpload({ value, onChange, pdfOnly, projectUuid, maxBytes = REPORT_FILE_MAX_BYTES, pollMs = 3000, disabled }: ReportFileUploadProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  // A Word file converts in the background: follow it until it is done or failed.
  const converting = phase.kind === 'done' && phase.answer.transcode === 'pending' ? phase.answer : null;
  useEffect(() => {
    if (!converting || pollMs <= 0) return;
    let tries = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const ask = async () => {
      tries += 1;
      try {
        const data = await fileInfo(converting.id, converting.project_uuid);
        if (stopped) return;
        if (data.transcode !== 'pending') {
          setPhase({ kind: 'done', answer: data });
          return;
        }
      } catch {
        // Try again later; the upload itself succeeded.
      }
      if (!stopped && tries < POLL_TRIES) timer = setTimeout(ask, pollMs);
    };
    timer = setTimeout(ask, pollMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [converting, pollMs]);

  const choose = (file: File) => {
    const problem = checkReportFile(file, { pdfOnly, maxBytes });
    if (problem) {
      feedback.error(problem);
      return Upload.LIST_IGNORE;
    }
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setPhase({ kind: 'uploading', percent: 0 });
    sendFile(file, {
      purpose: pdfOnly ? 'report_pdf' : 'report',
      projectUuid,
      signal: controller.signal,
      onProgress: (percent) => {
        if (pending.current === controller) setPhase({ kind: 'uploading', percent });
      },
    })
      .then((answer) => {
        if (pending.current !== controller) return;
        setPhase({ kind: 'done', answer });
        onChange?.({ url: answer.url, name: answer.name });
      })
      .catch(() => {
        // The HTTP layer has told the user why; the widget says 上传失败.
        if (pending.current === controller) setPhase({ kind: 'failed' });
      })
      .finally(() => {
        if (pending.current === controller) pending.current = null;
      });
    return Upload.LIST_IGNORE;
  };

  const remove = () => {
    pending.current?.abort();
    pending.current = null;
    setPhase({ kind: 'idle' });
    onChange?.(undefined);
  };

  const status = statusOf(phase);
  const uploading = phase.kind === 'uploading';
  // The same bytes are already a report of the project: open it, add this one anyway, or take the file back.
  const same = phase.kind === 'done' && !phase.kept ? (phase.answer.same_content ?? []) : [];
  return (
    <div className="uw-report-file">
      <Upload
        accept={pdfOnly ? '.pdf,application/pdf' : '.pdf,.doc,.docx'}
        showUploadList={false}
        beforeUpload={choose}
        disabled={disabled || uploading}
      >
        <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled}>
          {value ? '重新上传' : '上传文件'}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
        {pdfOnly ? '支持 pdf 格式' : '支持 doc、docx、pdf 格式'}，不超过 {Math.round(maxBytes / 1024 / 1024)}MB
      </Typography.Text>
      {value && (
        <div className="uw-file">
          <PaperClipOutlined />
          <Typography.Link className="uw-file-name" href={fileSrc(value.url)} target="_blank" rel="noreferrer" title={value.name}>
            {value.name}
          </Typography.Link>
          {!disabled && <Button type="text" size="small" icon={<CloseOutlined />} aria-label="删除文件" onClick={remove} />}
        </div>
      )}
      {status && (
        <div role="status">
          <Typography.Text type={status.type}>{status.text}</Typography.Text>
        </div>
      )}
      {phase.kind === 'done' && same.length > 0 && (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          message={sameContentText(same.map((item) => item.name))}
          action={
            <Space direction="vertical" size={4}>
              {projectUuid && (
                <Button size="small" href={`#/report/${projectUuid}/reportDetail?id=${same[0].id}`} target="_blank">
                  打开
                </Button>
              )}
              <Button size="small" type="primary" onClick={() => setPhase({ ...phase, kept: true })}>
                仍然添加
              </Button>
              <Button size="small" onClick={remove}>
                取消
              </Button>
            </Space>
          }
        />
      )}
    </div>
  );
}
