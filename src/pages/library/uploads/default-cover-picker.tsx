import { CheckOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { KeyboardEvent } from 'react';
import './uploads.css';

/** The five built-in covers shipped in public/covers; the server takes these urls without an upload. */
export const DEFAULT_COVERS = [1, 2, 3, 4, 5].map((n) => `/covers/default-${n}.png`);
/** The stock cover of a new report. */
export const DEFAULT_COVER = DEFAULT_COVERS[0];

export interface DefaultCoverPickerProps {
  /** The chosen cover url, `/covers/default-N.png`. */
  value?: string;
  onChange?: (url: string) => void;
  disabled?: boolean;
}

/** Five default covers as selectable thumbnails (a radio group: arrow keys move the choice). */
export function DefaultCoverPicker({ value, onChange, disabled }: DefaultCoverPickerProps) {
  const { token } = theme.useToken();
  const selected = DEFAULT_COVERS.indexOf(value ?? '');

  const pick = (index: number) => {
    if (!disabled && DEFAULT_COVERS[index] !== value) onChange?.(DEFAULT_COVERS[index]);
  };
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (index + step + DEFAULT_COVERS.length) % DEFAULT_COVERS.length;
    pick(next);
    const group = event.currentTarget.parentElement;
    (group?.children[next] as HTMLElement | undefined)?.focus();
  };

  return (
    <div className="uw-covers" role="radiogroup" aria-label="默认封面">
      {DEFAULT_COVERS.map((url, index) => {
        const checked = index === selected;
        return (
          <button
            key={url}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={`默认封面 ${index + 1}`}
            className="uw-cover"
            disabled={disabled}
            tabIndex={checked || (selected < 0 && index === 0) ? 0 : -1}
            onClick={() => pick(index)}
            onKeyDown={(event) => move(event, index)}
            style={{
              borderColor: checked ? token.colorPrimary : token.colorBorderSecondary,
              boxShadow: checked ? `0 0 0 2px ${token.colorPrimaryBg}` : undefined,
              opacity: disabled ? 0.6 : 1,
            }}
          >
            <img src={url} alt="" draggable={false} />
            {checked && (
              <span className="uw-cover-check" style={{ background: token.colorPrimary }} aria-hidden>
                <CheckOutlined />
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
