import { describe, expect, it } from 'vitest';
import {
  launchCmi,
  scoreProblem,
  scormDurationSeconds,
  scormMinimumSeconds,
  scormOutcome,
  scormScore,
  sessionSeconds,
} from './scorm';

describe('SCORM rules', () => {
  it('reads 1.2 and 2004 durations', () => {
    expect(scormDurationSeconds('0000:01:30.50')).toBe(91);
    expect(scormDurationSeconds('PT1H2M3S')).toBe(3723);
    expect(scormDurationSeconds('PT0.5S')).toBe(1);
    expect(scormDurationSeconds('P1DT1S')).toBe(86401);
    expect(scormDurationSeconds('garbage')).toBeNull();
    expect(scormDurationSeconds('PT')).toBeNull();
  });

  it('scales scores to 0-100', () => {
    expect(scormScore('1.2', { 'cmi.core.score.raw': '8', 'cmi.core.score.max': '10' })).toBe(80);
    expect(scormScore('1.2', { 'cmi.core.score.raw': '75' })).toBe(75);
    expect(scormScore('2004', { 'cmi.score.scaled': '0.905' })).toBe(90.5);
    expect(scormScore('2004', { 'cmi.score.raw': '150' })).toBe(100);
    expect(scormScore('1.2', {})).toBeNull();
  });

  it('completes a 1.2 package on passed or completed, judged against the mastery score', () => {
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'completed' }, null).completed).toBe(true);
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'incomplete' }, null).completed).toBe(false);
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'failed' }, null)).toMatchObject({
      completed: false,
      successStatus: 'failed',
    });
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '60' }, 80)).toMatchObject({
      completed: false,
      successStatus: 'failed',
    });
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '80' }, 80)).toMatchObject({
      completed: true,
      successStatus: 'passed',
      score: 80,
    });
    expect(scormOutcome('1.2', { 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '90' }, 80)).toMatchObject({
      completed: true,
      successStatus: 'passed',
    });
  });

  it('completes a 2004 package when completed and not failed', () => {
    expect(
      scormOutcome('2004', { 'cmi.completion_status': 'completed', 'cmi.success_status': 'unknown' }, null).completed,
    ).toBe(true);
    expect(
      scormOutcome('2004', { 'cmi.completion_status': 'completed', 'cmi.success_status': 'failed' }, null).completed,
    ).toBe(false);
    expect(
      scormOutcome('2004', { 'cmi.completion_status': 'incomplete', 'cmi.success_status': 'passed' }, null).completed,
    ).toBe(true);
    expect(
      scormOutcome(
        '2004',
        { 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed', 'cmi.score.scaled': '0.5' },
        75,
      ),
    ).toMatchObject({ completed: false, successStatus: 'failed' });
  });

  it('gives back what the package stored and sets what the LMS owns', () => {
    const cmi = launchCmi(
      '1.2',
      {
        'cmi.suspend_data': 's',
        'cmi.core.exit': 'suspend',
        'cmi.core.student_id': 'forged',
        'cmi.core.total_time': '9999:00:00',
      },
      { id: 'u1', name: 'Lane, Alex' },
      61,
      80,
    );
    expect(cmi).toEqual({
      'cmi.suspend_data': 's',
      'cmi.core.student_id': 'u1',
      'cmi.core.student_name': 'Lane, Alex',
      'cmi.core.entry': 'resume',
      'cmi.core.credit': 'credit',
      'cmi.core.lesson_mode': 'normal',
      'cmi.core.total_time': '0000:01:01',
      'cmi.student_data.mastery_score': '80',
    });
    expect(launchCmi('2004', {}, { id: 'u1', name: 'A' }, 0, null)).toMatchObject({
      'cmi.entry': 'ab-initio',
      'cmi.learner_id': 'u1',
      'cmi.total_time': 'PT0H0M0S',
    });
  });
});

describe('SCORM evidence rules (issue 27)', () => {
  it('refuses absurd or unreadable session times and keeps plausible ones', () => {
    expect(sessionSeconds('1.2', { 'cmi.core.session_time': '9999:59:59' })).toBeNull();
    expect(sessionSeconds('2004', { 'cmi.session_time': 'P1000000Y' })).toBeNull();
    expect(sessionSeconds('2004', { 'cmi.session_time': `P${'9'.repeat(400)}Y` })).toBeNull();
    expect(sessionSeconds('2004', { 'cmi.session_time': 'PT20M' })).toBe(1200);
    expect(sessionSeconds('1.2', {})).toBe(0);
  });

  it('takes the minimum from half the typical learning time, else the setting, else 60 s', () => {
    expect(scormMinimumSeconds(1800, 5)).toBe(900);
    expect(scormMinimumSeconds(null, 5)).toBe(5);
    expect(scormMinimumSeconds(null, undefined)).toBe(60);
    expect(scormMinimumSeconds(null, -3)).toBe(60);
  });

  it('finds scores at odds with the package’s own range or answers', () => {
    expect(scoreProblem('1.2', { 'cmi.core.score.raw': '101' })).toBe('range');
    expect(scoreProblem('1.2', { 'cmi.core.score.raw': '40', 'cmi.core.score.max': '40' })).toBeNull();
    expect(scoreProblem('2004', { 'cmi.score.scaled': '1.5' })).toBe('range');
    expect(scoreProblem('1.2', { 'cmi.core.score.raw': 'NaN' })).toBe('range');
    const wrong = { 'cmi.interactions.0.result': 'wrong', 'cmi.interactions.1.result': 'correct' };
    expect(scoreProblem('1.2', { ...wrong, 'cmi.core.score.raw': '100' })).toBe('interactions');
    expect(scoreProblem('1.2', { ...wrong, 'cmi.core.score.raw': '50' })).toBeNull();
    expect(scoreProblem('2004', { 'cmi.interactions.0.result': 'incorrect', 'cmi.score.scaled': '0.5' })).toBe(
      'interactions',
    );
  });
});
