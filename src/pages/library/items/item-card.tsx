import { DownloadOutlined, EditOutlined, FileTextOutlined } from '@ant-design/icons';
import { Card, Checkbox, Tag, Tooltip } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import type { LibraryItem } from '../types';
import { fileSrc } from '../../../providers/files';
import { NameCell } from '../../../components/name-cell';
import { downloadHref, isFirstPage, itemImage } from './item-files';

/** Tags a card shows before it folds the rest into "+N". */
const SHOWN_TAGS = 3;

interface ItemCardProps {
  item: LibraryItem;
  /** Materials are images: their file is the picture when there is no cover. */
  imageIsFile: boolean;
  selecting: boolean;
  checked: boolean;
  canEdit: boolean;
  /** A line under the date that a screen adds (the 成果 cards: region and indicators). */
  detail?: ReactNode;
  onToggle: (checked: boolean) => void;
  onOpen: () => void;
  onEdit: () => void;
}

/** One report or material: cover, name, date (the first 10 characters) and tags. */
export function ItemCard({ item, imageIsFile, selecting, checked, canEdit, detail, onToggle, onOpen, onEdit }: ItemCardProps) {
  const image = itemImage(item, imageIsFile);
  const activate = () => (selecting ? onToggle(!checked) : onOpen());
  const onKey = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    activate();
  };
  const actions =
    canEdit && !selecting
      ? [
          <Tooltip title="编辑" key="edit">
            <EditOutlined aria-label="编辑" role="button" onClick={onEdit} />
          </Tooltip>,
          item.file ? (
            <Tooltip title="下载" key="download">
              <a href={downloadHref(item.file)} aria-label="下载" download={item.real_file_name ?? item.name}>
                <DownloadOutlined />
              </a>
            </Tooltip>
          ) : null,
        ].filter(Boolean)
      : undefined;

  return (
    <Card
      className={`library-card${checked ? ' library-card--checked' : ''}`}
      hoverable
      size="small"
      actions={actions}
      cover={
        <div
          className="library-card__cover"
          role="button"
          tabIndex={0}
          aria-label={selecting ? `选择 ${item.name}` : `查看 ${item.name}`}
          onClick={activate}
          onKeyDown={onKey}
        >
          {image ? (
            <img src={fileSrc(image)} alt={item.name} loading="lazy" className={isFirstPage(item, imageIsFile) ? 'library-card__page' : undefined} />
          ) : (
            <FileTextOutlined className="library-card__placeholder" />
          )}
          {selecting && (
            <Checkbox
              className="library-card__check"
              checked={checked}
              aria-label={`勾选 ${item.name}`}
              onClick={(event) => event.stopPropagation()}
              onChange={(event) => onToggle(event.target.checked)}
            />
          )}
        </div>
      }
    >
      {/* The whole card opens (or, selecting, checks) the item; the cover is its keyboard stop. */}
      <div className="library-card__body" onClick={activate}>
        <NameCell text={item.name} className="library-card__name" />
        <div className="library-card__date">{item.created_at.slice(0, 10)}</div>
        {detail}
        <div className="library-card__tags">
          {item.labels.slice(0, SHOWN_TAGS).map((label) => (
            <Tag key={label.id} color="blue" bordered={false}>
              {label.name}
            </Tag>
          ))}
          {item.labels.length > SHOWN_TAGS && (
            <Tooltip title={item.labels.slice(SHOWN_TAGS).map((label) => label.name).join('、')}>
              <Tag bordered={false}>+{item.labels.length - SHOWN_TAGS}</Tag>
            </Tooltip>
          )}
        </div>
      </div>
    </Card>
  );
}
