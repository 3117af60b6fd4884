import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { TagCascader } from '../tag-cascader';
import { ChunkedUpload, ReportFileUpload } from '../uploads';
import type { LibraryKind } from '../kinds';
import { CoverField } from './cover-field';
import { DimensionField, type DimensionOption } from './dimension-field';
import { MaterialFilesField } from './material-files-field';
import { MaterialImageField } from './material-image-field';

const dimensionRequiredText = '请选择维度标签';

function nameRules(kind: LibraryKind): Rule[] {
  return [
    { required: true, whitespace: true, message: kind.messages.name },
    { max: kind.nameMax, message: kind.messages.nameLength ?? `名称不能超过 ${kind.nameMax} 个字符` },
  ];
}

interface FieldsProps {
  kind: LibraryKind;
  projectUuid: string;
  bulk: boolean;
  /** The results variant's report file: pdf only. */
  pdfOnly?: boolean;
  /** Present with hasDimension=true. */
  dimensions?: DimensionOption[] | 'loading';
}

/** The form's fields: name (one item) or files (bulk), creator, cover (unless the file is the image), dimension, tags and file. */
export function ItemFields({ kind, projectUuid, bulk, pdfOnly, dimensions }: FieldsProps) {
  // A kind whose file is an image uses it as its cover and takes images; the other takes documents and a cover.
  const images = kind.fileIsImage;
  const fileLabel = `${kind.entity}文件`;
  const required = (message: string): Rule[] => [{ required: true, message }];
  return (
    <>
      {!bulk && (
        <Form.Item name="name" label="名称" rules={nameRules(kind)}>
          {/* A name with a length message shows its count; otherwise it is cut at its limit. */}
          {kind.messages.nameLength ? (
            <Input placeholder={kind.messages.name} count={{ show: true, max: kind.nameMax }} />
          ) : (
            <Input placeholder={kind.messages.name} maxLength={kind.nameMax} />
          )}
        </Form.Item>
      )}
      <Form.Item name="create_user" label="创建人" rules={[{ required: true, whitespace: true, message: kind.messages.createUser }]}>
        <Input placeholder={kind.messages.createUser} maxLength={150} />
      </Form.Item>
      {!images && (
        <Form.Item name="cover" label="封面" rules={required(kind.messages.cover ?? '请上传报告封面')} extra="支持 jpg、jpeg、png 格式，不超过 2MB">
          <CoverField projectUuid={projectUuid} />
        </Form.Item>
      )}
      {dimensions && (
        <Form.Item name="dimension" label="研究维度" rules={required(dimensionRequiredText)}>
          <DimensionField options={dimensions === 'loading' ? undefined : dimensions} />
        </Form.Item>
      )}
      <Form.Item name="tags" label="标签">
        <TagCascader projectUuid={projectUuid} origin={kind.entity} />
      </Form.Item>
      {bulk ? (
        <Form.Item
          name="files"
          label={fileLabel}
          rules={[{ required: true, type: 'array', min: 1, message: kind.messages.file }]}
          extra="每个文件新增一条，名称取自文件名"
        >
          {images ? <MaterialFilesField projectUuid={projectUuid} /> : <ChunkedUpload projectUuid={projectUuid} />}
        </Form.Item>
      ) : (
        <Form.Item name="file" label={fileLabel} rules={required(kind.messages.file)}>
          {images ? <MaterialImageField projectUuid={projectUuid} /> : <ReportFileUpload projectUuid={projectUuid} pdfOnly={pdfOnly} />}
        </Form.Item>
      )}
    </>
  );
}
