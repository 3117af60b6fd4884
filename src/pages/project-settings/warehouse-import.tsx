import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, List, Progress, Table, Typography, Upload } from 'antd';
import type { AxiosError } from 'axios';
import { useState } from 'react';
import { REGION_LEVEL_LABELS, REGION_LEVELS } from '../../../contract/results';
import { WAREHOUSE_TEMPLATE_NAME, type WarehouseCounts, type WarehouseImportRefusal, type WarehouseImportResult } from '../../../contract/warehouse';
import { feedback } from '../../lib/feedback';
import { saveBlob } from '../../lib/save-blob';
import { sendWarehouseFile, warehouseTemplate } from '../../providers/warehouse-files';

interface Props {
  projectId: string;
  /** The warehouse was replaced: the project's 成果 data now reads it. */
  onImported?: (result: WarehouseImportResult) => void;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; percent: number; confirming: boolean }
  | { kind: 'preview'; file: File; result: WarehouseImportResult }
  | { kind: 'refused'; name: string; refusal: WarehouseImportRefusal };

const isXlsx = (file: File) => /\.xlsx$/i.test(file.name);

/** The rows of the preview table: each level's regions, the indicators and the values, now and after. */
function changeRows(before: WarehouseCounts | null, after: WarehouseCounts) {
  return [
    ...REGION_LEVELS.map((level) => ({ key: `level-${level}`, what: `区域（${REGION_LEVEL_LABELS[level]}）`, now: before?.regions[level] ?? 0, next: after.regions[level] })),
    { key: 'indicators', what: '指标', now: before?.indicators ?? 0, next: after.indicators },
    { key: 'values', what: '指标值', now: before?.values ?? 0, next: after.values },
  ];
}

/** The refusal a 400 answer carries, when the file itself was refused row by row. */
const refusalOf = (error: unknown): WarehouseImportRefusal | undefined => {
  const data = (error as AxiosError<{ data?: WarehouseImportRefusal }>).response?.data?.data;
  return data && Array.isArray(data.errors) ? data : undefined;
};

/**
 * 成果数据 import: download the template, upload a filled copy (.xlsx), see what will change,
 * then 确认导入. A refused file lists every problem with its sheet, row and column.
 */
export function WarehouseImport({ projectId, onImported }: Props) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await warehouseTemplate(projectId), WAREHOUSE_TEMPLATE_NAME);
    } catch {
      // The HTTP layer has told the user.
    } finally {
      setDownloading(false);
    }
  };

  const send = async (file: File, dryRun: boolean) => {
    setStep({ kind: 'uploading', name: file.name, percent: 0, confirming: !dryRun });
    const onProgress = (percent: number) => setStep((now) => (now.kind === 'uploading' ? { ...now, percent } : now));
    try {
      const result = await sendWarehouseFile(projectId, file, { dryRun, onProgress });
      if (dryRun) setStep({ kind: 'preview', file, result });
      else {
        setStep({ kind: 'idle' });
        feedback.success(result.prepared.length > 0 ? `导入成功，并为成果生成新增了${result.prepared.join('、')}` : '导入成功');
        onImported?.(result);
      }
    } catch (error) {
      const refusal = refusalOf(error);
      setStep(refusal ? { kind: 'refused', name: file.name, refusal } : { kind: 'idle' });
    }
  };

  const busy = step.kind === 'uploading';
  return (
    <Flex vertical gap={16} className="warehouse-import">
      <Typography.Paragraph type="secondary">
        没有外部数据库时，可按模板填写区域（省、市、区县、街道、社区、小区、楼栋）、指标与指标值，上传后作为本项目的成果数据。再次导入会整体替换之前导入的数据。
      </Typography.Paragraph>
      <Flex gap={8} wrap>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
          下载模板
        </Button>
        <Upload
          accept=".xlsx"
          maxCount={1}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            if (!isXlsx(file)) feedback.error('请上传 .xlsx 格式的 Excel 文件');
            else void send(file, true);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={busy}>
            上传文件
          </Button>
        </Upload>
      </Flex>

      {step.kind === 'uploading' && (
        <div>
          <Typography.Text>
            {step.confirming ? '正在导入' : '正在上传并检查'}：{step.name}
          </Typography.Text>
          <Progress percent={step.percent} status="active" aria-label="上传进度" />
        </div>
      )}

      {step.kind === 'refused' && (
        <Alert
          type="error"
          showIcon
          message={`文件「${step.name}」有 ${step.refusal.total} 处错误，未导入任何数据，请修改后重新上传`}
          description={
            <List
              size="small"
              aria-label="错误列表"
              dataSource={step.refusal.errors}
              renderItem={(issue) => <List.Item>{issue.text}</List.Item>}
              footer={step.refusal.total > step.refusal.errors.length ? `另有 ${step.refusal.total - step.refusal.errors.length} 处错误未列出` : undefined}
            />
          }
        />
      )}

      {step.kind === 'preview' && (
        <Flex vertical gap={12}>
          <Typography.Text strong>导入「{step.file.name}」后将发生的变化：</Typography.Text>
          {step.result.replaces_source && (
            <Alert
              type="warning"
              showIcon
              message={`项目的成果数据目前读取数据连接 ${step.result.replaces_source.connection_id} 的 ${step.result.replaces_source.schema_name}，导入后将改为读取本次导入的数据。`}
            />
          )}
          <Table
            size="small"
            pagination={false}
            aria-label="导入预览"
            dataSource={changeRows(step.result.before, step.result.after)}
            columns={[
              { title: '数据', dataIndex: 'what' },
              { title: '当前', dataIndex: 'now' },
              { title: '导入后', dataIndex: 'next' },
            ]}
          />
          <Flex gap={8}>
            <Button type="primary" onClick={() => void send(step.file, false)}>
              确认导入
            </Button>
            <Button onClick={() => setStep({ kind: 'idle' })}>取消</Button>
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}
