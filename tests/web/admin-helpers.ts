import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The table row that shows this text (text queries: role queries are slow on antd tables under jsdom). */
export const row = async (text: string) =>
  (await screen.findByText(text, { selector: 'td, td span' })).closest('tr') as HTMLElement;

/** A button by its label, for buttons that carry an icon (antd then keeps the label as written). */
export const button = (scope: HTMLElement, label: string) => within(scope).getByText(label).closest('button') as HTMLElement;

/** A dialog by its title (antd gives every title the same id under test, so names are unreliable). */
export const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

/** No button (or text) of these labels anywhere. */
export function expectNone(labels: string[]) {
  for (const label of labels) expect(screen.queryByText(label)).not.toBeInTheDocument();
}
