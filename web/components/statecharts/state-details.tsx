import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import {
  formatDelay,
  type MachineModel,
  type StateModel,
  type TransitionModel,
} from '../../../statecharts/tooling/inspect';
import { Chip, overline } from '../../ui';
import { t } from '../../i18n';

/** The side panel of /statecharts: one state's type, tags, actions and its transitions out, inherited and in. */
export const sectionTitle = cx(overline({ tone: 'subtle' }), css({ letterSpacing: '0.06em', mb: '2' }));

export function StateDetails({
  model,
  stateId,
  compact,
  onSelect,
}: {
  model: MachineModel;
  stateId: string | null;
  compact: boolean;
  onSelect: (id: string) => void;
}) {
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const state = stateId ? byId.get(stateId) : undefined;
  if (!state) {
    return (
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {compact ? t('statecharts.selectShort') : t('statecharts.selectLong')}
      </p>
    );
  }
  const own = model.transitions.filter((t) => t.sourceId === state.id);
  const ancestors: StateModel[] = [];
  for (
    let p = state.parentId ? byId.get(state.parentId) : undefined;
    p;
    p = p.parentId ? byId.get(p.parentId) : undefined
  )
    ancestors.push(p);
  const inherited = ancestors.flatMap((a) =>
    model.transitions.filter((t) => t.sourceId === a.id).map((t) => ({ t, from: a })),
  );
  const incoming = model.transitions.filter((t) => t.targetIds.includes(state.id) && t.sourceId !== state.id);
  const keyOf = (id: string) => byId.get(id)?.key ?? id;

  return (
    <div data-testid="state-details">
      <h3 className={css({ fontSize: 'lg', fontWeight: 'semibold', wordBreak: 'break-word' })}>{state.key}</h3>
      <p className={css({ fontSize: 'xs', color: 'fg.subtle', mb: '2', wordBreak: 'break-all' })}>
        <code>#{state.id}</code>
      </p>
      <div className={css({ display: 'flex', gap: '1.5', flexWrap: 'wrap', mb: '3' })}>
        <Chip palette="info">{state.type}</Chip>
        {state.tags.map((tag) => (
          <Chip key={tag} palette="neutral">
            {t('statecharts.tag', { tag })}
          </Chip>
        ))}
      </div>
      <dl className={grid({ columnGap: '3', rowGap: '1', fontSize: 'sm', gridTemplateColumns: 'auto 1fr', mb: '3' })}>
        {state.invoke.length ? <Detail term={t('statecharts.runs')}>{state.invoke.join(', ')}</Detail> : null}
        {state.entry.length ? <Detail term={t('statecharts.onEntry')}>{state.entry.join(', ')}</Detail> : null}
        {state.exit.length ? <Detail term={t('statecharts.onExit')}>{state.exit.join(', ')}</Detail> : null}
        {state.initialChildId ? <Detail term={t('statecharts.startsIn')}>{keyOf(state.initialChildId)}</Detail> : null}
      </dl>
      <h4 className={sectionTitle}>{t('statecharts.transitionsFrom')}</h4>
      {own.length ? (
        <TransitionList transitions={own} keyOf={keyOf} onSelect={onSelect} />
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })}>
          {state.type === 'final' ? t('statecharts.noneFinal') : t('statecharts.noneTransitions')}
        </p>
      )}
      {inherited.length ? (
        <>
          <h4 className={sectionTitle}>{t('statecharts.inherited')}</h4>
          <TransitionList
            transitions={inherited.map((x) => x.t)}
            keyOf={keyOf}
            onSelect={onSelect}
            from={(t) => keyOf(t.sourceId)}
          />
        </>
      ) : null}
      {incoming.length ? (
        <>
          <h4 className={sectionTitle}>{t('statecharts.reachedFrom')}</h4>
          <ul className={css({ fontSize: 'sm', mb: '2', display: 'flex', flexDirection: 'column', gap: '1' })}>
            {incoming.map((t) => (
              <li key={t.id}>
                <StateLink id={t.sourceId} keyOf={keyOf} onSelect={onSelect} />{' '}
                <span className={css({ color: 'fg.muted' })}>{translateOn(t.label)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** "on <event>": a function because the callers name their transition `t`, which hides the message function. */
function translateOn(label: string): string {
  return t('statecharts.on', { event: label });
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className={css({ color: 'fg.muted' })}>{term}</dt>
      <dd className={css({ wordBreak: 'break-word' })}>{children}</dd>
    </>
  );
}

function StateLink({
  id,
  keyOf,
  onSelect,
}: {
  id: string;
  keyOf: (id: string) => string;
  onSelect: (id: string) => void;
}) {
  return (
    <button type="button" className={cx(linkButton)} onClick={() => onSelect(id)}>
      {keyOf(id)}
    </button>
  );
}

const linkButton = css({
  color: 'brand.fg',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  fontWeight: 'medium',
  borderRadius: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '1px' },
});

function TransitionList({
  transitions,
  keyOf,
  onSelect,
  from,
}: {
  transitions: TransitionModel[];
  keyOf: (id: string) => string;
  onSelect: (id: string) => void;
  from?: (t: TransitionModel) => string;
}) {
  return (
    <ul
      aria-label={t('statecharts.transitions')}
      className={css({ display: 'flex', flexDirection: 'column', gap: '2', mb: '4' })}
    >
      {transitions.map((tr) => (
        <li
          key={tr.id}
          data-transition-id={tr.id}
          className={css({
            borderWidth: '1px',
            borderColor: 'border.muted',
            borderRadius: 'md',
            p: '2.5',
            fontSize: 'sm',
          })}
        >
          <div className={css({ fontWeight: 'semibold', wordBreak: 'break-word' })}>{tr.eventLabel}</div>
          <dl className={grid({ columnGap: '3', rowGap: '0.5', gridTemplateColumns: 'auto 1fr', mt: '1' })}>
            {from ? <Detail term={t('statecharts.from')}>{from(tr)}</Detail> : null}
            {tr.guard ? <Detail term={t('statecharts.onlyIf')}>{tr.guard}</Detail> : null}
            {tr.delayMs !== null || tr.delay !== null ? (
              <Detail term={t('statecharts.delay')}>
                {tr.delayMs !== null ? formatDelay(tr.delayMs) : String(tr.delay)}
              </Detail>
            ) : null}
            <Detail term={t('statecharts.goesTo')}>
              {tr.targetIds.length === 0 ? (
                <span className={css({ color: 'fg.muted' })}>{t('statecharts.stays')}</span>
              ) : (
                tr.targetIds.map((id, i) => (
                  <span key={id}>
                    {i > 0 ? ', ' : ''}
                    <StateLink id={id} keyOf={keyOf} onSelect={onSelect} />
                  </span>
                ))
              )}
            </Detail>
            {tr.actions.length ? <Detail term={t('statecharts.does')}>{tr.actions.join(', ')}</Detail> : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
