import { Button, Modal } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { changed } from '../../lib/changed';
import { feedback } from '../../lib/feedback';
import type { SheetGrid } from '../../lib/spreadsheet/grid';
import { readSheet, reportProblem, SheetPicker } from './sheet-picker';

interface Props<Preview> {
  open: boolean;
  /** The title while a file is chosen; the preview is titled 导入预览. */
  title: string;
  hint: ReactNode;
  /** Width of the preview. */
  previewWidth: number;
  /** The parsed sheet's preview, or a message for the user (a missing column, no rows). May call the server. */
  prepare: (grid: SheetGrid) => Promise<Preview | string>;
  renderPreview: (preview: Preview) => ReactNode;
  /** Whether confirming would write anything. */
  writes: (preview: Preview) => boolean;
  /** The one request that writes the import. */
  apply: (preview: Preview) => Promise<void>;
  onClose: () => void;
  /** Written: 导入成功 has been shown. */
  onImported: () => void;
}

/** Choose one spreadsheet, see what importing it would do row by row, confirm: the shared flow of the tag imports. */
export function SheetImportModal<Preview>(props: Props<Preview>) {
  const { open, title, hint, previewWidth, prepare, renderPreview, writes, apply, onClose, onImported } = props;
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Preview>();
  // Closing starts a new session: a file still being read for the old one is then dropped.
  const session = useRef(0);

  const close = () => {
    session.current += 1;
    setPreview(undefined);
    setBusy(false);
    onClose();
  };

  const choose = async (file: File) => {
    const mine = session.current;
    const current = () => mine === session.current;
    setBusy(true);
    try {
      const grid = await readSheet(file);
      if (!grid || !current()) return;
      const prepared = await prepare(grid);
      if (!current()) return;
      if (typeof prepared === 'string') feedback.error(prepared);
      else setPreview(prepared);
    } catch (error) {
      reportProblem(error);
    } finally {
      if (current()) setBusy(false);
    }
  };

  const confirm = async (ready: Preview) => {
    setBusy(true);
    if (!(await changed(apply(ready), '导入成功'))) {
      setBusy(false);
      return;
    }
    close();
    onImported();
  };

  const cancel = (
    <Button key="cancel" onClick={close}>
      取消
    </Button>
  );
  const footer =
    preview === undefined
      ? [cancel]
      : [
          <Button key="again" disabled={busy} onClick={() => setPreview(undefined)}>
            重新选择
          </Button>,
          cancel,
          <Button key="ok" type="primary" loading={busy} disabled={!writes(preview)} onClick={() => void confirm(preview)}>
            确认导入
          </Button>,
        ];

  return (
    <Modal
      title={preview === undefined ? title : '导入预览'}
      open={open}
      width={preview === undefined ? 520 : previewWidth}
      onCancel={close}
      footer={footer}
      destroyOnHidden
    >
      {preview === undefined ? <SheetPicker busy={busy} hint={hint} onFile={(file) => void choose(file)} /> : renderPreview(preview)}
    </Modal>
  );
}
