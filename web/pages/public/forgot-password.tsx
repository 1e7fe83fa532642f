import { ArrowLeft, MailCheck, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { authApi } from '../../api/auth';
import { ApiClientError, hasErrorCode, isServerError } from '../../api/client';
import { AuthLayout, AuthLink } from '../../components/auth-layout';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Alert, Button, focusFirstInvalid, TextField } from '../../ui';
import { t, type MessageId } from '../../i18n';
import { flipInRtl } from '../../ui/direction';
import { declaredText } from '../../i18n/error-text';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const FORGOT_MESSAGES = {
  required: 'Email is required',
  invalid: 'Please enter a valid email address',
  sent: "If your email exists in our system, we've sent a password reset link. Please check your inbox.",
  server: 'Server error. Please try again later.',
  offline: 'Cannot connect to the server. Please check your internet connection and try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

const FORGOT_IDS: Record<keyof typeof FORGOT_MESSAGES, MessageId> = {
  required: 'forgot.required',
  invalid: 'forgot.invalid',
  sent: 'forgot.sent',
  server: 'forgot.server',
  offline: 'forgot.offline',
  unexpected: 'forgot.unexpected',
};

/** One of this page's texts in the reader's language (the state keeps the English one). */
function forgotText(english: string): string {
  const key = (Object.keys(FORGOT_MESSAGES) as (keyof typeof FORGOT_MESSAGES)[]).find(
    (k) => FORGOT_MESSAGES[k] === english,
  );
  return key ? t(FORGOT_IDS[key]) : declaredText(english);
}

export function validateEmail(email: string): string | null {
  if (!email.trim()) return FORGOT_MESSAGES.required;
  if (!EMAIL_PATTERN.test(email.trim())) return FORGOT_MESSAGES.invalid;
  return null;
}

/**
 * The forgot-password outcome: a server failure and no response each have their message; any
 * other answer (a refusal included) reads as success, so the form never discloses which emails have accounts.
 */
export function forgotPasswordOutcome(error: unknown): { status: 'success' | 'error'; message: string } {
  if (error === null) return { status: 'success', message: FORGOT_MESSAGES.sent };
  if (error instanceof ApiClientError) {
    if (isServerError(error)) return { status: 'error', message: FORGOT_MESSAGES.server };
    if (hasErrorCode(error, 'NETWORK_ERROR')) return { status: 'error', message: FORGOT_MESSAGES.offline };
    return { status: 'success', message: FORGOT_MESSAGES.sent };
  }
  return { status: 'error', message: FORGOT_MESSAGES.unexpected };
}

/** /forgot-password: one email field. */
export function ForgotPasswordPage() {
  useDocumentTitle(t('forgot.docTitle'));
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ status: 'success' | 'error'; message: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmail(email);
    setFieldError(problem);
    if (problem) return focusFirstInvalid(event.currentTarget as HTMLElement);
    setBusy(true);
    setResult(null);
    try {
      await authApi.forgotPassword(email.trim());
      setResult(forgotPasswordOutcome(null));
    } catch (error) {
      setResult(forgotPasswordOutcome(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <AuthLink href="/login">
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
            <ArrowLeft size={16} aria-hidden className={flipInRtl} /> {t('auth.backToLogin')}
          </span>
        </AuthLink>
      }
    >
      {result?.status === 'success' ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
          <Alert status="success" title={t('forgot.inbox')} announce>
            {forgotText(result.message)}
          </Alert>
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted', fontSize: 'sm' })}>
            <MailCheck size={18} aria-hidden />
            <span>{t('forgot.expires')}</span>
          </div>
          <Button variant="outline" onClick={() => setResult(null)}>
            {t('forgot.different')}
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
          {result?.status === 'error' ? <Alert status="error">{forgotText(result.message)}</Alert> : null}
          <TextField
            label={t('forgot.email')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoFocus
            required
            value={email}
            error={fieldError ? forgotText(fieldError) : fieldError}
            onChange={(event) => {
              setEmail(event.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          <Button
            type="submit"
            size="lg"
            fullWidth
            loading={busy}
            loadingText={t('forgot.sending')}
            leftIcon={<Send />}
          >
            {t('forgot.send')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
