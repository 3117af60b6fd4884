import type { ReportFileValue } from '../uploads';
import { ImageUpload } from '../uploads';
import { fileNameOf } from './form-values';

interface MaterialImageFieldProps {
  value?: ReportFileValue;
  onChange?: (value: ReportFileValue | undefined) => void;
  projectUuid: string;
}

/** A material's image (jpeg, png or jpg up to 10MB), as the same {url, name} value a report file has. */
export function MaterialImageField({ value, onChange, projectUuid }: MaterialImageFieldProps) {
  return (
    <ImageUpload
      value={value?.url}
      onChange={(url) => onChange?.(url ? { url, name: fileNameOf(url) } : undefined)}
      purpose="material"
      projectUuid={projectUuid}
      alt="素材图片"
    />
  );
}
