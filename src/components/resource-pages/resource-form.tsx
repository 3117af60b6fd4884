import type { UseModalFormReturnType } from '@refinedev/antd';
import { Form, Modal } from 'antd';
import { Suspense } from 'react';
import type { ResourceField, ResourceMeta } from '../../resources/types';
import { useProjectContext } from '../project-context';
import { FieldItems, followedValues, submittedValues } from './fields';

interface Props {
  /** The resource's name, which keeps the field ids of its two forms apart. */
  name: string;
  label: string;
  fields: ResourceField[];
  action: 'create' | 'edit';
  modalForm: UseModalFormReturnType;
  /** The resource's extra dialog buttons. */
  formActions?: ResourceMeta['formActions'];
  /** The record being edited. */
  id?: string | number;
}

/** The create or edit dialog of a plain admin resource, from its fields. */
export function ResourceFormModal({ name, label, fields, action, modalForm, formActions: FormActions, id }: Props) {
  const { projectId } = useProjectContext();
  const { form, onFinish, onValuesChange } = modalForm.formProps;
  const values = () => submittedValues(fields, action, form?.getFieldsValue() ?? {});
  return (
    <Modal
      {...modalForm.modalProps}
      title={`${action === 'create' ? '新增' : '编辑'}${label}`}
      width={520}
      footer={(buttons) => (
        <>
          {FormActions && (
            <Suspense fallback={null}>
              <FormActions projectId={projectId} action={action} id={id} values={values} />
            </Suspense>
          )}
          {buttons}
        </>
      )}
    >
      <Form
        {...modalForm.formProps}
        name={`${name}-${action}`}
        layout="vertical"
        // Until the record has arrived (its values would replace what was typed) and while saving.
        disabled={modalForm.formLoading}
        onValuesChange={(changed: Record<string, unknown>, all) => {
          onValuesChange?.(changed, all);
          const followed = followedValues(fields, changed);
          if (Object.keys(followed).length) form?.setFieldsValue(followed);
        }}
        // A failed save keeps the dialog open; the HTTP layer has said why.
        onFinish={(all) => Promise.resolve(onFinish?.(submittedValues(fields, action, all))).catch(() => undefined)}
      >
        <FieldItems fields={fields} form={action} />
      </Form>
    </Modal>
  );
}
