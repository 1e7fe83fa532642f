import { LANGUAGES, type Language } from '@contract/language';
import { TALK_LIMITS } from '@contract/talks';
import { useQuery } from '@tanstack/react-query';
import { Archive, FileText, MessagesSquare, Pencil, Plus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { talkQueries, talkWrites, topicPdfUrl, type TalkTopicDto } from '../../api/talk-queries';
import { runWrite } from '../../api/writes';
import { FilePicker } from '../../components/admin/file-picker';
import { FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { languageLabel } from '../../i18n/labels';
import { Button, Checkbox, Chip, DataTable, EmptyState, TextField, textLink, toaster } from '../../ui';
import { GroupError } from '../../components/admin/shared/group-error';

const linkClass = textLink({ underline: 'always', touch: true });
const rowActions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

/**
 * /admin/talk-topics: the toolbox talk library (Module Management). Each topic is one page of text
 * the foreman reads out (what a signed talk freezes), the languages it is written in, and an
 * optional short PDF handout kept in storage. A retired topic is offered for no new talk.
 */
export function AdminTalkTopicsPage() {
  useDocumentTitle(t('admin.talkTopics.title'));
  const list = useQuery(talkQueries.adminTopics());
  const [editing, setEditing] = useState<TalkTopicDto | 'new' | null>(null);

  const retire = async (topic: TalkTopicDto) => {
    try {
      await runWrite(talkWrites.retireTopic, topic.id);
      toaster.success({ title: t('admin.talkTopics.retired', { title: topic.title }) });
    } catch (error) {
      toaster.error({ title: errorText(error, t('admin.talkTopics.retireFailed')) });
    }
  };

  return (
    <>
      <PageHeader
        title={t('admin.talkTopics.title')}
        subtitle={t('admin.talkTopics.subtitle')}
        actions={
          <Button leftIcon={<Plus />} size="lg" onClick={() => setEditing('new')}>
            {t('admin.talkTopics.new')}
          </Button>
        }
      />
      <QueryState
        query={list}
        loadingLabel={t('admin.talkTopics.loading')}
        failureMessage={t('admin.talkTopics.loadFailed')}
      >
        <DataTable
          label={t('admin.talkTopics.tableLabel')}
          rows={list.data ?? []}
          getRowKey={(row) => row.id}
          cardTitle={(row) => <bdi>{row.title}</bdi>}
          columns={[
            {
              key: 'title',
              header: t('admin.talkTopics.col.title'),
              hideInCard: true,
              cell: (row) => <bdi>{row.title}</bdi>,
            },
            {
              key: 'languages',
              header: t('admin.talkTopics.col.languages'),
              cell: (row) => row.languages.map((code) => languageLabel(code)).join(', '),
            },
            {
              key: 'pdf',
              header: t('admin.talkTopics.col.pdf'),
              // With a handout, the handout; without one, the text printed as a PDF.
              cell: (row) => (
                <a href={topicPdfUrl(row.id)} target="_blank" rel="noreferrer" className={linkClass}>
                  <FileText aria-hidden size={16} />
                  {row.pdfBytes
                    ? t('admin.talkTopics.viewPdf', { title: row.title })
                    : t('admin.talkTopics.viewText', { title: row.title })}
                </a>
              ),
            },
            {
              key: 'status',
              header: t('admin.talkTopics.col.status'),
              cell: (row) =>
                row.retiredAt ? (
                  <Chip palette="neutral">{t('admin.talkTopics.statusRetired')}</Chip>
                ) : (
                  <Chip palette="success">{t('admin.talkTopics.statusActive')}</Chip>
                ),
            },
            {
              key: 'actions',
              header: t('admin.talkTopics.col.actions'),
              cell: (row) =>
                row.retiredAt ? null : (
                  <div className={rowActions}>
                    <Button
                      variant="outline"
                      size="lg"
                      leftIcon={<Pencil />}
                      onClick={() => setEditing(row)}
                      aria-label={t('admin.talkTopics.editNamed', { title: row.title })}
                    >
                      {t('admin.talkTopics.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      palette="danger"
                      size="lg"
                      leftIcon={<Archive />}
                      onClick={() => void retire(row)}
                      aria-label={t('admin.talkTopics.retireNamed', { title: row.title })}
                    >
                      {t('admin.talkTopics.retire')}
                    </Button>
                  </div>
                ),
            },
          ]}
          empty={
            <EmptyState
              bordered
              icon={<MessagesSquare />}
              title={t('admin.talkTopics.emptyTitle')}
              description={t('admin.talkTopics.emptyText')}
            />
          }
        />
      </QueryState>
      <TopicDialog topic={editing} onClose={() => setEditing(null)} />
    </>
  );
}

interface TopicForm {
  title: string;
  body: string;
  languages: Language[];
}

/** New or edit: title, text, languages, and a PDF handout sent after the topic is saved. */
function TopicDialog({ topic, onClose }: { topic: TalkTopicDto | 'new' | null; onClose: () => void }) {
  const [form, setForm] = useState<TopicForm>({ title: '', body: '', languages: ['en'] });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof TopicForm | 'pdf', string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!topic) return;
    setForm(
      topic === 'new'
        ? { title: '', body: '', languages: ['en'] }
        : { ...topic, languages: topic.languages as Language[] },
    );
    setFile(null);
    setErrors({});
    setError(null);
    setBusy(false);
  }, [topic]);

  const check = () => {
    const next: typeof errors = {};
    if (!form.title.trim()) next.title = t('error.talkTopic.title');
    if (!form.body.trim()) next.body = t('error.talkTopic.body');
    if (form.body.length > TALK_LIMITS.bodyLength) next.body = t('error.talkTopic.bodyLength');
    if (form.languages.length === 0) next.languages = t('error.talkTopic.languages');
    if (file && file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf'))
      next.pdf = t('error.talkTopic.pdfType');
    if (file && file.size > TALK_LIMITS.topicPdfBytes) next.pdf = t('error.talkTopic.pdfTooLarge');
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!topic || !check()) return;
    setBusy(true);
    setError(null);
    const body = { title: form.title.trim(), body: form.body, languages: form.languages };
    try {
      const saved =
        topic === 'new'
          ? await runWrite(talkWrites.createTopic, body)
          : await runWrite(talkWrites.updateTopic, { id: topic.id, body });
      if (file) {
        const pdf = file.type === 'application/pdf' ? file : new Blob([file], { type: 'application/pdf' });
        await runWrite(talkWrites.uploadPdf, { id: saved.topic.id, file: pdf });
      }
      toaster.success({ title: t('admin.talkTopics.saved', { title: body.title }) });
      onClose();
    } catch (e) {
      setError(errorText(e, t('admin.talkTopics.saveFailed')));
      setBusy(false);
    }
  };

  const toggle = (code: Language, on: boolean) =>
    setForm((f) => ({ ...f, languages: on ? [...f.languages, code] : f.languages.filter((x) => x !== code) }));

  return (
    <FormDialog
      open={topic !== null}
      onClose={onClose}
      title={topic === 'new' ? t('admin.talkTopics.newTitle') : t('admin.talkTopics.editTitle')}
      formId="talk-topic-form"
      submitLabel={t('admin.talkTopics.save')}
      busy={busy}
      error={error}
      onSubmit={(e) => void submit(e)}
    >
      <TextField
        label={t('admin.talkTopics.field.title')}
        value={form.title}
        maxLength={TALK_LIMITS.titleLength}
        onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
        error={errors.title}
        required
      />
      <TextField
        multiline
        rows={8}
        label={t('admin.talkTopics.field.body')}
        helperText={t('admin.talkTopics.field.bodyHelp', { max: TALK_LIMITS.bodyLength })}
        value={form.body}
        onChange={(e) => setForm((f) => ({ ...f, body: e.target.value }))}
        error={errors.body}
        required
      />
      <fieldset className={css({ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '2' })}>
        <legend className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '1' })}>
          {t('admin.talkTopics.field.languages')}
        </legend>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4' })}>
          {LANGUAGES.map((code) => (
            <Checkbox key={code} checked={form.languages.includes(code)} onCheckedChange={(on) => toggle(code, on)}>
              {languageLabel(code)}
            </Checkbox>
          ))}
        </div>
        <GroupError message={errors.languages} />
      </fieldset>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <label htmlFor="talk-topic-pdf" className={css({ fontWeight: 'medium', fontSize: 'sm' })}>
          {t('admin.talkTopics.field.pdf')}
        </label>
        <p id="talk-topic-pdf-help" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          {topic !== 'new' && topic?.pdfBytes
            ? t('admin.talkTopics.field.pdfReplace')
            : t('admin.talkTopics.field.pdfHelp')}
        </p>
        <FilePicker
          id="talk-topic-pdf"
          accept="application/pdf,.pdf"
          describedBy="talk-topic-pdf-help"
          invalid={Boolean(errors.pdf)}
          fileName={file?.name ?? null}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <GroupError message={errors.pdf} />
      </div>
    </FormDialog>
  );
}
