/**
 * The web screens' view of users: plain strings ready to render (full name, role name, status, date created
 * and last sign-in in the viewer's time zone, authenticator app, the edit link with the encoded id), so client components hold no rules.
 * Server-only (the edit link is encoded with Buffer).
 */
import type { Actor } from '@/lib/auth/actor';
import { encodeParam } from '@/lib/encoding';
import { roleName } from '@/lib/reference';
import { displayDate, displayDateTime } from '@/lib/display-date';
import { deactivateRefusal } from '@/lib/core/user-policy';
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
  isActive: boolean;
  /** Active, Locked or Deactivated. */
  status: string;
  /** The last sign-in in the viewer's zone, or 'Never'. */
  lastSignIn: string;
  /** 'Yes' when the user signs in with an authenticator app. */
  authenticator: string;
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
    isActive: u.isActive,
    status: !u.isActive ? 'Deactivated' : u.isLocked ? 'Locked' : 'Active',
    lastSignIn: u.lastSignInAt ? displayDateTime(u.lastSignInAt, viewer.timeZone) : 'Never',
    authenticator: u.usesAuthenticator ? 'Yes' : 'No',
    editHref: editUserHref(u.id),
    canDeactivate: u.isActive && deactivateRefusal(viewer, u.id) === null,
  };
}
