import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Tooltip, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';

interface Props {
  value: string;
  placeholder: string;
  onSearch: (text: string) => void;
}

/** A name search that folds into an icon button when it is empty and loses focus (spec section 4). */
export function SearchBox({ value, placeholder, onSearch }: Props) {
  const [text, setText] = useState({ applied: value, draft: value });
  const [open, setOpen] = useState(Boolean(value));
  const input = useRef<InputRef>(null);
  // A new applied value (a link, a reset) replaces what is typed.
  const draft = text.applied === value ? text.draft : value;
  const expanded = open || Boolean(draft);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  if (!expanded) {
    return (
      <Tooltip title={placeholder}>
        <Button icon={<SearchOutlined />} aria-label="搜索" onClick={() => setOpen(true)} />
      </Tooltip>
    );
  }
  return (
    <Input.Search
      ref={input}
      className="library-search"
      allowClear
      placeholder={placeholder}
      value={draft}
      onChange={(event) => setText({ applied: value, draft: event.target.value })}
      onSearch={(next) => onSearch(next.trim())}
      onBlur={() => {
        if (!draft) setOpen(false);
      }}
    />
  );
}
