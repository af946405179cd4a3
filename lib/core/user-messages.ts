/**
 * The field messages of a taken user name or e-mail address, one wording for every form that creates or edits
 * a user (the spec words none: §8 only "an exists flag"). Browser-safe: the forms' schemas use them too.
 *
 * This is the floor under the domains (lib/core): it imports no domain folder.
 */
export const USER_TAKEN_MSG = {
  userName: 'This user name already exists.',
  /** The name is a deactivated user's of the same firm: reactivating is the way, not a new user. */
  userNameDeactivated:
    'This user name belongs to a deactivated user of your firm. Show deactivated users in the list (Status) and reactivate them instead.',
  email: 'This e-mail address is already used by another user.',
  either: 'This user name or e-mail address is already used.',
} as const;
