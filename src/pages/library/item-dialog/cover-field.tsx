import { Typography } from 'antd';
import { DefaultCoverPicker, ImageUpload } from '../uploads';

interface CoverFieldProps {
  value?: string;
  onChange?: (url: string | undefined) => void;
  projectUuid: string;
}

/** An uploaded cover, or one of the five built-in ones (the first is the stock cover). */
export function CoverField({ value, onChange, projectUuid }: CoverFieldProps) {
  return (
    <div className="item-dialog__cover">
      <ImageUpload value={value} onChange={onChange} purpose="cover" projectUuid={projectUuid} alt="报告封面" />
      <div>
        <Typography.Text type="secondary">或选择默认封面</Typography.Text>
        <DefaultCoverPicker value={value} onChange={onChange} />
      </div>
    </div>
  );
}
