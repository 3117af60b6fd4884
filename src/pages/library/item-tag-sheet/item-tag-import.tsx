import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import type { SheetGrid } from '../../../lib/spreadsheet/grid';
import { ITEM_TAG_SHEET, itemTagImportRows } from '../../../lib/spreadsheet/item-tag-sheet';
import type { LibraryKind } from '../kinds';
import { useItemTagApi } from './api';
import { ItemTagPreview } from './item-tag-preview';
import { planItemTags, type ItemTagPlanRow } from './plan';
import { SheetImportModal } from '../../../components/sheet-import/sheet-import-modal';

interface Props {
  projectUuid: string;
  kind: LibraryKind;
  /** The tags were written: the list reloads. */
  onImported: () => void;
}

const writesOf = (plan: ItemTagPlanRow[]) => plan.flatMap((row) => (row.write ? [row.write] : []));

/** 导入标签: one spreadsheet of id, 名称, 实体 (封面, 标签), previewed row by row, then written in one request. */
export function ItemTagImport({ projectUuid, kind, onImported }: Props) {
  const [open, setOpen] = useState(false);
  const api = useItemTagApi(projectUuid, kind);

  const prepare = async (grid: SheetGrid) => {
    const read = itemTagImportRows(grid);
    if (!read.ok) return read.message;
    const ids = [...new Set(read.rows.map((row) => Number(row.id)).filter((id) => Number.isSafeInteger(id) && id > 0))];
    const [pool, items] = await Promise.all([api.tagPool(), api.items(ids)]);
    return planItemTags(read.rows, { items, pool, origin: kind.entity, noun: kind.entity });
  };

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        导入标签
      </Button>
      <SheetImportModal<ItemTagPlanRow[]>
        open={open}
        title="导入标签"
        previewWidth={960}
        hint={
          <>
            <div>{`标签名称必须存在于${kind.entity}对应的标签池中，若不存在，则无法成功匹配`}</div>
            <div>{`表头：${ITEM_TAG_SHEET.header.join('、')}（封面、标签可省略），多个标签以逗号分隔。`}</div>
          </>
        }
        prepare={prepare}
        renderPreview={(plan) => <ItemTagPreview rows={plan} />}
        writes={(plan) => writesOf(plan).length > 0}
        apply={(plan) => api.write(writesOf(plan))}
        onClose={() => setOpen(false)}
        onImported={onImported}
      />
    </>
  );
}
