import { LoadingOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { theme, Tooltip, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { fileSrc, sendFile } from '../../../providers/files';
import { checkImage, uploadTexts, type ImagePurpose } from './checks';
import './uploads.css';

export interface ImageUploadProps {
  /** The image url (a stored file's url or a built-in cover). */
  value?: string;
  onChange?: (url: string | undefined) => void;
  /** Picks the limit: cover 2MB (default), material 10MB, avatar 1MB. */
  purpose?: ImagePurpose;
  /** Uploads into this project; without it the file belongs to the organization. */
  projectUuid?: string;
  disabled?: boolean;
  /** The image's alternative text. */
  alt?: string;
}

/**
 * The platform image widget (platform §2): the image in a square of height 200, a hover mask
 * with an add-cover icon and the tooltip 点击上传图片. A chosen JPEG or PNG under the purpose's
 * limit is uploaded as the multipart field `file`; the answer's `url` becomes the value.
 * Upload failures are reported by the HTTP layer.
 */
export function ImageUpload({ value, onChange, purpose = 'cover', projectUuid, disabled, alt = '图片' }: ImageUploadProps) {
  const { token } = theme.useToken();
  const [loading, setLoading] = useState(false);
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const choose = (file: File) => {
    const problem = checkImage(file, purpose);
    if (problem) {
      feedback.error(problem);
      return Upload.LIST_IGNORE;
    }
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setLoading(true);
    sendFile(file, { purpose, projectUuid, signal: controller.signal })
      .then((answer) => {
        if (!controller.signal.aborted) onChange?.(answer.url);
      })
      .catch(() => {
        // The HTTP layer has told the user.
      })
      .finally(() => {
        if (pending.current === controller) {
          pending.current = null;
          setLoading(false);
        }
      });
    return Upload.LIST_IGNORE;
  };

  const inactive = disabled || loading;
  return (
    <Upload
      accept=".jpg,.jpeg,.png,image/jpeg,image/png"
      showUploadList={false}
      beforeUpload={choose}
      disabled={inactive}
      className="uw-image-upload"
    >
      <Tooltip title={uploadTexts.clickToUpload}>
        <div
          className={`uw-image${inactive ? ' uw-disabled' : ''}`}
          aria-label={uploadTexts.clickToUpload}
          aria-busy={loading}
          style={{ borderColor: token.colorBorder, background: token.colorFillAlter, color: token.colorTextSecondary }}
        >
          {value ? (
            <img src={fileSrc(value)} alt={alt} />
          ) : (
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8, padding: 16 }}>
              {loading ? <LoadingOutlined style={{ fontSize: 24 }} /> : <PlusOutlined style={{ fontSize: 24 }} />}
              <span>上传图片</span>
            </div>
          )}
          {value && (
            <div className="uw-image-mask" aria-hidden style={loading ? { opacity: 1 } : undefined}>
              {loading ? <LoadingOutlined /> : <PictureOutlined />}
            </div>
          )}
        </div>
      </Tooltip>
    </Upload>
  );
}
