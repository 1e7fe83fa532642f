import { describe, expect, it } from 'vitest';
import { normaliseCertificateNumber } from '../../worker/contract/certificates';
import { NORMALISE_SCRIPT } from '../../worker/routes/verify-page/shell';

/** Runs the verification page's inline script on a stand-in form and returns the value it sends. */
function sentByScript(typed: string): string {
  const field = { value: typed };
  let onSubmit: () => void = () => {};
  const form = { addEventListener: (_: string, handler: () => void) => (onSubmit = handler) };
  const document = { getElementById: (id: string) => (id === 'lookup' ? form : field) };
  new Function('document', NORMALISE_SCRIPT)(document);
  onSubmit();
  return field.value;
}

const TYPED = [
  [' cert-2026 - 000123 ', 'CERT-2026-000123'],
  ['CERT 2026 000123', 'CERT2026000123'],
  ['cert\u20132026\u2014000123', 'CERT-2026-000123'],
  ['\uff43\uff45\uff52\uff54-2026-000123\u00a0', 'CERT-2026-000123'],
  ['Cert-2026-\t000123\n', 'CERT-2026-000123'],
];

describe('a typed certificate number', () => {
  it.each(TYPED)('%j is looked up as %s by the Worker', (typed, stored) => {
    expect(normaliseCertificateNumber(typed)).toBe(stored);
  });

  it.each(TYPED)("%j is sent as %s by the page's script, the Worker's rule exactly", (typed, stored) => {
    expect(sentByScript(typed)).toBe(stored);
  });
});
