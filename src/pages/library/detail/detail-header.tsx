import { ArrowLeftOutlined, DownloadOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { fileSrc } from '../uploads';

interface DetailHeaderProps {
  title: string;
  onBack: () => void;
  onFullscreen: () => void;
  file: string;
  /** The name the download is saved under. */
  fileName: string;
}

/** The address that downloads a file under its name: stored files answer as an attachment. */
export function downloadHref(file: string): string {
  const src = fileSrc(file);
  return file.startsWith('/api/') ? `${src}${src.includes('?') ? '&' : '?'}download=1` : src;
}

export function DetailHeader({ title, onBack, onFullscreen, file, fileName }: DetailHeaderProps) {
  return (
    <div className="library-detail__header">
      <Space size={12} className="library-detail__heading">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          返回
        </Button>
        <Typography.Title level={4} ellipsis={{ tooltip: title }} className="library-detail__title">
          {title}
        </Typography.Title>
      </Space>
      <Space>
        <Button icon={<FullscreenOutlined />} onClick={onFullscreen} disabled={!file}>
          全屏
        </Button>
        {file ? (
          <Button type="primary" icon={<DownloadOutlined />} href={downloadHref(file)} download={fileName || true}>
            下载
          </Button>
        ) : (
          <Button type="primary" icon={<DownloadOutlined />} disabled>
            下载
          </Button>
        )}
      </Space>
    </div>
  );
}
