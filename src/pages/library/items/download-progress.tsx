import { Modal, Progress } from 'antd';

/** The progress of a zip download; undefined hides it. */
export function DownloadProgress({ percent }: { percent?: number }) {
  return (
    <Modal open={percent !== undefined} title="正在打包下载" footer={null} closable={false} maskClosable={false} destroyOnHidden>
      <Progress percent={percent ?? 0} status="active" aria-label="下载进度" />
    </Modal>
  );
}
