import { describe, expect, it } from 'vitest';
import { greetingName, userDisplayName, userEmailLabel, userInitials } from './user-display';

describe('user display rules', () => {
  it('uses both initials only when first and last name exist', () => {
    expect(userInitials({ firstName: 'ada', lastName: 'lovelace', username: 'zed' })).toBe('AL');
    expect(userInitials({ firstName: 'Ada', lastName: '', username: 'zed' })).toBe('Z');
    expect(userInitials({ username: '' })).toBe('U');
    expect(userInitials(null)).toBe('U');
  });

  it('names the user by full name, else username, else "User"', () => {
    expect(userDisplayName({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' })).toBe('Ada Lovelace');
    expect(userDisplayName({ firstName: 'Ada', username: 'ada' })).toBe('Ada');
    expect(userDisplayName({ username: 'ada' })).toBe('ada');
    expect(userDisplayName({})).toBe('User');
  });

  it('labels a missing email "No email"', () => {
    expect(userEmailLabel({ email: 'a@b.c' })).toBe('a@b.c');
    expect(userEmailLabel({ email: null })).toBe('No email');
  });

  it('greets by first name, else the email local part, else the fallback', () => {
    expect(greetingName({ firstName: 'Ada', email: 'x@y.z' }, 'User')).toBe('Ada');
    expect(greetingName({ email: 'ada.l@example.com' }, 'User')).toBe('ada.l');
    expect(greetingName({}, 'Admin')).toBe('Admin');
  });
});
