import type { UseModalFormReturnType } from '@refinedev/antd';
import { Form, Modal } from 'antd';
import type { ResourceField } from '../../resources/types';
import { FieldItems } from './fields';

interface Props {
  /** The resource's name, which keeps the field ids of its two forms apart. */
  name: string;
  label: string;
  fields: ResourceField[];
  action: 'create' | 'edit';
  modalForm: UseModalFormReturnType;
}

/** The create or edit dialog of a plain admin resource, from its fields. */
export function ResourceFormModal({ name, label, fields, action, modalForm }: Props) {
  return (
    <Modal {...modalForm.modalProps} title={`${action === 'create' ? '新增' : '编辑'}${label}`} width={520}>
      <Form
        {...modalForm.formProps}
        name={`${name}-${action}`}
        layout="vertical"
        // A failed save keeps the dialog open; the HTTP layer has said why.
        onFinish={(values) => Promise.resolve(modalForm.formProps.onFinish?.(values)).catch(() => undefined)}
      >
        <FieldItems fields={fields} form={action} />
      </Form>
    </Modal>
  );
}
