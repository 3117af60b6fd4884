import { Button, Form, Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { UNGROUPED } from '../tag-cascader';
import { feedback } from '../../../lib/feedback';
import type { LibraryKind } from '../kinds';
import type { LibraryItem } from '../types';
import { useDimensionOptions } from './dimension-field';
import { bulkBodies, initialValues, itemBody, targetGroup, type ItemFormValues } from './form-values';
import { ItemFields } from './item-fields';
import { saveTexts, useItemSave } from './save';
import { useCurrentUserName } from './use-current-user-name';
import './item-dialog.css';

export interface ItemDialogProps {
  kind: LibraryKind;
  projectUuid: string;
  /** create: one item; bulk: many files through the chunked upload; edit: the given item. */
  mode: 'create' | 'bulk' | 'edit';
  item?: LibraryItem;
  /** The group the list shows; new items go into it (-1 or absent: no group). */
  groupId?: number;
  /** hasDimension=true: the research-dimension selector and the label picker show. */
  hasDimension?: boolean;
  /** results: the 成果 area's variant: a research dimension is required and the file is a pdf. */
  variant?: 'library' | 'results';
  /** variant=data: the kind's data titles (materials: 新增数据 / 编辑数据), where it has them. */
  dataVariant?: boolean;
  open: boolean;
  onClose: () => void;
  /** Called after a successful save, so the list reloads. */
  onSaved: () => void;
}

/**
 * The add/edit dialog of reports and materials (spec section 2): name, creator, cover,
 * tags and file; bulk mode names one item after each uploaded file.
 */
export function ItemDialog(props: ItemDialogProps) {
  const { open, kind, mode, dataVariant, onClose } = props;
  const titles = (dataVariant && kind.dataDialogTitles) || kind.dialogTitles;
  return (
    <Modal
      open={open}
      title={titles[mode]}
      onCancel={onClose}
      footer={null}
      width={680}
      destroyOnHidden
      maskClosable={false}
    >
      {/* Mounted while open only: closing resets the form and every upload widget. */}
      <ItemForm {...props} />
    </Modal>
  );
}

function ItemForm({ kind, projectUuid, mode, item, groupId, hasDimension: asked, variant, onClose, onSaved }: ItemDialogProps) {
  const results = variant === 'results';
  const hasDimension = asked || results;
  const [form] = Form.useForm<ItemFormValues>();
  const creator = useCurrentUserName();
  // The name the form was given as the default (its initial values hold the first one).
  const filledCreator = useRef(creator);
  const dimensionOptions = useDimensionOptions(projectUuid, Boolean(hasDimension));
  const dimensionIds = new Set((dimensionOptions ?? []).map((option) => option.value));

  // The creator defaults to the signed-in user, whose name may arrive after the form (the
  // username from the cookie first, then the display name): a default nobody typed over follows.
  useEffect(() => {
    if (mode === 'edit' || !creator) return;
    const shown: unknown = form.getFieldValue('create_user');
    if (!shown || shown === filledCreator.current) {
      form.setFieldValue('create_user', creator);
      filledCreator.current = creator;
    }
  }, [form, mode, creator]);

  // Editing with dimensions: the item's dimension label moves from the tags to the selector.
  useEffect(() => {
    if (mode !== 'edit' || !item || !dimensionOptions) return;
    const ids = new Set(dimensionOptions.map((option) => option.value));
    const current = item.labels.find((label) => ids.has(label.id));
    form.setFieldsValue({
      dimension: current?.id,
      tags: item.labels.filter((label) => !ids.has(label.id)).map((label) => [label.label_group ?? UNGROUPED, label.id]),
    });
  }, [form, mode, item, dimensionOptions]);

  const save = useItemSave(projectUuid, kind);

  const cancel = () => {
    form.resetFields();
    onClose();
  };

  const submit = async (values: ItemFormValues) => {
    const tags = hasDimension ? (values.tags ?? []).filter(([, labelId]) => !dimensionIds.has(labelId)) : values.tags;
    const filled = { ...values, tags };
    const outcome =
      mode === 'edit'
        ? await save.editItem({ ...itemBody(kind, filled), id: item?.id })
        : mode === 'bulk'
          ? await save.createItems(bulkBodies(kind, filled, targetGroup(groupId)))
          : await save.createItem({ ...itemBody(kind, filled), group_id: targetGroup(groupId) });
    if (outcome === 'saved') {
      feedback.success(mode === 'edit' ? saveTexts.edited : kind.createdMessage);
      onSaved();
      cancel();
    } else if (outcome === 'refused' && mode === 'create') {
      // Spec section 8: an unsuccessful create shows the server's message and closes.
      cancel();
    }
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '88px' }}
      initialValues={initialValues(kind, item, creator)}
      onFinish={submit}
      className="item-dialog__form"
    >
      <ItemFields
        kind={kind}
        projectUuid={projectUuid}
        bulk={mode === 'bulk'}
        pdfOnly={results}
        dimensions={hasDimension ? (dimensionOptions ?? 'loading') : undefined}
      />
      <div className="item-dialog__footer">
        <Button onClick={cancel}>取消</Button>
        <Button type="primary" htmlType="submit" loading={save.saving}>
          确定
        </Button>
      </div>
    </Form>
  );
}
