/**
 * How good a compliant percentage is, by fixed thresholds (decision 2026-11-28): at least 95 % is
 * on target, at least 80 % needs attention, below that is at risk. The screens show the level as a
 * word and an icon beside the colour, so colour is never the only cue (WCAG 1.4.1).
 */
export const COMPLIANCE_TARGET_PERCENT = 95;
export const COMPLIANCE_WARNING_PERCENT = 80;

export type ComplianceLevel = 'good' | 'warning' | 'danger';

export function complianceLevel(percent: number): ComplianceLevel {
  if (percent >= COMPLIANCE_TARGET_PERCENT) return 'good';
  if (percent >= COMPLIANCE_WARNING_PERCENT) return 'warning';
  return 'danger';
}
