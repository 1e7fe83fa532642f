import { createUserBody, USER_MESSAGES, type UserDto } from '@contract/users';
import { isAdminUser } from '@contract/rules/roles';
import { Check, Copy } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import * as v from 'valibot';
import type { Domain } from '../../api/admin-content';
import { useQuery } from '@tanstack/react-query';
import { usersApi } from '../../api/admin-people';
import { hasErrorCode } from '../../api/client';
import { talkWrites } from '../../api/talk-queries';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { siteQueries } from '../../api/site-queries';
import { userWrites } from '../../api/user-queries';
import { runWrite } from '../../api/writes';
import { useCopy } from '../../hooks/use-copy';
import { ConfirmDeleteDialog } from '../confirm-delete-dialog';
import { FormDialog } from '../form-dialog';
import { Alert, Button, Checkbox, Dialog } from '../../ui';
import { serverText, t, withTags } from '../../i18n';
import { declaredText, errorText, fieldErrors as serverFieldErrors, issueErrors } from '../../i18n/error-text';
import {
  emptyUserForm,
  SiteLimitField,
  UserFormFields,
  userFormOf,
  type UserFormErrors,
  type UserFormValues,
} from './users/user-form-fields';
import { CodeBox } from './shared/code-box';
import { GroupError } from './shared/group-error';

/**
 * The site and manager of a save: the manager is typed as a username and looked up here (an active
 * person with exactly that username); the server judges the rest (a loop, a leaver, a retired site).
 */
async function reportingLine(values: UserFormValues): Promise<{ siteId: string | null; managerId: string | null }> {
  const wanted = values.manager.trim().toLowerCase();
  if (!wanted) return { siteId: values.siteId || null, managerId: null };
  const found = (await queryClient.fetchQuery(siteQueries.peopleSearch(wanted))).find(
    (user) => user.username.toLowerCase() === wanted,
  );
  if (!found) throw new ManagerUnknown();
  return { siteId: values.siteId || null, managerId: found.id };
}
class ManagerUnknown extends Error {}

/**
 * The form's values and errors (a change clears that field's error), the failure above the form and
 * the busy flag, with the one way both dialogs open afresh and send a save.
 */
function useUserForm() {
  const [values, setValues] = useState<UserFormValues>(emptyUserForm);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** New values and no messages, each time the dialog opens. */
  const reset = useCallback((next: UserFormValues) => {
    setValues(next);
    setErrors({});
    setError(null);
    setBusy(false);
  }, []);
  const onChange = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  /** The client's own check (the contract's schema): false, with the messages shown, when it fails. */
  const check = () => {
    const parsed = v.safeParse(createUserBody, values);
    if (!parsed.success) setErrors(issueErrors(parsed.issues));
    return parsed.success;
  };
  /**
   * Sends the save. A manager not found, or the server's refusal of a field, goes on that field; the
   * server's message (or `fallback`) above the form. Busy stays on after success: the dialog closes.
   */
  const save = async (write: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await write();
    } catch (e) {
      if (e instanceof ManagerUnknown) setErrors({ manager: t('admin.users.field.managerUnknown') });
      else {
        if (hasErrorCode(e, 'VALIDATION_FAILED', 'CONFLICT')) setErrors(serverFieldErrors(e.fields));
        setError(errorText(e, fallback));
      }
      setBusy(false);
    }
  };
  return { values, errors, error, busy, onChange, check, reset, save };
}

/** 'Add New User': username, email, role, optional names, department and job title. */
export function AddUserDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (user: UserDto, password: string | null) => void;
}) {
  const form = useUserForm();
  const { reset } = form;

  useEffect(() => {
    if (open) reset(emptyUserForm());
  }, [open, reset]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    await form.save(async () => {
      const { manager: _manager, ...values } = form.values;
      const res = await runWrite(userWrites.create, { ...values, ...(await reportingLine(form.values)) });
      onCreated(res.user, res.password ?? null);
    }, t('admin.users.createFailed'));
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('admin.users.addTitle')}
      description={t('admin.users.addDescription')}
      formId="add-user-form"
      submitLabel={t('admin.users.create')}
      busy={form.busy}
      error={form.error}
      onSubmit={submit}
    >
      <UserFormFields values={form.values} errors={form.errors} onChange={form.onChange} autoFocus />
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
  const password = result?.password ?? null;
  const { copied, copy } = useCopy(password, result);
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
          <CodeBox size="lg" testId="generated-password">
            {password ?? t('admin.users.passwordMissing')}
          </CodeBox>
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

/** Edit a user's names, username, email, department, job title and role. */
export function EditUserDialog({
  user,
  onClose,
  onSaved,
}: {
  user: UserDto | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const form = useUserForm();
  // The foreman capability (issue 29) is its own write: PUT /api/v2/admin/talk-leaders/{id}.
  const [leadsTalks, setLeadsTalks] = useState(false);
  const { reset } = form;

  // The manager is shown by username: read once the dialog opens on someone who has one.
  const manager = useQuery({
    queryKey: [...queryKeys.admin.users.all, 'manager', user?.managerId ?? ''],
    queryFn: ({ signal }) => usersApi.get(user!.managerId!, signal),
    enabled: Boolean(user?.managerId),
  });
  const managerUsername = manager.data?.username ?? '';
  // An administrator's site limit (decision 2026-11-28-site-limited-admins): read from their profile.
  const detail = useQuery({
    queryKey: [...queryKeys.admin.users.all, 'detail', user?.id ?? ''],
    queryFn: ({ signal }) => usersApi.get(user!.id, signal),
    enabled: user?.role === 'ADMIN',
  });
  const storedLimit = detail.data?.adminSiteId ?? '';
  const [siteLimit, setSiteLimit] = useState('');
  useEffect(() => setSiteLimit(storedLimit), [storedLimit]);
  useEffect(() => {
    if (!user) return;
    setLeadsTalks(user.leadsTalks);
    reset(userFormOf(user, managerUsername));
  }, [user, managerUsername, reset]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user || !form.check()) return;
    await form.save(async () => {
      // A blank optional field clears it (null), as the contract reads it.
      const { firstName, lastName, department, jobTitle, manager: _manager, ...rest } = form.values;
      const body = {
        ...rest,
        ...(await reportingLine(form.values)),
        firstName: firstName || null,
        lastName: lastName || null,
        department: department || null,
        jobTitle: jobTitle || null,
        // Sent only when changed: only an administrator without a limit may change it.
        ...(form.values.role === 'ADMIN' && siteLimit !== storedLimit ? { adminSiteId: siteLimit || null } : {}),
      };
      await runWrite(userWrites.update, { userId: user.id, body });
      if (leadsTalks !== user.leadsTalks) await runWrite(talkWrites.setLeader, { userId: user.id, leadsTalks });
      onSaved(t('admin.users.updated'));
    }, t('admin.users.updateFailed'));
  };

  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      title={t('admin.users.editTitle')}
      formId="edit-user-form"
      submitLabel={t('admin.users.saveChanges')}
      busy={form.busy}
      error={form.error}
      onSubmit={submit}
    >
      <UserFormFields values={form.values} errors={form.errors} onChange={form.onChange} />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <Checkbox checked={leadsTalks} onCheckedChange={setLeadsTalks} className={css({ minH: '11' })}>
          {t('admin.users.leadsTalks')}
        </Checkbox>
        <p id="leads-talks-help" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('admin.users.leadsTalksHelp')}
        </p>
      </div>
      {form.values.role === 'ADMIN' ? <SiteLimitField value={siteLimit} onChange={setSiteLimit} /> : null}
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
            <GroupError message={bookError} />
          </fieldset>
        )}
      </div>
    </Dialog>
  );
}
