import { DEFAULT_MARK_PASSED_SCORE, INTERVENTION_MESSAGES, type AttemptRow } from '@contract/admin-assessments';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { assessmentWrites } from '../../../api/assessment-queries';
import { useWrite } from '../../../api/writes';
import { errorText, declaredText } from '../../../i18n/error-text';
import { serverText, t } from '../../../i18n';
import { Alert, Button, Dialog, TextField } from '../../../ui';
import { textBinding } from '../shared/text-binding';
import { ScoreField } from '../shared/score-field';

export type Intervention = { kind: 'reset' | 'pass'; row: AttemptRow } | null;

/** The form as it opens: no reason yet, the score a pass is usually marked with. */
const fresh = () => ({ reason: '', score: String(DEFAULT_MARK_PASSED_SCORE) });

/** Reset Assessment Attempts / Mark Assessment as Passed: both need a reason, recorded in the audit log. */
export function InterventionDialog({
  state,
  onClose,
  onDone,
}: {
  state: Intervention;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [values, setValues] = useState(fresh);
  const [errors, setErrors] = useState<{ reason?: string; score?: string }>({});
  const set = (key: 'reason' | 'score', value: string) => {
    setValues((c) => ({ ...c, [key]: value }));
    setErrors((c) => ({ ...c, [key]: undefined }));
  };
  const text = textBinding(values, errors, set);
  const { reason, score } = values;
  const intervene = useWrite(assessmentWrites.intervene, {
    onSuccess: (res, { kind }) =>
      onDone(
        serverText(
          res.message || (kind === 'reset' ? INTERVENTION_MESSAGES.resetDone : INTERVENTION_MESSAGES.passedDone),
          kind === 'reset' ? t('admin.assessments.resetDone') : t('admin.assessments.passedDone'),
        ),
      ),
  });
  const { reset } = intervene;
  const busy = intervene.isPending;
  const detail = intervene.isError ? errorText(intervene.error, t('common.unknownError')) : '';
  const error = intervene.isError
    ? intervene.variables.kind === 'reset'
      ? t('admin.assessments.resetFailed', { detail })
      : t('admin.assessments.passFailed', { detail })
    : null;

  useEffect(() => {
    setValues(fresh());
    setErrors({});
    reset();
  }, [state, reset]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!state) return;
    const found: typeof errors = {};
    if (!reason.trim()) found.reason = declaredText(INTERVENTION_MESSAGES.reasonRequired);
    const n = Number(score);
    if (state.kind === 'pass' && (score.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100))
      found.score = declaredText(INTERVENTION_MESSAGES.score);
    setErrors(found);
    if (found.reason || found.score) return;
    intervene.mutate({
      kind: state.kind,
      componentId: state.row.componentId,
      userId: state.row.userId,
      reason: reason.trim(),
      score: n,
    });
  };

  const kind = state?.kind ?? 'reset';
  return (
    <Dialog
      open={state !== null}
      onOpenChange={(o) => (!o ? onClose() : undefined)}
      title={kind === 'reset' ? t('admin.assessments.resetTitle') : t('admin.assessments.passTitle')}
      description={state ? `${state.row.username} · ${state.row.componentTitle} (${state.row.courseTitle})` : undefined}
      role={kind === 'reset' ? 'alertdialog' : 'dialog'}
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="intervention-form" palette={kind === 'reset' ? 'danger' : 'brand'} loading={busy}>
            {kind === 'reset' ? t('admin.assessments.resetSubmit') : t('admin.assessments.markPassed')}
          </Button>
        </>
      }
    >
      <form
        id="intervention-form"
        noValidate
        onSubmit={submit}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        {error ? <Alert status="error">{error}</Alert> : null}
        {kind === 'reset' ? <Alert status="warning">{t('admin.assessments.resetWarning')}</Alert> : null}
        {kind === 'pass' ? <ScoreField label={t('admin.assessments.scoreField')} required {...text('score')} /> : null}
        <TextField
          multiline
          label={t('admin.assessments.reason')}
          required
          rows={3}
          helperText={t('admin.assessments.reasonHelp')}
          {...text('reason')}
        />
      </form>
    </Dialog>
  );
}
