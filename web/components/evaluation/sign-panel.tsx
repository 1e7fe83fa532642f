import { PenLine } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { impliedOutcome, missingItems, type EvaluationDraft } from '../../../statecharts/evaluation.machine';
import { useProviderSignature, useSigningMethod } from '../../hooks/use-provider-signature';
import { t } from '../../i18n';
import { ProviderSignNote } from '../provider-sign-note';
import { evaluationPanel } from './panel-style';
import { Alert, Button, Chip, PasswordField } from '../../ui';

/** The sentence the e-signature means, with the trainee's printed name. */
export const meaningOf = (draft: EvaluationDraft) =>
  impliedOutcome(draft) === 'COMPETENT'
    ? t('evaluate.sign.meaningCompetent', { name: draft.traineeName })
    : t('evaluate.sign.meaningNotYet', { name: draft.traineeName });

/** What the results add up to: the counts, the outcome they imply, and the items not yet passed. */
export function EvaluationSummary({ draft }: { draft: EvaluationDraft }) {
  const results = draft.items.map((item) => draft.results[item.id]?.result ?? null);
  const count = (value: string | null) => results.filter((r) => r === value).length;
  const failed = draft.items.filter((item) => draft.results[item.id]?.result === 'NOT_YET');
  const outcome = impliedOutcome(draft);
  const unanswered = count(null);
  return (
    <section aria-labelledby="evaluation-summary" className={evaluationPanel}>
      <h2 id="evaluation-summary" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('evaluate.summary.title')}
      </h2>
      <p>
        {t('evaluate.summary.counts', {
          pass: count('PASS'),
          notYet: count('NOT_YET'),
          na: count('NOT_APPLICABLE'),
          total: draft.items.length,
        })}
      </p>
      {unanswered > 0 ? (
        <p className={css({ color: 'fg.muted' })}>{t('evaluate.summary.unanswered', { count: unanswered })}</p>
      ) : null}
      <p className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
        <span>{t('evaluate.summary.outcome')}</span>
        <Chip palette={outcome === 'COMPETENT' ? 'success' : 'error'} size="md" data-testid="implied-outcome">
          {outcome === 'COMPETENT' ? t('evaluate.outcome.competent') : t('evaluate.outcome.notYet')}
        </Chip>
      </p>
      {failed.length > 0 ? (
        <div>
          <h3 className={css({ fontWeight: 'medium' })}>{t('evaluate.summary.failed')}</h3>
          <ul className={css({ listStyle: 'disc', ps: '5' })}>
            {failed.map((item) => (
              <li key={item.id}>
                <bdi>{item.text}</bdi>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

interface SignPanelProps {
  draft: EvaluationDraft;
  refusal: string | null;
  /** Seals the password (it may fail: no signing key on the device yet). */
  onSign: (password: string) => Promise<void>;
  /** A person who signs in through their company signs with the proof of a re-authentication there (issue 32). */
  onSignWithProof: (proof: string) => void;
}

/**
 * The e-signature: the evaluator's own password under the sentence it means, or, for a person who
 * signs in through their company and has no password here, signing in there again in a pop-up.
 */
export function SignPanel({ draft, refusal, onSign, onSignWithProof }: SignPanelProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const missing = missingItems(draft);
  const [busy, setBusy] = useState(false);
  const method = useSigningMethod();
  const provider = method?.provider && !method.password ? method.provider : null;
  const confirm = useProviderSignature({ purpose: 'evaluation', subjectId: draft.id }, onSignWithProof);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (missing.length > 0) {
      setError(t('evaluate.sign.missing', { count: missing.length }));
      return;
    }
    if (provider) {
      setError(null);
      confirm.start();
      return;
    }
    if (!password) {
      setError(t('evaluate.sign.passwordNeeded'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSign(password);
      setPassword('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="evaluation-sign" className={evaluationPanel}>
      <h2 id="evaluation-sign" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('evaluate.sign.title')}
      </h2>
      {refusal ? (
        <Alert status="error" title={t('evaluate.sign.refused')} announce>
          {refusal}
        </Alert>
      ) : null}
      <p className={css({ fontWeight: 'medium', fontSize: 'md' })} data-testid="signature-meaning">
        <bdi>{meaningOf(draft)}</bdi>
      </p>
      {provider ? (
        <>
          <ProviderSignNote
            provider={provider.name}
            waiting={confirm.waiting}
            explain={t('evaluate.sign.explainProvider', { provider: provider.name })}
          />
          {error || confirm.error ? (
            <Alert status="error" role="alert">
              {error ?? confirm.error}
            </Alert>
          ) : null}
          <Button type="submit" size="lg" leftIcon={<PenLine />} loading={confirm.waiting}>
            {t('sign.provider.confirm', { provider: provider.name })}
          </Button>
        </>
      ) : (
        <>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('evaluate.sign.explain')}</p>
          <PasswordField
            label={t('evaluate.sign.password')}
            autoComplete="current-password"
            size="lg"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
          />
          <Button type="submit" size="lg" leftIcon={<PenLine />} loading={busy}>
            {t('evaluate.sign.submit')}
          </Button>
        </>
      )}
    </form>
  );
}
