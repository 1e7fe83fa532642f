import { describe, expect, it } from 'vitest';
import {
  EMPTY_REPORT,
  formatReportDuration,
  improvementBarWidth,
  learningStreak,
  matchesReportSearch,
  performanceLabel,
  toLearningReport,
  totalHours,
  type CourseProgressDetail,
} from './reports';

const now = new Date('2026-11-21T15:00:00Z');

describe('learningStreak', () => {
  it('counts consecutive UTC days ending today', () => {
    expect(learningStreak(['2026-11-21', '2026-11-20', '2026-11-19', '2026-11-17'], null, now)).toBe(3);
  });
  it('still counts a streak that ended yesterday', () => {
    expect(learningStreak(['2026-11-20', '2026-11-19'], null, now)).toBe(2);
  });
  it('is 0 when the last activity is older than yesterday', () => {
    expect(learningStreak(['2026-11-19'], null, now)).toBe(0);
  });
  it('defaults to days since account creation, minimum 1, without any activity', () => {
    expect(learningStreak([], '2026-11-11T14:00:00Z', now)).toBe(10);
    expect(learningStreak([], '2026-11-21T14:00:00Z', now)).toBe(1);
    expect(learningStreak([], null, now)).toBe(1);
  });
});

describe('presentation rules', () => {
  it('labels performance at 90 / 80 / 70', () => {
    expect([95, 90, 89.9, 80, 79, 70, 69, 0].map(performanceLabel)).toEqual([
      'Excellent',
      'Excellent',
      'Great',
      'Great',
      'Good',
      'Good',
      'Passed',
      'Passed',
    ]);
  });
  it('draws the improvement bar at twice the absolute value, capped at 100', () => {
    expect(improvementBarWidth(20)).toBe(40);
    expect(improvementBarWidth(-15)).toBe(30);
    expect(improvementBarWidth(75)).toBe(100);
    expect(improvementBarWidth(null)).toBe(0);
  });
  it('formats time as "N hr M min", "N hr" or "N min"', () => {
    expect(formatReportDuration(0)).toBe('0 min');
    expect(formatReportDuration(25 * 60)).toBe('25 min');
    expect(formatReportDuration(3600)).toBe('1 hr');
    expect(formatReportDuration(2 * 3600 + 5 * 60)).toBe('2 hr 5 min');
    expect(totalHours(9000)).toBe('2.5');
    expect(totalHours(0)).toBe('0.0');
  });
});

const detail = (overrides: Partial<CourseProgressDetail>): CourseProgressDetail => ({
  courseId: crypto.randomUUID(),
  courseTitle: 'Course',
  domainName: 'Book',
  status: 'COMPLETED',
  preAssessmentScore: null,
  postAssessmentScore: null,
  improvement: null,
  timeSpentSeconds: 0,
  lastAccessedDate: null,
  certificateId: null,
  certificateNumber: null,
  certificateUrl: null,
  ...overrides,
});

describe('toLearningReport', () => {
  it('keeps completed courses ranked by post-assessment score and averages with 100 for a missing score', () => {
    const report = toLearningReport({
      summaryMetrics: { ...EMPTY_REPORT.summaryMetrics, learningStreak: 4 },
      courseProgressDetails: [
        detail({ courseTitle: 'B', postAssessmentScore: 70 }),
        detail({ courseTitle: 'In progress', status: 'IN_PROGRESS', postAssessmentScore: 100 }),
        detail({ courseTitle: 'A', postAssessmentScore: 95 }),
        detail({ courseTitle: 'No post' }),
      ],
    });
    expect(report.records.map((r) => r.courseTitle)).toEqual(['A', 'B', 'No post']);
    expect(report.summary).toEqual({ completedCourses: 3, averageScore: 88, learningStreak: 4 }); // (95+70+100)/3 = 88.3
  });
  it('gives an empty report for the fallback', () => {
    expect(toLearningReport(EMPTY_REPORT)).toEqual({
      records: [],
      summary: { completedCourses: 0, averageScore: 0, learningStreak: 0 },
    });
  });
  it('searches title and book case-insensitively', () => {
    expect(matchesReportSearch({ courseTitle: 'Fire Safety', domainName: 'Plant' }, 'fire')).toBe(true);
    expect(matchesReportSearch({ courseTitle: 'Fire Safety', domainName: 'Plant' }, 'PLANT')).toBe(true);
    expect(matchesReportSearch({ courseTitle: 'Fire Safety', domainName: null }, 'chem')).toBe(false);
    expect(matchesReportSearch({ courseTitle: 'Fire Safety', domainName: null }, '  ')).toBe(true);
  });
});
