import { useQuery } from '@tanstack/react-query';
import { templateBody } from '@contract/evaluations';
import { ArrowLeft, Pencil, Save, Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import * as v from 'valibot';
import { Link, useLocation, useParams } from 'wouter';
import { holdsAdminPermission } from '@contract/rules/roles';
import { selectUser } from '../../../statecharts/session.machine';
import { ApiClientError } from '../../api/client';
import { credentialQueries } from '../../api/credential-queries';
import {
  evaluationTemplateQueries,
  evaluationTemplateWrites,
  type TemplateResponse,
} from '../../api/evaluation-template-queries';
import { runWrite, useWrite } from '../../api/writes';
import { TemplateStatusChip } from '../../components/admin/evaluation-templates/template-labels';
import {
  bodyOf,
  draftOf,
  emptyDraft,
  TemplateForm,
  type TemplateDraft,
} from '../../components/admin/evaluation-templates/template-form';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSession } from '../../state/session';
import { formatDate } from '../../format';
import { t } from '../../i18n';
import { errorText, fieldErrors, issueErrors } from '../../i18n/error-text';
import { Alert, Button, Card, CardBody, focusFirstInvalid, textLink, toaster } from '../../ui';
import { flipInRtl } from '../../ui/direction';

const LIST = '/admin/evaluation-templates';

/**
 * /admin/evaluation-templates/:id (or /new): one template version. A draft is edited and published
 * here; a published version is read-only, and "Edit as version N" drafts the next version (the
 * published one stays as every record made on it saw it). Earlier versions are listed and open
 * read-only.
 */
export function AdminEvaluationTemplateEditorPage() {
  const { id } = useParams<{ id: string }>();
  const isNew = id === 'new';
  const [, navigate] = useLocation();
  const detail = useQuery({ ...evaluationTemplateQueries.detail(id), enabled: !isNew });
  const templates = useQuery(evaluationTemplateQueries.list());
  const courses = useQuery(evaluationTemplateQueries.courseOptions());
  // Credential types are User Management's list: an administrator without it is not offered the kind.
  const mayListCredentialTypes = holdsAdminPermission(useSession(selectUser), 'userManagement');
  const credentialTypes = useQuery({ ...credentialQueries.types(), enabled: mayListCredentialTypes });
  const [draft, setDraft] = useState<TemplateDraft>(emptyDraft);
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const template = detail.data?.template;
  useDocumentTitle(template ? template.name : t('admin.evalTemplates.newTitle'));

  // A fresh form for each version shown (and after a save, the version as stored).
  useEffect(() => {
    setDraft(template ? draftOf(template) : emptyDraft());
    setEditing(false);
    setErrors({});
    setFailure(null);
  }, [template]);

  const versions = detail.data?.versions ?? [];
  const latest = isNew || versions[0]?.id === id;
  const published = template?.status === 'PUBLISHED';
  const readOnly = !isNew && (!latest || (published && !editing));
  const nextVersion = (versions[0]?.version ?? 0) + 1;

  const save = useWrite(evaluationTemplateWrites.save);
  const publish = useWrite(evaluationTemplateWrites.publish);

  const refuse = (error: unknown) => {
    setErrors(error instanceof ApiClientError ? fieldErrors(error.fields) : {});
    setFailure(errorText(error, t('admin.evalTemplates.saveFailed')));
    focusFirstInvalid(formRef.current);
  };

  /** Saves the form; answers the version stored (a new one when a published version was edited). */
  const store = async (): Promise<TemplateResponse | null> => {
    const body = bodyOf(draft);
    const checked = v.safeParse(templateBody, body);
    if (!checked.success) {
      setErrors(issueErrors(checked.issues));
      setFailure(null);
      focusFirstInvalid(formRef.current);
      return null;
    }
    setErrors({});
    setFailure(null);
    try {
      return await save.mutateAsync({ id: isNew ? null : id, body });
    } catch (error) {
      refuse(error);
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const stored = await store();
    if (!stored) return;
    toaster.create({
      type: 'success',
      title:
        stored.template.version > 1 && stored.template.id !== id
          ? t('admin.evalTemplates.versionDrafted', { version: stored.template.version })
          : t('admin.evalTemplates.saved'),
    });
    if (stored.template.id !== id) navigate(`${LIST}/${stored.template.id}`, { replace: isNew });
  };

  const saveAndPublish = async () => {
    const stored = await store();
    if (!stored) return;
    try {
      await runWrite(evaluationTemplateWrites.publish, stored.template.id);
      toaster.create({
        type: 'success',
        title: t('admin.evalTemplates.published', { version: stored.template.version }),
      });
      if (stored.template.id !== id) navigate(`${LIST}/${stored.template.id}`, { replace: isNew });
    } catch (error) {
      refuse(error);
    }
  };

  const courseOptions = (courses.data?.items ?? []).map((course) => ({ value: course.id, label: course.title }));
  const templateOptions = (templates.data?.templates ?? [])
    .filter((other) => other.familyId !== template?.familyId)
    .map((other) => ({ value: other.familyId, label: other.grants }));
  const credentialOptions = mayListCredentialTypes
    ? (credentialTypes.data?.types ?? [])
        // A retired type stays listed only where this version already names it.
        .filter((type) => type.retiredAt === null || type.id === draft.qualificationId)
        .map((type) => ({ value: type.id, label: type.name }))
    : null;
  const busy = save.isPending || publish.isPending;

  const form = (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}
    >
      {failure ? <Alert status="error">{failure}</Alert> : null}
      {!latest && template ? (
        <Alert status="info">
          {template.current
            ? t('admin.evalTemplates.draftPending', { version: versions[0]!.version })
            : t('admin.evalTemplates.olderVersion', { version: template.version })}{' '}
          <Link href={`${LIST}/${versions[0]!.id}`} className={linkClass}>
            {t('admin.evalTemplates.openLatest', { version: versions[0]!.version })}
          </Link>
        </Alert>
      ) : published && latest && !editing ? (
        <Alert status="info">{t('admin.evalTemplates.publishedReadOnly')}</Alert>
      ) : editing ? (
        <Alert status="info">{t('admin.evalTemplates.editingNewVersion', { version: nextVersion })}</Alert>
      ) : null}
      <TemplateForm
        draft={draft}
        onChange={setDraft}
        readOnly={readOnly}
        errors={errors}
        courseOptions={courseOptions}
        templateOptions={templateOptions}
        credentialOptions={credentialOptions}
      />
      {readOnly ? null : (
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
          <Button type="submit" leftIcon={<Save />} loading={save.isPending && !publish.isPending} disabled={busy}>
            {editing ? t('admin.evalTemplates.saveVersion', { version: nextVersion }) : t('admin.evalTemplates.save')}
          </Button>
          {editing ? (
            <Button
              variant="outline"
              onClick={() => {
                setDraft(draftOf(template!));
                setEditing(false);
              }}
            >
              {t('admin.evalTemplates.cancelEdit')}
            </Button>
          ) : (
            <Button variant="outline" leftIcon={<Send />} disabled={busy} onClick={() => void saveAndPublish()}>
              {t('admin.evalTemplates.publish')}
            </Button>
          )}
        </div>
      )}
    </form>
  );

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={LIST} className={linkClass}>
            <ArrowLeft aria-hidden size={16} className={flipInRtl} /> {t('admin.evalTemplates.title')}
          </Link>
        }
        title={isNew ? t('admin.evalTemplates.newTitle') : (template?.name ?? t('admin.evalTemplates.title'))}
        subtitle={
          template ? (
            <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              {t('admin.evalTemplates.versionN', { version: template.version })}
              <TemplateStatusChip template={template} />
            </span>
          ) : undefined
        }
        actions={
          published && latest && !editing ? (
            <Button leftIcon={<Pencil />} onClick={() => setEditing(true)}>
              {t('admin.evalTemplates.editAsVersion', { version: nextVersion })}
            </Button>
          ) : undefined
        }
      />
      {isNew ? (
        form
      ) : (
        <QueryState
          query={detail}
          loadingLabel={t('admin.evalTemplates.loading')}
          failureMessage={t('admin.evalTemplates.loadFailed')}
        >
          {template ? (
            <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1fr 16rem' }, gap: '6' })}>
              {form}
              <Card className={css({ alignSelf: 'start' })}>
                <CardBody>
                  <h2 className={css({ fontWeight: 'semibold', mb: '3' })}>{t('admin.evalTemplates.versions')}</h2>
                  <ol className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '1' })}>
                    {versions.map((version) => (
                      <li key={version.id}>
                        <Link
                          href={`${LIST}/${version.id}`}
                          aria-current={version.id === id ? 'page' : undefined}
                          className={linkClass}
                        >
                          {t('admin.evalTemplates.versionN', { version: version.version })} ·{' '}
                          {version.status === 'DRAFT'
                            ? t('admin.evalTemplates.status.DRAFT')
                            : t('admin.evalTemplates.publishedOn', { date: formatDate(version.publishedAt!) })}
                        </Link>
                      </li>
                    ))}
                  </ol>
                </CardBody>
              </Card>
            </div>
          ) : null}
        </QueryState>
      )}
    </>
  );
}

const linkClass = cx(textLink({ touch: true }), css({ '&[aria-current=page]': { fontWeight: 'semibold' } }));
