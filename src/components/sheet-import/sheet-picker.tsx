import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import axios from 'axios';
import type { ReactNode } from 'react';
import { feedback } from '../../lib/feedback';
import { SheetProblem, sheetTexts, type SheetGrid } from '../../lib/spreadsheet/grid';
import { readSheetFile } from '../../lib/spreadsheet/read-file';

interface Props {
  busy: boolean;
  hint: ReactNode;
  onFile: (file: File) => void;
}

/** One file at a time (a drop of several keeps the first); `onFile` gets it unread, readSheet parses it. */
export function SheetPicker({ busy, hint, onFile }: Props) {
  return (
    <Flex vertical gap={12} align="flex-start">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {hint}
      </Typography.Paragraph>
      <Upload
        accept=".xls,.xlsx"
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          onFile(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {busy ? '正在读取…' : '选择文件'}
        </Button>
      </Upload>
    </Flex>
  );
}

/**
 * Parses a chosen file in the sheet worker. Answers undefined after telling the user what is
 * wrong with it (the spec's messages).
 */
export async function readSheet(file: File): Promise<SheetGrid | undefined> {
  try {
    return await readSheetFile(file);
  } catch (error) {
    reportProblem(error);
    return undefined;
  }
}

/** A sheet's problem in its own words; a failed request has been told by the HTTP layer. */
export function reportProblem(error: unknown): void {
  if (error instanceof SheetProblem) feedback.error(error.message);
  else if (!axios.isAxiosError(error)) feedback.error(sheetTexts.unreadable);
}
