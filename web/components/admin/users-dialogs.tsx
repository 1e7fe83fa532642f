import { createUserBody, USER_MESSAGES, type Role, type UserDto } from '@contract/users';
import { isAdminUser } from '@contract/rules/roles';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import * as v from 'valibot';
import type { Domain } from '../../api/admin-content';
import { hasErrorCode } from '../../api/client';
import { userWrites } from '../../api/user-queries';
import { runWrite } from '../../api/writes';
import { ConfirmDeleteDialog } from '../confirm-delete-dialog';
import { FormDialog } from '../form-dialog';
import { Alert, Button, Checkbox, Dialog, Select, TextField, type SelectOption } from '../../ui';
import { serverText, t, withTags } from '../../i18n';
import { declaredText, errorText, fieldErrors as serverFieldErrors, issueErrors } from '../../i18n/error-text';

/** A function, not a constant: the labels are read in the current language. */
export const ROLE_OPTIONS = (): readonly SelectOption<Role>[] => [
  { value: 'USER', label: t('role.USER') },
  { value: 'ADMIN', label: t('role.ADMIN') },
];

type FieldErrors = Partial<Record<'username' | 'email' | 'firstName' | 'lastName' | 'role', string>>;

const fieldErrors = (issues: readonly v.BaseIssue<unknown>[]): FieldErrors => issueErrors(issues);

/** 'Add New User': username, email, role, optional names. */
export function AddUserDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (user: UserDto, password: string | null) => void;
}) {
  const [values, setValues] = useState({ username: '', email: '', firstName: '', lastName: '', role: 'USER' as Role });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues({ username: '', email: '', firstName: '', lastName: '', role: 'USER' });
    setErrors({});
    setError(null);
    setBusy(false);
  }, [open]);

  const set = (key: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(createUserBody, values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body = { ...values, firstName: values.firstName || undefined, lastName: values.lastName || undefined };
      const res = await runWrite(userWrites.create, body);
      onCreated(res.user, res.password ?? null);
    } catch (e) {
      if (hasErrorCode(e, 'VALIDATION_FAILED', 'CONFLICT')) setErrors(serverFieldErrors(e.fields));
      setError(errorText(e, t('admin.users.createFailed')));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('admin.users.addTitle')}
      description={t('admin.users.addDescription')}
      formId="add-user-form"
      submitLabel={t('admin.users.create')}
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      <TextField
        label={t('admin.users.field.username')}
        required
        autoFocus
        autoComplete="off"
        value={values.username}
        error={errors.username}
        onChange={(e) => set('username')(e.target.value)}
      />
      <TextField
        label={t('admin.users.field.email')}
        type="email"
        required
        autoComplete="off"
        value={values.email}
        error={errors.email}
        onChange={(e) => set('email')(e.target.value)}
      />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
        <TextField
          label={t('admin.users.field.firstName')}
          value={values.firstName}
          error={errors.firstName}
          onChange={(e) => set('firstName')(e.target.value)}
        />
        <TextField
          label={t('admin.users.field.lastName')}
          value={values.lastName}
          error={errors.lastName}
          onChange={(e) => set('lastName')(e.target.value)}
        />
      </div>
      <Select
        label={t('admin.users.field.role')}
        options={ROLE_OPTIONS()}
        value={values.role}
        onValueChange={(r) => set('role')(r)}
        error={errors.role}
      />
    </FormDialog>
  );
}

/** 'User Created Successfully': the generated password, once, with Copy. */
export function UserCreatedDialog({
  result,
  onClose,
}: {
  result: { user: UserDto; password: string | null } | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => setCopied(false), [result]);
  const password = result?.password ?? null;
  const copy = async () => {
    if (!password) return;
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog
      open={result !== null}
      onOpenChange={(o) => (!o ? onClose() : undefined)}
      title={t('admin.users.createdTitle')}
      size="sm"
      footer={<Button onClick={onClose}>{t('admin.users.done')}</Button>}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <p>
          {withTags(t('admin.users.createdText', { name: result?.user.username ?? '' }), [
            (text, key) => <strong key={key}>{text}</strong>,
          ])}
        </p>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <code
            data-testid="generated-password"
            className={css({
              fontFamily: 'mono',
              fontSize: 'lg',
              bg: 'bg.muted',
              px: '3',
              py: '2',
              borderRadius: 'md',
              wordBreak: 'break-all',
            })}
          >
            {password ?? t('admin.users.passwordMissing')}
          </code>
          {password ? (
            <Button variant="outline" size="sm" leftIcon={copied ? <Check /> : <Copy />} onClick={() => void copy()}>
              {copied ? t('admin.users.copied') : t('admin.users.copy')}
            </Button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}

/** Edit a user's names, username, email and role. */
export function EditUserDialog({
  user,
  onClose,
  onSaved,
}: {
  user: UserDto | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [values, setValues] = useState({ username: '', email: '', firstName: '', lastName: '', role: 'USER' as Role });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user) return;
    setValues({
      username: user.username,
      email: user.email,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      role: user.role,
    });
    setErrors({});
    setError(null);
    setBusy(false);
  }, [user]);

  const set = (key: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const parsed = v.safeParse(createUserBody, values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setBusy(true);
    try {
      const body = { ...values, firstName: values.firstName || null, lastName: values.lastName || null };
      await runWrite(userWrites.update, { userId: user.id, body });
      onSaved(t('admin.users.updated'));
    } catch (e) {
      if (hasErrorCode(e, 'VALIDATION_FAILED', 'CONFLICT')) setErrors(serverFieldErrors(e.fields));
      setError(errorText(e, t('admin.users.updateFailed')));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      title={t('admin.users.editTitle')}
      formId="edit-user-form"
      submitLabel={t('admin.users.saveChanges')}
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      <TextField
        label={t('admin.users.field.username')}
        required
        value={values.username}
        error={errors.username}
        onChange={(e) => set('username')(e.target.value)}
      />
      <TextField
        label={t('admin.users.field.email')}
        type="email"
        required
        value={values.email}
        error={errors.email}
        onChange={(e) => set('email')(e.target.value)}
      />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
        <TextField
          label={t('admin.users.field.firstName')}
          value={values.firstName}
          error={errors.firstName}
          onChange={(e) => set('firstName')(e.target.value)}
        />
        <TextField
          label={t('admin.users.field.lastName')}
          value={values.lastName}
          error={errors.lastName}
          onChange={(e) => set('lastName')(e.target.value)}
        />
      </div>
      <Select
        label={t('admin.users.field.role')}
        options={ROLE_OPTIONS()}
        value={values.role}
        onValueChange={(r) => set('role')(r)}
      />
    </FormDialog>
  );
}

/**
 * Delete Users confirmation (one user or the selection). Progress and attempts go with the user;
 * a user holding a certificate is refused by the server (issued certificates must keep verifying),
 * and the dialog says so before and shows the refusal if it comes.
 */
export function DeleteUsersDialog({
  users,
  onClose,
  onDeleted,
}: {
  users: UserDto[] | null;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  return (
    <ConfirmDeleteDialog
      item={users}
      title={t('admin.users.deleteTitle')}
      question={
        users?.length === 1
          ? withTags(t('admin.users.deleteOneQuestion', { name: users[0].username }), [
              (text, key) => <strong key={key}>{text}</strong>,
            ])
          : t('admin.users.deleteManyQuestion', { count: users?.length ?? 0 })
      }
      notice={() => <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('admin.users.deleteNotice')}</p>}
      failureMessage={t('admin.users.deleteFailed')}
      onConfirm={(list) =>
        runWrite(
          userWrites.remove,
          list.map((u) => u.id),
        )
      }
      onClose={onClose}
      onDeleted={(result) =>
        onDeleted(
          serverText(
            (result as { message: string }).message,
            t('admin.users.deleted', { count: (result as { deleted?: number }).deleted ?? users?.length ?? 0 }),
          ),
        )
      }
    />
  );
}

/** Assign Books: only learners are eligible; admins are skipped with a warning. */
export function AssignBooksDialog({
  users,
  domains,
  onClose,
  onDone,
}: {
  users: UserDto[] | null;
  domains: Domain[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [bookError, setBookError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setChosen([]);
    setBookError(null);
    setError(null);
    setBusy(false);
  }, [users]);
  const eligible = (users ?? []).filter((u) => !isAdminUser(u));
  const admins = (users ?? []).length - eligible.length;
  const submit = async () => {
    if (chosen.length === 0) {
      setBookError(declaredText(USER_MESSAGES.bookRequired));
      return;
    }
    setBusy(true);
    try {
      const res = await runWrite(userWrites.assignBooks, { userIds: eligible.map((u) => u.id), bookIds: chosen });
      onDone(
        serverText(
          res.message,
          res.updated > 0
            ? t('admin.users.booksAssigned', { count: res.updated, skipped: res.skipped })
            : t('admin.users.booksNotAssigned', { skipped: res.skipped }),
        ),
      );
    } catch (e) {
      setError(errorText(e, t('admin.users.assignFailed')));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={users !== null}
      onOpenChange={(o) => (!o ? onClose() : undefined)}
      title={t('admin.users.assignTitle')}
      description={t('admin.users.assignDescription', { count: eligible.length })}
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} disabled={eligible.length === 0} onClick={() => void submit()}>
            {t('admin.users.assignTitle')}
          </Button>
        </>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {error ? <Alert status="error">{error}</Alert> : null}
        {admins > 0 ? <Alert status="warning">{t('admin.users.adminsSkipped', { count: admins })}</Alert> : null}
        {eligible.length === 0 ? (
          <Alert status="warning">{t('admin.users.noEligible')}</Alert>
        ) : (
          <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <legend className={css({ fontWeight: 'medium', mb: '2' })}>{t('admin.users.col.books')}</legend>
            {domains.length === 0 ? <p className={css({ color: 'fg.muted' })}>{t('admin.users.noBooksYet')}</p> : null}
            {domains.map((d) => (
              <Checkbox
                key={d.id}
                checked={chosen.includes(d.id)}
                onCheckedChange={(on) => {
                  setBookError(null);
                  setChosen((current) => (on ? [...current, d.id] : current.filter((id) => id !== d.id)));
                }}
              >
                {d.name}
              </Checkbox>
            ))}
            {bookError ? (
              <p role="alert" className={css({ color: 'error.fg', fontSize: 'sm' })}>
                {bookError}
              </p>
            ) : null}
          </fieldset>
        )}
      </div>
    </Dialog>
  );
}
