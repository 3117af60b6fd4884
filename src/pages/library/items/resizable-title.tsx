import type { KeyboardEvent, MouseEvent as ReactMouseEvent, ThHTMLAttributes } from 'react';
import { MIN_COLUMN_WIDTH } from './column-widths';

export interface ResizableTitleProps extends ThHTMLAttributes<HTMLTableCellElement> {
  width?: number;
  /** Absent on columns that keep their width. */
  onResize?: (width: number) => void;
  /** Called once when a drag ends, with the final width. */
  onResizeEnd?: (width: number) => void;
  resizeLabel?: string;
}

const KEY_STEP = 16;

/** A table header cell with a handle on its right edge: drag it, or focus it and press ← →. */
export function ResizableTitle({ width, onResize, onResizeEnd, resizeLabel, children, ...rest }: ResizableTitleProps) {
  if (!onResize || width === undefined) return <th {...rest}>{children}</th>;
  const clamp = (value: number) => Math.max(MIN_COLUMN_WIDTH, Math.round(value));

  const startDrag = (event: ReactMouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    let current = width;
    const move = (moveEvent: MouseEvent) => {
      current = clamp(width + moveEvent.clientX - startX);
      onResize(current);
    };
    const stop = () => {
      document.removeEventListener('mousemove', move);
      document.removeEventListener('mouseup', stop);
      onResizeEnd?.(current);
    };
    document.addEventListener('mousemove', move);
    document.addEventListener('mouseup', stop);
  };
  const onKey = (event: KeyboardEvent) => {
    const step = { ArrowLeft: -KEY_STEP, ArrowRight: KEY_STEP }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = clamp(width + step);
    onResize(next);
    onResizeEnd?.(next);
  };

  return (
    <th {...rest} className={`${rest.className ?? ''} library-resizable`}>
      {children}
      <span
        className="library-resizable__handle"
        role="separator"
        aria-orientation="vertical"
        aria-label={resizeLabel}
        aria-valuenow={width}
        tabIndex={0}
        onMouseDown={startDrag}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={onKey}
      />
    </th>
  );
}
