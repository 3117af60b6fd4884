import { describe, expect, it } from 'vitest';
import { CATALOGUE, matches, permissionChecker, scopeDetails } from '../../contract/permissions';
import { isAllowed } from '../../src/providers/access-control';

const all = CATALOGUE.map((entry) => entry.permissions_detail);
/** The details a pattern matches, out of the whole catalogue. */
const matched = (pattern: string) => all.filter((detail) => matches(pattern, detail));

describe('permission patterns of spec section 6', () => {
  const cases: [pattern: string, expected: string[]][] = [
    ['projectprofile/view_projectprofile', ['project.projectprofile.view_projectprofile']],
    ['projectmember/view_projectmember', ['project.projectmember.view_projectmember']],
    // role/view_role names a model of two apps; a project's details only hold the project one.
    ['role/view_role', ['project.role.view_role', 'organization.role.view_role']],
    ['project/delete_project', ['project.project.delete_project']],
    ['create_report', ['report.report.create_report']],
    ['edit_report', ['report.report.edit_report']],
    ['delete_report', ['report.report.delete_report']],
    ['report.reportgroup.delete_reportgroup', ['report.reportgroup.delete_reportgroup']],
    ['create_reportgroup', ['report.reportgroup.create_reportgroup']],
    ['report.materialgroup.edit_materialgroup', ['report.materialgroup.edit_materialgroup']],
    ['report.materialgroup.delete_materialgroup', ['report.materialgroup.delete_materialgroup']],
    ['report.labelgroup.view_labelgroup', ['report.labelgroup.view_labelgroup']],
    ['create_labelgroup', ['report.labelgroup.create_labelgroup']],
    ['edit_labelgroup', ['report.labelgroup.edit_labelgroup']],
    ['delete_labelgroup', ['report.labelgroup.delete_labelgroup']],
    ['report.label.edit_label', ['report.label.edit_label']],
    ['report.label.create_label', ['report.label.create_label']],
  ];
  it.each(cases)('%s matches exactly its detail strings', (pattern, expected) => {
    expect(matched(pattern).sort()).toEqual([...expected].sort());
  });

  it.each([
    ['report.report', 'report'],
    ['report.material', 'material'],
    ['report.label', 'label'],
  ])('%s matches the four actions of its model and nothing of its group model', (pattern, model) => {
    expect(matched(pattern).sort()).toEqual(
      ['view', 'create', 'edit', 'delete'].map((action) => `report.${model}.${action}_${model}`).sort(),
    );
  });

  it('does not match a longer model that starts with the same word', () => {
    expect(matches('report.report', 'report.reportgroup.view_reportgroup')).toBe(false);
    expect(matches('report.material', 'report.materialgroup.view_materialgroup')).toBe(false);
    expect(matches('report.label', 'report.labelgroup.view_labelgroup')).toBe(false);
    expect(matches('create_report', 'report.report.create_reportgroup')).toBe(false);
    expect(matches('create_report', 'report.reportgroup.create_reportgroup')).toBe(false);
    expect(matches('edit_label', 'report.labelgroup.edit_labelgroup')).toBe(false);
    expect(matches('role/view_role', 'project.project.view_project')).toBe(false);
    expect(matches('project/delete_project', 'project.projectmember.delete_projectmember')).toBe(false);
  });

  it('needs its segments consecutive and whole', () => {
    expect(matches('report/create_report', 'report.report.create_report')).toBe(true);
    expect(matches('report.create_report', 'report.report.create_report')).toBe(true);
    expect(matches('report.report.create', 'report.report.create_report')).toBe(false);
    expect(matches('project.create_report', 'report.report.create_report')).toBe(false);
    expect(matches('', 'report.report.create_report')).toBe(false);
    expect(matches('report.report.create_report.more', 'report.report.create_report')).toBe(false);
  });
});

describe('permissionChecker', () => {
  const visitor = scopeDetails('project').filter((detail) => detail.includes('.view_'));
  const checker = permissionChecker(['report.report.view_report', 'report.report.edit_report']);

  it('has: a named detail is in the list', () => {
    expect(checker.has('report.report.edit_report')).toBe(true);
    expect(checker.has('edit_report')).toBe(false);
  });

  it('matchAll and matchSome: every pattern, or one of them', () => {
    expect(checker.matchAll(['report.report', 'edit_report'])).toBe(true);
    expect(checker.matchAll(['edit_report', 'delete_report'])).toBe(false);
    expect(checker.matchSome(['delete_report', 'edit_report'])).toBe(true);
    expect(checker.matchSome(['delete_report', 'create_report'])).toBe(false);
    expect(checker.matchSome([])).toBe(false);
  });

  it('gives a visitor the menus and no write action', () => {
    const { matchSome } = permissionChecker(visitor);
    for (const pattern of ['report.report', 'report.material', 'report.label', 'projectprofile/view_projectprofile']) {
      expect(matchSome([pattern])).toBe(true);
    }
    for (const pattern of ['create_report', 'edit_report', 'delete_report', 'project/delete_project', 'create_labelgroup']) {
      expect(matchSome([pattern])).toBe(false);
    }
  });
});

describe('access-control decisions from the resource permission tables', () => {
  const admin = scopeDetails('project');
  const viewOnly = admin.filter((detail) => detail.includes('.view_'));

  it('lets an administrator do everything', () => {
    for (const resource of ['reports', 'materials', 'labels', 'projectMembers', 'projectRoles', 'projectProfile']) {
      for (const action of ['list', 'create', 'edit', 'delete'] as const) expect(isAllowed(resource, action, admin)).toBe(true);
    }
    expect(isAllowed('projectAdvanced', 'list', admin)).toBe(true);
  });

  it('lets a visitor list but not change members and roles, nor open 高级管理', () => {
    for (const resource of ['projectMembers', 'projectRoles']) {
      expect(isAllowed(resource, 'list', viewOnly)).toBe(true);
      for (const action of ['create', 'edit', 'delete'] as const) expect(isAllowed(resource, action, viewOnly)).toBe(false);
    }
    expect(isAllowed('projectAdvanced', 'list', viewOnly)).toBe(false);
  });

  it('opens only 报告管理 with report.report.view_report', () => {
    const details = ['report.report.view_report'];
    expect(isAllowed('reports', 'list', details)).toBe(true);
    expect(isAllowed('reports', 'show', details)).toBe(true);
    expect(isAllowed('reports', 'create', details)).toBe(false);
    expect(isAllowed('materials', 'list', details)).toBe(false);
    expect(isAllowed('labels', 'list', details)).toBe(false);
    expect(isAllowed('projectProfile', 'list', details)).toBe(false);
  });

  it('leaves actions a table does not name open, as for an unknown resource', () => {
    expect(isAllowed('projectProfile', 'create', [])).toBe(true);
    expect(isAllowed('nothing', 'delete', [])).toBe(true);
  });
});
