import type { Static } from '@sinclair/typebox';
import { formatDateTime } from '../../lib/dates';
import type { RoleRow } from '../../lib/roles';
import type { MemberRow } from './queries';
import type { Member, Role } from './schemas';

const when = (date: Date, timeZone: string) => formatDateTime(date, timeZone)!;

export function presentMember(row: MemberRow, timeZone: string): Static<typeof Member> {
  return {
    uuid: row.user.uuid,
    is_owner: row.member.isOwner,
    role: row.role ? { id: row.role.id, name: row.role.name } : null,
    role_id: row.role?.id ?? null,
    user: { uuid: row.user.uuid, username: row.user.username, nickname: row.user.nickname, mobile: row.user.mobile },
    is_superuser: row.user.isSuperuser,
    is_staff: row.user.isStaff,
    created_at: when(row.member.createdAt, timeZone),
  };
}

export function presentRole({ role, memberCount }: RoleRow, timeZone: string): Static<typeof Role> {
  return {
    id: role.id,
    name: role.name,
    permissions: role.permissions,
    menus: role.permissions,
    is_default: role.isDefault,
    customize: role.customize,
    builtin: role.builtin,
    member_count: memberCount,
    created_at: when(role.createdAt, timeZone),
    updated_at: when(role.updatedAt, timeZone),
  };
}

export const userBrief = (user: MemberRow['user']) => ({
  uuid: user.uuid,
  username: user.username,
  nickname: user.nickname,
  mobile: user.mobile,
});
