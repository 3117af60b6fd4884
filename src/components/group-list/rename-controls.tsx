import { EditOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { feedback } from '../../lib/feedback';

interface InputProps {
  name: string;
  className?: string;
  /** Resolves false when the name was refused; the input then shows the old name again. */
  onRename: (name: string) => Promise<boolean>;
}

/** Renaming in place: the name as an input, saved on blur or Enter. Key it by the name, so a saved name starts a new draft. */
export function NameInput({ name, className, onRename }: InputProps) {
  const [draft, setDraft] = useState(name);
  const [saving, setSaving] = useState(false);

  const commit = async () => {
    const next = draft.trim();
    if (saving || next === name) return;
    if (!next) feedback.warning('组名不能为空');
    setSaving(true);
    const kept = Boolean(next) && (await onRename(next));
    setSaving(false);
    if (!kept) setDraft(name);
  };

  return (
    <Input
      size="small"
      className={className}
      aria-label={`分组名称 ${name}`}
      maxLength={50}
      value={draft}
      disabled={saving}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => void commit()}
      onPressEnter={(event) => event.currentTarget.blur()}
    />
  );
}

/** Renaming by dialog: the row's edit button. */
export function RenameButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="small" type="text" icon={<EditOutlined />} aria-label="重命名"
      onClick={(event) => { event.stopPropagation(); onClick(); }} />
  );
}
