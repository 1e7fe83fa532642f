import { DEACTIVATE_CHUNK_SIZE, USER_MESSAGES, type UserDto, type UserStatus } from '@contract/users';
import { parseLeaversCsv } from '@contract/user-import';
import { chunk } from '@contract/common';
import { Upload } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { userWrites } from '../../api/user-queries';
import { runWrite } from '../../api/writes';
import { FormDialog } from '../form-dialog';
import { Alert, Button, Chip, TextField } from '../../ui';
import { serverText, t, withTags } from '../../i18n';
import { declaredText, errorText } from '../../i18n/error-text';

/** Leavers show as Deactivated; everyone else as Active. */
export function UserStatusChip({ status }: { status: UserStatus }) {
  return status === 'DEACTIVATED' ? (
    <Chip palette="error">{t('admin.users.status.deactivated')}</Chip>
  ) : (
    <Chip palette="success">{t('admin.users.status.active')}</Chip>
  );
}

export type StatusChange = { action: 'deactivate' | 'reactivate'; users: UserDto[] };

const reasonHelp = () => t('admin.status.reasonHelp');

/**
 * Deactivate (one user or the selected rows) or Reactivate, with a reason. Deactivating needs a
 * reason; reactivating takes one if given.
 */
export function UserStatusDialog({
  change,
  onClose,
  onDone,
}: {
  change: StatusChange | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setReason('');
    setReasonError(null);
    setError(null);
    setBusy(false);
  }, [change]);

  const deactivating = change?.action === 'deactivate';
  const users = change?.users ?? [];
  const who = users.length === 1 ? users[0].username : t('admin.status.userCount', { count: users.length });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!change) return;
    const why = reason.trim();
    if (deactivating && !why) {
      setReasonError(declaredText(USER_MESSAGES.reasonRequired));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      let message: string;
      if (!deactivating) {
        for (const user of users) await runWrite(userWrites.reactivate, { userId: user.id, reason: why });
        message =
          users.length === 1
            ? t('admin.status.reactivatedOne', { name: users[0].username })
            : t('admin.status.reactivatedMany', { count: users.length });
      } else if (users.length === 1) {
        await runWrite(userWrites.deactivate, { userId: users[0].id, reason: why });
        message = t('admin.status.deactivatedOne', { name: users[0].username });
      } else {
        const result = await runWrite(userWrites.deactivateMany, { userIds: users.map((u) => u.id), reason: why });
        message = serverText(
          result.message,
          t('admin.status.deactivatedSummary', { count: result.deactivated, already: result.alreadyDeactivated }),
        );
      }
      onDone(message);
    } catch (e) {
      setError(errorText(e, deactivating ? t('admin.status.deactivateFailed') : t('admin.status.reactivateFailed')));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={change !== null}
      onClose={onClose}
      title={deactivating ? t('admin.status.deactivateTitle') : t('admin.status.reactivateTitle')}
      formId="user-status-form"
      submitLabel={deactivating ? t('admin.status.deactivate') : t('admin.status.reactivate')}
      busy={busy}
      error={error}
      onSubmit={(e) => void submit(e)}
    >
      <p className={css({ fontSize: 'sm' })}>
        {withTags(t(deactivating ? 'admin.status.deactivateQuestion' : 'admin.status.reactivateQuestion', { who }), [
          (text, key) => <strong key={key}>{text}</strong>,
        ])}
      </p>
      <TextField
        multiline
        label={deactivating ? t('admin.status.reason') : t('admin.status.reasonOptional')}
        required={deactivating}
        helperText={reasonHelp()}
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
export function DeactivateFromFileDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [usernames, setUsernames] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
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
    setError(parsed.fileError ? declaredText(parsed.fileError) : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (usernames.length === 0) {
      setError(t('admin.status.chooseLeaversFile'));
      return;
    }
    const why = reason.trim();
    if (!why) {
      setReasonError(declaredText(USER_MESSAGES.reasonRequired));
      return;
    }
    setBusy(true);
    setError(null);
    let deactivated = 0;
    let already = 0;
    const missing: string[] = [];
    try {
      for (const part of chunk(usernames, DEACTIVATE_CHUNK_SIZE)) {
        const result = await runWrite(userWrites.deactivateMany, { usernames: part, reason: why });
        deactivated += result.deactivated;
        already += result.alreadyDeactivated;
        missing.push(...result.notFound);
      }
      const message = t('admin.status.deactivatedSummary', { count: deactivated, already });
      if (missing.length > 0) {
        setNotFound(missing);
        setUsernames([]);
        setError(`${message} ${t('admin.status.notFound', { names: missing.join(', ') })}`);
        setBusy(false);
        return;
      }
      onDone(message);
    } catch (e) {
      setError(errorText(e, t('admin.status.deactivateFailed')));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('admin.status.fileTitle')}
      description={t('admin.status.fileDescription')}
      formId="deactivate-file-form"
      submitLabel={
        usernames.length > 0
          ? t('admin.status.deactivateCount', { count: usernames.length })
          : t('admin.status.deactivate')
      }
      busy={busy}
      error={notFound.length > 0 ? null : error}
      onSubmit={(e) => void submit(e)}
    >
      {notFound.length > 0 && error ? (
        <Alert status="warning" announce>
          {error}
        </Alert>
      ) : null}
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          aria-label={t('admin.status.leaversFile')}
          className={css({ srOnly: true })}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <Button variant="outline" leftIcon={<Upload />} onClick={() => input.current?.click()}>
          {t('admin.import.chooseFile')}
        </Button>
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{fileName ?? t('admin.import.noFile')}</span>
      </div>
      {usernames.length > 0 ? (
        <p className={css({ fontSize: 'sm' })}>
          {t('admin.status.usernames', { count: usernames.length, names: usernames.slice(0, 5).join(', ') })}
          {usernames.length > 5 ? ', ...' : ''}
        </p>
      ) : null}
      <TextField
        multiline
        label={t('admin.status.reason')}
        required
        helperText={reasonHelp()}
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
