import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { thinkApi, type FeedbackType } from '../api/public';
import { thinkWrites } from '../api/think-queries';
import { runWrite } from '../api/writes';
import { serverText, t } from '../i18n';
import { Alert, Button, Checkbox, focusFirstInvalid, Select, TextField, type SelectOption } from '../ui';
import { errorText } from '../i18n/error-text';
import { FEEDBACK_TYPE_IDS } from '../i18n/labels';

export const FEEDBACK_TYPE_OPTIONS: readonly SelectOption<FeedbackType>[] = [
  { value: 'QUERY', label: 'Query' },
  { value: 'COMPLAINT', label: 'Complaint' },
  { value: 'NEW_IDEA', label: 'New Idea' },
];

interface FeedbackErrors {
  type?: string;
  subject?: string;
  description?: string;
}

export function validateFeedback(values: {
  type: FeedbackType | '';
  subject: string;
  description: string;
}): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (!values.type) errors.type = t('feedback.typeRequired');
  if (!values.subject.trim()) errors.subject = t('feedback.subjectRequired');
  if (!values.description.trim()) errors.description = t('feedback.descriptionRequired');
  return errors;
}

export interface FeedbackFormProps {
  /**
   * `public`: titled "Share Your Thoughts", always anonymous, POST /api/think/public/submit.
   * `authenticated`: titled "Think", a "Submit anonymously" checkbox, POST /api/think/submit.
   */
  variant: 'public' | 'authenticated';
  /** Called after a successful submission with the message shown (e.g. to refresh a list or close a dialog). */
  onSubmitted?: (message: string) => void;
  className?: string;
}

/** The feedback ("Think") form: type, subject, description and (signed in) an anonymous flag; it always shows its variant's title and resets after a successful submission. */
export function FeedbackForm({ variant, onSubmitted, className }: FeedbackFormProps) {
  const [type, setType] = useState<FeedbackType | ''>('');
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ status: 'success' | 'error'; message: string } | null>(null);
  const titleId = `feedback-title-${variant}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateFeedback({ type, subject, description });
    setErrors(found);
    if (found.type || found.subject || found.description || !type)
      return focusFirstInvalid(event.currentTarget as HTMLElement);
    setBusy(true);
    setResult(null);
    const body = {
      type,
      subject: subject.trim(),
      description: description.trim(),
      isAnonymous: variant === 'public' ? true : anonymous,
    };
    try {
      const response =
        variant === 'public' ? await thinkApi.submitPublic(body) : await runWrite(thinkWrites.submit, body);
      const message = serverText(response?.message?.trim(), t('feedback.success'));
      setResult({ status: 'success', message });
      setType('');
      setSubject('');
      setDescription('');
      setAnonymous(false);
      onSubmitted?.(message);
    } catch (error) {
      setResult({ status: 'error', message: errorText(error, t('feedback.failure')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      className={cx(css({ display: 'flex', flexDirection: 'column', gap: '5' }), className)}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h2 id={titleId} className={css({ fontSize: 'xl', fontWeight: 'bold', letterSpacing: '-0.01em' })}>
          {variant === 'public' ? t('feedback.publicTitle') : t('feedback.title')}
        </h2>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {variant === 'public' ? t('feedback.publicIntro') : t('feedback.intro')}
        </p>
      </div>
      {result ? (
        <Alert status={result.status} announce={result.status !== 'error'}>
          {result.message}
        </Alert>
      ) : null}
      <Select
        label={t('feedback.type')}
        placeholder={t('feedback.typePlaceholder')}
        options={FEEDBACK_TYPE_OPTIONS.map((o) => ({ ...o, label: t(FEEDBACK_TYPE_IDS[o.value]) }))}
        value={type}
        required
        error={errors.type}
        onValueChange={(value) => {
          setType(value);
          setErrors((current) => ({ ...current, type: undefined }));
        }}
      />
      <TextField
        label={t('feedback.subject')}
        name="subject"
        maxLength={200}
        required
        value={subject}
        error={errors.subject}
        onChange={(event) => {
          setSubject(event.target.value);
          if (errors.subject) setErrors((current) => ({ ...current, subject: undefined }));
        }}
      />
      <TextField
        multiline
        label={t('feedback.description')}
        name="description"
        rows={5}
        maxLength={5000}
        required
        value={description}
        error={errors.description}
        onChange={(event) => {
          setDescription(event.target.value);
          if (errors.description) setErrors((current) => ({ ...current, description: undefined }));
        }}
      />
      {variant === 'authenticated' ? (
        <Checkbox checked={anonymous} onCheckedChange={setAnonymous}>
          {t('feedback.anonymous')}
        </Checkbox>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted', bg: 'bg.muted', borderRadius: 'md', px: '3', py: '2' })}>
          {t('feedback.publicNote')}
        </p>
      )}
      <div>
        <Button type="submit" loading={busy} loadingText={t('feedback.submitting')} leftIcon={<Send />} size="lg">
          {t('feedback.submit')}
        </Button>
      </div>
    </form>
  );
}
