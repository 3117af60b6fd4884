import { Card } from 'antd';
import type { ReactNode } from 'react';
import { productTitle } from '../../config';

/** The centered card every sign-in screen sits in. */
export function AuthCard({ children, subtitle }: { children: ReactNode; subtitle?: string }) {
  return (
    <div className="auth-page">
      <Card className="auth-card" variant="borderless">
        <h1 className="auth-card__title">{productTitle}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </Card>
    </div>
  );
}
