import { Award, CircleCheck } from 'lucide-react';
import type { Ref } from 'react';
import { css } from 'styled-system/css';
import { stackToRow } from 'styled-system/patterns';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Chip } from '../../../ui/chip';
import { formatScore } from '../../../format';
import { t } from '../../../i18n';
import { ProgressBar } from '../progress-bar';

/** An enrolled learner's progress: the bar, counts and time, and Continue or the certificate once completed. */
export function ProgressPanel(props: {
  percent: number;
  status: string;
  completed: number;
  total: number;
  available: number;
  timeSpent: string;
  onContinue: (() => void) | null;
  continueLabel: string;
  continueRef?: Ref<HTMLButtonElement>;
  onCertificate: () => void;
}) {
  return (
    <Card
      className={stackToRow({ from: 'md', align: 'center', gap: '5', p: { base: '4', md: '6' } })}
      aria-label={t('course.yourProgressLabel')}
    >
      <div className={css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '2' })}>
        <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' })}>
          <h2 className={css({ fontSize: 'md', fontWeight: 'bold' })}>{t('course.yourProgress')}</h2>
          <span
            className={css({
              fontSize: '2xl',
              fontWeight: 'bold',
              color: props.status === 'COMPLETED' ? 'success.fg' : 'brand.fg',
            })}
          >
            {formatScore(props.percent)}
          </span>
        </div>
        <ProgressBar
          label={t('course.progressBar')}
          percent={props.percent}
          complete={props.status === 'COMPLETED'}
          thick
        />
        <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'sm', color: 'fg.muted' })}>
          <span>{t('course.completedOf', { done: props.completed, total: props.total })}</span>
          <span>{t('course.availableOf', { available: props.available, total: props.total })}</span>
          <span>{t('course.timeSpent', { time: props.timeSpent })}</span>
        </div>
      </div>
      {props.status === 'COMPLETED' ? (
        <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
          <Chip palette="success" size="md" icon={<CircleCheck aria-hidden />}>
            {t('course.completedChip')}
          </Chip>
          <Button leftIcon={<Award aria-hidden />} onClick={props.onCertificate}>
            {t('course.viewCertificate')}
          </Button>
        </div>
      ) : props.onContinue ? (
        <Button ref={props.continueRef} size="lg" onClick={props.onContinue}>
          {props.continueLabel}
        </Button>
      ) : null}
    </Card>
  );
}
