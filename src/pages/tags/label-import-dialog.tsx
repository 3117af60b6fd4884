import { SheetImportModal } from '../../components/sheet-import/sheet-import-modal';
import { SHEET_MAX_BYTES, type SheetGrid } from '../../lib/spreadsheet/grid';
import { LABEL_SHEET, labelImportRows, type LabelImportRow } from '../../lib/spreadsheet/label-sheet';
import type { ImportPlan, LabelApi } from './api';
import { LabelImportPreview } from './label-import-preview';

interface Props {
  api: LabelApi;
  open: boolean;
  onClose: () => void;
  /** The import was written: labels and groups reload. */
  onImported: () => void;
}

interface Preview {
  rows: LabelImportRow[];
  lines: number[];
  plan: ImportPlan;
}

const hint =
  `请上传 .xls 或 .xlsx 文件（一次一个，不超过 ${SHEET_MAX_BYTES / 1024 / 1024}MB），表头为：${LABEL_SHEET.header.join('、')}。` +
  '序号可省略；标签类别即标签分组，不存在时将自动创建。';

/** 批量导入: pick 标签导出.xlsx (or one like it), see the server's dry run row by row, then import it in one go. */
export function LabelImportDialog({ api, open, onClose, onImported }: Props) {
  const prepare = async (grid: SheetGrid): Promise<Preview | string> => {
    const read = labelImportRows(grid);
    if (!read.ok) return read.message;
    return { rows: read.rows, lines: read.lines, plan: await api.importLabels(read.rows, true) };
  };

  return (
    <SheetImportModal<Preview>
      open={open}
      title="批量导入标签"
      hint={hint}
      previewWidth={900}
      prepare={prepare}
      renderPreview={({ plan, lines }) => <LabelImportPreview plan={plan} lines={lines} />}
      writes={({ plan }) => plan.created + plan.changed > 0}
      apply={async ({ rows }) => {
        await api.importLabels(rows, false);
      }}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
