import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/providers/i18n';

/** Keys @refinedev/core and @refinedev/antd translate in what this app can show. */
const refineKeys = [
  'buttons.create', 'buttons.save', 'buttons.logout', 'buttons.delete', 'buttons.edit', 'buttons.cancel',
  'buttons.confirm', 'buttons.filter', 'buttons.clear', 'buttons.refresh', 'buttons.show', 'buttons.list',
  'buttons.undo', 'buttons.import', 'buttons.clone', 'buttons.export', 'buttons.notAccessTitle',
  'actions.list', 'actions.create', 'actions.edit', 'actions.show', 'actions.clone',
  'notifications.success', 'notifications.error', 'notifications.undoable', 'notifications.createSuccess',
  'notifications.createError', 'notifications.deleteSuccess', 'notifications.deleteError',
  'notifications.editSuccess', 'notifications.editError', 'notifications.importProgress',
  'warnWhenUnsavedChanges', 'loading', 'autoSave.success', 'autoSave.error', 'autoSave.loading', 'autoSave.idle',
  'pages.error.404', 'pages.error.backHome', 'pages.error.info', 'pages.login.title', 'pages.login.signin',
  'pages.login.buttons.forgotPassword', 'pages.login.buttons.noAccount', 'pages.login.fields.password',
  'pages.login.errors.requiredPassword', 'pages.register.title', 'pages.register.buttons.submit',
  'pages.forgotPassword.title', 'pages.updatePassword.title', 'documentTitle.default', 'documentTitle.suffix',
];

describe('i18n provider', () => {
  it.each(refineKeys)('gives Chinese for %s', (key) => {
    const text = i18nProvider.translate(key, { statusCode: 500, resource: '项目', seconds: 5 }, 'English');
    expect(text).toMatch(/[\u4e00-\u9fa5]/);
    expect(text).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('fills in parameters', () => {
    expect(i18nProvider.translate('notifications.error', { statusCode: 500 })).toBe('操作失败（状态码：500）');
  });

  it("falls back to Refine's default, which is the resource's Chinese label", () => {
    expect(i18nProvider.translate('projects.projects', '项目')).toBe('项目');
    expect(i18nProvider.translate('projects.titles.list', undefined, '项目')).toBe('项目');
  });
});
