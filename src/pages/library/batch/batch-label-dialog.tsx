import { Form, Modal, Segmented, Typography } from 'antd';
import { useState } from 'react';
import type { EntityName } from '../../../../contract/labels';
import { TagCascader, type LabelPair } from '../tag-cascader';

export type LabelMode = 'add' | 'remove';

interface Props {
  open: boolean;
  projectUuid: string;
  origin: EntityName;
  /** How many items the batch acts on, as confirmed. */
  count: number;
  onClose: () => void;
  /** Resolves when done (the dialog closes); rejects when refused (it stays open). */
  onSubmit: (mode: LabelMode, labelIds: number[]) => Promise<void>;
}

/** 批量打标签: labels chosen by label group, added to or removed from every selected item. */
export function BatchLabelDialog({ open, projectUuid, origin, count, onClose, onSubmit }: Props) {
  const [mode, setMode] = useState<LabelMode>('add');
  const [pairs, setPairs] = useState<LabelPair[]>([]);
  const [saving, setSaving] = useState(false);
  const [missing, setMissing] = useState(false);
  const close = () => {
    setPairs([]);
    setMissing(false);
    onClose();
  };
  const submit = async () => {
    if (pairs.length === 0) {
      setMissing(true);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(mode, [...new Set(pairs.map((pair) => pair[pair.length - 1]))]);
      close();
    } catch {
      // Told by the HTTP layer; the dialog stays open to retry.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title="批量打标签" okText="确定" cancelText="取消" confirmLoading={saving} onOk={() => void submit()} onCancel={close} destroyOnHidden>
      <Typography.Paragraph>
        将对已选择的 {count.toLocaleString('en-US')} 条{origin}
        {mode === 'add' ? '添加' : '移除'}所选标签。
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="操作">
          <Segmented<LabelMode>
            value={mode}
            onChange={setMode}
            options={[
              { value: 'add', label: '添加' },
              { value: 'remove', label: '移除' },
            ]}
          />
        </Form.Item>
        <Form.Item label="标签" required validateStatus={missing ? 'error' : undefined} help={missing ? '请选择标签' : undefined}>
          <TagCascader
            projectUuid={projectUuid}
            origin={origin}
            value={pairs}
            onChange={(value) => {
              setPairs(value);
              setMissing(false);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
