import { theme } from 'antd';
import { useEffect, useRef } from 'react';

/** A script's or task's log: monospace on the theme's fill, kept scrolled to its end as it grows. */
export function LogText({ text, className, testId }: { text: string; className: string; testId: string }) {
  const { token } = theme.useToken();
  const box = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [text]);
  return (
    <pre ref={box} className={`log-text ${className}`} data-testid={testId} style={{ background: token.colorFillQuaternary, color: token.colorText }}>
      {text}
    </pre>
  );
}
