import type { LearnerRequirement } from '@contract/compliance';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { stackToRow } from 'styled-system/patterns';
import { requirementAction } from '../state/requirement-display';
import { Button, Card, Skeleton } from '../ui';
import { LoadFailedAlert } from './learner/load-failed-alert';
import { t } from '../i18n';
import { REQUIREMENT_ACTION_IDS } from '../i18n/labels';
import { RequirementLine } from './learner/requirement-line';

export interface RequiredTrainingPanelProps {
  /** Worst first, as the server sorts them; undefined while loading. */
  requirements: LearnerRequirement[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The course whose recertification is being started, if any. */
  busyCourse: string | null;
  onRecertify: (courseId: string) => void;
  /** Start or continue a required course: no enrolment step (the server enrols as it starts). */
  onStart: (courseId: string) => void;
}

const heading = css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'semibold', mb: '4' });
const list = css({ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column' });
const row = stackToRow({
  align: 'center',
  stackAlign: 'stretch',
  gap: { base: '3', sm: '4' },
  px: { base: '4', md: '5' },
  py: '4',
  '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border.default' },
});

/** The dashboard's "Required training": each required course with its status, its date and the one next step. */
export function RequiredTrainingPanel({
  requirements,
  loading,
  failed,
  onRetry,
  busyCourse,
  onRecertify,
  onStart,
}: RequiredTrainingPanelProps) {
  return (
    <section aria-labelledby="required-heading" className={css({ mb: { base: '6', md: '8' } })}>
      <h2 id="required-heading" className={heading}>
        {t('required.heading')}
      </h2>
      {failed ? (
        <LoadFailedAlert onRetry={onRetry}>{t('required.loadFailed')}</LoadFailedAlert>
      ) : loading || !requirements ? (
        // Two row-sized placeholders: most learners have a requirement or two, and a placeholder the
        // height of the list keeps the sections below from jumping when it arrives (layout shift).
        <div
          role="group"
          aria-busy="true"
          aria-label={t('required.loading')}
          className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
        >
          {[0, 1].map((i) => (
            <Skeleton key={i} className={css({ h: { base: '112px', sm: '68px' }, borderRadius: 'xl' })} />
          ))}
        </div>
      ) : requirements.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('required.none')}</p>
      ) : (
        <Card variant="outline" className={css({ p: 0, overflow: 'hidden' })}>
          <ul className={list}>
            {requirements.map((requirement) => (
              <RequirementRow
                key={requirement.requirementId}
                requirement={requirement}
                busy={busyCourse === requirement.courseId}
                disabled={busyCourse !== null}
                // Only a requirement with a course offers these (requirementAction).
                onRecertify={() => onRecertify(requirement.courseId ?? '')}
                onStart={() => onStart(requirement.courseId ?? '')}
              />
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

function RequirementRow({
  requirement,
  busy,
  disabled,
  onRecertify,
  onStart,
}: {
  requirement: LearnerRequirement;
  busy: boolean;
  disabled: boolean;
  onRecertify: () => void;
  onStart: () => void;
}) {
  const action = requirementAction(requirement);
  const label = action ? t(REQUIREMENT_ACTION_IDS[action]) : null;
  const title = requirement.courseTitle;
  return (
    <li className={row} aria-label={title}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', flex: '1', minW: 0 })}>
        <h3 className={css({ fontSize: 'md', fontWeight: 'semibold', color: 'fg.default', lineHeight: '1.35' })}>
          {title}
        </h3>
        <RequirementLine requirement={requirement} />
        {/* What an evaluation or a credential requirement still needs, and where to get it. */}
        {requirement.evidence
          ?.filter((piece) => piece.kind !== 'course' && piece.status !== 'compliant' && piece.status !== 'due-soon')
          .map((piece) => (
            <p key={`${piece.kind} ${piece.name}`} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {t(piece.kind === 'evaluation' ? 'required.needsEvaluation' : 'required.needsCredential', {
                name: piece.name,
              })}
            </p>
          ))}
      </div>
      {action === 'recertify' || action === 'start' || action === 'continue' ? (
        <Button
          size="sm"
          aria-label={t('common.actionFor', { action: label ?? '', title })}
          loading={busy}
          loadingText={t('common.starting')}
          disabled={disabled && !busy}
          onClick={action === 'recertify' ? onRecertify : onStart}
          className={actionClass}
        >
          {label}
        </Button>
      ) : action ? (
        <Button
          asChild
          size="sm"
          variant={action === 'review' ? 'outline' : 'solid'}
          palette={action === 'review' ? 'neutral' : 'brand'}
          className={actionClass}
        >
          <Link
            href={`/course/${requirement.courseId}`}
            aria-label={t('common.actionFor', { action: label ?? '', title })}
          >
            {label}
          </Link>
        </Button>
      ) : null}
    </li>
  );
}

const actionClass = css({ flexShrink: 0, minW: { sm: '28' } });
