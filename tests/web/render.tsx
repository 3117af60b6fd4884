import { StyleProvider, type Transformer } from '@ant-design/cssinjs';
import { render, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { HashRouter } from 'react-router-dom';
import { AppProviders } from '../../src/app-providers';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { reloadSettings } from '../../src/lib/settings';
import { Root } from '../../src/root';
import { demoToken } from './msw';

/**
 * antd's styles keep only what decides whether an element is shown (display, visibility): for each
 * style asked, jsdom matches every rule of every style tag, role queries ask for thousands, and
 * nothing in jsdom lays out, so the other declarations only cost time.
 */
const showingOnly: Transformer = {
  visit: (style) =>
    Object.fromEntries(
      Object.entries(style).filter(([key, value]) => (typeof value === 'object' && value !== null) || key === 'display' || key === 'visibility'),
    ),
};
const Styles = ({ children }: { children: ReactNode }) => <StyleProvider transformers={[showingOnly]}>{children}</StyleProvider>;

/** Opens the whole app at a hash route, as a user would; `allStyles` for a test of what antd paints. */
export function openApp(hash: string, { allStyles = false } = {}) {
  // A load starts from storage: the mode and theme an earlier test's URL gave do not carry over.
  reloadSettings();
  window.location.hash = hash;
  // The pointer-events check reads computed styles up the tree, which is slow under antd's
  // many style tags in jsdom; the app never disables pointer events on something to click.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { user, ...render(<Root />, { wrapper: allStyles ? undefined : Styles }) };
}

export function signIn(): void {
  document.cookie = `token=${demoToken}; path=/`;
  document.cookie = 'organization_uuid=org-1; path=/';
}

export function cookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((item) => item.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** Replaces the text of the field with this placeholder, as a user pasting it would. */
export async function fill(user: ReturnType<typeof userEvent.setup>, placeholder: string, text: string): Promise<void> {
  const field = await screen.findByPlaceholderText(placeholder);
  await user.clear(field);
  await user.paste(text);
}

/** The app's Refine providers and router, as the screens are held: a wrapper for widgets and hooks. */
export const InApp = ({ children }: { children: ReactNode }) => (
  <Styles>
    <HashRouter>
      <AppProviders>{children}</AppProviders>
    </HashRouter>
  </Styles>
);

export const renderInApp = (ui: ReactElement) => render(ui, { wrapper: InApp });
