/** How the learner shell names the signed-in user (avatar initials, display name, email, greeting), with a fallback for each missing field. */
export interface DisplayableUser {
  username?: string | null;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

const clean = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');

/** Upper-case initials of first and last name if both exist, else the username's first letter, else "U". */
export function userInitials(user: DisplayableUser | null | undefined): string {
  const first = clean(user?.firstName);
  const last = clean(user?.lastName);
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  const username = clean(user?.username);
  if (username) return username[0]!.toUpperCase();
  return 'U';
}

/** Full name, else username, else "User". */
export function userDisplayName(user: DisplayableUser | null | undefined): string {
  const full = [clean(user?.firstName), clean(user?.lastName)].filter(Boolean).join(' ');
  return full || clean(user?.username) || 'User';
}

/** The email, else "No email". */
export function userEmailLabel(user: DisplayableUser | null | undefined): string {
  return clean(user?.email) || 'No email';
}

/** Greeting name: first name, else the part of the email before the at-sign, else the fallback. */
export function greetingName(user: DisplayableUser | null | undefined, fallback: string): string {
  const first = clean(user?.firstName);
  if (first) return first;
  const email = clean(user?.email);
  const local = email.includes('@') ? email.slice(0, email.indexOf('@')) : '';
  return local || fallback;
}
