/**
 * The web screens' view of users: plain strings ready to render (full name, role name, date created in
 * the viewer's time zone, the edit link with the encoded id), so client components hold no rules.
 * Server-only (the edit link is encoded with Buffer).
 */
import type { Actor } from '@/lib/auth/actor';
import { encodeParam } from '@/lib/encoding';
import { roleName } from '@/lib/reference';
import { displayDate } from '@/lib/display-date';
import { deactivateRefusal } from './policy';
import type { UserListItem } from './queries';

export function fullName(u: Pick<UserListItem, 'firstName' | 'lastName'>): string {
  return `${u.firstName} ${u.lastName}`.trim();
}

export interface UserRowView {
  id: number;
  userName: string;
  fullName: string;
  email: string;
  phone: string;
  roleName: string;
  timeZone: string;
  created: string;
  isLocked: boolean;
  editHref: string;
  /** False for the administrator's own row (it cannot deactivate itself). */
  canDeactivate: boolean;
}

/** /saveuser?uD=<the user id, base64 ×4> (spec §2). */
export function editUserHref(userId: number): string {
  return `/saveuser?uD=${encodeURIComponent(encodeParam(userId))}`;
}

export function presentUserRow(u: UserListItem, viewer: Actor): UserRowView {
  return {
    id: u.id,
    userName: u.userName,
    fullName: fullName(u),
    email: u.email,
    phone: u.phone,
    roleName: roleName(u.role),
    timeZone: u.timeZone,
    created: displayDate(u.createdAt, viewer.timeZone),
    isLocked: u.isLocked,
    editHref: editUserHref(u.id),
    canDeactivate: deactivateRefusal(viewer, u.id) === null,
  };
}
