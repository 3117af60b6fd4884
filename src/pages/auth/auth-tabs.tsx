import { theme } from 'antd';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface AuthTab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * The sign-in screen's two tabs. antd's Tabs (with the overflow menu it brings) was a tenth of the
 * JavaScript the login screen loads; two tabs never overflow, so this strip keeps its look and
 * its tab semantics (role, aria-selected, arrow keys) without it.
 */
export function AuthTabs({ items }: { items: AuthTab[] }) {
  const [active, setActive] = useState(items[0].key);
  const { token } = theme.useToken();
  const id = useId();
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step) setActive(items[(index + step + items.length) % items.length].key);
  };
  return (
    <>
      <div role="tablist" className="auth-tabs" style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        {items.map((item, index) => {
          const selected = item.key === active;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={`${id}-${item.key}`}
              aria-selected={selected}
              aria-controls={`${id}-${item.key}-panel`}
              tabIndex={selected ? 0 : -1}
              className="auth-tabs__tab"
              style={{
                color: selected ? token.colorPrimary : token.colorText,
                borderBottomColor: selected ? token.colorPrimary : 'transparent',
                fontSize: token.fontSize,
              }}
              onClick={() => setActive(item.key)}
              onKeyDown={(event) => move(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div key={item.key} role="tabpanel" id={`${id}-${item.key}-panel`} aria-labelledby={`${id}-${item.key}`} hidden={item.key !== active}>
          {item.children}
        </div>
      ))}
    </>
  );
}
