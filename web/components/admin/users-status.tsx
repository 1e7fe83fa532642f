import { DEACTIVATE_CHUNK_SIZE, parseLeaversCsv, USER_MESSAGES, chunk, type UserDto, type UserStatus } from '@contract/admin-people';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { usersApi } from '../../api/admin-people';
import { errorMessage } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { formatCount } from '../../format';
import { FormDialog } from '../form-dialog';
import { Alert, Button, Chip, TextField } from '../../ui';

/** Leavers show as Deactivated; everyone else as Active. */
export function UserStatusChip({ status }: { status: UserStatus }) {
  return status === 'DEACTIVATED' ? <Chip palette="error">Deactivated</Chip> : <Chip palette="success">Active</Chip>;
}

export type StatusChange = { action: 'deactivate' | 'reactivate'; users: UserDto[] };

function useRefreshPeople() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.users.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.dashboard });
  };
}

const REASON_HELP = 'Recorded in the audit log with your name.';

/**
 * Deactivate (one user or the selected rows) or Reactivate, with a reason. Deactivating needs a
 * reason; reactivating takes one if given.
 */
export function UserStatusDialog({ change, onClose, onDone }: { change: StatusChange | null; onClose: () => void; onDone: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshPeople();
  useEffect(() => {
    setReason('');
    setReasonError(null);
    setError(null);
    setBusy(false);
  }, [change]);

  const deactivating = change?.action === 'deactivate';
  const users = change?.users ?? [];
  const who = users.length === 1 ? users[0].username : formatCount(users.length, 'user');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!change) return;
    const why = reason.trim();
    if (deactivating && !why) {
      setReasonError(USER_MESSAGES.reasonRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      let message: string;
      if (!deactivating) {
        for (const user of users) await usersApi.reactivate(user.id, why);
        message = users.length === 1 ? `${users[0].username} reactivated` : `${users.length} users reactivated`;
      } else if (users.length === 1) {
        await usersApi.deactivate(users[0].id, why);
        message = `${users[0].username} deactivated`;
      } else {
        message = (await usersApi.deactivateMany({ userIds: users.map((u) => u.id), reason: why })).message;
      }
      refresh();
      onDone(message);
    } catch (e) {
      setError(errorMessage(e, deactivating ? 'Failed to deactivate users' : 'Failed to reactivate users'));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={change !== null}
      onClose={onClose}
      title={deactivating ? 'Deactivate Users' : 'Reactivate Users'}
      formId="user-status-form"
      submitLabel={deactivating ? 'Deactivate' : 'Reactivate'}
      busy={busy}
      error={error}
      onSubmit={(e) => void submit(e)}
    >
      <p className={css({ fontSize: 'sm' })}>
        {deactivating ? (
          <>
            Deactivate <strong>{who}</strong>? Sign-in is refused and open sessions end at once. Progress, attempts and certificates are kept, and certificates still verify.
          </>
        ) : (
          <>
            Reactivate <strong>{who}</strong>? They can sign in again with their password.
          </>
        )}
      </p>
      <TextField
        multiline
        label={deactivating ? 'Reason' : 'Reason (optional)'}
        required={deactivating}
        helperText={REASON_HELP}
        value={reason}
        error={reasonError ?? undefined}
        autoFocus
        onChange={(e) => {
          setReason(e.target.value);
          setReasonError(null);
        }}
      />
    </FormDialog>
  );
}

/**
 * Deactivate from a CSV file: the file needs a header row with a `username` column (other columns
 * are ignored, so the user export trimmed to the leavers works). Sent in parts of
 * DEACTIVATE_CHUNK_SIZE usernames.
 */
export function DeactivateFromFileDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (message: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [usernames, setUsernames] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshPeople();
  useEffect(() => {
    if (!open) return;
    setFileName(null);
    setUsernames([]);
    setReason('');
    setReasonError(null);
    setError(null);
    setNotFound([]);
    setBusy(false);
  }, [open]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setNotFound([]);
    const parsed = parseLeaversCsv(await file.text());
    setUsernames(parsed.usernames);
    setError(parsed.fileError);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (usernames.length === 0) {
      setError('Please select a CSV file with a username column');
      return;
    }
    const why = reason.trim();
    if (!why) {
      setReasonError(USER_MESSAGES.reasonRequired);
      return;
    }
    setBusy(true);
    setError(null);
    let deactivated = 0;
    let already = 0;
    const missing: string[] = [];
    try {
      for (const part of chunk(usernames, DEACTIVATE_CHUNK_SIZE)) {
        const result = await usersApi.deactivateMany({ usernames: part, reason: why });
        deactivated += result.deactivated;
        already += result.alreadyDeactivated;
        missing.push(...result.notFound);
      }
      refresh();
      const message = `${formatCount(deactivated, 'user')} deactivated${already ? `, ${already} already deactivated` : ''}.`;
      if (missing.length > 0) {
        setNotFound(missing);
        setUsernames([]);
        setError(`${message} These usernames match no account: ${missing.join(', ')}`);
        setBusy(false);
        return;
      }
      onDone(message);
    } catch (e) {
      if (deactivated > 0) refresh();
      setError(errorMessage(e, 'Failed to deactivate users'));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Deactivate Users from CSV"
      description="Upload a CSV file with a username column (other columns are ignored; the EXPORT CSV file trimmed to the leavers works). Every listed user is deactivated with the reason below."
      formId="deactivate-file-form"
      submitLabel={usernames.length > 0 ? `Deactivate ${usernames.length} ${usernames.length === 1 ? 'User' : 'Users'}` : 'Deactivate'}
      busy={busy}
      error={notFound.length > 0 ? null : error}
      onSubmit={(e) => void submit(e)}
    >
      {notFound.length > 0 && error ? <Alert status="warning" announce>{error}</Alert> : null}
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <input ref={input} type="file" accept=".csv,text/csv" aria-label="Leavers CSV file" className={css({ srOnly: true })} onChange={(e) => void onFile(e.target.files?.[0])} />
        <Button variant="outline" leftIcon={<Upload />} onClick={() => input.current?.click()}>
          Choose CSV File
        </Button>
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{fileName ?? 'No file selected'}</span>
      </div>
      {usernames.length > 0 ? (
        <p className={css({ fontSize: 'sm' })}>
          {usernames.length} {usernames.length === 1 ? 'username' : 'usernames'}: {usernames.slice(0, 5).join(', ')}
          {usernames.length > 5 ? ', ...' : ''}
        </p>
      ) : null}
      <TextField
        multiline
        label="Reason"
        required
        helperText={REASON_HELP}
        value={reason}
        error={reasonError ?? undefined}
        onChange={(e) => {
          setReason(e.target.value);
          setReasonError(null);
        }}
      />
    </FormDialog>
  );
}
