import { theme } from 'antd';
import type { ReactNode } from 'react';
import { productTitle } from '../../config';

/** The centered card every sign-in screen sits in (a plain box in the theme's colours: antd's Card brings its tabs along). */
export function AuthCard({ children, subtitle }: { children: ReactNode; subtitle?: string }) {
  const { token } = theme.useToken();
  return (
    <div className="auth-page">
      <div
        className="auth-card"
        style={{ background: token.colorBgContainer, color: token.colorText, borderRadius: token.borderRadiusLG, padding: token.paddingLG }}
      >
        <h1 className="auth-card__title">{productTitle}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}
