import { bulkImportMachine } from '../../bulk-import.machine';
import { expiredLinkError, resetPasswordMachine } from '../../reset-password.machine';
import { SessionRefusedError, sessionMachine } from '../../session.machine';
import { learner } from '../../testing/fixtures';
import type { MachineEntry } from './shared';

// Accounts: the sign-in session, the password reset from the emailed link, the admin's bulk user import.

// The tests' learner under a demo name: one session user shape to keep in step with the contract.
const demoUser = { ...learner, id: 'u-demo', firstName: 'Demo', lastName: 'Learner', name: 'Demo Learner' };

const demoImportRows = [
  { username: 'jdoe', email: 'jdoe@example.com' },
  { username: 'asmith', email: 'asmith@example.com' },
];

export const sessionEntry: MachineEntry = {
  key: 'session',
  title: 'Sign-in session',
  description:
    'How the browser decides who is signed in. The session is a cookie the page cannot read, so at start the server is asked who this is, unless the page arrived rendered by the server for a live session and brings its user (then the page is signed in at once); if the server says there is no session, any user saved at login is forgotten; if the server cannot be reached, the user saved at login is used, and unreadable saved data is removed. Nothing is shown until this check ends. A user whose password must be changed can do nothing else until it is changed. Logging out forgets the user on the device at once and asks the server to end the session and clear the cookie; a session the server refuses ends the same way. No token is ever kept by the page.',
  machine: sessionMachine,
  inputs: [
    { label: 'user saved at login', value: () => ({ savedUser: JSON.stringify(demoUser) }) },
    { label: 'nothing stored', value: () => ({ savedUser: null }) },
    { label: 'unreadable saved user', value: () => ({ savedUser: '{not json' }) },
    { label: 'page rendered signed in', value: () => ({ savedUser: null, pageUser: demoUser }) },
  ],
  samples: {
    'done: fetchCurrentUser': [
      { label: 'learner', payload: () => ({ output: demoUser }) },
      { label: 'must change password', payload: () => ({ output: { ...demoUser, mustChangePassword: true } }) },
    ],
    'error: fetchCurrentUser': [
      { label: 'no session', payload: () => ({ error: new SessionRefusedError('Authentication required') }) },
      { label: 'offline', payload: () => ({ error: new Error('Cannot connect to the server') }) },
    ],
    'done: login': [
      { label: 'learner', payload: () => ({ output: { ...demoUser, token: 'new-token', type: 'Bearer' } }) },
    ],
    'error: login': [
      { label: 'wrong password', payload: () => ({ error: new Error('Invalid username or password') }) },
    ],
    'done: changePassword': [
      { label: 'changed', payload: () => ({ output: { message: 'Password changed successfully' } }) },
    ],
    'session.login': [{ label: 'credentials', payload: () => ({ username: 'learner', password: 'Learner#2026demo' }) }],
    'password.change': [
      {
        label: 'new password',
        payload: () => ({ currentPassword: 'Learner#2026demo', newPassword: 'Stronger#2027pass' }),
      },
    ],
    'user.update': [{ label: 'renamed', payload: () => ({ user: { ...demoUser, firstName: 'Renamed' } }) }],
  },
};

export const resetPasswordEntry: MachineEntry = {
  key: 'reset-password',
  title: 'Password reset from the emailed link',
  description:
    'A learner who forgot the password opens the emailed link. The link\'s token is checked with the server first: a link without a token, or one the server does not accept (already used, unknown, more than an hour old), shows "Invalid or expired password reset link. Please request a new one." and never the form. The new password is sent together with the token; on success a message shows and the page goes to the login 3 seconds later. If the server says the link has expired, "Your password reset link has expired. Please request a new one." shows and the page goes to "forgot password" 2 seconds later; any other refusal keeps the form with the server\'s message.',
  machine: resetPasswordMachine,
  inputs: [
    { label: 'link with a token', value: () => ({ token: 'demo-token' }) },
    { label: 'link without a token', value: () => ({ token: '' }) },
  ],
  samples: {
    'done: validateToken': [
      { label: 'accepted', payload: () => ({ output: true }) },
      { label: 'not accepted', payload: () => ({ output: false }) },
    ],
    'password.submit': [{ label: 'new password', payload: () => ({ password: 'Lockout#Tagout9' }) }],
    'done: resetPassword': [{ label: 'reset', payload: () => ({ output: 'Password has been reset successfully' }) }],
    'error: resetPassword': [
      { label: 'link expired', payload: () => ({ error: expiredLinkError() }) },
      {
        label: 'password refused',
        payload: () => ({ error: new Error('Password cannot contain common safety terms') }),
      },
    ],
  },
};

export const bulkImportEntry: MachineEntry = {
  key: 'bulk-import',
  title: 'Bulk user import (admin)',
  description:
    'An administrator importing users from a CSV file. The file is checked and previewed first; a file with errors or invalid rows cannot be imported until a clean file is chosen. The rows are then sent in chunks, each one saved whole or not at all by the server, with progress shown; if a chunk fails the import stops, the rows already imported are listed, and a retry continues from the chunk that failed, so nobody is imported twice.',
  machine: bulkImportMachine,
  samples: {
    'file.parsed': [
      {
        label: 'clean file, 2 rows',
        payload: () => ({
          fileName: 'users.csv',
          parsed: { rows: demoImportRows, invalidCount: 0, fileError: null },
        }),
      },
      {
        label: '1 invalid row',
        payload: () => ({
          fileName: 'users.csv',
          parsed: { rows: demoImportRows, invalidCount: 1, fileError: null },
        }),
      },
    ],
    'done: importChunk': [
      {
        label: 'chunk imported',
        payload: () => ({ output: demoImportRows.map((r) => ({ ...r, status: 'created' })) }),
      },
    ],
  },
};
