import { Card, Descriptions, Empty, Image, Tag, Typography } from 'antd';
import { fileSrc } from '../uploads';
import type { DetailItem } from './use-detail-item';

/** Name, creator, dates, tags and cover of the item beside its preview. */
export function InfoPanel({ item, noun }: { item: DetailItem; noun: string }) {
  return (
    <Card title={`${noun}信息`} size="small" className="library-detail__info">
      <Descriptions column={1} size="small" colon={false} className="library-detail__descriptions">
        <Descriptions.Item label="名称">{item.name || '-'}</Descriptions.Item>
        <Descriptions.Item label="创建人">{item.create_user || '-'}</Descriptions.Item>
        <Descriptions.Item label="更新时间">{item.updated_at ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{item.created_at ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="标签">
          {item.labels.length ? (
            <div className="library-detail__tags" aria-label="标签">
              {item.labels.map((name) => (
                <Tag key={name} color="blue">
                  {name}
                </Tag>
              ))}
            </div>
          ) : (
            '-'
          )}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">封面</Typography.Text>
      <div className="library-detail__cover">
        {item.cover ? (
          <Image src={fileSrc(item.cover)} alt={`${item.name}封面`} width="100%" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无封面" />
        )}
      </div>
    </Card>
  );
}
