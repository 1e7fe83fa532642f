import { describe, expect, it } from 'vitest';
import {
  dayInputValue,
  formatCertificateDate,
  formatClock,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatDuration,
  formatFileSize,
  formatList,
  formatPercent,
  formatScore,
} from './format';

describe('format', () => {
  it('puts a count and its noun in the right number (1 attempt, 0 and 2 attempts, irregular plurals)', () => {
    expect(formatCount(1, 'attempt')).toBe('1 attempt');
    expect(formatCount(0, 'attempt')).toBe('0 attempts');
    expect(formatCount(2, 'attempt')).toBe('2 attempts');
    expect(formatCount(1, 'person', 'people')).toBe('1 person');
    expect(formatCount(12, 'person', 'people')).toBe('12 people');
    expect(`${formatCount(1, 'attempt')} left`).toBe('1 attempt left');
  });

  it('shows time spent as "Xh Ym", minutes alone under an hour', () => {
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(45 * 60 + 59)).toBe('45m');
    expect(formatDuration(3600)).toBe('1h 0m');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('2h 5m');
  });

  it('shows a clock as m:ss (a transcript cue), mm:ss (the assessment countdown) and h:mm:ss past an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(7.9)).toBe('0:07');
    expect(formatClock(12 * 60 + 3)).toBe('12:03');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(4 * 60 + 5, 2)).toBe('04:05');
    expect(formatClock(3723, 2)).toBe('1:02:03');
  });

  it('shows a SCORM time to the second: hours and minutes, minutes and seconds, or seconds alone', () => {
    expect(formatDuration(3600 + 5 * 60 + 30, 'second')).toBe('1 hr 5 min');
    expect(formatDuration(4 * 60 + 10, 'second')).toBe('4 min 10 sec');
    expect(formatDuration(34.6, 'second')).toBe('35 sec');
    expect(formatDuration(-3, 'second')).toBe('0 sec');
  });

  it('shows percentages with up to two decimals, or fewer when asked, and joins short lists', () => {
    expect(formatPercent(200 / 3)).toBe('66.67%');
    expect(formatPercent(87.54, 1)).toBe('87.5%');
    expect(formatList(['English', 'Spanish', 'Arabic'])).toBe('English, Spanish, Arabic');
  });

  it('shows file sizes in Bytes, KB, MB or GB with base 1024 and 2 decimals', () => {
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
  });

  it('rounds scores to whole percentages and shows a placeholder when there is none', () => {
    expect(formatScore(84.6)).toBe('85%');
    expect(formatScore(null)).toBe('-');
    expect(formatScore(undefined, '—')).toBe('—');
  });

  it('prints certificate dates as on the PDF, in UTC', () => {
    expect(formatCertificateDate('2026-11-21T23:30:00Z')).toBe('21 November 2026');
    expect(formatCertificateDate(null)).toBe('-');
  });

  it('shows the placeholder for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('not a date', 'Never')).toBe('Never');
    expect(formatDate('2026-11-25T10:00:00Z')).toMatch(/2026/);
  });

  it('shows a calendar day as that day whatever the time zone, and a day input holds the local day', () => {
    expect(formatDay('2026-03-03')).toBe(new Date(2026, 2, 3).toLocaleDateString(undefined, { dateStyle: 'medium' }));
    expect(formatDay(null)).toBe('—');
    expect(formatDay('2026-03-03T12:00:00Z')).toBe(formatDate('2026-03-03T12:00:00Z'));
    expect(dayInputValue(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });
});
