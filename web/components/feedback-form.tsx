import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { errorMessage } from '../api/client';
import { thinkApi, type FeedbackType } from '../api/public';
import { Alert, Button, Checkbox, focusFirstInvalid, Select, TextField, type SelectOption } from '../ui';

export const FEEDBACK_TYPE_OPTIONS: readonly SelectOption<FeedbackType>[] = [
  { value: 'QUERY', label: 'Query' },
  { value: 'COMPLAINT', label: 'Complaint' },
  { value: 'NEW_IDEA', label: 'New Idea' },
];

export const FEEDBACK_MESSAGES = {
  typeRequired: 'Type is required',
  subjectRequired: 'Subject is required',
  descriptionRequired: 'Description is required',
  success: 'Your submission has been received successfully.',
  failure: 'An error occurred while submitting your feedback.',
  publicNote: 'Note: All public submissions are anonymous.',
} as const;

interface FeedbackErrors {
  type?: string;
  subject?: string;
  description?: string;
}

export function validateFeedback(values: { type: FeedbackType | ''; subject: string; description: string }): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (!values.type) errors.type = FEEDBACK_MESSAGES.typeRequired;
  if (!values.subject.trim()) errors.subject = FEEDBACK_MESSAGES.subjectRequired;
  if (!values.description.trim()) errors.description = FEEDBACK_MESSAGES.descriptionRequired;
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
    if (found.type || found.subject || found.description || !type) return focusFirstInvalid(event.currentTarget as HTMLElement);
    setBusy(true);
    setResult(null);
    const body = { type, subject: subject.trim(), description: description.trim(), isAnonymous: variant === 'public' ? true : anonymous };
    try {
      const response = variant === 'public' ? await thinkApi.submitPublic(body) : await thinkApi.submit(body);
      const message = response?.message?.trim() || FEEDBACK_MESSAGES.success;
      setResult({ status: 'success', message });
      setType('');
      setSubject('');
      setDescription('');
      setAnonymous(false);
      onSubmitted?.(message);
    } catch (error) {
      setResult({ status: 'error', message: errorMessage(error, FEEDBACK_MESSAGES.failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId} className={cx(css({ display: 'flex', flexDirection: 'column', gap: '5' }), className)}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h2 id={titleId} className={css({ fontSize: 'xl', fontWeight: 'bold', letterSpacing: '-0.01em' })}>
          {variant === 'public' ? 'Share Your Thoughts' : 'Think'}
        </h2>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {variant === 'public' ? 'Questions, concerns or ideas about safety training? We read every message.' : 'Raise a query, report a concern or suggest an idea.'}
        </p>
      </div>
      {result ? (
        <Alert status={result.status} announce={result.status !== 'error'}>
          {result.message}
        </Alert>
      ) : null}
      <Select
        label="Type"
        placeholder="Select a type"
        options={FEEDBACK_TYPE_OPTIONS}
        value={type}
        required
        error={errors.type}
        onValueChange={(value) => {
          setType(value);
          setErrors((current) => ({ ...current, type: undefined }));
        }}
      />
      <TextField
        label="Subject"
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
        label="Description"
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
          Submit anonymously
        </Checkbox>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted', bg: 'bg.muted', borderRadius: 'md', px: '3', py: '2' })}>{FEEDBACK_MESSAGES.publicNote}</p>
      )}
      <div>
        <Button type="submit" loading={busy} loadingText="Submitting..." leftIcon={<Send />} size="lg">
          Submit Feedback
        </Button>
      </div>
    </form>
  );
}
