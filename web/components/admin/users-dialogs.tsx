import { createUserBody, type Role, type UserDto } from '@contract/admin-people';
import { isAdminUser } from '@contract/rules/roles';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import * as v from 'valibot';
import { usersApi } from '../../api/admin-people';
import type { Domain } from '../../api/admin-content';
import { errorMessage, hasErrorCode } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { formatCount } from '../../format';
import { ConfirmDeleteDialog } from '../confirm-delete-dialog';
import { FormDialog } from '../form-dialog';
import { Alert, Button, Checkbox, Dialog, Select, TextField, type SelectOption } from '../../ui';

export const ROLE_OPTIONS: readonly SelectOption<Role>[] = [
  { value: 'USER', label: 'User' },
  { value: 'ADMIN', label: 'Admin' },
];

type FieldErrors = Partial<Record<'username' | 'email' | 'firstName' | 'lastName' | 'role', string>>;

function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** 'Add New User': username, email, role, optional names. */
export function AddUserDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (user: UserDto, password: string | null) => void }) {
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
      const res = await usersApi.create({ ...values, firstName: values.firstName || undefined, lastName: values.lastName || undefined });
      onCreated(res.user, res.password ?? null);
    } catch (e) {
      if (hasErrorCode(e, 'VALIDATION_FAILED', 'CONFLICT')) setErrors(e.fields as FieldErrors);
      setError(errorMessage(e, 'Failed to create user'));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Add New User"
      description="A password is generated and shown once. The user must change it at first sign-in."
      formId="add-user-form"
      submitLabel="Create User"
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      <TextField label="Username" required autoFocus autoComplete="off" value={values.username} error={errors.username} onChange={(e) => set('username')(e.target.value)} />
      <TextField label="Email" type="email" required autoComplete="off" value={values.email} error={errors.email} onChange={(e) => set('email')(e.target.value)} />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
        <TextField label="First Name" value={values.firstName} error={errors.firstName} onChange={(e) => set('firstName')(e.target.value)} />
        <TextField label="Last Name" value={values.lastName} error={errors.lastName} onChange={(e) => set('lastName')(e.target.value)} />
      </div>
      <Select label="Role" options={ROLE_OPTIONS} value={values.role} onValueChange={(r) => set('role')(r)} error={errors.role} />
    </FormDialog>
  );
}

/** 'User Created Successfully': the generated password, once, with Copy. */
export function UserCreatedDialog({ result, onClose }: { result: { user: UserDto; password: string | null } | null; onClose: () => void }) {
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
      title="User Created Successfully"
      size="sm"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <p>
          <strong>{result?.user.username}</strong> can now sign in with this temporary password. It is shown only once; the user must change it at first sign-in.
        </p>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <code data-testid="generated-password" className={css({ fontFamily: 'mono', fontSize: 'lg', bg: 'bg.muted', px: '3', py: '2', borderRadius: 'md', wordBreak: 'break-all' })}>
            {password ?? 'Error retrieving password'}
          </code>
          {password ? (
            <Button variant="outline" size="sm" leftIcon={copied ? <Check /> : <Copy />} onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}

/** Edit a user's names, username, email and role. */
export function EditUserDialog({ user, onClose, onSaved }: { user: UserDto | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [values, setValues] = useState({ username: '', email: '', firstName: '', lastName: '', role: 'USER' as Role });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user) return;
    setValues({ username: user.username, email: user.email, firstName: user.firstName ?? '', lastName: user.lastName ?? '', role: user.role });
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
      await usersApi.update(user.id, { ...values, firstName: values.firstName || null, lastName: values.lastName || null });
      onSaved('User updated successfully');
    } catch (e) {
      if (hasErrorCode(e, 'VALIDATION_FAILED', 'CONFLICT')) setErrors(e.fields as FieldErrors);
      setError(errorMessage(e, 'Failed to update user'));
      setBusy(false);
    }
  };

  return (
    <FormDialog open={user !== null} onClose={onClose} title="Edit User" formId="edit-user-form" submitLabel="Save Changes" busy={busy} error={error} onSubmit={submit}>
      <TextField label="Username" required value={values.username} error={errors.username} onChange={(e) => set('username')(e.target.value)} />
      <TextField label="Email" type="email" required value={values.email} error={errors.email} onChange={(e) => set('email')(e.target.value)} />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
        <TextField label="First Name" value={values.firstName} error={errors.firstName} onChange={(e) => set('firstName')(e.target.value)} />
        <TextField label="Last Name" value={values.lastName} error={errors.lastName} onChange={(e) => set('lastName')(e.target.value)} />
      </div>
      <Select label="Role" options={ROLE_OPTIONS} value={values.role} onValueChange={(r) => set('role')(r)} />
    </FormDialog>
  );
}

/**
 * Delete Users confirmation (one user or the selection). Progress and attempts go with the user;
 * a user holding a certificate is refused by the server (issued certificates must keep verifying),
 * and the dialog says so before and shows the refusal if it comes.
 */
export function DeleteUsersDialog({ users, onClose, onDeleted }: { users: UserDto[] | null; onClose: () => void; onDeleted: (message: string) => void }) {
  return (
    <ConfirmDeleteDialog
      item={users}
      title="Delete Users"
      question={
        users?.length === 1 ? (
          <>
            Are you sure you want to delete <strong>{users[0].username}</strong>?
          </>
        ) : (
          <>Are you sure you want to delete {formatCount(users?.length ?? 0, 'user')}?</>
        )
      }
      notice={() => (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          Their progress and attempts are deleted with them. Users who hold a certificate cannot be deleted, so that their certificates keep verifying. This cannot be undone.
        </p>
      )}
      failureMessage="Failed to delete users"
      onConfirm={(list) => (list.length === 1 ? usersApi.remove(list[0].id) : usersApi.removeMany(list.map((u) => u.id)))}
      invalidates={[queryKeys.admin.users.all]}
      onClose={onClose}
      onDeleted={(result) => onDeleted((result as { message: string }).message)}
    />
  );
}

/** Assign Books: only learners are eligible; admins are skipped with a warning. */
export function AssignBooksDialog({ users, domains, onClose, onDone }: { users: UserDto[] | null; domains: Domain[]; onClose: () => void; onDone: (message: string) => void }) {
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
      setBookError('Please select at least one book');
      return;
    }
    setBusy(true);
    try {
      const res = await usersApi.assignDomains(
        eligible.map((u) => u.id),
        chosen,
      );
      onDone(res.message);
    } catch (e) {
      setError(errorMessage(e, 'Failed to assign books'));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={users !== null}
      onOpenChange={(o) => (!o ? onClose() : undefined)}
      title="Assign Books"
      description={`${formatCount(eligible.length, 'user')} selected for book assignment.`}
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button loading={busy} disabled={eligible.length === 0} onClick={() => void submit()}>
            Assign Books
          </Button>
        </>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {error ? <Alert status="error">{error}</Alert> : null}
        {admins > 0 ? (
          <Alert status="warning">
            {admins} {admins === 1 ? 'administrator' : 'administrators'} will be skipped: administrators have global access to all books.
          </Alert>
        ) : null}
        {eligible.length === 0 ? (
          <Alert status="warning">No eligible users selected. Books can be assigned to learners only.</Alert>
        ) : (
          <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <legend className={css({ fontWeight: 'medium', mb: '2' })}>Books</legend>
            {domains.length === 0 ? <p className={css({ color: 'fg.muted' })}>No books yet. Create one under Books first.</p> : null}
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
