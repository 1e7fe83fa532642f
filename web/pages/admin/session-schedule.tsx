import { SESSION_LIMITS } from '@contract/sessions';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { useLocation } from 'wouter';
import { ApiClientError } from '../../api/client';
import { requirementsApi } from '../../api/compliance';
import { queryKeys } from '../../api/query-keys';
import { sessionQueries, sessionWrites, type SessionPerson } from '../../api/session-queries';
import { runWrite } from '../../api/writes';
import { PageHeader } from '../../components/page-header';
import { PersonSearch } from '../../components/sessions/person-search';
import { OutlineFields, type OutlineDraft } from '../../components/sessions/outline-fields';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSearchState } from '../../hooks/use-search-state';
import { t } from '../../i18n';
import { errorText, fieldErrors } from '../../i18n/error-text';
import { Alert, Button, Card, CardBody, focusFirstInvalid, IconButton, Select, TextField, toaster } from '../../ui';
import { textBinding } from '../../components/admin/shared/text-binding';

type Field =
  | 'title'
  | 'trainerIds'
  | 'location'
  | 'siteId'
  | 'startsAt'
  | 'endsAt'
  | 'capacity'
  | 'outline'
  | 'componentId';

/** The Select's value for "no site" (an empty value is not an option). */
const NO_SITE = 'NONE';

/** Next full hour and an hour after it, as `datetime-local` values in the admin's own time. */
function defaultTimes() {
  const start = new Date(Date.now() + 24 * 3600_000);
  start.setMinutes(0, 0, 0);
  const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  return { startsAt: local(start), endsAt: local(new Date(start.getTime() + 3600_000)) };
}

function check(
  draft: { title: string; location: string; startsAt: string; endsAt: string; capacity: string },
  trainers: number,
  outline: OutlineDraft,
) {
  const errors: Partial<Record<Field, string>> = {};
  if (!draft.title.trim()) errors.title = t('sessions.form.v.title');
  if (trainers === 0) errors.trainerIds = t('sessions.form.v.trainers');
  if (!draft.location.trim()) errors.location = t('sessions.form.v.location');
  const starts = Date.parse(draft.startsAt);
  const ends = Date.parse(draft.endsAt);
  if (Number.isNaN(starts)) errors.startsAt = t('sessions.form.v.startsAt');
  else if (starts < Date.now()) errors.startsAt = t('sessions.form.v.inPast');
  if (Number.isNaN(ends)) errors.endsAt = t('sessions.form.v.endsAt');
  else if (!Number.isNaN(starts) && ends <= starts) errors.endsAt = t('sessions.form.v.endBeforeStart');
  const capacity = Number(draft.capacity);
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > SESSION_LIMITS.capacity)
    errors.capacity = t('sessions.form.v.capacity', { max: SESSION_LIMITS.capacity });
  if (!outline.text.trim() && !outline.materialId) errors.outline = t('sessions.form.v.outline');
  if (outline.courseId && !outline.componentId) errors.componentId = t('sessions.form.v.component');
  return errors;
}

/**
 * /admin/sessions/new: schedule a classroom session. With `?requirement=<id>` (the compliance
 * matrix's "Schedule a session"), everyone that requirement says is not compliant is invited once
 * the session is saved.
 */
export function AdminSessionSchedulePage() {
  useDocumentTitle(t('sessions.form.title'));
  const search = useSearchState();
  const requirementId = search.get('requirement');
  const requirements = useQuery({
    queryKey: queryKeys.admin.requirements.list(false),
    queryFn: ({ signal }) => requirementsApi.list(false, signal),
    enabled: Boolean(requirementId),
  });
  const requirement = requirements.data?.requirements.find((r) => r.id === requirementId);
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState(() => ({
    title: null as string | null,
    location: '',
    siteId: '',
    capacity: '20',
    ...defaultTimes(),
  }));
  const sites = useQuery(sessionQueries.sites());
  const [outlineDraft, setOutline] = useState<OutlineDraft | null>(null);
  // Untouched, the course is the requirement's (a blended course's classroom step completes at sign-off).
  const outline = outlineDraft ?? { courseId: requirement?.courseId ?? '', componentId: '', text: '', materialId: '' };
  const [trainers, setTrainers] = useState<SessionPerson[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Untouched, the title is the requirement's course (the form opened from the matrix).
  const title = draft.title ?? requirement?.courseTitle ?? '';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = check({ ...draft, title }, trainers.length, outline);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return focusFirstInvalid(form);
    setBusy(true);
    try {
      const { session } = await runWrite(sessionWrites.create, {
        title: title.trim(),
        componentId: outline.componentId || null,
        trainerIds: trainers.map((p) => p.id),
        location: draft.location.trim(),
        siteId: draft.siteId || null,
        startsAt: new Date(draft.startsAt).toISOString(),
        endsAt: new Date(draft.endsAt).toISOString(),
        capacity: Number(draft.capacity),
        outline: outline.text.trim(),
        materialId: outline.materialId || null,
      });
      // The session is kept even if the invitation fails: its roster screen can invite again.
      if (requirementId)
        await runWrite(sessionWrites.invite, { id: session.id, body: { requirementId } }).catch((e: unknown) =>
          toaster.create({ type: 'error', title: errorText(e, t('sessions.invite.failed')) }),
        );
      navigate(`/admin/sessions/${encodeURIComponent(session.id)}`);
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiClientError) setErrors(fieldErrors(e.fields as Partial<Record<Field, string>>));
      setFailure(errorText(e, t('sessions.form.failed')));
    }
  };
  const set = (key: keyof typeof draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const text = textBinding(draft, errors, set);

  return (
    <>
      <PageHeader title={t('sessions.form.title')} subtitle={t('sessions.form.subtitle')} />
      <Card>
        <CardBody>
          <form noValidate onSubmit={(e) => void submit(e)} className={formClass}>
            {requirementId ? (
              <Alert status="info">
                {requirement
                  ? t('sessions.form.forRequirement', { course: requirement.courseTitle })
                  : t('sessions.form.forRequirementLoading')}
              </Alert>
            ) : null}
            {failure ? <Alert status="error">{failure}</Alert> : null}
            <TextField
              label={t('sessions.form.titleLabel')}
              required
              maxLength={200}
              value={title}
              error={errors.title}
              onChange={(e) => set('title', e.target.value)}
            />
            <OutlineFields draft={outline} onChange={setOutline} errors={errors} />
            <fieldset className={fieldsetClass}>
              <legend className={legendClass}>{t('sessions.form.trainers')}</legend>
              {trainers.length > 0 ? (
                <ul
                  aria-label={t('sessions.form.chosenTrainers')}
                  className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}
                >
                  {trainers.map((p) => (
                    <li key={p.id} className={chipClass}>
                      <bdi>{p.name}</bdi>
                      <IconButton
                        size="sm"
                        variant="ghost"
                        icon={<X />}
                        aria-label={t('sessions.form.removeTrainer', { name: p.name })}
                        onClick={() => setTrainers((list) => list.filter((x) => x.id !== p.id))}
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
              <PersonSearch
                target={null}
                label={t('sessions.form.findTrainer')}
                actionLabel={t('sessions.form.addTrainer')}
                actionAria={(name) => t('sessions.form.addTrainerAria', { name })}
                exclude={trainers.map((p) => p.id)}
                error={errors.trainerIds}
                onPick={(p) => setTrainers((list) => (list.length >= SESSION_LIMITS.trainers ? list : [...list, p]))}
              />
            </fieldset>
            <TextField label={t('sessions.form.location')} required maxLength={200} {...text('location')} />
            <Select
              label={t('sessions.form.site')}
              helperText={t('sessions.form.siteHint')}
              options={[
                { value: NO_SITE, label: t('sessions.form.noSite') },
                ...(sites.data?.sites ?? []).map((site) => ({ value: site.id, label: site.name })),
              ]}
              value={draft.siteId || NO_SITE}
              onValueChange={(id) => setDraft((d) => ({ ...d, siteId: id === NO_SITE ? '' : id }))}
              error={errors.siteId}
            />
            <div
              className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr 10rem' }, gap: '4' })}
            >
              <TextField type="datetime-local" label={t('sessions.form.startsAt')} required {...text('startsAt')} />
              <TextField type="datetime-local" label={t('sessions.form.endsAt')} required {...text('endsAt')} />
              <TextField
                type="number"
                inputMode="numeric"
                min={1}
                max={SESSION_LIMITS.capacity}
                label={t('sessions.form.capacity')}
                required
                {...text('capacity')}
              />
            </div>
            <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
              <Button variant="outline" palette="neutral" onClick={() => navigate('/admin/sessions')} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {requirementId ? t('sessions.form.submitInvite') : t('sessions.form.submit')}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </>
  );
}

const formClass = css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '48rem' });
const fieldsetClass = css({ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '3' });
const legendClass = css({ fontWeight: 'medium', mb: '2' });
const chipClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  ps: '3',
  borderWidth: '1px',
  borderRadius: 'full',
  bg: 'bg.subtle',
});
