import { Typography } from 'antd';

/** What an upload whose bytes already are items of the project says: 与「…」、「…」内容相同. */
export const sameContentText = (names: string[]) => `与${names.map((name) => `「${name}」`).join('、')}内容相同`;

/** The same notice as a line of a file list; nothing when no item has the same bytes. */
export function SameContentNote({ names }: { names?: string[] }) {
  if (!names?.length) return null;
  return (
    <Typography.Text type="warning" style={{ flex: 'none', fontSize: 12 }}>
      {sameContentText(names)}
    </Typography.Text>
  );
}
